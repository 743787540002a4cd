/** Images and the preview beside a video: a poster, a sprite of seek thumbnails with its WebVTT, a short preview MP4. */
import {
  assertPositive,
  evenUp,
  fileInputFrom,
  fileVideoInput,
  jpegOutput,
  MP4_FASTSTART,
  PROGRESS,
  seconds,
} from './common.js'

/** Scaled to `width` (even), the height by the aspect ratio, square pixels. */
const scaledTo = (width: number) => `scale=${evenUp(width)}:-2,setsar=1`

/** A JPEG poster: one frame at `atSec`, `width` wide (height by aspect ratio, even). */
export function posterArgs(options: { input: string; output: string; atSec: number; width: number }): string[] {
  assertPositive('width', options.width)
  return [
    ...fileInputFrom(options.input, options.atSec),
    '-map',
    '0:v:0',
    '-frames:v',
    '1',
    '-vf',
    scaledTo(options.width),
    ...jpegOutput(options.output),
  ]
}

export interface SpriteOptions {
  input: string
  output: string
  intervalSec: number
  columns: number
  rows: number
  tileWidth: number
  tileHeight: number
}

/**
 * A JPEG sprite of seek thumbnails: one frame every `intervalSec`, scaled to the tile size, laid out in
 * `columns × rows`. Only the first sprite is kept, so choose the interval with `planSprite` (everything fits).
 */
export function spriteArgs(options: SpriteOptions): string[] {
  const { intervalSec, columns, rows, tileWidth, tileHeight } = options
  assertPositive('intervalSec', intervalSec, false)
  for (const [k, v] of Object.entries({ columns, rows, tileWidth, tileHeight })) assertPositive(k, v)
  return [
    ...fileVideoInput(options.input),
    '-vf',
    `fps=1/${seconds(intervalSec)},scale=${tileWidth}:${tileHeight},setsar=1,tile=${columns}x${rows}`,
    '-frames:v',
    '1',
    ...jpegOutput(options.output, 5),
  ]
}

export interface SpritePlan {
  intervalSec: number
  count: number
  columns: number
  rows: number
}

/**
 * How many thumbnails a video gets and how they are laid out: one every `preferredIntervalSec`, unless that
 * would need more than `columns × maxRows` tiles, in which case the interval grows (whole seconds) so every
 * thumbnail fits ONE sprite. Rows are only as many as needed.
 */
export function planSprite(
  durationSec: number,
  options: { preferredIntervalSec?: number; columns?: number; maxRows?: number } = {},
): SpritePlan {
  const { preferredIntervalSec = 2, columns = 10, maxRows = 20 } = options
  const duration = Math.max(durationSec, 0.001)
  const intervalSec = Math.max(preferredIntervalSec, Math.ceil(duration / (columns * maxRows)))
  const count = Math.max(1, Math.ceil(duration / intervalSec - 1e-6))
  const cols = Math.min(columns, count)
  return { intervalSec, count, columns: cols, rows: Math.ceil(count / cols) }
}

export interface ThumbnailsVttOptions {
  durationSec: number
  intervalSec: number
  columns: number
  rows: number
  tileWidth: number
  tileHeight: number
  /** How the cues name the sprite, relative to the VTT: 'sprite.jpg'. */
  spriteUri: string
}

function vttTime(sec: number): string {
  const ms = Math.round(sec * 1000)
  const h = Math.floor(ms / 3_600_000)
  const m = Math.floor((ms % 3_600_000) / 60_000)
  const s = Math.floor((ms % 60_000) / 1000)
  const pad = (n: number, w = 2) => String(n).padStart(w, '0')
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`
}

/**
 * WebVTT of seek thumbnails: one cue per interval pointing at its tile (`sprite.jpg#xywh=x,y,w,h`). Uses a
 * single sprite: when the duration holds more intervals than `columns × rows` tiles, the interval is widened
 * so they fit (the same rule as `planSprite`, so pass the plan's interval to `spriteArgs` too).
 */
export function thumbnailsVtt(options: ThumbnailsVttOptions): string {
  const { durationSec, columns, rows, tileWidth, tileHeight, spriteUri } = options
  const capacity = columns * rows
  const intervalSec = Math.max(options.intervalSec, durationSec / capacity)
  const count = Math.min(capacity, Math.max(1, Math.ceil(durationSec / intervalSec - 1e-6)))
  const out = ['WEBVTT', '']
  for (let i = 0; i < count; i++) {
    const start = i * intervalSec
    const end = Math.min((i + 1) * intervalSec, Math.max(durationSec, start + 0.001))
    const x = (i % columns) * tileWidth
    const y = Math.floor(i / columns) * tileHeight
    out.push(`${vttTime(start)} --> ${vttTime(end)}`, `${spriteUri}#xywh=${x},${y},${tileWidth},${tileHeight}`, '')
  }
  return out.join('\n')
}

/** A short silent H.264 MP4 preview (faststart), `width` wide, from `startSec` for `durationSec`. */
export function previewArgs(options: {
  input: string
  output: string
  startSec: number
  durationSec: number
  width: number
}): string[] {
  assertPositive('durationSec', options.durationSec, false)
  assertPositive('width', options.width)
  return [
    ...fileInputFrom(options.input, options.startSec),
    '-t',
    seconds(options.durationSec),
    '-map',
    '0:v:0',
    '-an',
    '-sn',
    '-vf',
    scaledTo(options.width),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '28',
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    '-map_metadata',
    '-1',
    ...MP4_FASTSTART,
    ...PROGRESS,
    options.output,
  ]
}
