/**
 * Joining clips into one video with chapters, and packaging it as HLS, without re-encoding what can be
 * copied (the highlight reel, decision 0058). Argument builders are `args/join.ts`'s.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { x264Profile } from './args/edit.js'
import {
  chaptersMetadataText,
  concatListText,
  hlsCopyArgs,
  type JoinChapter,
  joinCopyArgs,
  joinEncodeArgs,
} from './args/join.js'
import { masterPlaylist, parseMediaPlaylist } from './hls.js'
import { AAC_LC_CODEC, avc1Codec } from './ladder.js'
import { type ProbeResult, probe, probeSegment } from './probe.js'
import { type FfmpegLane, runFfmpeg, wallClockLimitMs } from './runner.js'
import { MASTER_PLAYLIST, measureBandwidth } from './vod-pipeline.js'

/** How clips can be joined: copied as they are, or (their streams differ) encoded once, to the first one's picture. */
export type JoinPlan =
  | { mode: 'copy'; hasAudio: boolean }
  | { mode: 'encode'; reason: string; width: number; height: number; fps: number }

/**
 * Whether the clips' streams match so the concat demuxer can copy them (the same video codec and size,
 * and the same sound: codec, sample rate and channels, or none in every clip); else why not, and the
 * picture of the re-encode (the first clip's).
 */
export function planJoin(probes: readonly ProbeResult[]): JoinPlan {
  const first = probes[0]
  if (!first?.video) throw new RangeError('the first clip has no video')
  const v = first.video
  for (const [i, p] of probes.entries()) {
    const n = i + 1
    const differs = (why: string): JoinPlan => ({
      mode: 'encode',
      reason: `clip ${n} ${why}`,
      width: v.width,
      height: v.height,
      fps: v.fps,
    })
    if (!p.video) throw new RangeError(`clip ${n} has no video`)
    if (p.video.codec !== v.codec) return differs(`is ${p.video.codec}, not ${v.codec}`)
    if (p.video.width !== v.width || p.video.height !== v.height)
      return differs(`is ${p.video.width}×${p.video.height}, not ${v.width}×${v.height}`)
    const a = first.audio
    if (!p.audio !== !a) return differs(a ? 'has no sound' : 'has sound')
    if (a && p.audio) {
      if (p.audio.codec !== a.codec) return differs(`sound is ${p.audio.codec}, not ${a.codec}`)
      if (p.audio.sampleRate !== a.sampleRate) return differs(`sound is ${p.audio.sampleRate} Hz, not ${a.sampleRate}`)
      if (p.audio.channels !== a.channels) return differs(`sound has ${p.audio.channels} channels, not ${a.channels}`)
    }
  }
  return { mode: 'copy', hasAudio: first.audio !== null }
}

/** A chapter asked for: at `startSec`, or, without it, where the clip of the same index starts in the join. */
export interface JoinChapterRequest {
  title: string
  startSec?: number
}

/** The chapters' starts: each one's own, else its clip's (the clips' lengths added up). */
export function chapterStarts(chapters: readonly JoinChapterRequest[], durations: readonly number[]): JoinChapter[] {
  const starts = durations.map((_, i) => durations.slice(0, i).reduce((n, d) => n + d, 0))
  return chapters.map((c, i) => {
    const startSec = c.startSec ?? starts[i]
    if (startSec === undefined) throw new RangeError(`chapter ${i + 1} has no start and no clip of its own`)
    return { title: c.title, startSec: Math.round(startSec * 1000) / 1000 }
  })
}

export interface JoinClipsOptions {
  /** Local MP4s in order, absolute paths inside `workDir` (the server's temp folder). */
  inputs: readonly string[]
  /** One chapter per clip (starting where its clip does) unless each names its start. */
  chapters: readonly JoinChapterRequest[]
  /** The MP4 to write (faststart). */
  output: string
  /** The server's temp folder holding the inputs; the concat list and metadata are written in it. Default: the output's folder. */
  workDir?: string
  title?: string
  signal?: AbortSignal
  /** `urgent` by default: someone waits for the reel. */
  lane?: FfmpegLane
  /** Keyframe spacing of a re-encode (the HLS segments that follow). */
  segmentSeconds?: number
}

export interface JoinClipsResult {
  /** The joined file's length (probed). */
  durationSec: number
  chapters: JoinChapter[]
  /** True when every stream was copied; false when the clips differed and were encoded once. */
  copied: boolean
  /** Why the clips were encoded, when they were. */
  reason?: string
  width: number
  height: number
  hasAudio: boolean
}

/**
 * Joins clips into one MP4 with chapters (design §5: stream copy wherever it can): probes every clip, and
 * when their streams match joins them with the concat demuxer copying every packet, else encodes them once
 * to the first clip's picture. The title and chapters go in through an FFMETADATA file. Throws on a clip
 * ffprobe cannot read or ffmpeg's failure (`FfmpegError`).
 */
export async function joinClips(options: JoinClipsOptions): Promise<JoinClipsResult> {
  const { inputs, output, signal } = options
  const workDir = path.resolve(options.workDir ?? path.dirname(output))
  const lane = options.lane ?? 'urgent'
  if (inputs.length === 0) throw new RangeError('nothing to join')
  const probes: ProbeResult[] = []
  for (const input of inputs) probes.push(await probe(input, { signal }))
  const durations = probes.map((p) => p.durationSec)
  const total = durations.reduce((n, d) => n + d, 0)
  const plan = planJoin(probes)
  const chapters = chapterStarts(options.chapters, durations)
  const metadata = path.join(workDir, `join-${process.pid}-${Date.now()}.ffmetadata`)
  await fs.writeFile(metadata, chaptersMetadataText({ title: options.title, chapters, durationSec: total }))
  const run = (args: string[], extra: { concatLists?: string[] } = {}) =>
    runFfmpeg(args, { signal, lane, durationSec: total, timeoutMs: wallClockLimitMs(total), ...extra })
  const list = path.join(workDir, `join-${process.pid}-${Date.now()}.ffconcat`)
  try {
    if (plan.mode === 'copy') {
      await fs.writeFile(list, concatListText(inputs, workDir))
      await run(joinCopyArgs({ list, metadata, output, hasAudio: plan.hasAudio }), { concatLists: [list] })
    } else {
      const encodeInputs = inputs.map((file, i) => ({
        file,
        hasAudio: probes[i]?.audio !== null,
        durationSec: durations[i] ?? 0,
      }))
      await run(
        joinEncodeArgs({
          ...{ inputs: encodeInputs, metadata, output },
          ...{ width: plan.width, height: plan.height, fps: plan.fps, segmentSeconds: options.segmentSeconds },
        }),
      )
    }
  } finally {
    await fs.rm(list, { force: true })
    await fs.rm(metadata, { force: true })
  }
  const joined = await probe(output, { signal })
  const durationSec = joined.durationSec
  return {
    durationSec,
    // A chapter past the joined end (a clip shorter than it said) is left out.
    chapters: chapters.filter((c) => c.startSec < durationSec),
    copied: plan.mode === 'copy',
    ...(plan.mode === 'encode' ? { reason: plan.reason } : {}),
    width: joined.video?.width ?? 0,
    height: joined.video?.height ?? 0,
    hasAudio: joined.audio !== null,
  }
}

export interface PackageHlsOptions {
  /** A finished local MP4 (H.264, AAC). */
  input: string
  /** An empty folder: `master.m3u8` and `{name}/index.m3u8` with its segments are written into it. */
  outDir: string
  /** The rendition's folder; `{height}p` by default. */
  name?: string
  segmentSeconds?: number
  signal?: AbortSignal
  lane?: FfmpegLane
}

export interface PackageHlsResult {
  /** Relative to `outDir`. */
  master: string
  rendition: string
  durationSec: number
  segments: number
}

/** RFC 6381's avc1 for ffprobe's profile name and level_idc; High's when the profile is not one x264 writes. */
function codecsOf(profile: string, level: number, hasAudio: boolean): string {
  let video = 'avc1.640028'
  try {
    video = avc1Codec(x264Profile(profile), (level / 10).toFixed(1))
  } catch {
    // Keep the generic High 4.0: players read the stream's own headers.
  }
  return hasAudio ? `${video},${AAC_LC_CODEC}` : video
}

/**
 * An MP4 packaged as a one-rendition HLS by stream copy, so it plays without a ladder encode: MPEG-TS
 * segments of about `segmentSeconds` (cut at keyframes), a VOD playlist, and a master playlist naming it
 * with its measured bandwidth, size and codecs (read from its first segment).
 */
export async function packageHls(options: PackageHlsOptions): Promise<PackageHlsResult> {
  const { input, outDir, signal, segmentSeconds = 2 } = options
  const info = await probe(input, { signal })
  if (!info.video) throw new Error('the video to package has no picture')
  const name = options.name ?? `${info.video.height}p`
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new RangeError(`invalid rendition name: ${name}`)
  const dir = path.join(outDir, name)
  await fs.mkdir(dir, { recursive: true })
  const hasAudio = info.audio !== null
  await runFfmpeg(hlsCopyArgs({ input, outDir: dir, hasAudio, segmentSeconds }), {
    ...{ signal, lane: options.lane ?? 'urgent', durationSec: info.durationSec },
    timeoutMs: wallClockLimitMs(info.durationSec),
  })
  const segments = parseMediaPlaylist(await fs.readFile(path.join(dir, 'index.m3u8'), 'utf8'))
  const first = segments[0]
  if (!first) throw new Error('the packaging wrote no segment')
  const sized = await Promise.all(
    segments.map(async (s) => ({ durationSec: s.durationSec, bytes: (await fs.stat(path.join(dir, s.uri))).size })),
  )
  const measured = measureBandwidth(sized)
  const head = await probeSegment(path.join(dir, first.uri), { signal })
  const master = masterPlaylist([
    {
      name,
      bandwidth: Math.max(1, measured.peak),
      ...(measured.average > 0 ? { averageBandwidth: measured.average } : {}),
      width: info.video.width,
      height: info.video.height,
      codecs: codecsOf(head.video.profile, head.video.level, hasAudio),
      uri: `${name}/index.m3u8`,
      frameRate: info.video.fps,
    },
  ])
  await fs.writeFile(path.join(outDir, MASTER_PLAYLIST), master)
  return {
    master: MASTER_PLAYLIST,
    rendition: name,
    durationSec: sized.reduce((n, s) => n + s.durationSec, 0),
    segments: segments.length,
  }
}
