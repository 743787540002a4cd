import type { HandlersOf, JobKinds } from '../../jobs/job.js'
import type { AlertOccasion } from './alert-rules.js'
import type { AlertsService } from './alerts.service.js'

declare module '../../jobs/job.js' {
  interface JobPayloads {
    /** Find who gets a game's alert and queue their sends (decision 0056). */
    'alerts.fanout': { eventId: number; occasion: AlertOccasion }
    /** Send one batch of a game's alerts. */
    'alerts.send': { eventId: number; ids: number[] }
    /** Queue the reminders whose moment has come (scheduled). */
    'alerts.reminders': Record<string, never>
  }
}

/**
 * Alerts are someone's wait (a game about to start, live now): urgent, beside the encodes, never behind
 * them. The reminders' check runs every minute.
 */
export const alertJobKinds = {
  'alerts.fanout': { lane: 'urgent' },
  'alerts.send': { lane: 'urgent' },
  'alerts.reminders': { lane: 'scheduled', everyMs: 60_000, firstAfterMs: 5_000 },
} as const satisfies JobKinds<'alerts.fanout' | 'alerts.send' | 'alerts.reminders'>

export function alertJobHandlers(
  alerts: () => AlertsService,
): HandlersOf<'alerts.fanout' | 'alerts.send' | 'alerts.reminders'> {
  return {
    'alerts.fanout': (job) => alerts().fanOut(job.payload.eventId, job.payload.occasion),
    'alerts.send': (job, ctx) => alerts().sendBatch(job.payload.eventId, job.payload.ids, ctx.signal, job.attempts),
    'alerts.reminders': () => alerts().remindersDue(),
  }
}
