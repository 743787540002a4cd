import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { pinInputFormat } from './args/common.js'
import { planSprite, posterArgs, previewArgs, spriteArgs, thumbnailsVtt } from './args/images.js'
import { hlsRenditionArgs } from './args/vod.js'
import { type MasterPlaylistEntry, masterPlaylist, parseMediaPlaylist } from './hls.js'
import { planLadder, type Rendition } from './ladder.js'
import { probe } from './probe.js'
import { runFfmpeg, wallClockLimitMs } from './runner.js'

export const MASTER_PLAYLIST = 'master.m3u8'
export const POSTER_FILE = 'poster.jpg'
export const THUMBNAILS_DIR = 'thumbnails'
export const THUMBNAILS_VTT = `${THUMBNAILS_DIR}/thumbnails.vtt`
export const SPRITE_FILE = `${THUMBNAILS_DIR}/sprite.jpg`
export const PREVIEW_FILE = 'preview.mp4'

/** Told after each rendition has been moved into place and the master playlist lists it. */
export interface RenditionReady {
  /** The rendition just published ('360p'). */
  name: string
  /** Every published rendition, highest first. */
  ready: string[]
  /** The master playlist, relative to `finalDir`. */
  master: string
}

export interface TranscodeOptions {
  /** A server-owned source file. */
  input: string
  /** Where the published asset lives; created when the first rendition is ready. */
  finalDir: string
  /** A folder on the same filesystem as `finalDir` for work in progress. */
  tmpRoot: string
  signal?: AbortSignal
  /** Overall 0–100 (never goes back) and the current stage: 'probe', a rendition name, 'poster', 'thumbnails', 'preview', 'done'. */
  onProgress?: (percent: number, stage: string) => void
  onRenditionReady?: (info: RenditionReady) => void | Promise<void>
  /** x264 preset for the renditions (veryfast by default). */
  preset?: string
  segmentSeconds?: number
  /** Wall-clock limit of each ffmpeg run; by default 20× the source's duration, at least 2 minutes. */
  timeoutMs?: number
  /**
   * A file someone uploaded: the demuxer its check accepted (every run reads it as that alone), and
   * each run confined to the input and its work folder (the sandbox).
   */
  upload?: { format: string }
}

export interface TranscodeResult {
  durationSec: number
  /** As listed in the master playlist, highest first. */
  renditions: MasterPlaylistEntry[]
  /** Paths relative to `finalDir`. */
  master: string
  poster: string
  thumbnailsVtt: string
  preview: string
}

/**
 * Measured bitrates of a rendition from its segments' sizes: the average over the whole playlist and the
 * peak segment rate (HLS BANDWIDTH). Segments shorter than half the longest are left out of the peak,
 * since a final sliver of a segment holding a keyframe says nothing about the stream's rate.
 */
export function measureBandwidth(segments: readonly { durationSec: number; bytes: number }[]): {
  peak: number
  average: number
} {
  const usable = segments.filter((s) => s.durationSec > 0)
  if (usable.length === 0) return { peak: 0, average: 0 }
  const totalBits = usable.reduce((n, s) => n + s.bytes * 8, 0)
  const totalSec = usable.reduce((n, s) => n + s.durationSec, 0)
  const longest = Math.max(...usable.map((s) => s.durationSec))
  const forPeak = usable.filter((s) => s.durationSec >= longest / 2)
  const peak = Math.max(...forPeak.map((s) => (s.bytes * 8) / s.durationSec))
  return { peak: Math.round(peak), average: Math.round(totalBits / totalSec) }
}

/** Moves a folder or file into place, replacing what is there; a copy when the two are on different filesystems. */
async function moveInto(from: string, to: string, scratch: string): Promise<void> {
  const old = path.join(scratch, `replaced-${randomBytes(4).toString('hex')}`)
  const hadOld = await fs.rename(to, old).then(
    () => true,
    (e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return false
      throw e
    },
  )
  try {
    await fs.rename(from, to)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e
    await fs.cp(from, to, { recursive: true })
  }
  if (hadOld) await fs.rm(old, { recursive: true, force: true })
}

/** Writes a file atomically: a temporary file beside it, then a rename over it. */
async function writeAtomic(file: string, text: string): Promise<void> {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString('hex')}.tmp`)
  await fs.writeFile(tmp, text)
  try {
    await fs.rename(tmp, file)
  } catch (e) {
    await fs.rm(tmp, { force: true })
    throw e
  }
}

async function renditionEntry(dir: string, r: Rendition, segmentSeconds: number): Promise<MasterPlaylistEntry> {
  const segments = parseMediaPlaylist(await fs.readFile(path.join(dir, 'index.m3u8'), 'utf8'))
  const sized = await Promise.all(
    segments.map(async (s) => ({ durationSec: s.durationSec, bytes: (await fs.stat(path.join(dir, s.uri))).size })),
  )
  const measured = measureBandwidth(sized)
  // Measured when there is something to measure; a lone short segment would mislead, so keep the nominal.
  const trust = sized.reduce((n, s) => n + s.durationSec, 0) >= segmentSeconds
  return {
    name: r.name,
    bandwidth: trust && measured.peak > 0 ? measured.peak : r.bandwidth,
    averageBandwidth: trust && measured.average > 0 ? measured.average : r.averageBandwidth,
    width: r.width,
    height: r.height,
    codecs: r.codecs,
    uri: `${r.name}/index.m3u8`,
    frameRate: r.fps,
  }
}

/**
 * Turns a source file into a published HLS asset (design §5): probe → ladder → for each rendition, lowest
 * first so something is playable quickly, encode into a fresh temp folder under `tmpRoot`, move it into
 * `finalDir`, rewrite `finalDir/master.m3u8` (atomically) to list every ready rendition with measured
 * BANDWIDTH, and call `onRenditionReady`. Then the poster, the seek thumbnails (sprite + WebVTT) and the
 * preview clip. Progress is weighted by each rendition's pixel count (the extras count for 5 %).
 * On failure or cancellation it throws; the temp folder is always removed. Renditions already published
 * stay published (the master lists only complete ones); running again replaces them.
 */
export async function transcodeToHls(options: TranscodeOptions): Promise<TranscodeResult> {
  const { finalDir, tmpRoot, signal, preset, segmentSeconds = 2 } = options
  const upload = options.upload
  // In the sandbox the process starts in its work folder: the input by its whole path.
  const input = upload ? path.resolve(options.input) : options.input
  let reported = 0
  const report = (percent: number, stage: string) => {
    reported = Math.max(reported, Math.min(100, percent))
    options.onProgress?.(Math.round(reported * 10) / 10, stage)
  }
  report(0, 'probe')
  const info = await probe(input, { signal, format: upload?.format, sandboxed: upload !== undefined })
  signal?.throwIfAborted()
  const ladder = planLadder(info)
  const hasAudio = info.audio !== null
  const durationSec = info.durationSec
  const timeoutMs = options.timeoutMs ?? wallClockLimitMs(durationSec)
  let work = ''
  const run = (args: string[], stage: string, base: number, weight: number) =>
    runFfmpeg(pinInputFormat(args, upload?.format), {
      signal,
      timeoutMs,
      durationSec,
      onProgress: (p) => report(base + (weight * (p.percent ?? 0)) / 100, stage),
      ...(upload ? { sandbox: { read: [input], write: [work] } } : {}),
    })

  const pixels = ladder.reduce((n, r) => n + r.width * r.height, 0)
  const extrasShare = 5
  const renditionShare = 100 - extrasShare

  await fs.mkdir(tmpRoot, { recursive: true })
  work = path.resolve(await fs.mkdtemp(path.join(tmpRoot, 'hls-')))
  try {
    const ready: MasterPlaylistEntry[] = []
    let done = 0
    for (const r of [...ladder].reverse()) {
      const weight = (renditionShare * r.width * r.height) / pixels
      const outDir = path.join(work, r.name)
      await fs.mkdir(outDir)
      await run(
        hlsRenditionArgs({ input, outDir, rendition: r, segmentSeconds, fps: r.fps, hasAudio, preset }),
        r.name,
        done,
        weight,
      )
      const entry = await renditionEntry(outDir, r, segmentSeconds)
      signal?.throwIfAborted()
      await fs.mkdir(finalDir, { recursive: true })
      await moveInto(outDir, path.join(finalDir, r.name), work)
      ready.push(entry)
      ready.sort((a, b) => b.bandwidth - a.bandwidth)
      await writeAtomic(path.join(finalDir, MASTER_PLAYLIST), masterPlaylist(ready))
      done += weight
      report(done, r.name)
      await options.onRenditionReady?.({ name: r.name, ready: ready.map((e) => e.name), master: MASTER_PLAYLIST })
    }

    const top = ladder[0]!
    const aspect = top.width / top.height
    const even = (n: number) => Math.max(2, Math.round(n / 2) * 2)

    // Poster: a frame a quarter in (at most 10 s in), at most 1280 wide.
    const poster = path.join(work, POSTER_FILE)
    const atSec = Math.min(durationSec * 0.25, 10)
    await run(posterArgs({ input, output: poster, atSec, width: Math.min(1280, top.width) }), 'poster', done, 1)
    await moveInto(poster, path.join(finalDir, POSTER_FILE), work)
    report(done + 1, 'poster')

    // Seek thumbnails: one sprite, 160 px wide tiles.
    const thumbs = path.join(work, THUMBNAILS_DIR)
    await fs.mkdir(thumbs)
    const plan = planSprite(durationSec)
    const tileWidth = 160
    const tileHeight = even(tileWidth / aspect)
    const sprite = { intervalSec: plan.intervalSec, columns: plan.columns, rows: plan.rows, tileWidth, tileHeight }
    await run(spriteArgs({ input, output: path.join(thumbs, 'sprite.jpg'), ...sprite }), 'thumbnails', done + 1, 2)
    await fs.writeFile(
      path.join(thumbs, 'thumbnails.vtt'),
      thumbnailsVtt({ durationSec, ...sprite, spriteUri: 'sprite.jpg' }),
    )
    await moveInto(thumbs, path.join(finalDir, THUMBNAILS_DIR), work)
    report(done + 3, 'thumbnails')

    // Preview: up to 6 s, from 10 % in on longer sources, at most 480 wide, silent.
    const preview = path.join(work, PREVIEW_FILE)
    const startSec = durationSec > 30 ? durationSec * 0.1 : 0
    const length = Math.max(0.5, Math.min(6, durationSec - startSec))
    await run(
      previewArgs({ input, output: preview, startSec, durationSec: length, width: Math.min(480, top.width) }),
      'preview',
      done + 3,
      2,
    )
    await moveInto(preview, path.join(finalDir, PREVIEW_FILE), work)
    report(100, 'done')

    return {
      durationSec,
      renditions: ready,
      master: MASTER_PLAYLIST,
      poster: POSTER_FILE,
      thumbnailsVtt: THUMBNAILS_VTT,
      preview: PREVIEW_FILE,
    }
  } finally {
    await fs.rm(work, { recursive: true, force: true })
  }
}
