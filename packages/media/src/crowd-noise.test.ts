import { describe, expect, it } from 'vitest'
import { crowdSoundSource } from './args/crowd.js'
import {
  detectCrowdNoise,
  type LoudnessSample,
  loudnessArgs,
  parseLoudnessLog,
  scoreSuggestions,
} from './crowd-noise.js'

/** A series at 10 Hz: `level(t)` LUFS for `seconds`. */
const series = (seconds: number, level: (t: number) => number): LoudnessSample[] =>
  Array.from({ length: seconds * 10 }, (_, i) => ({ at: i * 100, lufs: level(i / 10) }))

describe('detectCrowdNoise', () => {
  it('suggests where a held rise began, once per cheer', () => {
    const found = detectCrowdNoise(series(60, (t) => (t >= 30 && t < 34 ? -20 : -30)))
    expect(found).toEqual([{ at: 30_000, riseLu: 10 }])
  })

  it('ignores a loud moment too short to be a cheer', () => {
    expect(detectCrowdNoise(series(60, (t) => (t >= 30 && t < 30.6 ? -12 : -30)))).toEqual([])
  })

  it('follows a slow swell of the crowd without suggesting it', () => {
    expect(detectCrowdNoise(series(120, (t) => -40 + t / 10))).toEqual([])
  })

  it('waits out silence and the meter’s start', () => {
    expect(detectCrowdNoise(series(30, (t) => (t < 10 ? -120 : -30)))).toEqual([])
  })

  it('makes one suggestion of two cheers closer than the refractory time', () => {
    const found = detectCrowdNoise(series(80, (t) => ((t >= 30 && t < 33) || (t >= 36 && t < 39) ? -18 : -30)))
    expect(found.map((f) => f.at)).toEqual([30_000])
  })
})

describe('the loudness log', () => {
  it('reads ametadata’s print format, -inf as silence', () => {
    const text =
      'frame:0    pts:0       pts_time:0\nlavfi.r128.M=-inf\nframe:1    pts:4800    pts_time:0.1\nlavfi.r128.M=-23.5\n'
    expect(parseLoudnessLog(text)).toEqual([
      { at: 0, lufs: -120 },
      { at: 100, lufs: -23.5 },
    ])
  })

  it('pins the demuxer and refuses a log path the filter graph would parse', () => {
    const args = loudnessArgs({ input: '/m/seg_00001.ts', format: 'mpegts', logFile: '/tmp/l/1.log' })
    expect(args.slice(args.indexOf('-i') - 2, args.indexOf('-i') + 2)).toEqual([
      '-f',
      'mpegts',
      '-i',
      '/m/seg_00001.ts',
    ])
    expect(() => loudnessArgs({ input: 'x', format: 'mpegts', logFile: "/tmp/a'b" })).toThrow()
  })
})

describe('scoreSuggestions', () => {
  it('counts each cheer found once, the rest false', () => {
    expect(scoreSuggestions([{ at: 1000 }, { at: 1500 }, { at: 90_000 }], [0, 60_000])).toEqual({
      found: 1,
      missed: [60_000],
      falseAt: [1500, 90_000],
      recall: 0.5,
    })
  })
})

describe('crowdSoundSource', () => {
  it('repeats its cheers with a period for an endless feed', () => {
    expect(crowdSoundSource({ cheers: [{ atSec: 5 }], periodSec: 60 })).toContain('mod(t\\,60)')
  })
})

describe('the test feed’s crowd', () => {
  it('sounds a crowd instead of the tone when asked', async () => {
    const { testFeedArgs } = await import('./args/feed.js')
    const base = { output: 'x.mp4', width: 320, height: 180, fps: 25, realtime: false, format: 'mp4' as const }
    expect(testFeedArgs(base).join(' ')).toContain('sine=frequency=440')
    const crowd = testFeedArgs({ ...base, crowd: { cheers: [{ atSec: 3 }] } }).join(' ')
    expect(crowd).toContain('anoisesrc=color=pink')
    expect(crowd).not.toContain('sine=frequency=440')
  })
})
