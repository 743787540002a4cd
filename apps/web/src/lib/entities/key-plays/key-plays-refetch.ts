import type { EventKeyPlays, KeyPlay } from '@fieldhouse/contract'

/** How often the key plays are asked for again while a clip is being cut (ms). */
export const KEY_PLAYS_CUTTING_POLL_MS = 2000

/** Whether a key play's official clip may still become ready (waiting for its recording, or being cut). */
export function keyPlayClipPending(play: Pick<KeyPlay, 'status' | 'clip'>): boolean {
  if (play.status === 'waiting' || play.status === 'cutting') return true
  if (play.status === 'failed') return false
  return play.clip !== null && (play.clip.status === 'queued' || play.clip.status === 'processing')
}

/**
 * The refetch rule besides the timeline's version (which is in the query key): every 2 s while any key
 * play's clip is not yet ready, or the highlight reel is being made; none once all are ready or failed.
 */
export function keyPlaysPollMs(data: EventKeyPlays | undefined): number | false {
  if (!data) return false
  const pending = data.key_plays.some(keyPlayClipPending) || data.reel?.status === 'making'
  return pending ? KEY_PLAYS_CUTTING_POLL_MS : false
}
