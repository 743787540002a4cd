import { z } from 'zod'
import { named } from './named.js'

/**
 * Video (spec §1 watch and download, §3 media type ids and Preroll, §4 Preroll, §7 download-event).
 *
 * Playable URLs are signed: `/media/p/{token}/{asset}/master.m3u8`. The token sits in the path, so
 * every variant playlist and segment a playlist names (by relative path) carries it. A token lives
 * a few minutes; the player asks `GET /api/events/{id}/playback` (or the VOD item's) for a fresh
 * one before it runs out and swaps the `{token}` path segment of every later request
 * (`renewPlaybackUrl`).
 */

/**
 * Where an event's or VOD item's video stands: `none`, nothing to play yet (an upcoming event, or no
 * video uploaded); `processing`, being encoded (`progress` says how far); `live`, a live stream is
 * coming in right now; `ready`; or `failed`.
 */
export const MediaStatus = named('none', 'processing', 'live', 'ready', 'failed')
export type MediaStatus = (typeof MediaStatus)[keyof typeof MediaStatus]

/**
 * Why a viewer gets no playback URLs: `sign_in`, the event needs an account (register) and nobody is
 * signed in; `no_access`, the event needs a pass (paid, ppv) or a capability the viewer lacks;
 * `geo_blocked`, spec §6 "We're sorry, but this content is not available in your region";
 * `too_many_streams`, the account already watches on as many devices as the channel allows (decision 0031).
 */
export const PlaybackDenial = named('sign_in', 'no_access', 'geo_blocked', 'too_many_streams')
export type PlaybackDenial = (typeof PlaybackDenial)[keyof typeof PlaybackDenial]

export const PlaybackSchema = z.object({
  /** Signed master playlist (HLS). */
  hls: z.string(),
  /** The playlist still grows (live, with DVR back to the start). */
  live: z.boolean(),
  /** Signed WebVTT of seek-preview thumbnails (media type 5), when made. */
  thumbnails: z.string().nullable(),
  /** ISO 8601: the token stops working then; renew before. */
  expires_at: z.string(),
  /** Milliseconds from now after which the player should renew. */
  renew_in_ms: z.number().int(),
})
export type Playback = z.infer<typeof PlaybackSchema>

/** What `GET /api/events/{id}` and a VOD item's detail add about video. */
export const MediaInfoSchema = z.object({
  media_status: z.enum(['none', 'processing', 'live', 'ready', 'failed']),
  /** 0–100 while processing. */
  media_progress: z.number().nullable(),
  /** Public poster image (media type 1); shown to everyone, whether or not they may watch. */
  poster: z.string().nullable(),
  /** Public short preview clip (media type 6). */
  preview: z.string().nullable(),
  /** Seconds, once known. */
  duration: z.number().nullable(),
  /** Only for a viewer who may watch, and only once there is something to play. */
  playback: PlaybackSchema.nullable(),
  /** Why this viewer may not watch (whether or not there is video yet); null when they may. */
  denial: z.enum(['sign_in', 'no_access', 'geo_blocked', 'too_many_streams']).nullable(),
})
export type MediaInfo = z.infer<typeof MediaInfoSchema>

/** Spec §3 Preroll, as `GET /api/settings` lists them. */
export const PrerollSchema = z.object({
  id: z.number().int(),
  /** A public MP4. */
  url: z.string(),
  weight: z.number().int(),
  location_id: z.number().int().nullable(),
  event_categories: z.array(z.number().int()),
  for_vod: z.boolean(),
  for_live: z.boolean(),
})
export type Preroll = z.infer<typeof PrerollSchema>

/**
 * `GET /api/download-event/{id}`: 200 with the signed MP4 URL when it is ready, 202 with the
 * progress while it is being made.
 */
export const DownloadSchema = z.object({
  status: z.enum(['processing', 'ready', 'failed']),
  progress: z.number(),
  /** Signed, short-lived; set when ready. */
  url: z.string().nullable(),
  file_name: z.string().nullable(),
})
export type Download = z.infer<typeof DownloadSchema>
