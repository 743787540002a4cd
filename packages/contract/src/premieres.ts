import { z } from 'zod'
import { EventSchema } from './catalogue.js'

/**
 * Premieres (issue 19, decision 30): a finished recording — an event's replay or a library video —
 * played as an event's live broadcast from a start time. Before the start the event is upcoming with
 * its countdown, from the start it is live for everyone in step, at the end it is an ordinary replay.
 */

/** How a premiere stands at a given instant. */
export const PremiereStatuses = ['upcoming', 'live', 'ended'] as const
export type PremiereStatus = (typeof PremiereStatuses)[number]

/** The longest gap between showings of a repeating premiere (a week). */
export const PREMIERE_REPEAT_MINUTES_MAX = 7 * 24 * 60

export const premiereMessages = {
  sourceRequired: 'Choose the recording to premiere: an event with a replay or a library video.',
  sourceNotReady: 'That recording is not ready to play yet.',
  startInPast: 'The start must not be in the past.',
  repeatTooShort: 'A premiere cannot repeat before the previous showing has ended.',
  eventLive: 'The event is live now: end its stream first.',
} as const

/** `POST /api/admin/premieres`: schedule (or move) the premiere of an event. */
export const PremiereInputSchema = z
  .object({
    event_id: z.coerce.number().int().positive(),
    /** The event whose replay is shown (it may be the event itself). */
    source_event_id: z.coerce.number().int().positive().optional(),
    /** Or the library video shown. */
    source_vod_media_item_id: z.coerce.number().int().positive().optional(),
    /** ISO 8601 with a time zone, e.g. 2026-11-24T19:00:00Z. */
    starts_at: z.iso.datetime({ offset: true, error: 'A start time like 2026-11-24T19:00:00Z is required' }),
    /** Show it again this many minutes after each start (the demo's); omitted or null: once. */
    repeat_every_minutes: z.number().int().positive().max(PREMIERE_REPEAT_MINUTES_MAX).nullable().optional(),
  })
  // Other fields (the `api_key` of a POST's body, as every console write takes it) are left out.
  .refine((v) => (v.source_event_id === undefined) !== (v.source_vod_media_item_id === undefined), {
    message: premiereMessages.sourceRequired,
    path: ['source_event_id'],
  })
export type PremiereInput = z.infer<typeof PremiereInputSchema>

/** Where a premiere's recording comes from: an event's replay or a library video. */
export const PremiereSourceSchema = z.object({
  type: z.enum(['event', 'vod']),
  /** The event's or the library video's id (`source_event_id` or `source_vod_media_item_id` when scheduling). */
  id: z.number().int(),
  /** The event's name or the video's title. */
  name: z.string(),
})
export type PremiereSource = z.infer<typeof PremiereSourceSchema>

/** `GET /api/admin/premieres/sources`: the channel's ready recordings a premiere may show, with their length. */
export const PremiereRecordingSchema = PremiereSourceSchema.extend({
  /** Seconds; null when the recording did not say. */
  duration: z.number().nullable(),
})
export type PremiereRecording = z.infer<typeof PremiereRecordingSchema>

/** A premiere as the console sees it. */
export const PremiereSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  event_name: z.string(),
  /** The recording shown. */
  asset_id: z.number().int(),
  /** Whose recording it is (null if its event or video has since been deleted). */
  source: PremiereSourceSchema.nullable(),
  /** The current showing's start, or the next one's. */
  starts_at: z.string(),
  ends_at: z.string(),
  /** Seconds. */
  duration: z.number(),
  /**
   * Minutes between starts; null: shown once. Not always whole: the demo's repeat is set in seconds
   * (`DEMO_PREMIERE_EVERY_S`), so the read side takes fractions where scheduling takes whole minutes.
   */
  repeat_every_minutes: z.number().positive().nullable(),
  status: z.enum(PremiereStatuses),
})
export type Premiere = z.infer<typeof PremiereSchema>

/** `GET /api/premieres` (the `/simulate` page): the channel's premieres running and coming, soonest first. */
export const PremiereListItemSchema = z.object({
  id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.enum(['upcoming', 'live']),
  event: EventSchema,
})
export type PremiereListItem = z.infer<typeof PremiereListItemSchema>
