/**
 * Frame-accurate clips cut with real ffmpeg from renditions our own pipelines wrote: a finished VOD
 * rendition (x264 Main, 2 s segments) and a live recording still in progress (the source passed through,
 * x264 High with B-frames, 1 s segments, no #EXT-X-ENDLIST). The fixture shows each frame's number and
 * beeps at every second, so the tests read which frames a clip holds and where its audio sits.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hlsRenditionArgs, liveHlsArgs, liveHlsDirs } from './args.js'
import { ClipRangeError, type CutClipResult, cutClip } from './clip.js'
import { parseMediaPlaylist } from './hls.js'
import { planLadder } from './ladder.js'
import { probe } from './probe.js'
import { FfmpegError, runFfmpeg } from './runner.js'
import {
  beepOnsets,
  ffmpegOutput,
  frameHashes,
  makeNumberedFixture,
  parsePlaylist,
  probeExtradata,
  readFrameNumbers,
  streamStarts,
  tempDir,
} from './test/helpers.js'

const FPS = 25
let dir: string
let vod: string
let live: string
/** The live lower rendition ffmpeg encodes as the game goes (x264 ultrafast, Constrained Baseline, no B-frames). */
let lower: string
/** What each source holds, by the number its frames show: their hash and their time; and its audio's offset. */
interface Source {
  hashes: Map<number, string>
  times: Map<number, number>
  /** Where each beep starts relative to the frame of its second (the source's own A/V offset), seconds. */
  avOffset: number
}
const sources = new Map<string, Source>()

/** A pseudo-random sequence that is the same on every run (a failure can be replayed). */
function seeded(seed: number) {
  let s = seed
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648
    return s / 2_147_483_648
  }
}

/**
 * Where each beep starts relative to the frame of its second: the frames' numbers give their time in the
 * decoded timeline (index / fps after the video's start), the beeps theirs.
 */
async function avOffsets(file: string, numbers: number[], inputArgs: string[] = []): Promise<number[]> {
  const starts = await streamStarts(file)
  // Decoded audio is padded from the earliest stream's start; the video's first frame is at its own start.
  const videoAt = starts.video - Math.min(starts.video, Number.isFinite(starts.audio) ? starts.audio : starts.video)
  const onsets = await beepOnsets(file, inputArgs)
  const offsets: number[] = []
  for (const t of onsets) {
    const second = Math.round(numbers[0]! / FPS + t - videoAt)
    const index = numbers.indexOf(second * FPS)
    if (index >= 0 && t > 0.05) offsets.push(t - (videoAt + index / FPS))
  }
  return offsets
}

async function describeSource(playlist: string): Promise<Source> {
  const args = ['-protocol_whitelist', 'file']
  const [numbers, hashes] = await Promise.all([readFrameNumbers(playlist, args), frameHashes(playlist, args)])
  // Each number once, in order (a frame-rate filter may repeat the very first one).
  expect(new Set(numbers.slice(2)).size).toBe(numbers.length - 2)
  const times = new Map<number, number>()
  const byNumber = new Map<number, string>()
  for (const [i, n] of numbers.entries()) {
    if (!times.has(n)) times.set(n, i / FPS)
    byNumber.set(n, hashes[i]!)
  }
  const offsets = await avOffsets(playlist, numbers, args)
  expect(offsets.length).toBeGreaterThan(5)
  const avOffset = offsets.reduce((a, b) => a + b, 0) / offsets.length
  for (const o of offsets) expect(Math.abs(o - avOffset)).toBeLessThan(0.003)
  return { hashes: byNumber, times, avOffset }
}

beforeAll(async () => {
  dir = await tempDir('clip')
  const fixture = await makeNumberedFixture(path.join(dir, 'camera.mp4'), { durationSec: 16, fps: FPS })

  // VOD: our ladder's encode of the lowest rendition, 2 s segments.
  const vodDir = path.join(dir, 'vod')
  await fs.mkdir(vodDir)
  const rendition = planLadder(await probe(fixture)).at(-1)!
  await runFfmpeg(hlsRenditionArgs({ input: fixture, outDir: vodDir, rendition, hasAudio: true }))
  vod = path.join(vodDir, 'index.m3u8')

  // Live: the camera's stream passed through into 1-s segments; the recording is cut off after 12 s, its
  // playlist left open, as ffmpeg leaves it while the game goes on (later segments are not listed yet).
  const liveDir = path.join(dir, 'live')
  const lowerRendition = { ...rendition, name: '144p', width: 256, height: 144 }
  for (const d of liveHlsDirs(lowerRendition)) await fs.mkdir(path.join(liveDir, d), { recursive: true })
  await runFfmpeg(liveHlsArgs({ input: fixture, outDir: liveDir, lowerRendition }), { useSlot: false })
  lower = path.join(liveDir, '144p', 'index.m3u8')
  live = path.join(liveDir, 'source', 'index.m3u8')
  const text = await fs.readFile(live, 'utf8')
  const lines = text.split('\n')
  const cut = lines.findIndex((l, i) => i > 0 && l.startsWith('#EXTINF') && sum(lines.slice(0, i)) >= 12 - 1e-6)
  const listed = `${lines.slice(0, cut).join('\n')}\n`
  await fs.writeFile(live, listed)

  sources.set(vod, await describeSource(vod))
  sources.set(lower, await describeSource(lower))
  // ffmpeg would wait for more segments of an open playlist: the reference decodes a closed copy.
  const closed = path.join(liveDir, 'source', 'closed.m3u8')
  await fs.writeFile(closed, `${listed}#EXT-X-ENDLIST\n`)
  sources.set(live, await describeSource(closed))
}, 120_000)
afterAll(() => fs.rm(dir, { recursive: true, force: true }))

function sum(lines: string[]): number {
  return lines.filter((l) => l.startsWith('#EXTINF:')).reduce((n, l) => n + Number.parseFloat(l.slice(8)), 0)
}

/** Cuts a clip and checks everything a viewer and the share page get. */
async function cutAndCheck(playlist: string, startSec: number, durationSec: number): Promise<CutClipResult> {
  const outDir = path.join(dir, `out-${path.basename(path.dirname(playlist))}-${startSec}-${durationSec}`)
  const progress: number[] = []
  const result = await cutClip({ playlist, startSec, durationSec, outDir, onProgress: (r) => progress.push(r) })
  const label = `${path.basename(path.dirname(playlist))} ${startSec.toFixed(3)} s + ${durationSec.toFixed(3)} s`
  const mp4 = path.join(outDir, 'clip.mp4')

  // Exactly duration × fps frames, consecutive, starting at the frame nearest the asked start.
  const frames = Math.round(durationSec * FPS)
  expect(result, label).toMatchObject({ frames, fps: FPS, durationSec: frames / FPS })
  const numbers = await readFrameNumbers(mp4)
  expect(numbers, label).toHaveLength(frames)
  const first = numbers[0]!
  expect(numbers, label).toEqual(numbers.map((_, i) => first + i))
  const source = sources.get(playlist)!
  expect(Math.abs(source.times.get(first)! - startSec), label).toBeLessThanOrEqual(1 / FPS + 1e-9)

  // The copied middle is the source's frames bit for bit; the edges decode as the right pictures.
  const hashes = await frameHashes(mp4)
  const middle = hashes.slice(result.headFrames, frames - result.tailFrames)
  const copied = numbers.slice(result.headFrames, frames - result.tailFrames)
  expect(middle, label).toEqual(copied.map((n) => source.hashes.get(n)))
  expect(result.headFrames + result.tailFrames + middle.length, label).toBe(frames)

  // Decodes without a single error, MP4 with faststart (moov before mdat), duration within one frame.
  await ffmpegOutput(['-xerror', '-i', mp4, '-f', 'null', '-'])
  const info = await probe(mp4)
  expect(info.formatName, label).toContain('mp4')
  expect(info.video, label).toMatchObject({ codec: 'h264', width: result.width, height: result.height })
  expect(Math.abs(info.durationSec - frames / FPS), label).toBeLessThanOrEqual(1 / FPS + 1e-9)
  const head = (await fs.readFile(mp4)).subarray(0, 64 * 1024).toString('latin1')
  expect(head.indexOf('moov'), label).toBeGreaterThan(0)
  expect(head.indexOf('moov'), label).toBeLessThan(head.indexOf('mdat') === -1 ? Infinity : head.indexOf('mdat'))
  expect((await fs.stat(mp4)).size).toBe(result.bytes)

  // Audio present and in sync: each beep starts where it does in the source against the frame of its
  // second, within 5 ms (the source's own offset is a few ms: AAC priming, its pipeline).
  expect(info.audio?.codec, label).toBe('aac')
  const offsets = await avOffsets(mp4, numbers)
  const beeps = Math.floor((first + frames - 1) / FPS) - Math.ceil((first + 2) / FPS) + 1
  expect(offsets.length, label).toBe(beeps)
  for (const o of offsets) expect(Math.abs(o - source.avOffset), label).toBeLessThan(0.011)

  // The poster and the share page's HLS, which plays the same frames.
  const poster = await probe(path.join(outDir, 'poster.jpg'))
  expect(poster.video?.codec).toBe('mjpeg')
  const hls = await parsePlaylist(path.join(outDir, 'hls', 'index.m3u8'))
  expect(hls.playlistType).toBe('VOD')
  expect(hls.endList).toBe(true)
  const listed = hls.segments.reduce((n, s) => n + s.duration, 0)
  expect(Math.abs(listed - frames / FPS), label).toBeLessThan(0.1)
  const hlsNumbers = await readFrameNumbers(path.join(outDir, 'hls', 'index.m3u8'), ['-protocol_whitelist', 'file'])
  expect(hlsNumbers, label).toEqual(numbers)

  // Nothing else left in the folder; progress ends at 1.
  expect((await fs.readdir(outDir)).sort()).toEqual(['clip.mp4', 'hls', 'poster.jpg'])
  expect(progress.at(-1)).toBe(1)
  for (let i = 1; i < progress.length; i++) expect(progress[i]!).toBeGreaterThanOrEqual(progress[i - 1]!)
  return result
}

describe('cutClip from a finished VOD rendition', { timeout: 120_000 }, () => {
  it('cuts clips at random unaligned times, frame-exact, the middle copied', async () => {
    const random = seeded(15)
    for (let i = 0; i < 3; i++) {
      const start = 0.3 + random() * 7
      const duration = 2.5 + random() * 5
      const result = await cutAndCheck(vod, start, duration)
      expect(result.copiedSegments + (result.headFrames ? 1 : 0)).toBeGreaterThanOrEqual(1)
    }
  })

  it('cuts on segment boundaries by copy alone, and inside one segment by one re-encode', async () => {
    expect(await cutAndCheck(vod, 4, 4)).toMatchObject({ headFrames: 0, tailFrames: 0, copiedSegments: 2 })
    expect(await cutAndCheck(vod, 6.37, 1.1)).toMatchObject({ headFrames: 28, tailFrames: 0, copiedSegments: 0 })
  })

  it('cuts clips that hold no whole segment: two partial segments, inside one segment, one whole segment', async () => {
    // 1 s → 3 s: the second half of segment 0 and the first half of segment 1, nothing copied.
    expect(await cutAndCheck(vod, 1, 2)).toMatchObject({ headFrames: 25, tailFrames: 25, copiedSegments: 0 })
    // 0.5 s → 1.5 s: start and end inside segment 0.
    expect(await cutAndCheck(vod, 0.5, 1)).toMatchObject({ headFrames: 25, tailFrames: 0, copiedSegments: 0 })
    // 2 s → 4 s: exactly segment 1, copied alone.
    expect(await cutAndCheck(vod, 2, 2)).toMatchObject({ headFrames: 0, tailFrames: 0, copiedSegments: 1 })
    // 3.3 s → 4.7 s: across one boundary, short.
    expect(await cutAndCheck(vod, 3.3, 1.4)).toMatchObject({ headFrames: 18, tailFrames: 17, copiedSegments: 0 })
  })

  it('re-encodes edges with the same parameter sets as the source (one decoder setup for the whole clip)', async () => {
    const outDir = path.join(dir, 'sps')
    await cutClip({ playlist: vod, startSec: 2.52, durationSec: 3, outDir })
    const source = await probeExtradata(path.join(path.dirname(vod), 'seg_00001.ts'))
    // The clip's first HLS segment opens with the re-encoded head.
    const clip = await probeExtradata(path.join(outDir, 'hls', 'seg_000.ts'))
    expect(source.length).toBeGreaterThan(8)
    expect(clip).toBe(source)
  })
})

describe('cutClip from a live recording in progress', { timeout: 120_000 }, () => {
  it('cuts clips at random unaligned times from the segments listed so far', async () => {
    const random = seeded(1015)
    for (let i = 0; i < 2; i++) {
      const start = 0.2 + random() * 5
      await cutAndCheck(live, start, 1.5 + random() * 5)
    }
  })

  it('cuts clips that hold no whole segment (1-s segments, B-frames): two partial segments, inside one', async () => {
    expect(await cutAndCheck(live, 0.5, 1)).toMatchObject({ copiedSegments: 0 })
    expect(await cutAndCheck(live, 3.2, 0.5)).toMatchObject({ headFrames: 13, tailFrames: 0, copiedSegments: 0 })
    expect(await cutAndCheck(lower, 1.5, 1)).toMatchObject({ copiedSegments: 0 })
    expect(await cutAndCheck(lower, 2.1, 0.6)).toMatchObject({ copiedSegments: 0 })
  })

  it('cuts the lower rendition encoded live (Baseline, no B-frames)', async () => {
    const random = seeded(2015)
    const result = await cutAndCheck(lower, 0.2 + random() * 4, 3 + random() * 4)
    expect(result).toMatchObject({ width: 256, height: 144 })
    expect(result.copiedSegments).toBeGreaterThanOrEqual(1)
  })

  it('cuts up to the end of the last listed segment, and refuses past it before writing anything', async () => {
    const listed = parseMediaPlaylist(await fs.readFile(live, 'utf8'))
    const available = listed.reduce((n, s) => n + s.durationSec, 0)
    expect(available).toBeGreaterThan(11.9)
    expect(available).toBeLessThan(13)
    await cutAndCheck(live, available - 3.3, 3.3)

    const outDir = path.join(dir, 'refused')
    const error = await cutClip({ playlist: live, startSec: available - 2, durationSec: 2.5, outDir }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ClipRangeError)
    expect((error as ClipRangeError).availableSec).toBeCloseTo(available, 3)
    await expect(fs.readdir(outDir)).rejects.toMatchObject({ code: 'ENOENT' })
  })
})

describe('cutClip, stopped', { timeout: 60_000 }, () => {
  it('aborts: ffmpeg is killed and no file is left under the final names', async () => {
    const outDir = path.join(dir, 'aborted')
    const ac = new AbortController()
    const error = await cutClip({
      playlist: vod,
      startSec: 1.1,
      durationSec: 12,
      outDir,
      signal: ac.signal,
      onProgress: (r) => {
        if (r > 0.1 && r < 1) ac.abort()
      },
    }).catch((e: unknown) => e)
    // By the time the cut says so, every ffmpeg it started has ended: none still writes into the folder.
    const { stdout } = await promisify(execFile)('ps', ['-eo', 'args'])
    expect(stdout.split('\n').filter((line) => line.includes(outDir))).toEqual([])
    expect(error).toBeInstanceOf(FfmpegError)
    expect((error as FfmpegError).reason).toBe('cancelled')
    expect(await fs.readdir(outDir)).toEqual([])
  })

  it('a retry clears what a crashed run left and cuts into the same folder', async () => {
    const outDir = path.join(dir, 'crashed')
    await fs.mkdir(path.join(outDir, '.cut-999-dead', 'hls'), { recursive: true })
    await fs.writeFile(path.join(outDir, '.cut-999-dead', 'clip.mp4'), 'half a file')
    await cutClip({ playlist: vod, startSec: 3, durationSec: 2, outDir })
    expect((await fs.readdir(outDir)).sort()).toEqual(['clip.mp4', 'hls', 'poster.jpg'])
  })
})
