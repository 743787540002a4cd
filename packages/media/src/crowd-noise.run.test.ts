/**
 * Crowd-noise suggestions measured with real ffmpeg on a generated recording: a gym's bed of noise that
 * drifts, cheers of known times (7–14 dB over the bed, 3–6 s long) and whistles that are loud but short.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { crowdRecordingArgs } from './args.js'
import {
  CrowdNoiseDetector,
  detectCrowdNoise,
  loudnessArgs,
  parseLoudnessLog,
  scoreSuggestions,
} from './crowd-noise.js'
import { runFfmpeg } from './runner.js'
import { tempDir } from './test/helpers.js'

const gains = [8, 10, 14, 9, 12, 7, 11, 13]
const lengths = [3, 5, 4, 6, 3, 4, 5, 3]
const cheers = [20, 55, 83, 130, 170, 204, 240, 275].map((atSec, i) => ({
  atSec,
  gainDb: gains[i] as number,
  lengthSec: lengths[i] as number,
}))
const cheersAt = cheers.map((c) => c.atSec * 1000)
let dir: string
let samples: ReturnType<typeof parseLoudnessLog>

beforeAll(async () => {
  dir = await tempDir('crowd-')
  const wav = path.join(dir, 'crowd.wav')
  await runFfmpeg(crowdRecordingArgs({ cheers, whistlesAtSec: [40, 100, 150, 220], durationSec: 300, output: wav }), {
    useSlot: false,
  })
  const log = path.join(dir, 'loudness.log')
  await runFfmpeg(loudnessArgs({ input: wav, format: 'wav', logFile: log }), { useSlot: false })
  samples = parseLoudnessLog(await fs.readFile(log, 'utf8'))
}, 60_000)
afterAll(() => fs.rm(dir, { recursive: true, force: true }))

describe('crowd-noise suggestions on a generated recording', () => {
  it('measures the momentary loudness every 100 ms', () => {
    expect(samples.length).toBeGreaterThanOrEqual(2990)
    expect(samples[10]?.at).toBe(1000)
  })

  it('finds every cheer near its start and no whistle', () => {
    const found = detectCrowdNoise(samples)
    const score = scoreSuggestions(found, cheersAt)
    expect(score.missed).toEqual([])
    expect(score.falseAt).toEqual([])
    for (const s of found) expect(s.riseLu).toBeGreaterThanOrEqual(5)
  })

  it('finds the same fed in the live pipeline’s pieces as in one go', () => {
    const live = new CrowdNoiseDetector()
    const pieces = []
    for (let i = 0; i < samples.length; i += 37) pieces.push(...live.push(samples.slice(i, i + 37)))
    expect(pieces).toEqual(detectCrowdNoise(samples))
  })
})
