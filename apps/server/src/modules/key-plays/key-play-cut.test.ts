import { recordingTimeline } from '@fieldhouse/media'
import { describe, expect, it } from 'vitest'
import { KEY_PLAY_WAIT_MS, planKeyPlayCut } from './key-play-cut.js'

const T0 = Date.parse('2026-12-07T19:00:00.000Z')
/** A live recording of `n` one-second segments from T0, a gap of 5 s after the 10th (a reconnect). */
function live(n: number, ended = false) {
  const lines = ['#EXTM3U', '#EXT-X-TARGETDURATION:1', `#EXT-X-PROGRAM-DATE-TIME:${new Date(T0).toISOString()}`]
  for (let i = 0; i < n; i++) {
    if (i === 10) lines.push('#EXT-X-DISCONTINUITY', `#EXT-X-PROGRAM-DATE-TIME:${new Date(T0 + 15_000).toISOString()}`)
    lines.push('#EXTINF:1.000,', `seg_${i}.ts`)
  }
  if (ended) lines.push('#EXT-X-ENDLIST')
  return recordingTimeline(lines.join('\n'))
}

describe('planKeyPlayCut', () => {
  it('cuts from before the moment to after it, at the recording’s positions', () => {
    const plan = planKeyPlayCut({
      timeline: live(10),
      ended: false,
      moment: T0 + 6_000,
      before: 4,
      after: 2,
      now: T0 + 9_000,
    })
    expect(plan).toEqual({ kind: 'cut', startSec: 2, durationSec: 6, position: 6, programmeStart: T0 + 2_000 })
  })

  it('waits while a live recording has not reached the last second, then cuts what there is', () => {
    const args = { timeline: live(10), ended: false, moment: T0 + 9_000, before: 4, after: 5 }
    expect(planKeyPlayCut({ ...args, now: T0 + 10_000 })).toEqual({ kind: 'wait' })
    expect(planKeyPlayCut({ ...args, now: T0 + 14_000 + KEY_PLAY_WAIT_MS })).toMatchObject({
      kind: 'cut',
      startSec: 5,
      durationSec: 5,
    })
    expect(planKeyPlayCut({ ...args, ended: true, now: T0 })).toMatchObject({ kind: 'cut', durationSec: 5 })
  })

  it('finds the moment across a reconnect’s gap by the clock, not by counting seconds', () => {
    const plan = planKeyPlayCut({ timeline: live(20), ended: true, moment: T0 + 18_000, before: 2, after: 2, now: 0 })
    expect(plan).toMatchObject({ kind: 'cut', startSec: 11, durationSec: 4, position: 13 })
  })

  it('starts at the recording’s start for a moment just after it began, and gives up on one before it', () => {
    expect(
      planKeyPlayCut({ timeline: live(10), ended: true, moment: T0 + 1_000, before: 10, after: 2, now: 0 }),
    ).toMatchObject({
      kind: 'cut',
      startSec: 0,
      durationSec: 3,
      position: 1,
    })
    expect(
      planKeyPlayCut({ timeline: live(10), ended: true, moment: T0 - 60_000, before: 10, after: 5, now: 0 }).kind,
    ).toBe('none')
  })

  it('waits for a recording with no clock yet, and gives up on an ended one', () => {
    const none = recordingTimeline('#EXTM3U\n#EXTINF:1,\na.ts\n')
    expect(planKeyPlayCut({ timeline: none, ended: false, moment: T0, before: 1, after: 1, now: T0 })).toEqual({
      kind: 'wait',
    })
    expect(planKeyPlayCut({ timeline: none, ended: true, moment: T0, before: 1, after: 1, now: T0 }).kind).toBe('none')
  })
})
