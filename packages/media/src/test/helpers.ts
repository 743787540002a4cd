import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { type Manifest, Parser } from 'm3u8-parser'
import { testFeedArgs } from '../args.js'
import { binaryEnv, resolveFfmpeg, resolveFfprobe } from '../binaries.js'
import { findFont } from '../fonts.js'
import { runFfmpeg } from '../runner.js'

/** A fresh temp folder for one test file. */
export function tempDir(prefix: string): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), `fh-media-${prefix}-`))
}

/** A tiny generated MP4 (test pattern, clock, score bug, tone) made with our own builder and runner. */
export async function makeFixture(
  file: string,
  options: { width?: number; height?: number; durationSec?: number; fps?: number } = {},
): Promise<string> {
  await runFfmpeg(
    testFeedArgs({
      output: file,
      durationSec: options.durationSec ?? 4,
      width: options.width ?? 640,
      height: options.height ?? 360,
      fps: options.fps ?? 25,
      realtime: false,
      title: 'Fixture',
      home: 'Home',
      away: 'Away',
      scoreTimeline: [{ atSec: 2, home: 1, away: 0 }],
      fontFile: findFont(),
      format: 'mp4',
    }),
  )
  return file
}

/** Parses an HLS playlist with a real parser (m3u8-parser, as video.js uses). */
export async function parsePlaylist(file: string): Promise<Manifest> {
  return parsePlaylistText(await fs.readFile(file, 'utf8'))
}

/** Parses HLS playlist text with the same real parser. */
export function parsePlaylistText(text: string): Manifest {
  const parser = new Parser()
  parser.push(text)
  parser.end()
  return parser.manifest
}

/** Whether a process id is still running. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Bits of the frame number a numbered fixture shows, as vertical stripes (least significant on the left). */
export const NUMBER_BITS = 10

/**
 * A camera-like H.264 (High, B-frames, a keyframe every `keyframeSec`) + AAC file whose every frame shows
 * its own number as black and white stripes (`readFrameNumbers`), with a 1 kHz beep during the first 0.1 s
 * of every second: the beep at second s starts exactly with frame s × fps.
 */
export async function makeNumberedFixture(
  file: string,
  options: { durationSec: number; fps?: number; width?: number; height?: number; keyframeSec?: number },
): Promise<string> {
  const { durationSec, fps = 25, width = 320, height = 180, keyframeSec = 1 } = options
  const stripes = `if(mod(floor(N/pow(2,floor(X*${NUMBER_BITS}/W))),2),235,16)`
  await runFfmpeg([
    '-hide_banner',
    '-nostdin',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=black:s=${width}x${height}:r=${fps}:d=${durationSec},format=gray,geq=lum='${stripes}',format=yuv420p`,
    '-f',
    'lavfi',
    '-i',
    `aevalsrc='if(lt(mod(t,1),0.1),0.5*sin(2*PI*1000*t),0)':s=48000:c=stereo:d=${durationSec}`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'high',
    '-g',
    String(Math.round(fps * keyframeSec)),
    '-keyint_min',
    String(Math.round(fps * keyframeSec)),
    '-sc_threshold',
    '0',
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-movflags',
    '+faststart',
    file,
  ])
  return file
}

/** Runs ffmpeg (tests only: decoding into memory) and returns what it wrote to stdout. */
export function ffmpegOutput(args: readonly string[]): Promise<Buffer> {
  const binary = resolveFfmpeg()
  return new Promise((resolve, reject) => {
    execFile(
      binary,
      ['-hide_banner', '-nostdin', '-v', 'error', ...args],
      { encoding: 'buffer', maxBuffer: 512 * 1024 * 1024, env: binaryEnv(binary) },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`ffmpeg failed: ${stderr.toString().slice(-2000)}`, { cause: error }))
        else resolve(stdout)
      },
    )
  })
}

/** The numbers shown by every decoded frame of a numbered fixture (or a clip of one), in order. */
export async function readFrameNumbers(input: string, inputArgs: readonly string[] = []): Promise<number[]> {
  const w = 160
  const h = 90
  const raw = await ffmpegOutput([
    ...inputArgs,
    '-i',
    input,
    '-map',
    '0:v:0',
    '-vsync',
    'passthrough',
    '-vf',
    `scale=${w}:${h}`,
    '-pix_fmt',
    'gray',
    '-f',
    'rawvideo',
    '-',
  ])
  const numbers: number[] = []
  for (let offset = 0; offset + w * h <= raw.length; offset += w * h) {
    let n = 0
    for (let bit = 0; bit < NUMBER_BITS; bit++) {
      const x = Math.floor(((bit + 0.5) * w) / NUMBER_BITS)
      if (raw[offset + (h / 2) * w + x]! > 128) n |= 1 << bit
    }
    numbers.push(n)
  }
  return numbers
}

/** The MD5 of every decoded video frame (ffmpeg's framemd5), in order. */
export async function frameHashes(input: string, inputArgs: readonly string[] = []): Promise<string[]> {
  const text = (
    await ffmpegOutput([...inputArgs, '-i', input, '-map', '0:v:0', '-vsync', 'passthrough', '-f', 'framemd5', '-'])
  ).toString()
  return text
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split(',').at(-1)!.trim())
}

/**
 * Times (seconds from the file's start, silence padded in before its first sample) where a beep starts in
 * the first audio stream: a sample above a tenth of full scale after at least 20 ms below it.
 */
export async function beepOnsets(input: string, inputArgs: readonly string[] = []): Promise<number[]> {
  const rate = 48_000
  const pcm = await ffmpegOutput([
    ...inputArgs,
    '-i',
    input,
    '-map',
    '0:a:0',
    '-af',
    'aresample=async=1:first_pts=0',
    '-ac',
    '1',
    '-ar',
    String(rate),
    '-f',
    's16le',
    '-',
  ])
  const onsets: number[] = []
  let quiet = rate
  for (let i = 0; i + 1 < pcm.length; i += 2) {
    const loud = Math.abs(pcm.readInt16LE(i)) > 3277
    if (loud && quiet >= rate / 50) onsets.push(i / 2 / rate)
    quiet = loud ? 0 : quiet + 1
  }
  return onsets
}

/** The H.264 parameter sets (SPS, PPS) of a file's video stream, as hex. */
export async function probeExtradata(file: string): Promise<string> {
  const binary = resolveFfprobe()
  const out = await new Promise<string>((resolve, reject) =>
    execFile(
      binary,
      ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=extradata', '-show_data', '-of', 'json', file],
      { env: binaryEnv(binary) },
      (e, stdout) => (e ? reject(e) : resolve(stdout)),
    ),
  )
  const dump = JSON.parse(out).streams[0].extradata as string
  const hex = dump
    .split('\n')
    .map((l) => l.slice(10, 49).replace(/\s/g, ''))
    .join('')
  // The MPEG-TS parser's extraction may keep a trailing zero byte.
  return hex.replace(/(00)+$/, '')
}

/** The start time of a file's first video and first audio stream (ffprobe), seconds. */
export async function streamStarts(file: string): Promise<{ video: number; audio: number }> {
  const binary = resolveFfprobe()
  const out = await new Promise<string>((resolve, reject) =>
    execFile(
      binary,
      [
        '-v',
        'error',
        '-protocol_whitelist',
        'file',
        '-show_entries',
        'stream=codec_type,start_time',
        '-of',
        'json',
        file,
      ],
      { env: binaryEnv(binary) },
      (e, stdout) => (e ? reject(e) : resolve(stdout)),
    ),
  )
  const streams = JSON.parse(out).streams as { codec_type: string; start_time: string }[]
  const start = (type: string) => Number(streams.find((s) => s.codec_type === type)?.start_time)
  return { video: start('video'), audio: start('audio') }
}
