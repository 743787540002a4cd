import { z } from 'zod'
import { named } from './named.js'

/**
 * Simultaneous streams per account (decision 0031). Each playback a signed-in viewer starts holds a
 * lease on one of the account's streams: the player's token renewal is its heartbeat, and a lease not
 * renewed for `STREAM_LEASE_MS` lapses. A device is one signed-in browser (one session): its tabs share
 * one stream.
 */

/** How often a playing player renews its token, and so its lease. */
export const STREAM_HEARTBEAT_MS = 30_000
/** A lease lapses this long after its last renewal: two heartbeats and a half, so one lost is no harm. */
export const STREAM_LEASE_MS = 75_000

/**
 * What happens when an account starts one stream more than the channel allows: `refuse`, the new stream
 * is refused (the viewer may stop another to watch here); `stop_oldest`, the new stream plays and the
 * account's oldest stream stops.
 */
export const OverLimitMode = named('refuse', 'stop_oldest')
export type OverLimitMode = (typeof OverLimitMode)[keyof typeof OverLimitMode]

/** The channel's defaults when its settings say nothing. */
export const streamDefaults = { limit: 3, over_limit: OverLimitMode.refuse } as const

/** Largest limit an operator may set (0 is no limit). */
export const STREAM_LIMIT_MAX = 50

/** The channel setting (`/api/admin/settings`' `streams`): `limit` 0 means no limit. */
export const StreamSettingsSchema = z.object({
  limit: z
    .number({ error: 'Enter a whole number' })
    .int('Enter a whole number')
    .min(0, 'Use 0 for no limit, or a positive number')
    .max(STREAM_LIMIT_MAX, `At most ${STREAM_LIMIT_MAX}`),
  over_limit: z.enum(['refuse', 'stop_oldest'], { error: 'Choose refuse or stop_oldest' }),
})
export type StreamSettings = z.infer<typeof StreamSettingsSchema>

/** One of the account's streams, as `GET /api/streams` lists them. */
export const AccountStreamSchema = z.object({
  id: z.number().int(),
  /** The device, as its browser names itself ("Chrome on Windows"). */
  device: z.string(),
  /** ISO 8601. */
  started_at: z.string(),
  /** The stream of the device asking. */
  current: z.boolean(),
})
export type AccountStream = z.infer<typeof AccountStreamSchema>

/** Why a stream ended before its viewer left it (the `reason` of a refused renewal). */
export const StreamEndReason = {
  /** Another of the account's devices stopped it. */
  stopped: 'stopped',
  /** The account started one stream more than the limit, and this was the oldest. */
  replaced: 'replaced',
  /** The account is over its limit (the lease lapsed and others took its place). */
  too_many: 'too_many',
} as const
export type StreamEndReason = (typeof StreamEndReason)[keyof typeof StreamEndReason]
