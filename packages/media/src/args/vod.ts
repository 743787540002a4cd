/** VOD: one HLS rendition per ffmpeg run (the master playlist that lists them is written by `hls.ts`). */
import path from 'node:path'
import type { Rendition } from '../ladder.js'
import { assertPositive, fileVideoInput, hlsOutput, kbps, keyframes, PROGRESS, rateControl } from './common.js'

export interface HlsRenditionArgsOptions {
  input: string
  /** Folder for this rendition: `index.m3u8` and `seg_00000.ts`… are written into it. Must exist. */
  outDir: string
  rendition: Rendition
  segmentSeconds?: number
  /** Output frame rate; the rendition's when omitted. */
  fps?: number
  hasAudio: boolean
  /** x264 preset; veryfast by default. */
  preset?: string
}

/**
 * One VOD HLS rendition per ffmpeg run: scales to the rendition's size (square pixels), encodes H.264 with
 * its profile, level and VBV limits, forces an IDR frame at every segment boundary (so each 2 s MPEG-TS
 * segment starts independently), AAC stereo 48 kHz when the source has audio, and writes a VOD playlist
 * `outDir/index.m3u8` with segments `outDir/seg_%05d.ts`.
 */
export function hlsRenditionArgs(options: HlsRenditionArgsOptions): string[] {
  const { input, outDir, rendition: r, segmentSeconds = 2, hasAudio, preset = 'veryfast' } = options
  const fps = options.fps ?? r.fps
  assertPositive('segmentSeconds', segmentSeconds, false)
  assertPositive('fps', fps, false)
  const audio =
    hasAudio && r.audioBitrate !== null
      ? ['-c:a', 'aac', '-b:a', kbps(r.audioBitrate), '-ac', '2', '-ar', '48000']
      : ['-an']
  return [
    ...fileVideoInput(input),
    ...(hasAudio ? ['-map', '0:a:0'] : []),
    '-vf',
    `scale=${r.width}:${r.height}:flags=bicubic,setsar=1,fps=${fps}`,
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-profile:v',
    r.profile,
    '-level:v',
    r.level,
    ...rateControl(r),
    ...keyframes(segmentSeconds, fps),
    ...audio,
    '-sn',
    '-dn',
    '-map_metadata',
    '-1',
    ...hlsOutput({ dir: outDir, segmentSeconds, type: 'vod', segmentPattern: 'seg_%05d.ts' }),
    ...PROGRESS,
    path.join(outDir, 'index.m3u8'),
  ]
}
