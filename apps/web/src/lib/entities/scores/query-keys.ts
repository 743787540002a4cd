/**
 * An event's score timeline (`GET /api/events/{id}/score`), under the events' root. The score is the
 * same whoever asks, so the key carries no viewer.
 */
export const scoreTimelineKey = (eventId: number) => ['events', 'score', { id: eventId }] as const
