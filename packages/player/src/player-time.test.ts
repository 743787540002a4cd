import { describe, expect, it } from 'vitest'
import {
  formatPlayerTime,
  isBehindLive,
  LIVE_JOIN_TOLERANCE_S,
  liveJoinPosition,
  secondsBehindLive,
  seekWindow,
  timeAtPointer,
} from './player-time'

describe('player time', () => {
  it('shows whole seconds, never rounded up', () => {
    expect(formatPlayerTime(0)).toBe('0:00')
    expect(formatPlayerTime(7.9)).toBe('0:07')
    expect(formatPlayerTime(725)).toBe('12:05')
    expect(formatPlayerTime(3723.2)).toBe('1:02:03')
    expect(formatPlayerTime(Number.NaN)).toBe('0:00')
    expect(formatPlayerTime(-3)).toBe('0:00')
  })

  it('covers a replay from 0 to its duration, a live stream from the start of the broadcast to the edge', () => {
    expect(seekWindow({ live: false, duration: 600, seekable: [[0, 600]] })).toEqual({ start: 0, end: 600 })
    expect(seekWindow({ live: true, duration: Number.POSITIVE_INFINITY, seekable: [[0, 1800]] })).toEqual({
      start: 0,
      end: 1800,
    })
    expect(
      seekWindow({
        live: true,
        duration: 2000,
        seekable: [
          [12, 100],
          [100, 1900],
        ],
      }),
    ).toEqual({ start: 12, end: 1900 })
    expect(seekWindow({ live: true, duration: Number.NaN, seekable: [] })).toEqual({ start: 0, end: 0 })
  })

  it('measures how far behind live the viewer is', () => {
    expect(secondsBehindLive({ currentTime: 1790, seekableEnd: 1800, liveSyncPosition: 1782 })).toBe(0)
    expect(secondsBehindLive({ currentTime: 1700, seekableEnd: 1800, liveSyncPosition: 1782 })).toBe(82)
    expect(secondsBehindLive({ currentTime: 1780, seekableEnd: 1800, liveSyncPosition: null })).toBe(0)
    expect(secondsBehindLive({ currentTime: 1700, seekableEnd: 1800, liveSyncPosition: null })).toBe(80)
    expect(isBehindLive(5)).toBe(false)
    expect(isBehindLive(30)).toBe(true)
  })

  it('turns a pointer position into a time of the window', () => {
    const bar = { left: 100, width: 200 }
    expect(timeAtPointer(200, bar, { start: 0, end: 600 })).toBe(300)
    expect(timeAtPointer(50, bar, { start: 0, end: 600 })).toBe(0)
    expect(timeAtPointer(400, bar, { start: 60, end: 660 })).toBe(660)
    expect(timeAtPointer(150, { left: 0, width: 0 }, { start: 10, end: 20 })).toBe(10)
  })

  it('starts live content at the live position when a pre-roll left it behind', () => {
    // A 6-s pre-roll: the content buffered from where the edge was when it began.
    expect(liveJoinPosition({ live: true, currentTime: 120, liveSyncPosition: 126.4 })).toBe(126.4)
    // Already there (within the tolerance), or ahead: play on from where it is.
    expect(liveJoinPosition({ live: true, currentTime: 126, liveSyncPosition: 126 + LIVE_JOIN_TOLERANCE_S })).toBeNull()
    expect(liveJoinPosition({ live: true, currentTime: 127, liveSyncPosition: 126.4 })).toBeNull()
  })

  it('leaves replays, and players that know no live position, where they are', () => {
    expect(liveJoinPosition({ live: false, currentTime: 0, liveSyncPosition: 30 })).toBeNull()
    expect(liveJoinPosition({ live: true, currentTime: 0, liveSyncPosition: null })).toBeNull()
    expect(liveJoinPosition({ live: true, currentTime: 0, liveSyncPosition: Number.NaN })).toBeNull()
  })
})
