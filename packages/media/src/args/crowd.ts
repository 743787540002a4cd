/** A crowd's sound, generated: the bed of a full gym and its cheers at known times (demo feed, tests, benchmarks). */
import { assertPositive, seconds } from './common.js'
import { escapeFilterValue } from './filters.js'

/** One cheer: it swells from `atSec` for `lengthSec`, `gainDb` above the bed at its height. */
export interface Cheer {
  atSec: number
  lengthSec?: number
  gainDb?: number
}

export interface CrowdSoundOptions {
  cheers: readonly Cheer[]
  /** Repeat the cheers every this many seconds (an endless feed); null: once. */
  periodSec?: number | null
  /** Short loud sounds that are not cheers (a whistle, a buzzer): half a second of 2.8 kHz each. */
  whistlesAtSec?: readonly number[]
  durationSec?: number | null
}

const CHEER_SECONDS = 4
const CHEER_GAIN_DB = 12

/** ffmpeg expression for a cheer's envelope at `t`: 0.4 s up, held, 1.5 s down; 0 outside it. */
function envelope(t: string, cheer: Cheer): string {
  const from = cheer.atSec
  const to = from + (cheer.lengthSec ?? CHEER_SECONDS)
  const gain = 10 ** ((cheer.gainDb ?? CHEER_GAIN_DB) / 20) - 1
  return `${gain.toFixed(3)}*between(${t},${seconds(from)},${seconds(to)})*min(1,(${t}-${seconds(from)})/0.4)*min(1,(${seconds(to)}-${t})/1.5)`
}

/**
 * The crowd as one lavfi source for `-f lavfi -i`: pink noise (a room full of people) whose level drifts
 * by a few dB, swelling by each cheer's gain; whistles mixed on top. Everything is an expression of time,
 * so the same cheers fall at the same seconds on every run.
 */
export function crowdSoundSource(options: CrowdSoundOptions): string {
  const { cheers, periodSec = null, whistlesAtSec = [], durationSec = null } = options
  if (periodSec !== null) assertPositive('periodSec', periodSec, false)
  const duration = durationSec === null ? '' : `:duration=${seconds(durationSec)}`
  const t = periodSec === null ? 't' : `mod(t,${seconds(periodSec)})`
  const swell = cheers.map((c) => envelope(t, c)).join('+') || '0'
  const level = `0.9*(1+0.2*sin(2*PI*t/23))*(1+${swell})`
  const bed = `anoisesrc=color=pink:amplitude=0.06:sample_rate=48000${duration},volume=eval=frame:volume=${escapeFilterValue(level)}`
  if (whistlesAtSec.length === 0) return bed
  const on = whistlesAtSec.map((w) => `between(${t},${seconds(w)},${seconds(w + 0.5)})`).join('+')
  const whistle = `sine=frequency=2800:sample_rate=48000${duration},volume=eval=frame:volume=${escapeFilterValue(`0.5*(${on})`)}`
  return `${bed}[bed];${whistle}[w];[bed][w]amix=inputs=2:normalize=0`
}

/** A crowd recording to a WAV file (tests and benchmarks measure the suggestions on it). */
export function crowdRecordingArgs(options: CrowdSoundOptions & { durationSec: number; output: string }): string[] {
  assertPositive('durationSec', options.durationSec, false)
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-f',
    'lavfi',
    '-i',
    crowdSoundSource(options),
    '-t',
    seconds(options.durationSec),
    '-ac',
    '1',
    '-c:a',
    'pcm_s16le',
    '-f',
    'wav',
    options.output,
  ]
}
