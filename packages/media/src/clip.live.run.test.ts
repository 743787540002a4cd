/**
 * Clips of live recordings at every common frame rate, exact to the frame wherever a player puts the
 * asked time: a numbered camera feed (each frame shows its number, a beep at every second) is muxed
 * into FLV, as an RTMP publish arrives (1 ms timestamps), and written by our live writer into 1-s
 * segments; clips are cut at random unaligned times and one and two frames before a segment boundary.
 * The same recordings are cut again with the EXTINF values ffmpeg 4.1's HLS muxer writes (1 % short at
 * 30 fps) and with timestamps two hours into a game: the clip follows the frames' timestamps, as a
 * player does, not the EXTINF sum.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { liveHlsArgs, liveHlsDirs } from './args.js'
import { cutClip } from './clip.js'
import { parseMediaPlaylist, playlistSeconds, withLastSegmentSeconds } from './hls.js'
import { probe, segmentSeconds } from './probe.js'
import { runFfmpeg } from './runner.js'
import { beepOnsets, makeNumberedFixture, readFrameNumbers, streamStarts, tempDir } from './test/helpers.js'

const SECONDS = 12
const RATES = [25, 30000 / 1001, 30, 60] as const
const label = (fps: number) => (Number.isInteger(fps) ? String(fps) : fps.toFixed(2))

/** A pseudo-random sequence that is the same on every run (a failure can be replayed). */
function seeded(seed: number) {
  let s = seed
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648
    return s / 2_147_483_648
  }
}

let dir: string
beforeAll(async () => {
  dir = await tempDir('clip-live')
})
afterAll(() => fs.rm(dir, { recursive: true, force: true }))

interface Recording {
  fps: number
  playlist: string
  /** Where each beep starts against the frame of its second in the recording itself (its own A/V offset). */
  avOffset: number
}

/**
 * Each beep's start against the source time of the second it marks, for a file whose first frame is
 * number `first`: the source's frame n is at n / fps, the beep of second s at s.
 */
async function avOffsets(file: string, first: number, fps: number, inputArgs: string[] = []): Promise<number[]> {
  const starts = await streamStarts(file)
  const videoAt = starts.video - Math.min(starts.video, Number.isFinite(starts.audio) ? starts.audio : starts.video)
  const offsets: number[] = []
  for (const t of await beepOnsets(file, inputArgs)) {
    if (t < 0.05) continue
    const second = Math.round(first / fps + t - videoAt)
    offsets.push(t - (videoAt + second - first / fps))
  }
  return offsets
}

/**
 * A live recording of `seconds` of numbered feed at `fps`, as the RTMP ingest writes it: FLV (with
 * timestamps starting `offsetSec` in), then our live writer's 1-s segments. `extinf` rewrites the
 * playlist's EXTINF values (what another encoder might write).
 */
async function record(fps: number, options: { offsetSec?: number; extinf?: (d: number) => number; name: string }) {
  const base = path.join(dir, options.name)
  await fs.mkdir(base, { recursive: true })
  const camera = await makeNumberedFixture(path.join(base, 'camera.mp4'), { durationSec: SECONDS, fps })
  const flv = path.join(base, 'publish.flv')
  await runFfmpeg([
    '-hide_banner',
    '-nostdin',
    '-y',
    '-protocol_whitelist',
    'file',
    '-i',
    camera,
    '-c',
    'copy',
    ...(options.offsetSec ? ['-output_ts_offset', String(options.offsetSec)] : []),
    '-f',
    'flv',
    flv,
  ])
  const out = path.join(base, 'live')
  for (const d of liveHlsDirs(null)) await fs.mkdir(path.join(out, d), { recursive: true })
  await runFfmpeg(liveHlsArgs({ input: flv, outDir: out }), { useSlot: false })
  const playlist = path.join(out, 'source', 'index.m3u8')
  if (options.extinf) {
    const text = await fs.readFile(playlist, 'utf8')
    await fs.writeFile(
      playlist,
      text.replace(/^#EXTINF:([\d.]+),/gm, (_, d: string) => `#EXTINF:${options.extinf!(Number(d)).toFixed(6)},`),
    )
  }
  // The recording's own A/V offset, decoded from a closed copy (ffmpeg waits on an open playlist).
  const closed = path.join(out, 'source', 'closed.m3u8')
  await fs.writeFile(closed, `${await fs.readFile(playlist, 'utf8')}#EXT-X-ENDLIST\n`)
  const args = ['-protocol_whitelist', 'file']
  const numbers = await readFrameNumbers(closed, args)
  expect(numbers[0]).toBe(0)
  const offsets = await avOffsets(closed, 0, fps, args)
  expect(offsets.length).toBeGreaterThan(5)
  const avOffset = offsets.reduce((a, b) => a + b, 0) / offsets.length
  return { fps, playlist, avOffset } satisfies Recording
}

/** Cuts a clip and checks its frames against the asked times, and its audio against its pictures. */
async function cutAndCheck(rec: Recording, startSec: number, durationSec: number) {
  const { fps } = rec
  const name = `${startSec.toFixed(4)}-${durationSec.toFixed(3)}`
  const outDir = path.join(path.dirname(rec.playlist), '..', `clip-${name}`)
  const result = await cutClip({ playlist: rec.playlist, startSec, durationSec, outDir })
  const what = `${label(fps)} fps: ${startSec.toFixed(3)} s + ${durationSec.toFixed(3)} s`
  const mp4 = path.join(outDir, 'clip.mp4')
  const frames = Math.round(durationSec * fps)
  const numbers = await readFrameNumbers(mp4)
  // The frame a player shows at the asked time (frame n is at n / fps), within one frame.
  expect(Math.abs(numbers[0]! / fps - startSec), what).toBeLessThanOrEqual(1 / fps + 1e-9)
  // The count, none dropped or repeated.
  expect(numbers, what).toEqual(numbers.map((_, i) => numbers[0]! + i))
  expect(numbers.length, what).toBe(frames)
  expect(result.frames, what).toBe(frames)
  // The video track lasts its frames (track header and media header alike), within half a frame.
  const info = await probe(mp4)
  expect(Math.abs(info.durationSec - frames / fps), what).toBeLessThan(0.5 / fps + 1e-6)
  const track = await videoTrackSeconds(mp4)
  expect(Math.abs(track - frames / fps), `${what}: video track`).toBeLessThan(0.5 / fps + 1e-6)
  // Audio in step with the pictures as in the recording, within 11 ms.
  const offsets = await avOffsets(mp4, numbers[0]!, fps)
  for (const o of offsets) expect(Math.abs(o - rec.avOffset), `${what}: A/V`).toBeLessThan(0.011)
  return numbers[0]!
}

/** The video stream's own duration as ffprobe reads it from the MP4's media header. */
async function videoTrackSeconds(file: string): Promise<number> {
  const { execFile } = await import('node:child_process')
  const { binaryEnv, resolveFfprobe } = await import('./binaries.js')
  const binary = resolveFfprobe()
  const out = await new Promise<string>((resolve, reject) =>
    execFile(
      binary,
      ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=duration', '-of', 'csv=p=0', file],
      { env: binaryEnv(binary) },
      (e, stdout) => (e ? reject(e) : resolve(stdout)),
    ),
  )
  return Number(out.trim())
}

/** Segment boundaries of the playlist's first frames, as a player places them (frame n at n / fps). */
async function boundaries(rec: Recording): Promise<number[]> {
  const segments = parseMediaPlaylist(await fs.readFile(rec.playlist, 'utf8'))
  // The live writer cuts at each keyframe, one a second: segment k opens on frame round(k × fps).
  return segments.slice(1, -1).map((_, k) => Math.round((k + 1) * rec.fps) / rec.fps)
}

describe.each(RATES)('clips of a live recording at %s fps', { timeout: 240_000 }, (fps) => {
  let rec: Recording
  beforeAll(async () => {
    rec = await record(fps, { name: `plain-${label(fps)}` })
  }, 120_000)

  it('starts on the frame a player shows at random unaligned times, with every frame and the audio in step', async () => {
    const random = seeded(Math.round(fps * 1000))
    for (let i = 0; i < 3; i++) await cutAndCheck(rec, 0.3 + random() * 6, 1.2 + random() * 4)
  })

  it('starts right one and two frames before a segment boundary, whatever the head’s length', async () => {
    const [, second] = await boundaries(rec)
    for (const before of [1, 2]) {
      const start = second! - before / fps
      const first = await cutAndCheck(rec, start, 2)
      expect(first).toBe(Math.round(start * fps))
    }
  })

  it('holds the whole recording: its length is what was sent, and a clip can end with its last frame', async () => {
    await cutAndCheck(rec, SECONDS - 2.5, 2.5)
    // The recording ends as the live service ends it: its last segment as long as its frames.
    const text = await fs.readFile(rec.playlist, 'utf8')
    const listed = parseMediaPlaylist(text)
    const last = path.join(path.dirname(rec.playlist), listed.at(-1)!.uri)
    const ended = withLastSegmentSeconds(text, await segmentSeconds(last)) ?? text
    expect(Math.abs(playlistSeconds(ended) - SECONDS)).toBeLessThanOrEqual(1 / fps + 1e-6)
  })
})

describe('clips follow the timestamps, not the EXTINF sum', { timeout: 240_000 }, () => {
  it('at 30 fps with 1 % short EXTINF values (ffmpeg 4.1) and a clock two hours into the game', async () => {
    const rec = await record(30, { name: 'shifted-30', offsetSec: 7200, extinf: (d) => d * 0.99 })
    const random = seeded(4242)
    for (let i = 0; i < 3; i++) await cutAndCheck(rec, 0.3 + random() * 8, 1.5 + random() * 2)
    // Past the sum of the short EXTINF values (11.88 s): the recording still holds its last frames.
    await cutAndCheck(rec, SECONDS - 1.5, 1.5)
  })
})
