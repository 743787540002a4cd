/**
 * What a file someone uploaded must be before ffmpeg encodes it (docs/security.md, "Uploads and
 * ffmpeg"): one of a few containers, read as that container and nothing else (`-f`, so a playlist,
 * a concat list or an image sequence cannot make a demuxer open other files), a declared length the
 * channel takes and the file's bytes can hold, and pictures without a long gap (an encode at a
 * constant frame rate would fill a ten-hour gap with a million frames). Every probe of the file runs
 * in the sandbox.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { binaryEnv, resolveFfprobe } from './binaries.js'
import { assertLocalFile } from './inputs.js'
import { type ProbeResult, probe } from './probe.js'
import { confine } from './sandbox.js'

/** ffprobe's `format_name` of each container an upload may be, and the demuxer that reads it alone. */
export const UPLOAD_INPUT_FORMATS: Readonly<Record<string, string>> = {
  'mov,mp4,m4a,3gp,3g2,mj2': 'mov',
  'matroska,webm': 'matroska',
  mpegts: 'mpegts',
  flv: 'flv',
  avi: 'avi',
}

/** The demuxer to pin for a probed `format_name`; null for a container uploads may not be. */
export function inputFormatOf(formatName: string): string | null {
  return Object.hasOwn(UPLOAD_INPUT_FORMATS, formatName) ? UPLOAD_INPUT_FORMATS[formatName]! : null
}

/**
 * The fewest bits a second of real video takes (8 kbit/s: a still picture in a tiny frame). A file
 * that declares more seconds than its bytes hold at this rate declares a length it does not have.
 */
export const MIN_VIDEO_BITS_PER_SECOND = 8_000

/** The longest stretch without a picture a video may have (a camera's restart, a dropped feed). */
export const MAX_PICTURE_GAP_SEC = 5

/** The seconds a file of `bytes` can really hold: what bounds an encode's wall-clock limit too. */
export const plausibleSecondsOf = (bytes: number) => (bytes * 8) / MIN_VIDEO_BITS_PER_SECOND

export type UploadRefusal =
  | { reason: 'not-video' }
  | { reason: 'too-long'; durationSec: number; maxDurationSec: number }
  | { reason: 'too-few-bytes'; durationSec: number }
  | { reason: 'gap'; gapSec: number; atSec: number }
  | { reason: 'format-changed'; was: string; now: string }

/** A checked upload: its probe, read as `format`. */
export interface CheckedUpload {
  probe: ProbeResult
  /** ffprobe's name of the container, as the allow-list has it. */
  formatName: string
  /** The demuxer every ffmpeg and ffprobe run on the file is given (`-f`). */
  format: string
}

export class UploadRefused extends Error {
  override name = 'UploadRefused'
  constructor(readonly refusal: UploadRefusal) {
    super(`upload refused: ${refusal.reason}`)
  }
}

/**
 * The quick check when the last byte is in: the container (probed without a hint, then again pinned to
 * the demuxer the allow-list names, and both must agree and find a picture), the declared length
 * against the channel's longest and against the bytes. `expectFormatName`: the container an earlier
 * check accepted (the encode's own check must see the same). Throws `UploadRefused`.
 */
export async function checkUpload(
  file: string,
  options: { bytes: number; maxDurationSec: number; expectFormatName?: string; signal?: AbortSignal },
): Promise<CheckedUpload> {
  const opts = { sandboxed: true, signal: options.signal }
  const open = await probe(file, opts).catch(() => null)
  const formatName = open?.formatName ?? ''
  const format = inputFormatOf(formatName)
  if (!open || !format) throw new UploadRefused({ reason: 'not-video' })
  if (options.expectFormatName !== undefined && options.expectFormatName !== formatName) {
    throw new UploadRefused({ reason: 'format-changed', was: options.expectFormatName, now: formatName })
  }
  const pinned = await probe(file, { ...opts, format }).catch(() => null)
  if (!pinned?.video || pinned.formatName !== formatName) throw new UploadRefused({ reason: 'not-video' })
  const durationSec = Math.max(pinned.durationSec, open.durationSec)
  if (durationSec > options.maxDurationSec) {
    throw new UploadRefused({ reason: 'too-long', durationSec, maxDurationSec: options.maxDurationSec })
  }
  if (durationSec > plausibleSecondsOf(options.bytes)) throw new UploadRefused({ reason: 'too-few-bytes', durationSec })
  return { probe: pinned, formatName, format }
}

/** The video packets' times of a file: the first and last, and the longest gap between two. */
export interface PictureTimes {
  packets: number
  firstSec: number
  lastSec: number
  maxGapSec: number
  /** Where the longest gap begins, seconds from the first picture. */
  maxGapAtSec: number
}

/** Reads ffprobe's `-show_entries packet=pts_time,dts_time -of csv=p=0` lines as they stream in. */
export function pictureTimesReader() {
  const times: number[] = []
  let partial = ''
  const take = (line: string) => {
    const [pts, dts] = line.split(',')
    const t = Number(pts !== undefined && pts !== '' && pts !== 'N/A' ? pts : dts)
    if (line.trim() && Number.isFinite(t)) times.push(t)
  }
  return {
    push(chunk: string) {
      const lines = (partial + chunk).split('\n')
      partial = lines.pop() ?? ''
      for (const line of lines) take(line)
    },
    end(): PictureTimes | null {
      take(partial)
      partial = ''
      if (times.length === 0) return null
      times.sort((a, b) => a - b)
      let maxGapSec = 0
      let maxGapAt = times[0]!
      for (let i = 1; i < times.length; i++) {
        const gap = times[i]! - times[i - 1]!
        if (gap > maxGapSec) {
          maxGapSec = gap
          maxGapAt = times[i - 1]!
        }
      }
      return {
        packets: times.length,
        firstSec: times[0]!,
        lastSec: times.at(-1)!,
        maxGapSec,
        maxGapAtSec: maxGapAt - times[0]!,
      }
    },
  }
}

/**
 * The picture times of a checked upload, read packet by packet (no decoding) as `format`, in the
 * sandbox. Rejects when ffprobe fails or finds no picture.
 */
export function scanPictureTimes(
  file: string,
  options: { format: string; signal?: AbortSignal; timeoutMs?: number },
): Promise<PictureTimes> {
  assertLocalFile(file)
  const target = path.resolve(file)
  const binary = resolveFfprobe()
  const env = binaryEnv(binary)
  const args = [
    '-v',
    'error',
    '-protocol_whitelist',
    'file',
    '-f',
    options.format,
    '-select_streams',
    'v:0',
    '-show_entries',
    'packet=pts_time,dts_time',
    '-of',
    'csv=p=0',
    target,
  ]
  const [command, commandArgs] = confine([binary, ...args], { read: [target], write: [] }, binary, {
    GCONV_PATH: env.GCONV_PATH,
  })
  return new Promise((resolve, reject) => {
    const reader = pictureTimesReader()
    let stderr = ''
    const proc = spawn(command, commandArgs, {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      signal: options.signal,
      timeout: options.timeoutMs ?? 600_000,
    })
    proc.stdout.setEncoding('utf8').on('data', (c: string) => reader.push(c))
    proc.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderr = (stderr + c).slice(-2000)
    })
    proc.on('error', reject)
    proc.on('close', (code, signal) => {
      const times = reader.end()
      if (code !== 0 || !times) {
        reject(new Error(`ffprobe could not read the pictures of ${file}: ${stderr.trim() || code || signal}`))
      } else resolve(times)
    })
  })
}

/**
 * The encode's own check of an upload (the job, before ffmpeg runs): the quick check again, which
 * must see the container the upload's check accepted, then every picture's time: a gap longer than
 * `MAX_PICTURE_GAP_SEC`, or pictures spanning more than the channel's longest, are refused. Answers the
 * duration to encode by (the pictures' span when the container says more) and the format to pin.
 */
export async function checkUploadForEncode(
  file: string,
  options: { bytes: number; maxDurationSec: number; expectFormatName: string; signal?: AbortSignal },
): Promise<CheckedUpload & { pictures: PictureTimes }> {
  const checked = await checkUpload(file, options)
  const pictures = await scanPictureTimes(file, { format: checked.format, signal: options.signal })
  if (pictures.maxGapSec > MAX_PICTURE_GAP_SEC) {
    throw new UploadRefused({ reason: 'gap', gapSec: pictures.maxGapSec, atSec: pictures.maxGapAtSec })
  }
  const span = pictures.lastSec - pictures.firstSec
  if (span > options.maxDurationSec) {
    throw new UploadRefused({ reason: 'too-long', durationSec: span, maxDurationSec: options.maxDurationSec })
  }
  return { ...checked, pictures }
}
