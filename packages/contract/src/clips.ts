import { z } from 'zod'
import { messages } from './messages.js'
import { blankToUndefined, listParam, pageParams } from './query.js'

/**
 * Clips (spec §1 cut, tag, download and share; §3 Clip; §4 clip states; §5 clip messages; §7 clip
 * calls). In the API a clip's `start_time` and `duration` are seconds (numbers, milliseconds allowed);
 * the web form shows and accepts them as `hh:mm:ss` (`formatClipTime` / `parseClipTime`), with an
 * optional fraction of a second (`hh:mm:ss.f`), so a viewer can mark a frame.
 */

/** Spec §4: queued (may take up to 5 minutes), processing, failed; then ready (downloadable and shareable). */
export const ClipStatusSchema = z.enum(['queued', 'processing', 'ready', 'failed'])
export type ClipStatus = z.infer<typeof ClipStatusSchema>

/** A tag a channel offers for clips (per sport, or for every sport when `event_category_id` is null). */
export const ClipTagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  event_category_id: z.number().int().nullable(),
})
export type ClipTag = z.infer<typeof ClipTagSchema>

/**
 * A recording a viewer may clip, of an event or of a library video (its `event_media_id` goes into
 * `POST /clip`; the name is the spec's, for a VOD item's recording too).
 */
export const ClipSourceSchema = z.object({
  event_media_id: z.number().int(),
  /** Seconds recorded so far (a live game) or in all (a replay). */
  duration: z.number(),
  live: z.boolean(),
})
export type ClipSource = z.infer<typeof ClipSourceSchema>

export const ClipSchema = z.object({
  id: z.number().int(),
  /** The second half of the share link `/share/{id}/{uuid}`: without it a clip cannot be found. */
  uuid: z.string(),
  /** The game it is of; null for a clip of a library video. */
  event_id: z.number().int().nullable(),
  /** The library video it is of (decision 27); null for a game's clip. */
  vod_media_item_id: z.number().int().nullable(),
  event_media_id: z.number().int(),
  name: z.string(),
  tags: z.array(z.string()),
  start_time: z.number(),
  duration: z.number(),
  status: ClipStatusSchema,
  /** Why a failed clip failed, in words a viewer can read. */
  failure_reason: z.string().nullable(),
  /** Public poster image, once ready. */
  poster: z.string().nullable(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
  /** What the clip is of, for lists outside its event: the game's name (null for a library video's clip). */
  event_name: z.string().nullable(),
  /** The library video's title, for a clip of one (null for a game's clip). */
  vod_media_item_title: z.string().nullable(),
  /** A clip of the channel's own (a key play, decision 0058) rather than a viewer's. */
  official: z.boolean().optional(),
  /** The stream's clock (ms) at the clip's first picture, for the score bug; null when unknown. */
  programme_start: z.number().nullable().optional(),
})
export type Clip = z.infer<typeof ClipSchema>

/** `GET /api/shared-clip/{id}?uuid=` and the share page: the clip with something to play. */
export const SharedClipSchema = ClipSchema.extend({
  /** Signed HLS of the clip (short-lived; the page asks again when it runs out). */
  hls: z.string().nullable(),
  /** Signed MP4 of the clip, for players without HLS and for `og:video`. */
  mp4: z.string().nullable(),
  channel_name: z.string(),
})
export type SharedClip = z.infer<typeof SharedClipSchema>

/** `GET /api/clip/download/{id}`: a short-lived signed URL of the MP4. */
export const ClipDownloadSchema = z.object({ url: z.string(), expires_at: z.string() })
export type ClipDownload = z.infer<typeof ClipDownloadSchema>

/** A channel's limits where the spec is silent (channel settings, with these defaults). */
export const clipDefaults = {
  /** Longest clip, seconds. */
  maxDurationSec: 120,
  /** Shortest clip, seconds. */
  minDurationSec: 1,
  /** Clips one viewer may start per hour. */
  perUserPerHour: 30,
  /** Bytes of ready clips one viewer may keep. */
  storagePerUserBytes: 2 * 1024 ** 3,
  /** Whether a shared clip of a paid game plays for anyone with the link. */
  sharePublic: true,
  /** Spec §9: clip creation may take up to 5 minutes. */
  creationWaitMs: 5 * 60_000,
} as const

/**
 * A channel's clip settings as the console reads and writes them (`settings.clips`, decision 16):
 * the longest clip, clips a viewer may start an hour, the room a viewer's clips may take, and whether
 * a shared clip of a paid or pay-per-view game plays for anyone with the link.
 */
export const ClipSettingsSchema = z.object({
  max_duration_sec: z
    .number({ error: 'Enter a number of seconds' })
    .int('Enter whole seconds')
    .min(1, 'At least 1 second')
    .max(3600, 'At most 3600 seconds (an hour)'),
  per_user_per_hour: z
    .number({ error: 'Enter a number of clips' })
    .int('Enter a whole number')
    .min(1, 'At least 1 clip')
    .max(1000, 'At most 1000 clips'),
  storage_per_user_bytes: z
    .number({ error: 'Enter a size' })
    .int('Enter whole bytes')
    .min(1024 ** 2, 'At least 1 MB')
    .max(1024 ** 4, 'At most 1 TB'),
  share_public: z.boolean({ error: 'Choose whether shared clips are public' }),
  /** Every score a scorer records is a key play too (decision 0058), not only the tags. */
  score_key_plays: z.boolean({ error: 'Choose whether every score is a key play' }).optional(),
})
export type ClipSettings = z.infer<typeof ClipSettingsSchema>

/** `hh:mm:ss` with an optional fraction (`01:02:03.5`); also `mm:ss`. */
const CLIP_TIME = /^(?:(\d{1,2}):)?([0-5]?\d):([0-5]\d)(?:\.(\d{1,3}))?$/

/** Seconds as `hh:mm:ss`, with tenths only when the time has them. */
export function formatClipTime(totalSeconds: number): string {
  const tenths = Math.round(Math.max(0, totalSeconds) * 10)
  const whole = Math.floor(tenths / 10)
  const h = Math.floor(whole / 3600)
  const m = Math.floor((whole % 3600) / 60)
  const s = whole % 60
  const pad = (n: number) => String(n).padStart(2, '0')
  const fraction = tenths % 10 ? `.${tenths % 10}` : ''
  return `${pad(h)}:${pad(m)}:${pad(s)}${fraction}`
}

/** `hh:mm:ss[.f]` or `mm:ss[.f]` to seconds; null when it is not a time. */
export function parseClipTime(text: string): number | null {
  const match = CLIP_TIME.exec(text.trim())
  if (!match) return null
  const [, h, m, s, f] = match
  const fraction = f ? Number(`0.${f}`) : 0
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + fraction
}

export const clipTimeFormatMessage = 'Enter the time as hh:mm:ss'

/** `POST /api/clip` without a game or a library video, or with both (ours, decision 27). */
export const clipSubjectMessage = 'Send event_id or vod_media_item_id: a clip is of one game or one library video'

const optionalId = z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional())

/**
 * `POST /api/clip` (spec §7). Messages are spec §5's. A clip of a game names it by `event_id`; one of a
 * library video by `vod_media_item_id` instead (decision 27): exactly one of the two. `event_media_id`
 * is the recording either way (the detail's `clip_sources`).
 */
export const CreateClipInputSchema = z
  .object({
    event_id: optionalId,
    vod_media_item_id: optionalId,
    event_media_id: z.coerce.number().int().positive(),
    name: z
      .string({ error: messages.clipNameRequired })
      .trim()
      .min(1, messages.clipNameRequired)
      .max(120, 'The field length must be less than 120'),
    start_time: z.coerce.number({ error: messages.clipNameRequired }).min(0),
    duration: z.coerce.number({ error: messages.clipNameRequired }).positive(),
    tags: z
      .array(z.string().trim().min(1), { error: messages.clipTagRequired })
      .min(1, messages.clipTagRequired)
      .max(5),
  })
  .superRefine((input, ctx) => {
    if ((input.event_id === undefined) === (input.vod_media_item_id === undefined)) {
      const path = input.event_id === undefined ? 'event_id' : 'vod_media_item_id'
      ctx.addIssue({ code: 'custom', path: [path], message: clipSubjectMessage })
    }
  })
// Not strict: the api key rides in a POST's body (spec §7), beside the clip's fields.
export type CreateClipInput = z.infer<typeof CreateClipInputSchema>

/** Ours: what the clip calls answer where the spec has no words (decision 16). */
export const clipMessages = {
  signInToClip: 'Please sign in to make clips.',
  clippingNotAllowed: 'Making clips is not part of your pass.',
  downloadClipNotAllowed: 'Downloading clips is not part of your pass.',
  tooLong: (maxSec: number) => `A clip may be at most ${maxSec} seconds long`,
  tooShort: (minSec: number) => `A clip must be at least ${minSec} second${minSec === 1 ? '' : 's'} long`,
  tooMany: 'You have made many clips in the last hour. Try again a little later.',
  storageFull: 'Your clips use all the space you have. Delete some to make new ones.',
  unknownRecording: 'This recording cannot be clipped.',
  notReady: 'The clip is not ready yet.',
  onlyFailedRetry: 'Only a clip that failed can be tried again.',
  failed: 'The clip could not be made. Try again.',
} as const

const pageParam = pageParams(20)
const idList = listParam(z.array(z.coerce.number().int().positive()).max(50).optional())

/** `GET /api/clips/user` and `/api/clips/event/{id}`: paging. */
export const ClipListQuerySchema = z.object(pageParam)
export type ClipListQuery = z.output<typeof ClipListQuerySchema>

/** `GET /api/clips/moments`: the channel's ready clips, newest first (the web's `/moments`). */
export const MomentsQuerySchema = z.object({
  ...pageParam,
  event_id: idList,
  event_category_id: idList,
  participant_id: idList,
})
export type MomentsQuery = z.output<typeof MomentsQuerySchema>

/** `GET /api/shared-clip/{id}?uuid=`: the share link's uuid is required. */
export const SharedClipQuerySchema = z.object({ uuid: z.string().max(64).optional() })

/**
 * What an event's detail adds for the clip tool (`GET /api/events/{id}`), and a library video's
 * (`GET /api/vod-media-items/{id}`: the tags for every sport, its recordings).
 */
export const EventClipInfoSchema = z.object({
  /** The channel's tags for the event's sport (none for a library video), and those for every sport. */
  clip_tags: z.array(ClipTagSchema),
  /** The recordings this viewer may clip; empty when they may not watch. */
  clip_sources: z.array(ClipSourceSchema),
})
export type EventClipInfo = z.infer<typeof EventClipInfoSchema>
