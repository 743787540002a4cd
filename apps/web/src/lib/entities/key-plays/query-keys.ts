/**
 * An event's key plays (`GET /api/events/{id}/key-plays`), under the events' root. The same for every
 * viewer (public on the channel, like the score), so no viewer in the key; the score timeline's version
 * is in it, so each newer timeline (a play scored, tagged or undone) asks again.
 */
export const eventKeyPlaysKey = (eventId: number, version: number | null) =>
  ['events', 'key-plays', { id: eventId, version }] as const
