/**
 * Plays the scorer missed (decision 0057): the live audio's loudness measured with ffmpeg's `ebur128`
 * (momentary loudness, LUFS, every 100 ms), and the moments where the crowd's noise jumps above its own
 * recent level and stays there — a cheer — proposed as key plays. The measuring is an ffmpeg run over
 * segments the live pipeline wrote; the detecting is pure and incremental.
 */
import { COMMON, seconds } from './args/common.js'

/** ebur128's momentary loudness comes every 100 ms. */
export const LOUDNESS_STEP_MS = 100

export interface LoudnessSample {
  /** ms on the stream's clock (or seconds × 1000 into a file). */
  at: number
  /** Momentary loudness, LUFS. */
  lufs: number
}

/**
 * ffmpeg arguments that measure `input`'s first audio stream and write its momentary loudness to `logFile`
 * (`ametadata` print format). `format` pins the demuxer (live segments: `mpegts`); `from`/`to` bound the
 * measured span in seconds. `logFile` is a path the server made (no filter-graph special characters).
 */
export function loudnessArgs(options: {
  input: string
  format: string
  logFile: string
  from?: number
  to?: number
}): string[] {
  if (/[\\':[\],;\s]/.test(options.logFile)) throw new Error('loudnessArgs: the log path must be a plain path')
  const bound = [
    ...(options.from !== undefined ? ['-ss', seconds(options.from)] : []),
    ...(options.to !== undefined ? ['-to', seconds(options.to)] : []),
  ]
  return [
    ...COMMON,
    '-protocol_whitelist',
    'file',
    ...bound,
    '-f',
    options.format,
    '-i',
    options.input,
    '-map',
    '0:a:0',
    '-af',
    `ebur128=metadata=1,ametadata=mode=print:key=lavfi.r128.M:file=${options.logFile}`,
    '-f',
    'null',
    '-',
  ]
}

/** Reads `ametadata`'s print output: `frame:N pts:P pts_time:S` then `lavfi.r128.M=V`, into samples (ms from the input's start). */
export function parseLoudnessLog(text: string): LoudnessSample[] {
  const out: LoudnessSample[] = []
  let time: number | null = null
  for (const line of text.split('\n')) {
    const pts = /pts_time:(-?[\d.]+)/.exec(line)
    if (pts) {
      time = Number(pts[1])
      continue
    }
    const value = /^lavfi\.r128\.M=(-?[\d.]+|-?inf|nan)/.exec(line.trim())
    if (value && time !== null) {
      const lufs = Number(value[1])
      out.push({ at: Math.round(time * 1000), lufs: Number.isFinite(lufs) ? lufs : -120 })
      time = null
    }
  }
  return out
}

export interface CrowdNoiseOptions {
  /** How far above the crowd's recent level a cheer is, LU. */
  riseLu: number
  /** How long it must stay there, ms. */
  holdMs: number
  /** The recent level: the median of this long before the moment, ms. */
  baselineMs: number
  /** After a suggestion, none for this long, ms (one cheer, one suggestion). */
  refractoryMs: number
  /** Quieter than this is silence, not a crowd (and the 400 ms ebur128 needs to start). */
  floorLufs: number
}

export const CROWD_NOISE_DEFAULTS: CrowdNoiseOptions = {
  riseLu: 5,
  holdMs: 1200,
  baselineMs: 20_000,
  refractoryMs: 15_000,
  floorLufs: -70,
}

/** A proposed key play: where the noise began to rise, and by how much it rose (LU). */
export interface CrowdNoiseSuggestion {
  at: number
  riseLu: number
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

/**
 * Finds cheers in a loudness series as it arrives: `push` samples in time order (any batch size), get
 * the suggestions they complete. A cheer is the momentary loudness `riseLu` above the median of the
 * `baselineMs` before it for `holdMs` (one dip of a sample allowed); its moment is where the rise began.
 * A whistle or a buzzer (loud but short) is not held long enough; a slow swell moves the median with it.
 */
export class CrowdNoiseDetector {
  private readonly options: CrowdNoiseOptions
  /** Samples of the baseline window (quiet ones, not inside a rise). */
  private history: LoudnessSample[] = []
  private rise: { start: number; baseline: number; peak: number; dips: number } | null = null
  private quietUntil = Number.NEGATIVE_INFINITY

  constructor(options: Partial<CrowdNoiseOptions> = {}) {
    this.options = { ...CROWD_NOISE_DEFAULTS, ...options }
  }

  push(samples: readonly LoudnessSample[]): CrowdNoiseSuggestion[] {
    const found: CrowdNoiseSuggestion[] = []
    const o = this.options
    for (const s of samples) {
      if (s.lufs <= o.floorLufs) continue
      const since = s.at - o.baselineMs
      while (this.history.length > 0 && (this.history[0] as LoudnessSample).at < since) this.history.shift()
      // The baseline wants a few seconds of crowd before it judges.
      const ready = this.history.length >= Math.min(30, o.baselineMs / LOUDNESS_STEP_MS / 4)
      const baseline = ready ? median(this.history.map((h) => h.lufs)) : s.lufs
      const above = ready && s.lufs >= baseline + o.riseLu
      if (this.rise) {
        const held = s.at - this.rise.start
        if (s.lufs >= this.rise.baseline + o.riseLu) {
          this.rise.peak = Math.max(this.rise.peak, s.lufs)
          this.rise.dips = 0
        } else if (++this.rise.dips > 1) {
          this.rise = null
        }
        if (this.rise && held >= o.holdMs) {
          if (this.rise.start >= this.quietUntil) {
            found.push({ at: this.rise.start, riseLu: Math.round((this.rise.peak - this.rise.baseline) * 10) / 10 })
            this.quietUntil = this.rise.start + o.refractoryMs
          }
          this.rise = null
        }
        continue
      }
      if (above && s.at >= this.quietUntil) {
        this.rise = { start: s.at, baseline, peak: s.lufs, dips: 0 }
        continue
      }
      if (!above) this.history.push(s)
    }
    return found
  }
}

/** Every suggestion in a whole series (a finished recording). */
export function detectCrowdNoise(
  samples: readonly LoudnessSample[],
  options?: Partial<CrowdNoiseOptions>,
): CrowdNoiseSuggestion[] {
  return new CrowdNoiseDetector(options).push(samples)
}

/**
 * How suggestions meet known cheers: a suggestion within `toleranceMs` of a cheer's start finds it
 * (a cheer found once); the rest are false. For tests and the benchmark.
 */
export function scoreSuggestions(
  suggestions: readonly { at: number }[],
  cheersAt: readonly number[],
  toleranceMs = 2500,
): { found: number; missed: number[]; falseAt: number[]; recall: number } {
  const left = [...cheersAt]
  const falseAt: number[] = []
  for (const s of suggestions) {
    const i = left.findIndex((c) => Math.abs(s.at - c) <= toleranceMs)
    if (i === -1) falseAt.push(s.at)
    else left.splice(i, 1)
  }
  const found = cheersAt.length - left.length
  return { found, missed: left, falseAt, recall: cheersAt.length ? found / cheersAt.length : 1 }
}
