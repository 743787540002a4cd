import { describe, expect, it } from 'vitest'
import { airedCount, premiereMediaPlaylist, recordingTimeline, vodMediaPlaylist } from './hls.js'
import { parsePlaylistText } from './test/helpers.js'

// A recording of 2-s segments, the fourth after a reconnect (a live recording appended to).
const source = vodMediaPlaylist([
  { uri: 'seg_00000.ts', durationSec: 2 },
  { uri: 'seg_00001.ts', durationSec: 2 },
  { uri: 'seg_00002.ts', durationSec: 2 },
  { uri: 'seg_00003.ts', durationSec: 1.5 },
]).replace('#EXTINF:1.500000,', '#EXT-X-DISCONTINUITY\n#EXTINF:1.500000,')

const START = Date.parse('2026-11-24T12:00:00.000Z')
const at = (seconds: number) => START + seconds * 1000
const timeline = recordingTimeline(source)
const fetchAt = (seconds: number) => parsePlaylistText(premiereMediaPlaylist(timeline, START, at(seconds)))

describe('a premiere playlist fetched as the clock runs', () => {
  it('reads the recording on its own timeline', () => {
    expect(timeline.segments.map((s) => [s.startSec, s.discontinuity])).toEqual([
      [0, false],
      [2, false],
      [4, false],
      [6, true],
    ])
    expect(timeline.durationSec).toBe(7.5)
    expect(timeline.targetDuration).toBe(2)
  })

  it('lists nothing before the start, and is a live (event) playlist', () => {
    for (const s of [-3600, -1, 0]) {
      const m = fetchAt(s)
      expect(m.segments).toEqual([])
      expect(m.endList).toBeFalsy()
      expect(m.playlistType).toBe('EVENT')
    }
  })

  it('lists a segment once it has fully aired, never one after now, from the start (DVR)', () => {
    expect(fetchAt(1.999).segments).toHaveLength(0)
    const first = fetchAt(2)
    expect(first.segments.map((s) => s.uri)).toEqual(['seg_00000.ts'])
    expect(first.segments[0]?.dateTimeString).toBe('2026-11-24T12:00:00.000Z')
    expect(first.endList).toBeFalsy()
    expect(first.mediaSequence).toBe(0)
    for (let t = 0; t <= 7.5; t += 0.25) {
      const m = fetchAt(t)
      const aired = m.segments.reduce((sum, s) => sum + s.duration, 0)
      // The live edge is within one segment of the schedule, and never past it.
      expect(aired).toBeLessThanOrEqual(t + 1e-9)
      expect(aired).toBeGreaterThan(t - 2 - 1e-9)
    }
  })

  it('marks the discontinuity and stamps the wall-clock time after it', () => {
    const m = fetchAt(7.5)
    expect(m.segments).toHaveLength(4)
    expect(m.segments[3]?.discontinuity).toBe(true)
    expect(m.segments[3]?.dateTimeString).toBe('2026-11-24T12:00:06.000Z')
    expect(m.endList).toBe(true)
  })

  it('after the end lists the whole recording, closed', () => {
    const m = fetchAt(3600)
    expect(m.segments.map((s) => s.uri)).toEqual(['seg_00000.ts', 'seg_00001.ts', 'seg_00002.ts', 'seg_00003.ts'])
    expect(m.endList).toBe(true)
  })

  it('gives every viewer asking at the same instant the same text', () => {
    expect(premiereMediaPlaylist(timeline, START, at(5))).toBe(premiereMediaPlaylist(timeline, START, at(5)))
    expect(airedCount(timeline, 5)).toBe(2)
  })
})
