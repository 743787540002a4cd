import { execFile } from 'node:child_process'
import { binaryEnv, resolveFfprobe } from './binaries.js'
import { assertLocalFile } from './inputs.js'

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

/**
 * Probes a server-owned media file with ffprobe (argument array, no shell, `file` protocol only) and returns
 * its duration, container and first video and audio streams. Rejects when ffprobe cannot read the file.
 */
export async function probe(
  file: string,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<ProbeResult> {
  assertLocalFile(file)
  const args = ['-v', 'error', '-protocol_whitelist', 'file', '-of', 'json', '-show_format', '-show_streams', file]
  const binary = resolveFfprobe()
  return new Promise((resolve, reject) => {
    execFile(
      binary,
      args,
      {
        signal: options.signal,
        timeout: options.timeoutMs ?? 60_000,
        maxBuffer: 16 * 1024 * 1024,
        windowsHide: true,
        env: binaryEnv(binary),
      },
      (error, stdout, stderr) => {
        if (error) {
          const detail = String(stderr).trim().slice(-2000)
          reject(new Error(`ffprobe failed for ${file}: ${detail || error.message}`, { cause: error }))
          return
        }
        try {
          resolve(parseProbe(stdout))
        } catch (e) {
          reject(e)
        }
      },
    )
  })
}
