import type { HandlersOf, JobKinds } from '../../jobs/job.js'

declare module '../../jobs/job.js' {
  interface JobPayloads {
    /** Cut (or cut again) a key play's official clip once the recording holds it (decision 0058). */
    'keyplays.cut': { keyPlayId: number }
  }
}

/** Someone is waiting for the key play's clip: the urgent lane, as a viewer's clip. */
export const keyPlayJobKinds = { 'keyplays.cut': { lane: 'urgent' } } as const satisfies JobKinds<'keyplays.cut'>

/** The key plays' cut (`KeyPlaysService.cut`), asked for when a job runs. */
export function keyPlayJobHandlers(
  keyPlays: () => { cut(keyPlayId: number): Promise<void> },
): HandlersOf<'keyplays.cut'> {
  return { 'keyplays.cut': (job) => keyPlays().cut(job.payload.keyPlayId) }
}
