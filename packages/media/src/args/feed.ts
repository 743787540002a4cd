/** A generated sport-like test feed (demo videos, live tests, benchmarks). */
import { assertPositive, COMMON, MP4_FASTSTART, PROGRESS, seconds, X264_LIVE } from './common.js'
import { type CrowdSoundOptions, crowdSoundSource } from './crowd.js'
import { escapeDrawtext, escapeFilterValue } from './filters.js'

export interface ScoreChange {
  atSec: number
  home: number
  away: number
}

export interface TestFeedArgsOptions {
  /** A file path (mp4) or an RTMP URL (flv). */
  output: string
  /** null: endless (until stopped). */
  durationSec?: number | null
  width: number
  height: number
  fps: number
  /** Read the generated source at its native rate (`-re`), as a live encoder would send it. */
  realtime: boolean
  /** An IDR frame every this many seconds (default 2); a live feed sends one every second (see `LIVE_SEGMENT_SECONDS`). */
  keyframeSeconds?: number
  title?: string
  home?: string
  away?: string
  /** Score changes; the score is 0–0 before the first one. */
  scoreTimeline?: readonly ScoreChange[]
  /** A TrueType font for the overlays; null or omitted: no text is drawn. */
  fontFile?: string | null
  format: 'flv' | 'mp4'
  /** A crowd with cheers for the sound (`crowdSoundSource`) instead of the tone that beeps each second. */
  crowd?: Omit<CrowdSoundOptions, 'durationSec'>
}

function drawtext(fontFile: string, text: string, extra: string): string {
  return `drawtext=fontfile=${escapeFilterValue(fontFile)}:text=${text}:${extra}`
}

/** drawtext's `enable` expression for [from, to) (to = null: forever). */
function enableBetween(from: number, to: number | null): string {
  const expr = to === null ? `gte(t,${seconds(from)})` : `gte(t,${seconds(from)})*lt(t,${seconds(to)})`
  return `enable=${escapeFilterValue(expr)}`
}

/**
 * A generated "sport-like" feed: a moving test pattern (testsrc2) with a running clock, a title, and a score
 * bug (home/away names and a score that changes at the timeline's times), plus a 440 Hz tone (or a crowd); H.264
 * ultrafast with an IDR frame every `keyframeSeconds` (2 s by default), AAC. `flv` publishes to RTMP;
 * `mp4` writes a faststart file. Team names and title are escaped (`escapeDrawtext`), so any text is safe.
 */
export function testFeedArgs(options: TestFeedArgsOptions): string[] {
  const { width, height, fps, realtime, durationSec = null, fontFile = null, format, keyframeSeconds = 2 } = options
  assertPositive('width', width)
  assertPositive('height', height)
  assertPositive('fps', fps, false)
  assertPositive('keyframeSeconds', keyframeSeconds, false)
  if (durationSec !== null) assertPositive('durationSec', durationSec, false)
  const duration = durationSec === null ? '' : `:duration=${seconds(durationSec)}`
  const re = realtime ? ['-re'] : []
  const fontSize = Math.max(12, Math.round(height / 18))
  const pad = Math.round(fontSize / 2)
  const box = `fontsize=${fontSize}:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=${Math.round(pad / 2)}`

  const overlays: string[] = []
  if (fontFile) {
    overlays.push(drawtext(fontFile, escapeFilterValue('%{pts:hms}'), `${box}:x=${pad}:y=h-th-${pad}`))
    if (options.title) {
      overlays.push(drawtext(fontFile, escapeDrawtext(options.title), `${box}:x=(w-tw)/2:y=h-th-${pad}`))
    }
    if (options.home !== undefined || options.away !== undefined || options.scoreTimeline?.length) {
      const home = options.home ?? 'HOME'
      const away = options.away ?? 'AWAY'
      const changes = [...(options.scoreTimeline ?? [])].filter((c) => c.atSec > 0).sort((a, b) => a.atSec - b.atSec)
      const states = [{ atSec: 0, home: 0, away: 0 }, ...changes]
      states.forEach((s, i) => {
        const next = states[i + 1]
        const label = escapeDrawtext(`${home} ${s.home} - ${s.away} ${away}`)
        const enable = enableBetween(s.atSec, next ? next.atSec : null)
        overlays.push(drawtext(fontFile, label, `${box}:x=w-tw-${pad}:y=${pad}:${enable}`))
      })
    }
  }
  const video = overlays.length > 0 ? ['-vf', overlays.join(',')] : []
  const gop = String(Math.max(1, Math.round(fps * keyframeSeconds)))
  const container = format === 'flv' ? ['-f', 'flv'] : MP4_FASTSTART
  return [
    ...COMMON,
    ...re,
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=${fps}${duration}`,
    ...re,
    '-f',
    'lavfi',
    '-i',
    options.crowd
      ? crowdSoundSource({ ...options.crowd, durationSec })
      : `sine=frequency=440:beep_factor=4:sample_rate=48000${duration}`,
    '-map',
    '0:v:0',
    '-map',
    '1:a:0',
    ...video,
    ...X264_LIVE,
    '-pix_fmt',
    'yuv420p',
    '-g',
    gop,
    '-keyint_min',
    gop,
    '-sc_threshold',
    '0',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ac',
    '2',
    '-ar',
    '48000',
    ...(durationSec === null ? [] : ['-t', seconds(durationSec)]),
    ...container,
    ...PROGRESS,
    options.output,
  ]
}
