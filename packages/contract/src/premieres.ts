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
  .strict()
  .refine((v) => (v.source_event_id === undefined) !== (v.source_vod_media_item_id === undefined), {
    message: premiereMessages.sourceRequired,
    path: ['source_event_id'],
  })
export type PremiereInput = z.infer<typeof PremiereInputSchema>

/** A premiere as the console sees it. */
export const PremiereSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  event_name: z.string(),
  /** The recording shown. */
  asset_id: z.number().int(),
  /** The current showing's start, or the next one's. */
  starts_at: z.string(),
  ends_at: z.string(),
  /** Seconds. */
  duration: z.number(),
  repeat_every_minutes: z.number().int().nullable(),
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
