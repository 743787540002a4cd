/** Live: HLS written as an RTMP publish arrives (the live master playlist is written by `hls.ts`). */
import path from 'node:path'
import type { Rendition } from '../ladder.js'
import { assertPositive, COMMON, hlsOutput, kbps, keyframes, PROGRESS, rateControl, X264_LIVE } from './common.js'

/**
 * Live segments are cut every second where the source has a keyframe, so players can sit about two
 * seconds behind the newest picture. Passed through untouched, the source's keyframes decide: an
 * encoder sending one every 2 s gives 2-s segments (OBS: set "Keyframe Interval" to 1 s; its "auto"
 * means several seconds). The lower rendition, encoded here, gets a keyframe every segment.
 */
export const LIVE_SEGMENT_SECONDS = 1

export interface LiveHlsArgsOptions {
  /** `rtmp://127.0.0.1:1935/live/<key>`; a local file path works too (tests, replays). */
  input: string
  outDir: string
  /** Default `LIVE_SEGMENT_SECONDS`. */
  segmentSeconds?: number
  /** A second, lower rendition encoded live (libx264 ultrafast); null for the source only. */
  lowerRendition?: Rendition | null
  /** Continue the playlists a previous run left (publisher reconnected): `append_list`. */
  append?: boolean
}

/** The rendition folders `liveHlsArgs` writes into, relative to its `outDir`; create them before starting. */
export function liveHlsDirs(lowerRendition?: Rendition | null): string[] {
  return ['source', ...(lowerRendition ? [lowerRendition.name] : [])]
}

/**
 * Live HLS from an RTMP publish: an EVENT playlist (grows from the start: DVR) with program-date-time tags,
 * the source passed through untouched as `outDir/source/index.m3u8`, and optionally a lower rendition
 * encoded live as `outDir/<name>/index.m3u8`. Each rendition is a separate output of the same process (ffmpeg
 * 4.1's `-var_stream_map` cannot name its folders). With `append`, the playlists a previous run wrote are
 * continued (numbering goes on, a discontinuity marks the gap). The folders must exist (`liveHlsDirs`);
 * the master playlist is written separately (`liveMasterPlaylist` in `hls.ts`). Stopping ffmpeg (SIGTERM) ends the playlists.
 */
export function liveHlsArgs(options: LiveHlsArgsOptions): string[] {
  const { input, outDir, segmentSeconds = LIVE_SEGMENT_SECONDS, lowerRendition = null, append = false } = options
  assertPositive('segmentSeconds', segmentSeconds, false)
  const flags = `program_date_time+independent_segments${append ? '+append_list' : ''}`
  const hls = (dir: string) => [
    ...hlsOutput({ dir: path.join(outDir, dir), segmentSeconds, type: 'event', segmentPattern: 'seg_%05d.ts', flags }),
    path.join(outDir, dir, 'index.m3u8'),
  ]
  const args = [
    ...COMMON,
    '-protocol_whitelist',
    input.toLowerCase().startsWith('rtmp://') ? 'rtmp,tcp,file' : 'file',
    '-i',
    input,
    ...PROGRESS,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-c',
    'copy',
    ...hls('source'),
  ]
  if (lowerRendition) {
    const r = lowerRendition
    args.push(
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-vf',
      `scale=${r.width}:${r.height},setsar=1`,
      ...X264_LIVE,
      '-profile:v',
      r.profile === 'baseline' ? 'baseline' : 'main',
      ...rateControl(r),
      ...keyframes(segmentSeconds),
      '-c:a',
      'aac',
      '-b:a',
      kbps(r.audioBitrate ?? 96_000),
      '-ac',
      '2',
      '-ar',
      '48000',
      ...hls(r.name),
    )
  }
  return args
}
