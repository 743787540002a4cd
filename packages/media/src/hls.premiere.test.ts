import { describe, expect, it } from 'vitest'
import {
  airedCount,
  dateAtPosition,
  positionAtDate,
  premiereMediaPlaylist,
  recordingTimeline,
  vodMediaPlaylist,
} from './hls.js'
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

describe('the stream clock of a recording', () => {
  const live = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-TARGETDURATION:2',
    '#EXT-X-PLAYLIST-TYPE:EVENT',
    '#EXT-X-PROGRAM-DATE-TIME:2026-12-07T19:00:00.000Z',
    '#EXTINF:2.000,',
    'seg_00000.ts',
    '#EXTINF:2.000,',
    'seg_00001.ts',
    '#EXT-X-DISCONTINUITY',
    '#EXT-X-PROGRAM-DATE-TIME:2026-12-07T19:00:10.000Z',
    '#EXTINF:1.500,',
    'seg_00002.ts',
    '',
  ].join('\n')
  const t = recordingTimeline(live)
  const at = (iso: string) => Date.parse(iso)

  it('dates every segment, carrying the last date on by the durations', () => {
    expect(t.segments.map((s) => s.date)).toEqual([
      at('2026-12-07T19:00:00.000Z'),
      at('2026-12-07T19:00:02.000Z'),
      at('2026-12-07T19:00:10.000Z'),
    ])
  })

  it('finds the position of a time of the stream’s clock, a gap’s time at the next segment', () => {
    expect(positionAtDate(t, at('2026-12-07T19:00:03.250Z'))).toBe(3.25)
    expect(positionAtDate(t, at('2026-12-07T19:00:06.000Z'))).toBe(4)
    expect(positionAtDate(t, at('2026-12-07T19:00:11.000Z'))).toBe(5)
    expect(positionAtDate(t, at('2026-12-07T18:59:59.000Z'))).toBeNull()
    expect(positionAtDate(t, at('2026-12-07T19:00:12.000Z'))).toBeNull()
  })

  it('tells the stream’s clock at a position', () => {
    expect(dateAtPosition(t, 0.5)).toBe(at('2026-12-07T19:00:00.500Z'))
    expect(dateAtPosition(t, 4.75)).toBe(at('2026-12-07T19:00:10.750Z'))
    expect(dateAtPosition(recordingTimeline('#EXTM3U\n#EXTINF:2,\na.ts\n'), 1)).toBeNull()
  })
})
