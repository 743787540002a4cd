import { z } from 'zod'
import { named } from './named.js'

/**
 * The operator console's "Go live" and "Media" parts (issue 16, decision 20): where an event's
 * encoder publishes, what the ingest sees of it, and resumable uploads (tus) that become an event's
 * replay, a VOD item or a pre-roll's video (decision 25).
 */

/** What the ingest knows of a stream being published; numbers are null when the ingest cannot tell. */
export const LiveStatusSchema = z.object({
  /** An encoder is publishing with this event's key right now. */
  receiving: z.boolean(),
  /** The event's stream status: upcoming, live or vod. */
  stream_status: z.enum(['upcoming', 'live', 'vod']),
  /** When the current publish began (ISO 8601). */
  since: z.string().nullable(),
  /** Incoming bitrate over the last seconds, kilobits per second. */
  bitrate_kbps: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Frames per second the encoder declares (or the ingest counted). */
  fps: z.number().nullable(),
  /** Frames the ingest's HLS writer dropped since the publish began. */
  dropped_frames: z.number().int().nullable(),
  video_codec: z.string().nullable(),
  audio_codec: z.string().nullable(),
  /** Concurrent viewers: null until analytics lands. */
  viewers: z.number().int().nullable(),
})
export type LiveStatus = z.infer<typeof LiveStatusSchema>

export const GoLiveSchema = z.object({
  event_id: z.number().int(),
  event_name: z.string(),
  /** Where the encoder publishes (OBS: Settings → Stream → Server). */
  rtmp_url: z.string(),
  /** The stream key, masked (`••••…last4`) unless asked with `?reveal=1`. */
  stream_key: z.string(),
  stream_key_revealed: z.boolean(),
  status: LiveStatusSchema,
  /** A signed playlist of the stream for the operator's preview; null while nothing is being recorded. */
  preview: z.object({ hls: z.string(), live: z.boolean(), expires_at: z.string() }).nullable(),
})
export type GoLive = z.infer<typeof GoLiveSchema>

export const GoLiveQuerySchema = z.object({ reveal: z.enum(['0', '1']).optional() })

/** What an upload becomes when it is complete. */
export const UploadTarget = named('event', 'vod', 'preroll')
export type UploadTarget = (typeof UploadTarget)[keyof typeof UploadTarget]

/**
 * Where an upload stands: `uploading` while bytes are still coming (tus); `processing` once complete,
 * while the file is checked and encoded; `ready` when encoded (it plays); or `failed`.
 */
export const UploadStatus = named('uploading', 'processing', 'ready', 'failed')
export type UploadStatus = (typeof UploadStatus)[keyof typeof UploadStatus]

/**
 * The tus `Upload-Metadata` an upload is created with (values base64 as the protocol says): the
 * target, and for an event its id, for a VOD item an existing id or the title of a new one, for a
 * pre-roll an existing id (none: a new pre-roll, with the default weight and flags).
 */
export const UploadMetadataSchema = z
  .object({
    filename: z.string().max(300).optional(),
    target: z.enum(['event', 'vod', 'preroll']),
    event_id: z.coerce.number().int().positive().optional(),
    vod_id: z.coerce.number().int().positive().optional(),
    preroll_id: z.coerce.number().int().positive().optional(),
    title: z.string().trim().min(1).max(300).optional(),
  })
  .refine(
    (m) =>
      m.target === 'preroll' ||
      (m.target === 'event' ? m.event_id !== undefined : m.vod_id !== undefined || m.title !== undefined),
    {
      message: 'Say which event, or which VOD item (or the title of a new one), the video is for.',
      path: ['target'],
    },
  )
export type UploadMetadata = z.infer<typeof UploadMetadataSchema>

export const UploadSchema = z.object({
  id: z.string(),
  status: z.enum(['uploading', 'processing', 'ready', 'failed']),
  target: z.enum(['event', 'vod', 'preroll']),
  /** The event, VOD item or pre-roll the video belongs to (a new one's id once the upload completes). */
  target_id: z.number().int().nullable(),
  filename: z.string().nullable(),
  size: z.number().int(),
  /** Bytes received. */
  offset: z.number().int(),
  /** The encode's progress, 0–100, once processing. */
  progress: z.number().int(),
  error: z.string().nullable(),
  asset_id: z.number().int().nullable(),
  created_at: z.string(),
})
export type Upload = z.infer<typeof UploadSchema>

/** An event's, VOD item's or pre-roll's videos, as the Media page lists them. */
export const MediaAssetAdminSchema = z.object({
  id: z.number().int(),
  status: z.enum(['processing', 'live', 'ready', 'failed']),
  source: z.enum(['upload', 'live', 'demo']),
  progress: z.number().int(),
  duration: z.number().nullable(),
  error: z.string().nullable(),
  /** This is the asset viewers get. */
  playing: z.boolean(),
  created_at: z.string(),
})
export type MediaAssetAdmin = z.infer<typeof MediaAssetAdminSchema>

export const OwnerMediaSchema = z.object({
  target: z.enum(['event', 'vod', 'preroll']),
  target_id: z.number().int(),
  assets: z.array(MediaAssetAdminSchema),
  uploads: z.array(UploadSchema),
  /** Signed playlist of the playing asset, for the operator's preview. */
  preview: z.object({ hls: z.string(), live: z.boolean(), expires_at: z.string() }).nullable(),
})
export type OwnerMedia = z.infer<typeof OwnerMediaSchema>

/**
 * Where a pre-roll's encoded video is published: a plain MP4 (the ad player is a bare <video>), public
 * like every pre-roll's address, beside the asset's HLS renditions. The pre-roll's `url` points here.
 */
export const PREROLL_FILE = 'preroll.mp4'
export const prerollUrlOf = (assetId: number) => `/media/o/${assetId}/${PREROLL_FILE}`

/** Upload limits the console shows before a file is chosen. */
export const UPLOAD_CONTAINERS = ['mov,mp4,m4a,3gp,3g2,mj2', 'matroska,webm', 'mpegts', 'flv', 'avi'] as const
/** File extensions the console's picker offers. */
export const UPLOAD_ACCEPT = '.mp4,.mov,.m4v,.mkv,.webm,.ts,.m2ts,.flv,.avi,video/*'

/** A channel's upload limits (`settings.uploads`) when it sets none. */
export const uploadDefaults = {
  /** The longest video an upload may hold: six hours, a game with its overtime and its pre-show. */
  maxDurationSec: 6 * 3600,
  /** What the channel's uploads still under way may add up to, bytes. */
  openBytes: 50 * 1024 ** 3,
} as const

/**
 * A channel's upload limits as the console sets them (`settings.uploads`, owners and managers): the
 * longest video, a minute to a day; what its uploads under way may add up to, 1 GB to 10 TB.
 */
export const UploadSettingsSchema = z.object({
  max_duration_sec: z
    .number({ error: 'Enter a number of seconds' })
    .int('Enter whole seconds')
    .min(60, 'At least a minute')
    .max(24 * 3600, 'At most 24 hours'),
  open_bytes: z
    .number({ error: 'Enter a size' })
    .int('Enter whole bytes')
    .min(1024 ** 3, 'At least 1 GB')
    .max(10 * 1024 ** 4, 'At most 10 TB'),
})
export type UploadSettings = z.infer<typeof UploadSettingsSchema>

/** `h:mm:ss` of a length in seconds, as upload messages say it. */
const clock = (sec: number) => {
  const s = Math.max(0, Math.round(sec))
  return `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
}

export const uploadMessages = {
  tooLarge: (gb: number) => `The file is larger than ${gb} GB.`,
  notVideo: 'The file is not a video we can read (MP4, MOV, MKV, WebM, MPEG-TS, FLV or AVI with a video track).',
  busyLive: 'The event is live: end the stream before replacing its video.',
  tooLong: (sec: number, maxSec: number) =>
    `The video lasts ${clock(sec)}, longer than the ${clock(maxSec)} this channel takes.`,
  tooFewBytes: (sec: number) => `The file says it lasts ${clock(sec)}, but it holds too few bytes for that.`,
  gap: (gapSec: number, atSec: number) =>
    `The video has no picture for ${clock(gapSec)} from ${clock(atSec)}: cut the gap out and upload it again.`,
  changed: 'The file changed after it was checked: upload it again.',
  quota: (gb: number) =>
    `The channel's uploads under way would pass ${gb} GB: let them finish or cancel one before starting another.`,
  noRoom: 'The server has no room for this file now: try again later, or ask its administrator.',
  methodOverride: 'Method overrides are not accepted here.',
} as const
