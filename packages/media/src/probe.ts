import { execFile } from 'node:child_process'
import path from 'node:path'
import { binaryEnv, resolveFfprobe } from './binaries.js'
import { assertLocalFile } from './inputs.js'
import { confine } from './sandbox.js'

/** The video stream of a file, as displayed (rotation and non-square pixels applied). */
export interface ProbeVideo {
  width: number
  height: number
  /** Frames per second; 25 when the file does not say. */
  fps: number
  codec: string
  bitRate?: number
}

export interface ProbeAudio {
  codec: string
  channels: number
  sampleRate: number
}

export interface ProbeResult {
  durationSec: number
  formatName: string
  video: ProbeVideo | null
  audio: ProbeAudio | null
}

/** ffprobe's `-of json -show_format -show_streams` output, as far as we read it. */
interface FfprobeStream {
  codec_type?: string
  codec_name?: string
  width?: number
  height?: number
  avg_frame_rate?: string
  r_frame_rate?: string
  bit_rate?: string
  duration?: string
  channels?: number
  sample_rate?: string
  sample_aspect_ratio?: string
  disposition?: { attached_pic?: number }
  tags?: Record<string, string>
  side_data_list?: { rotation?: number | string }[]
}
interface FfprobeOutput {
  format?: { format_name?: string; duration?: string }
  streams?: FfprobeStream[]
}

const DEFAULT_FPS = 25

function num(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN
  return Number.isFinite(n) ? n : undefined
}

/** Parses ffprobe's rational "30000/1001" (or a plain number); undefined for 0/0 and nonsense. */
export function parseRational(value: string | undefined): number | undefined {
  if (!value) return undefined
  const [a, b] = value.split(/[/:]/)
  const n = num(a)
  const d = b === undefined ? 1 : num(b)
  if (n === undefined || d === undefined || d === 0 || n <= 0) return undefined
  return n / d
}

function rotationOf(stream: FfprobeStream): number {
  const fromSide = stream.side_data_list?.map((s) => num(s.rotation)).find((r) => r !== undefined)
  const rotation = fromSide ?? num(stream.tags?.rotate) ?? 0
  return ((Math.round(rotation) % 360) + 360) % 360
}

function fpsOf(stream: FfprobeStream): number {
  for (const rate of [stream.avg_frame_rate, stream.r_frame_rate]) {
    const fps = parseRational(rate)
    if (fps !== undefined && fps <= 240) return Math.round(fps * 1000) / 1000
  }
  return DEFAULT_FPS
}

/**
 * Reads ffprobe's JSON (`-show_format -show_streams`) into what the ladder and the encoders need: the first
 * real video stream (cover art skipped) with its displayed size (a 90° rotation swaps width and height,
 * non-square pixels widen it), the first audio stream, and the duration (the container's, else the longest
 * stream's). Throws when the JSON is not a probe of a media file.
 */
export function parseProbe(json: unknown): ProbeResult {
  const data = (typeof json === 'string' ? JSON.parse(json) : json) as FfprobeOutput | null
  if (!data || typeof data !== 'object' || !data.format || !Array.isArray(data.streams)) {
    throw new Error('ffprobe output has no format or streams')
  }
  const streams = data.streams
  const v = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && s.width && s.height)
  const a = streams.find((s) => s.codec_type === 'audio')

  let video: ProbeVideo | null = null
  if (v?.width && v.height) {
    let width = v.width
    let height = v.height
    const sar = parseRational(v.sample_aspect_ratio)
    if (sar && Math.abs(sar - 1) > 0.01) width = Math.round(width * sar)
    if (rotationOf(v) % 180 === 90) [width, height] = [height, width]
    const bitRate = num(v.bit_rate)
    video = { width, height, fps: fpsOf(v), codec: v.codec_name ?? 'unknown', ...(bitRate ? { bitRate } : {}) }
  }
  const audio: ProbeAudio | null = a
    ? { codec: a.codec_name ?? 'unknown', channels: a.channels ?? 2, sampleRate: num(a.sample_rate) ?? 48000 }
    : null

  const streamDurations = streams.map((s) => num(s.duration) ?? 0)
  const durationSec = num(data.format.duration) ?? Math.max(0, ...streamDurations)
  return { durationSec, formatName: data.format.format_name ?? 'unknown', video, audio }
}

export interface ProbeOptions {
  signal?: AbortSignal
  timeoutMs?: number
  /** Read the file as this container only (`-f`): what a file someone uploaded is probed with once checked. */
  format?: string
  /** Run ffprobe in the sandbox, seeing only the file (a file someone uploaded). */
  sandboxed?: boolean
}

/**
 * Probes a server-owned media file with ffprobe (argument array, no shell, `file` protocol only) and returns
 * its duration, container and first video and audio streams. Rejects when ffprobe cannot read the file.
 */
export async function probe(file: string, options: ProbeOptions = {}): Promise<ProbeResult> {
  assertLocalFile(file)
  const target = options.sandboxed ? path.resolve(file) : file
  const format = options.format ? ['-f', options.format] : []
  const args = ['-v', 'error', '-protocol_whitelist', 'file', ...format, '-of', 'json', '-show_format', '-show_streams']
  return parseProbe(await ffprobeJson(target, [...args, target], options))
}

/** The video of one MPEG-TS segment, frame by frame: what a frame-accurate cut needs to know. */
export interface SegmentProbe {
  /** The file's start (the earliest packet of any stream), seconds in its own timestamps. */
  startTimeSec: number
  video: {
    codec: string
    /** ffprobe's profile name: 'Main', 'High', 'Constrained Baseline'… */
    profile: string
    /** H.264 level_idc (31 = 3.1). */
    level: number
    pixFmt: string
    width: number
    height: number
    fps: number
  }
  /** Presentation times of the video frames, ascending, seconds in the file's timestamps. */
  frames: number[]
  /** Presentation times of the keyframes, ascending. */
  keyframes: number[]
  /** How far decoding runs ahead of presentation (B-frame reordering): pts − dts of the first keyframe, seconds. */
  reorderSec: number
  hasAudio: boolean
  /** Start times of the first audio stream's packets (AAC frames), ascending; empty without audio. */
  audioPackets: number[]
}

interface FfprobePackets {
  streams?: (FfprobeStream & {
    index?: number
    profile?: string
    level?: number
    pix_fmt?: string
    time_base?: string
  })[]
  packets?: { stream_index?: number; pts?: number | string; dts?: number | string; flags?: string }[]
  format?: { start_time?: string }
}

/**
 * Reads ffprobe's JSON of one segment's video packets (`-show_packets` with pts, dts and flags, the stream
 * and the format's start time) into a `SegmentProbe`. The frame rate is the stream's when the frames'
 * spacing agrees with it, else the spacing's. Throws when there is no video or no frame.
 */
export function parseSegmentProbe(json: unknown): SegmentProbe {
  const data = (typeof json === 'string' ? JSON.parse(json) : json) as FfprobePackets | null
  const stream = data?.streams?.find((s) => s.codec_type === 'video' && s.width && s.height)
  if (!data || !stream) throw new Error('ffprobe found no video stream in the segment')
  const tb = parseRational(stream.time_base) ?? 1 / 90_000
  const packets = (data.packets ?? [])
    .filter((p) => p.stream_index === undefined || stream.index === undefined || p.stream_index === stream.index)
    .map((p) => ({ pts: num(p.pts), dts: num(p.dts), key: (p.flags ?? '').startsWith('K') }))
    .filter((p): p is { pts: number; dts: number | undefined; key: boolean } => p.pts !== undefined)
  if (packets.length === 0) throw new Error('ffprobe found no video frame in the segment')
  const frames = packets.map((p) => p.pts * tb).sort((a, b) => a - b)
  const keyframes = packets
    .filter((p) => p.key)
    .map((p) => p.pts * tb)
    .sort((a, b) => a - b)
  const firstKey = packets.find((p) => p.key)
  const reorderSec = firstKey?.dts !== undefined ? Math.max(0, (firstKey.pts - firstKey.dts) * tb) : 0
  const deltas = frames
    .slice(1)
    .map((t, i) => t - frames[i]!)
    .sort((a, b) => a - b)
  const median = deltas.length ? deltas[Math.floor(deltas.length / 2)]! : 0
  // And the mean: timestamps from FLV (an RTMP publish) are whole milliseconds, so 30 fps frames are 33
  // or 34 ms apart and 60 fps ones 16 or 17, whose median is 1–2 % off the rate while their mean is not.
  const mean = frames.length > 1 ? (frames.at(-1)! - frames[0]!) / (frames.length - 1) : 0
  const declared = fpsOf(stream)
  const rate = (spacing: number) => (spacing > 0 ? Math.round((1 / spacing) * 1000) / 1000 : declared)
  const near = (spacing: number, within: number) => Math.abs(rate(spacing) - declared) / declared < within
  const fps = near(mean, 0.005) || near(median, 0.01) ? declared : rate(median)
  const startTimeSec = num(data.format?.start_time) ?? frames[0]!
  const audio = data.streams!.find((s) => s.codec_type === 'audio')
  const audioTb = parseRational(audio?.time_base) ?? 1 / 90_000
  const audioPackets = (data.packets ?? [])
    .filter((p) => audio !== undefined && p.stream_index === audio.index)
    .map((p) => num(p.pts))
    .filter((t): t is number => t !== undefined)
    .map((t) => t * audioTb)
    .sort((a, b) => a - b)
  return {
    startTimeSec,
    video: {
      codec: stream.codec_name ?? 'unknown',
      profile: stream.profile ?? 'unknown',
      level: stream.level ?? 0,
      pixFmt: stream.pix_fmt ?? 'yuv420p',
      width: stream.width!,
      height: stream.height!,
      fps,
    },
    frames,
    keyframes,
    reorderSec,
    hasAudio: audio !== undefined,
    audioPackets,
  }
}

/** Probes one local MPEG-TS segment's video frames (pts, keyframes, reordering) and whether it has audio, with ffprobe. */
export async function probeSegment(
  file: string,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<SegmentProbe> {
  assertLocalFile(file)
  const args = [
    '-v',
    'error',
    '-protocol_whitelist',
    'file',
    '-of',
    'json',
    '-show_entries',
    'packet=stream_index,pts,dts,flags:stream=index,codec_type,codec_name,profile,level,pix_fmt,width,height,r_frame_rate,avg_frame_rate,time_base:format=start_time',
    file,
  ]
  return parseSegmentProbe(await ffprobeJson(file, args, options))
}

function ffprobeJson(
  file: string,
  args: string[],
  options: { signal?: AbortSignal; timeoutMs?: number; sandboxed?: boolean },
): Promise<string> {
  const binary = resolveFfprobe()
  const env = binaryEnv(binary)
  const sandbox = options.sandboxed ? { read: [path.resolve(file)], write: [] } : undefined
  const [command, commandArgs] = confine([binary, ...args], sandbox, binary, { GCONV_PATH: env.GCONV_PATH })
  return new Promise((resolve, reject) => {
    execFile(
      command,
      commandArgs,
      {
        signal: options.signal,
        timeout: options.timeoutMs ?? 60_000,
        maxBuffer: 64 * 1024 * 1024,
        windowsHide: true,
        env,
      },
      (error, stdout, stderr) => {
        if (error) {
          const detail = String(stderr).trim().slice(-2000)
          reject(new Error(`ffprobe failed for ${file}: ${detail || error.message}`, { cause: error }))
          return
        }
        resolve(stdout)
      },
    )
  })
}

/**
 * What one MPEG-TS segment lasts on a player's timeline: from its first frame to the end of its last
 * (the frames' span and one frame more).
 */
export async function segmentSeconds(file: string, options: { signal?: AbortSignal } = {}): Promise<number> {
  const p = await probeSegment(file, options)
  return p.frames.at(-1)! - p.frames[0]! + 1 / p.video.fps
}
