import { dateAtPosition, positionAtDate, type RecordingTimeline } from '@fieldhouse/media'

/** How long after a key play's last second a still-growing recording is waited for before what exists is cut. */
export const KEY_PLAY_WAIT_MS = 60_000

/** What to do with a key play's clip now: wait for the recording, cut this range, or give up. */
export type KeyPlayCutPlan =
  | { kind: 'wait' }
  | { kind: 'cut'; startSec: number; durationSec: number; position: number; programmeStart: number | null }
  | { kind: 'none'; reason: string }

/**
 * The range of a key play's clip in its recording (decision 0058): from `before` seconds before the
 * moment to `after` seconds after it, on the stream's clock (the segments' program date-time), turned
 * into positions of the recording. A live recording that has not yet recorded the last second is waited
 * for (at most `KEY_PLAY_WAIT_MS` past it); an ended one is cut as far as it goes. A moment before the
 * recording began starts the clip at its start.
 */
export function planKeyPlayCut(p: {
  timeline: RecordingTimeline
  ended: boolean
  moment: number
  before: number
  after: number
  now: number
}): KeyPlayCutPlan {
  const { timeline, ended, moment } = p
  const dated = timeline.segments.filter((s) => s.date !== null)
  const first = dated[0]
  const last = dated.at(-1)
  if (!first || !last)
    return ended ? { kind: 'none', reason: 'The recording has no clock to find the moment by.' } : { kind: 'wait' }
  const recordedTo = (last.date as number) + Math.round(last.durationSec * 1000)
  let to = moment + Math.round(p.after * 1000)
  if (to > recordedTo) {
    if (!ended && p.now < to + KEY_PLAY_WAIT_MS) return { kind: 'wait' }
    to = recordedTo
  }
  const from = Math.max(first.date as number, moment - Math.round(p.before * 1000))
  if (to <= first.date!) return { kind: 'none', reason: 'The moment is before the recording began.' }
  const startSec = positionAtDate(timeline, from) ?? 0
  const endSec = positionAtDate(timeline, to) ?? timeline.durationSec
  const durationSec = Math.round((endSec - startSec) * 1000) / 1000
  if (durationSec < 0.5) return { kind: 'none', reason: 'The recording holds too little of the moment.' }
  return {
    kind: 'cut',
    startSec: Math.round(startSec * 1000) / 1000,
    durationSec,
    position: Math.round((positionAtDate(timeline, Math.max(moment, first.date as number)) ?? startSec) * 1000) / 1000,
    programmeStart: dateAtPosition(timeline, startSec),
  }
}
