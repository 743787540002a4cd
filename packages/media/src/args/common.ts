/**
 * What every ffmpeg argument builder shares: each returns an argument array for `runFfmpeg`/`spawnFfmpeg`
 * (never a shell line), starting with `-hide_banner -nostdin -y`, reporting through `-progress pipe:1
 * -nostats`, and limiting each input's protocols (`-protocol_whitelist`). Written for ffmpeg ≥ 4.1.
 */
import path from 'node:path'
import type { Rendition } from '../ladder.js'

export const COMMON = ['-hide_banner', '-nostdin', '-y'] as const
export const PROGRESS = ['-progress', 'pipe:1', '-nostats'] as const
export const FILE_INPUT = ['-protocol_whitelist', 'file'] as const
/** The MP4 muxer with the index first (faststart), so that the file plays while it downloads. */
export const MP4_FASTSTART = ['-movflags', '+faststart', '-f', 'mp4'] as const
/** H.264 for live pictures: the fastest preset, tuned for low delay (no frame look-ahead). */
export const X264_LIVE = ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency'] as const

/** The start of a run that reads one local file and takes its first video stream. */
export function fileVideoInput(input: string): string[] {
  return [...COMMON, ...FILE_INPUT, '-i', input, '-map', '0:v:0']
}

/** The start of a run that reads one local file from `atSec` on (a fast seek, before the input). */
export function fileInputFrom(input: string, atSec: number): string[] {
  return [...COMMON, '-ss', seconds(atSec), ...FILE_INPUT, '-i', input]
}

/** Seconds as ffmpeg reads them, without exponent notation or float noise. */
export function seconds(value: number): string {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`invalid time: ${value}`)
  return String(Math.round(value * 1000) / 1000)
}

export const kbps = (bitsPerSecond: number) => `${Math.round(bitsPerSecond / 1000)}k`

export function assertPositive(name: string, value: number, integer = true): void {
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new RangeError(`${name} must be a positive ${integer ? 'integer' : 'number'}: ${value}`)
  }
}

export const evenUp = (n: number) => Math.max(2, Math.ceil(n / 2) * 2)

/** The keyframe options that make every segment start with an IDR frame at exact multiples of `segmentSeconds`. */
export function keyframes(segmentSeconds: number, fps?: number): string[] {
  const gop = fps ? ['-g', String(Math.max(1, Math.round(fps * segmentSeconds)))] : []
  const keyintMin = fps ? ['-keyint_min', String(Math.max(1, Math.round(fps * segmentSeconds)))] : []
  return [
    ...gop,
    ...keyintMin,
    '-sc_threshold',
    '0',
    '-force_key_frames',
    `expr:gte(t,n_forced*${seconds(segmentSeconds)})`,
  ]
}

/** 8-bit 4:2:0 at the rendition's target bitrate, capped by its VBV peak rate and buffer. */
export function rateControl(r: Pick<Rendition, 'videoBitrate' | 'maxrate' | 'bufsize'>): string[] {
  return ['-pix_fmt', 'yuv420p', '-b:v', kbps(r.videoBitrate), '-maxrate', kbps(r.maxrate), '-bufsize', kbps(r.bufsize)]
}

/**
 * Pins the container of an argument list's first input: `-f format` just before its `-i`, so ffmpeg
 * reads the file as that demuxer only and never guesses from its name or bytes (uploads).
 */
export function pinInputFormat(args: readonly string[], format: string | undefined): string[] {
  if (!format) return [...args]
  const at = args.indexOf('-i')
  if (at < 0) throw new RangeError('no input to pin')
  return [...args.slice(0, at), '-f', format, ...args.slice(at)]
}

/** One JPEG frame written to `output` (posters, thumbnails, sprites) at JPEG quality `quality` (2 best … 31). */
export function jpegOutput(output: string, quality = 3): string[] {
  return ['-q:v', String(quality), '-an', '-f', 'image2', '-update', '1', ...PROGRESS, output]
}

/**
 * An HLS output of MPEG-TS segments with independent segments in `dir` (`index.m3u8` and the numbered
 * segments of `segmentPattern`): `vod` for finished files, `event` for a live recording that grows.
 */
export function hlsOutput(options: {
  dir: string
  segmentSeconds: number
  type: 'vod' | 'event'
  segmentPattern: string
  flags?: string
}): string[] {
  return [
    '-f',
    'hls',
    '-hls_time',
    seconds(options.segmentSeconds),
    '-hls_playlist_type',
    options.type,
    '-hls_list_size',
    '0',
    '-hls_segment_type',
    'mpegts',
    '-hls_flags',
    options.flags ?? 'independent_segments',
    '-hls_segment_filename',
    path.join(options.dir, options.segmentPattern),
  ]
}
