/**
 * Editing what is already encoded: cuts by stream copy (downloads), and the pieces of a frame-accurate
 * clip ("smart cut", `clip.ts`): the partial GOP at each edge re-encoded to match the source, the
 * middle copied bit for bit, everything joined into an MP4 and a short HLS.
 */
import path from 'node:path'
import {
  assertPositive,
  COMMON,
  evenUp,
  FILE_INPUT,
  fileVideoInput,
  hlsOutput,
  jpegOutput,
  MP4_FASTSTART,
  PROGRESS,
  seconds,
} from './common.js'

/**
 * An MP4 (faststart) from an HLS playlist by stream copy: ADTS AAC turned into MP4's form, nothing
 * re-encoded. `startSec`/`durationSec` cut a range (at keyframes, as stream copy must).
 */
export function remuxMp4Args(options: {
  inputPlaylist: string
  output: string
  startSec?: number
  durationSec?: number
}): string[] {
  return [
    ...COMMON,
    ...(options.startSec ? ['-ss', seconds(options.startSec)] : []),
    ...FILE_INPUT,
    '-i',
    options.inputPlaylist,
    ...(options.durationSec ? ['-t', seconds(options.durationSec)] : []),
    '-map',
    '0:v?',
    '-map',
    '0:a?',
    '-c',
    'copy',
    '-bsf:a',
    'aac_adtstoasc',
    ...MP4_FASTSTART,
    ...PROGRESS,
    options.output,
  ]
}

/** The source's video as a clip's edges must match it to be decodable with the copied middle. */
export interface EdgeVideo {
  /** ffprobe's profile name: 'Main', 'High', 'Constrained Baseline', 'Baseline'. */
  profile: string
  /** level_idc: 31 for 3.1. */
  level: number
  pixFmt: string
  /** Frames of B-frame reordering in the source (0, 1, 2…): the edges use the same, so decode times stay in order at the joins. */
  reorderFrames: number
  /** The same in seconds (pts − dts of the source's first keyframe), for edges too short for B-frames. */
  reorderSec?: number
  /** The source's keyframe interval in frames (its segment's length). */
  keyint: number
}

/** x264's profile name for ffprobe's; throws on one x264 cannot write in 8-bit 4:2:0 (a full re-encode is needed). */
export function x264Profile(profile: string): 'baseline' | 'main' | 'high' {
  const p = profile.toLowerCase()
  if (p === 'baseline' || p === 'constrained baseline') return 'baseline'
  if (p === 'main') return 'main'
  if (p === 'high') return 'high'
  throw new RangeError(`cannot match H.264 profile "${profile}" for a smart cut`)
}

/**
 * The x264 settings of a clip's edges, chosen so their SPS/PPS come out identical to those of our own
 * encodes (VOD ladder: x264 veryfast, same profile, level and keyframe interval; checked by the media tests)
 * while the motion search stays as fast as superfast: entropy coding, reference frames, B-frames and their
 * pyramid, weighted prediction and the 8x8 transform are the header-visible choices. The B-frame structure
 * follows the source's reordering so decode timestamps keep increasing across each join.
 */
export function edgeX264Params(video: Pick<EdgeVideo, 'profile' | 'reorderFrames' | 'keyint'>): string {
  const profile = x264Profile(video.profile)
  const keyint = Math.max(1, Math.round(video.keyint))
  const bframes = profile === 'baseline' || video.reorderFrames <= 0 ? 0 : 3
  const params = [
    `keyint=${keyint}`,
    `min-keyint=${keyint}`,
    'scenecut=0',
    `bframes=${bframes}`,
    ...(bframes ? [`b-pyramid=${video.reorderFrames >= 2 ? 'normal' : 'none'}`, 'weightb=1'] : []),
    'ref=1',
    `cabac=${profile === 'baseline' ? 0 : 1}`,
    `weightp=${profile === 'baseline' ? 0 : 1}`,
    `8x8dct=${profile === 'high' ? 1 : 0}`,
    // Headers from the settings alone, not from the content (the initial QP of a constant-quality encode
    // would differ from a bitrate-driven one's).
    'stitchable=1',
  ]
  return params.join(':')
}

/** ffmpeg's level text for a level_idc: 31 → '3.1', 9 → '1b'. */
export function levelText(level: number): string {
  if (!Number.isInteger(level) || level <= 0) throw new RangeError(`invalid H.264 level: ${level}`)
  return level === 9 ? '1b' : (level / 10).toFixed(1)
}

export interface ClipEdgeArgsOptions {
  /** One MPEG-TS segment of the source. */
  input: string
  output: string
  /** First frame to keep, counted in presentation order from the segment's first frame. */
  fromFrame: number
  frames: number
  /** The source timestamp of the first frame kept (seconds): the edge's frames keep their place. */
  timestampSec: number
  video: EdgeVideo
  /** x264 preset for the motion search (headers are fixed by `edgeX264Params`); superfast by default. */
  preset?: string
  /** Constant quality; 20 by default (a few frames at a good quality cost little, and no bitrate ramp-up). */
  crf?: number
  /** ffmpeg has the `setts` filter (4.4 and later): an edge of one or two frames gets the source's decode lead. */
  leadDecodeTimes?: boolean
}

/**
 * One edge of a smart cut: `frames` frames of a source segment from `fromFrame`, re-encoded with H.264
 * settings that match the source (`edgeX264Params`, profile, level, pixel format, the source's size and
 * frame rate unchanged), video only, into MPEG-TS placed at the source's own timestamps (counted from 0,
 * then moved by `-output_ts_offset`; `mpegts_copyts` keeps the muxer from adding its delay), so the copied
 * segments follow it without a gap. Parameter sets are repeated in band before the IDR frame.
 */
export function clipEdgeArgs(options: ClipEdgeArgsOptions): string[] {
  const { input, output, fromFrame, frames, timestampSec, video, preset = 'superfast', crf = 20 } = options
  if (!Number.isInteger(fromFrame) || fromFrame < 0) throw new RangeError(`invalid first frame: ${fromFrame}`)
  assertPositive('frames', frames)
  if (!Number.isFinite(timestampSec) || timestampSec < 0) throw new RangeError(`invalid timestamp: ${timestampSec}`)
  if (!Number.isFinite(crf) || crf < 0 || crf > 51) throw new RangeError(`invalid crf: ${crf}`)
  return [
    ...fileVideoInput(input),
    '-vf',
    `trim=start_frame=${fromFrame}:end_frame=${fromFrame + frames},setpts=PTS-STARTPTS`,
    '-frames:v',
    String(frames),
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-profile:v',
    x264Profile(video.profile),
    '-level:v',
    levelText(video.level),
    '-pix_fmt',
    video.pixFmt,
    '-x264-params',
    edgeX264Params(video),
    '-crf',
    String(crf),
    '-vsync',
    'passthrough',
    // One or two frames are coded without B-frames, so x264 gives them no decode delay: they lead
    // the source's decode times by its reordering as the copied segments do (in MPEG-TS's 90 kHz, the
    // time base the muxer's filters see), or the join would make the muxer squeeze decode times
    // together and shorten the track by as many frames.
    ...(frames <= 2 && video.reorderFrames > 0 && video.reorderSec && options.leadDecodeTimes
      ? ['-bsf:v', `setts=dts=DTS-${Math.round(video.reorderSec * 90_000)}`]
      : []),
    '-an',
    '-sn',
    '-dn',
    '-map_metadata',
    '-1',
    '-output_ts_offset',
    timestampSec.toFixed(6),
    '-mpegts_copyts',
    '1',
    '-f',
    'mpegts',
    ...PROGRESS,
    output,
  ]
}

/**
 * The source's audio packets a clip keeps, copied (MPEG-TS, the source's timestamps): the first `packets`
 * packets of the spanned segments' playlist. The final mux drops those before the clip's start.
 */
export function clipAudioArgs(options: { playlist: string; output: string; packets: number }): string[] {
  assertPositive('packets', options.packets)
  return [
    ...COMMON,
    '-copyts',
    ...FILE_INPUT,
    '-f',
    'hls',
    '-i',
    options.playlist,
    '-map',
    '0:a:0',
    '-c',
    'copy',
    '-frames:a',
    String(options.packets),
    '-map_metadata',
    '-1',
    '-mpegts_copyts',
    '1',
    '-f',
    'mpegts',
    ...PROGRESS,
    options.output,
  ]
}

/** A JPEG poster of a clip: frame `frame` (presentation order) of a source segment, `width` wide. */
export function clipPosterArgs(options: { input: string; output: string; frame: number; width: number }): string[] {
  const { frame, width } = options
  if (!Number.isInteger(frame) || frame < 0) throw new RangeError(`invalid frame: ${frame}`)
  assertPositive('width', width)
  return [
    ...fileVideoInput(options.input),
    '-vf',
    `trim=start_frame=${frame},scale=${evenUp(width)}:-2,setsar=1`,
    '-frames:v',
    '1',
    ...jpegOutput(options.output),
  ]
}

export interface ClipMuxArgsOptions {
  /** A VOD playlist of the clip's video in order: the re-encoded head, the copied segments, the re-encoded tail. */
  videoPlaylist: string
  /** The timestamp of the clip's first frame in the source's own timeline (the edges keep the source's timestamps). */
  firstFrameTimestamp: number
  /** The clip's audio (`clipAudioArgs`) and the timestamp of its packet nearest the first frame; null without audio. */
  audio: { file: string; timestampSec: number } | null
  /** The MP4 to write (faststart). */
  mp4: string
  /** The folder of the clip's HLS: `index.m3u8` and `seg_000.ts`… Must exist. */
  hlsDir: string
  hlsSegmentSeconds?: number
}

/** `-itsoffset` moving `timestampSec` to 0, rounded down to the microsecond ffmpeg keeps (never before 0). */
function shiftTo0(timestampSec: number): string {
  if (!Number.isFinite(timestampSec) || timestampSec < 0) throw new RangeError(`invalid timestamp: ${timestampSec}`)
  return `-${(Math.floor(timestampSec * 1e6) / 1e6).toFixed(6)}`
}

/**
 * The last step of a smart cut, one ffmpeg run, nothing re-encoded: the clip's video (head, copied middle
 * and tail, all in the source's own timestamps) moved so its first frame is at 0 (`-copyts` with
 * `-itsoffset`), and the source's AAC audio moved so its packet nearest the first frame is at 0 (earlier
 * packets dropped): audio and video stay within half an AAC frame (≤ 10.7 ms at 48 kHz) of the source's
 * sync. Written into an MP4 with faststart (ADTS turned into MP4's form by `aac_adtstoasc`) and a VOD HLS of
 * MPEG-TS segments. (ffmpeg 4.1's MP4 muxer ends the video's edit at the last packet in decode order,
 * short of the last frame when B-frames close the stream: `setMp4VideoDuration` sets it afterwards.)
 */
export function clipMuxArgs(options: ClipMuxArgsOptions): string[] {
  const { videoPlaylist, audio, firstFrameTimestamp, mp4, hlsDir, hlsSegmentSeconds = 2 } = options
  assertPositive('hlsSegmentSeconds', hlsSegmentSeconds, false)
  const streams = [
    '-map',
    '0:v:0',
    ...(audio ? ['-map', '1:a:0', '-copypriorss:a', '0'] : []),
    '-c',
    'copy',
    '-map_metadata',
    '-1',
  ]
  return [
    ...COMMON,
    '-copyts',
    '-itsoffset',
    shiftTo0(firstFrameTimestamp),
    ...FILE_INPUT,
    '-f',
    'hls',
    '-i',
    videoPlaylist,
    ...(audio ? ['-itsoffset', shiftTo0(audio.timestampSec), ...FILE_INPUT, '-f', 'mpegts', '-i', audio.file] : []),
    ...streams,
    ...(audio ? ['-bsf:a', 'aac_adtstoasc'] : []),
    ...MP4_FASTSTART,
    mp4,
    ...streams,
    ...hlsOutput({ dir: hlsDir, segmentSeconds: hlsSegmentSeconds, type: 'vod', segmentPattern: 'seg_%03d.ts' }),
    ...PROGRESS,
    path.join(hlsDir, 'index.m3u8'),
  ]
}
