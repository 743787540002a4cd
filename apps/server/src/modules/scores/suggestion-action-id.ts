import { createHash } from 'node:crypto'

/**
 * The id of the tag action an accepted suggestion becomes: a name-based UUID (version 5's layout over
 * SHA-256) of the game and the suggestion, so accepting it twice — a resent tap, two phones at once —
 * names one action, which the log records once.
 */
export function suggestionActionId(eventId: number, suggestionId: number): string {
  const hash = createHash('sha256').update(`fieldhouse:score-suggestion:${eventId}:${suggestionId}`).digest()
  const bytes = hash.subarray(0, 16)
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x50
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
