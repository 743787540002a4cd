import { z } from 'zod'
import { ScoreSideSchema } from './scores.js'

/**
 * Key plays (decision 0058): every key-play tag a scorer taps (and, by the channel's setting, every
 * score) is a moment of the game — a mark on the seek bar, an entry in the watch page's "Key plays"
 * list, and an official clip of the channel cut around it by the clip cutter (the sport's window, which a
 * producer may move). The highlight reel joins them once the game is final.
 */

export const KeyPlayStatusSchema = z.enum(['waiting', 'cutting', 'ready', 'failed'])
export type KeyPlayStatus = z.infer<typeof KeyPlayStatusSchema>

/** The official clip of a key play (a clip of the channel: `/share/{id}/{uuid}` plays it). */
export const KeyPlayClipSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  status: z.enum(['queued', 'processing', 'ready', 'failed']),
  /** Public poster image, once ready. */
  poster: z.string().nullable(),
  /** Seconds into the recording where the clip starts, and its length. */
  start_time: z.number(),
  duration: z.number(),
})
export type KeyPlayClip = z.infer<typeof KeyPlayClipSchema>

export const KeyPlaySchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  /** The moment on the stream's clock (ms), the game's offset applied: a score timeline's `t`. */
  t: z.number(),
  /** Seconds into the game's recording (live DVR and replay alike); null until the recording holds it. */
  position: z.number().nullable(),
  /** What happened: the tag ("Dunk"), or the score ("Summit Goats +3"). */
  label: z.string(),
  tag: z.string().nullable(),
  side: ScoreSideSchema.nullable(),
  /** The score at the moment (after the play). */
  score: z.object({ home: z.number().int(), away: z.number().int(), period: z.number().int() }),
  /** Seconds of clip before and after the moment. */
  before: z.number(),
  after: z.number(),
  status: KeyPlayStatusSchema,
  clip: KeyPlayClipSchema.nullable(),
})
export type KeyPlay = z.infer<typeof KeyPlaySchema>

/** `PATCH /api/admin/key-plays/{id}`: move the clip's in and out points around the moment (seconds). */
export const KeyPlayWindowSchema = z
  .object({
    before: z.number().min(0, 'At least 0 seconds').max(120, 'At most 120 seconds before'),
    after: z.number().min(0, 'At least 0 seconds').max(120, 'At most 120 seconds after'),
  })
  .refine((w) => w.before + w.after >= 1, { message: 'A key play’s clip is at least a second long', path: ['after'] })
export type KeyPlayWindow = z.infer<typeof KeyPlayWindowSchema>

/** The highlight reel of a final game: a library video whose chapters are the key plays. */
export const HighlightReelSchema = z.object({
  event_id: z.number().int(),
  status: z.enum(['waiting', 'making', 'ready', 'failed']),
  /** The library video it is published as (`/watch_library/{id}`), once made. */
  vod_media_item_id: z.number().int().nullable(),
  title: z.string(),
  chapters: z.array(z.object({ start: z.number(), title: z.string() })),
  duration: z.number().nullable(),
})
export type HighlightReel = z.infer<typeof HighlightReelSchema>

/** `GET /api/events/{id}/key-plays`: the game's key plays in the order played, and its reel when there is one. */
export const EventKeyPlaysSchema = z.object({
  key_plays: z.array(KeyPlaySchema),
  reel: HighlightReelSchema.nullable(),
})
export type EventKeyPlays = z.infer<typeof EventKeyPlaysSchema>
