/**
 * Frame-accurate clips from a recorded rendition ("smart cut", decision 15): the partial GOP at each edge
 * is re-encoded with H.264 settings matching the source, the whole segments between are copied bit for bit,
 * and one stream-copy run joins them into an MP4 (faststart) and a short HLS; the audio is the source's,
 * copied from the clip's first frame. Never a fresh encode of the whole game.
 *
 * The timeline is a player's: a segment starts where its first frame's presentation time puts it
 * (`ptsTimeline`: the EXTINF durations between probed segments scaled to their timestamps, since an
 * encoder may round them), and within an edge segment frames sit at their presentation time from the
 * segment's first frame. Copy
 * boundaries are segment starts (every segment of our VOD and live pipelines opens on a keyframe); the
 * re-encoded edges are the frames from the asked start to the end of its segment, and from the start of
 * the last segment to the asked end.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { clipAudioArgs, clipEdgeArgs, clipMuxArgs, clipPosterArgs, type EdgeVideo, x264Profile } from './args/edit.js'
import { hasBitstreamFilter } from './binaries.js'
import { type PlaylistSegment, parseMediaPlaylist, vodMediaPlaylist } from './hls.js'
import { assertLocalFile } from './inputs.js'
import { setMp4VideoDuration } from './mp4-edit.js'
import { probeSegment, type SegmentProbe } from './probe.js'
import {
  BATCH_NICENESS,
  FfmpegError,
  type FfmpegLane,
  holdBatchForUrgent,
  runFfmpeg,
  URGENT_NICENESS,
} from './runner.js'

export const CLIP_FILE = 'clip.mp4'
export const CLIP_POSTER_FILE = 'poster.jpg'
export const CLIP_HLS_DIR = 'hls'
/** Widest poster a clip gets (its source's width when narrower). */
const POSTER_MAX_WIDTH = 1280
/** Slack for float noise when comparing times (seconds). */
const EPSILON = 1e-6

/** Thrown (before any file is written) when the asked range is not inside what the playlist has. */
export class ClipRangeError extends Error {
  override name = 'ClipRangeError'
  constructor(
    message: string,
    /** Seconds the playlist holds at the time of the call. */
    readonly availableSec: number,
  ) {
    super(message)
  }
}

// ---------------------------------------------------------------------------------------------------------
// Planning (pure)

/** The frames of one probed segment, times from the segment's first frame (presentation order, ascending). */
export interface SegmentFrames {
  frames: readonly number[]
  /** Times of the keyframes (0 when the segment opens on one). */
  keyframes: readonly number[]
}

/** How a clip is made from the playlist's segments (indexes into the playlist). */
export interface ClipPlan {
  fps: number
  /** Frames in the clip: round(durationSec × fps). */
  frames: number
  durationSec: number
  /** Playlist time of the clip's first frame (the frame nearest the asked start). */
  firstFrameSec: number
  /** Segments the clip touches, first to last. */
  firstSegment: number
  lastSegment: number
  /** Re-encoded: `frames` frames of `segment` from its frame `fromFrame`; null when the clip opens on a segment's first frame (copied). */
  head: { segment: number; fromFrame: number; frames: number } | null
  /** Copied bit for bit, whole. */
  copy: number[]
  /** Re-encoded: the first `frames` frames of `segment`; null when the clip ends with a whole segment (copied). */
  tail: { segment: number; frames: number } | null
}

/**
 * A probed segment's first and last frames' presentation times (its file's timestamps, seconds): where a
 * player puts it on the timeline.
 */
export interface SegmentAnchor {
  first: number
  last: number
}

/** Timestamps of MPEG-TS wrap at 2^33 ticks of 90 kHz. */
const PTS_WRAP_SEC = 2 ** 33 / 90_000

/**
 * The playlist's segments with the durations a player sees (hls.js and Safari place frames by their
 * timestamps, not by the sum of EXTINF values): between two probed segments (`anchors`, by index;
 * the first segment must be one) every EXTINF is scaled so that each anchor starts where its first
 * frame's timestamp puts it; after the last anchor its scale goes on, and a probed last segment lasts to
 * its last frame's end. EXTINF values an encoder rounded (ffmpeg 4.1's HLS muxer writes 0.990000 for
 * the 1-s segments of a 30 fps FLV stream: 1 % short, 36 s after an hour) are corrected this way; a
 * scale far from 1 (a discontinuity, a restarted encoder) leaves the EXTINF values as they are.
 */
export function ptsTimeline<T extends Pick<PlaylistSegment, 'durationSec'>>(
  segments: readonly T[],
  anchors: ReadonlyMap<number, SegmentAnchor>,
  fps: number,
): T[] {
  const base = anchors.get(0)
  if (!base || segments.length === 0) return [...segments]
  const at = (i: number) => {
    let t = anchors.get(i)!.first - base.first
    if (t < -PTS_WRAP_SEC / 2) t += PTS_WRAP_SEC
    return t
  }
  const out = segments.map((s) => ({ ...s }))
  const indexes = [...anchors.keys()].filter((i) => i >= 0 && i < segments.length).sort((a, b) => a - b)
  let scale = 1
  for (let n = 0; n + 1 < indexes.length; n++) {
    const [from, to] = [indexes[n]!, indexes[n + 1]!]
    let listed = 0
    for (let i = from; i < to; i++) listed += segments[i]!.durationSec
    const k = listed > 0 ? (at(to) - at(from)) / listed : 1
    scale = Number.isFinite(k) && Math.abs(k - 1) < 0.05 ? k : 1
    for (let i = from; i < to; i++) out[i]!.durationSec = segments[i]!.durationSec * scale
  }
  const lastAnchor = indexes.at(-1)!
  for (let i = lastAnchor; i < segments.length; i++) out[i]!.durationSec = segments[i]!.durationSec * scale
  const end = segments.length - 1
  const ending = anchors.get(end)
  if (ending && Number.isFinite(fps) && fps > 0) {
    const span = ending.last - ending.first + 1 / fps
    if (Math.abs(span - segments[end]!.durationSec) < Math.max(0.5, segments[end]!.durationSec * 0.05)) {
      out[end]!.durationSec = span
    }
  }
  return out
}

/** Where each segment starts on the playlist's timeline (sum of the durations before it). */
export function segmentStarts(segments: readonly Pick<PlaylistSegment, 'durationSec'>[]): number[] {
  const starts: number[] = []
  let t = 0
  for (const s of segments) {
    starts.push(t)
    t += s.durationSec
  }
  return starts
}

/** Seconds the playlist holds. */
export function playlistDuration(segments: readonly Pick<PlaylistSegment, 'durationSec'>[]): number {
  return segments.reduce((n, s) => n + s.durationSec, 0)
}

/** The segment holding playlist time `t` (the last one when `t` is its end). */
export function segmentAt(segments: readonly Pick<PlaylistSegment, 'durationSec'>[], t: number): number {
  const starts = segmentStarts(segments)
  let i = 0
  while (i + 1 < segments.length && starts[i + 1]! <= t + EPSILON) i++
  return i
}

/**
 * Checks the asked range against what the playlist has: a finite start ≥ 0, a positive duration, and the
 * end at or before the last listed segment's end. Throws `ClipRangeError`; returns the seconds available.
 */
export function checkClipRange(
  segments: readonly Pick<PlaylistSegment, 'durationSec'>[],
  startSec: number,
  durationSec: number,
): number {
  const available = Math.round(playlistDuration(segments) * 1e6) / 1e6
  const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(3) : String(n))
  if (!Number.isFinite(startSec) || startSec < 0) {
    throw new ClipRangeError(
      `clip start ${fmt(startSec)} s is not inside the recording (0–${fmt(available)} s)`,
      available,
    )
  }
  if (!Number.isFinite(durationSec) || durationSec <= 0) {
    throw new ClipRangeError(`clip duration ${fmt(durationSec)} s is not positive`, available)
  }
  if (startSec + durationSec > available + 1e-3) {
    throw new ClipRangeError(
      `clip ${fmt(startSec)}–${fmt(startSec + durationSec)} s ends after the recording (${fmt(available)} s)`,
      available,
    )
  }
  return available
}

/** The segment whose frames the clip's first frame is taken from: the one holding the frame nearest `startSec`. */
export function clipFirstSegment(segments: readonly Pick<PlaylistSegment, 'durationSec'>[], startSec: number): number {
  return segmentAt(segments, startSec)
}

/**
 * Plans a frame-accurate clip: N = round(duration × fps) frames from the frame nearest `startSec`. The
 * frames of the segment holding the start and of the one holding the last frame come from `probed` (by
 * segment index; `clipEndSegment` says which that is); the segments between are copied whole. An edge that
 * is a whole segment opening on a keyframe is copied too. A range outside the playlist throws
 * `ClipRangeError`; a segment missing from `probed` throws.
 */
export function planClip(
  segments: readonly Pick<PlaylistSegment, 'durationSec'>[],
  probed: ReadonlyMap<number, SegmentFrames>,
  startSec: number,
  durationSec: number,
  fps: number,
): ClipPlan {
  checkClipRange(segments, startSec, durationSec)
  if (!Number.isFinite(fps) || fps <= 0) throw new RangeError(`invalid frame rate: ${fps}`)
  const starts = segmentStarts(segments)
  const framesOf = (i: number) => {
    const f = probed.get(i)
    if (!f) throw new Error(`segment ${i} was not probed`)
    return f
  }
  const frames = Math.max(1, Math.round(durationSec * fps))
  const step = 1 / fps

  // The first frame: the one nearest the asked start, in its segment or at the next one's start.
  let first = clipFirstSegment(segments, startSec)
  let firstFrames = framesOf(first)
  let from = nearest(firstFrames.frames, startSec - starts[first]!)
  const lastOfFirst = firstFrames.frames.at(-1)!
  if (first + 1 < segments.length && startSec - starts[first]! - lastOfFirst > starts[first + 1]! - startSec) {
    first++
    firstFrames = framesOf(first)
    from = 0
  }
  let firstFrameSec = starts[first]! + firstFrames.frames[from]!

  // The last frame: the segment holding its time, then how many of its frames the count leaves.
  let last = clipEndSegment(segments, firstFrameSec, frames, fps)
  /** The plan from the first frame as it then stands, to `lastSegment`. */
  const plan = (lastSegment: number, head: ClipPlan['head'], copy: number[], tail: ClipPlan['tail']): ClipPlan => ({
    fps,
    frames,
    durationSec: frames / fps,
    firstFrameSec,
    firstSegment: first,
    lastSegment,
    head,
    copy,
    tail,
  })
  const inFirst = firstFrames.frames.length - from
  const opensOnKey = (f: SegmentFrames) => f.keyframes.some((k) => Math.abs(k - f.frames[0]!) < step / 2)

  if (last === first || frames <= inFirst) {
    // Inside one segment: one re-encoded piece, unless it is that whole segment.
    const whole = from === 0 && frames === firstFrames.frames.length && opensOnKey(firstFrames)
    if (frames > inFirst) {
      // Too few frames left in the only segment (the asked end is the playlist's end): start earlier.
      from = Math.max(0, firstFrames.frames.length - frames)
      firstFrameSec = starts[first]! + firstFrames.frames[from]!
    }
    return plan(
      first,
      whole ? null : { segment: first, fromFrame: from, frames: Math.min(frames, firstFrames.frames.length) },
      whole ? [first] : [],
      null,
    )
  }

  // Frames of the whole segments between, from their EXTINF durations (constant frame rate).
  const middle: number[] = []
  for (let i = first + 1; i < last; i++) middle.push(i)
  const middleFrames = Math.round((starts[last]! - starts[first + 1]!) * fps)
  let lastFrames = framesOf(last)
  let inLast = frames - inFirst - middleFrames
  if (inLast > lastFrames.frames.length) {
    // The asked end is past the last listed frame by a frame or so (rounding at the playlist's end):
    // take the missing frames from before the start.
    const short = inLast - lastFrames.frames.length
    if (short > from) throw new ClipRangeError('clip ends after the recording', playlistDuration(segments))
    from -= short
    inLast = lastFrames.frames.length
    firstFrameSec = starts[first]! + firstFrames.frames[from]!
  }
  if (inLast <= 0) {
    // The count ends exactly at the last segment's start: it is not part of the clip.
    last--
    lastFrames = last === first ? firstFrames : (probed.get(last) ?? lastFrames)
    middle.pop()
  }
  const headWhole = from === 0 && opensOnKey(firstFrames)
  const tailWhole = inLast >= lastFrames.frames.length && opensOnKey(lastFrames)
  const copy = [...(headWhole ? [first] : []), ...middle.filter((i) => i !== last), ...(tailWhole ? [last] : [])]
  return plan(
    last,
    headWhole ? null : { segment: first, fromFrame: from, frames: firstFrames.frames.length - from },
    copy,
    tailWhole || inLast <= 0 ? null : { segment: last, frames: inLast },
  )
}

/**
 * The clip's poster frame, decoded by its number within one source segment: the keyframe opening the copied
 * segment whose start is nearest the clip's middle (one frame decoded), else, when nothing is copied (a clip
 * inside one segment or across two partial ones), the clip's first frame in its re-encoded head.
 */
export function clipPosterFrame(
  plan: Pick<ClipPlan, 'copy' | 'head' | 'firstSegment' | 'firstFrameSec' | 'durationSec'>,
  starts: readonly number[],
): { segment: number; frame: number } {
  const middleSec = plan.firstFrameSec + plan.durationSec / 2
  const copied = [...plan.copy].sort((x, y) => Math.abs(starts[x]! - middleSec) - Math.abs(starts[y]! - middleSec))[0]
  if (copied !== undefined) return { segment: copied, frame: 0 }
  if (plan.head) return { segment: plan.head.segment, frame: plan.head.fromFrame }
  return { segment: plan.firstSegment, frame: 0 }
}

/** The segment holding the last of `frames` frames that start at playlist time `firstFrameSec`. */
export function clipEndSegment(
  segments: readonly Pick<PlaylistSegment, 'durationSec'>[],
  firstFrameSec: number,
  frames: number,
  fps: number,
): number {
  // The middle of the last frame's interval: clear of rounding at a segment boundary.
  return segmentAt(segments, firstFrameSec + (frames - 0.5) / fps)
}

/**
 * Where a clip's audio starts: the source's audio packet (AAC frame) starting nearest the first frame's
 * timestamp, and how many packets, counted from the first one of the spanned segments, reach the clip's end.
 * `packets` are the first spanned segment's audio packet times; null when there are none.
 */
export function clipAudioStart(
  packets: readonly number[],
  firstFrameTimestamp: number,
  durationSec: number,
): { timestampSec: number; packetsFromSpanStart: number } | null {
  if (packets.length === 0) return null
  const deltas = packets
    .slice(1)
    .map((t, i) => t - packets[i]!)
    .sort((a, b) => a - b)
  const frame = deltas.length ? deltas[Math.floor(deltas.length / 2)]! : 1024 / 48_000
  // Packet times go on past the segment's last one at the same pace.
  const at = (i: number) => (i < packets.length ? packets[i]! : packets.at(-1)! + (i - packets.length + 1) * frame)
  let index = 0
  while (at(index + 1) <= firstFrameTimestamp + EPSILON) index++
  if (Math.abs(at(index + 1) - firstFrameTimestamp) < Math.abs(at(index) - firstFrameTimestamp)) index++
  return { timestampSec: at(index), packetsFromSpanStart: index + Math.max(1, Math.round(durationSec / frame)) }
}

function nearest(times: readonly number[], t: number): number {
  let best = 0
  for (let i = 1; i < times.length; i++) if (Math.abs(times[i]! - t) < Math.abs(times[best]! - t)) best = i
  return best
}

// ---------------------------------------------------------------------------------------------------------
// Cutting

export interface CutClipOptions {
  /**
   * Absolute path of ONE rendition's local HLS media playlist (MPEG-TS segments, as our VOD and live
   * pipelines write them). A live recording in progress has no #EXT-X-ENDLIST yet: only the segments
   * listed at call time count.
   */
  playlist: string
  /** Seconds from the playlist's start, any value (not keyframe aligned). */
  startSec: number
  durationSec: number
  /**
   * An empty folder; the cut writes clip.mp4 (faststart), poster.jpg, and hls/index.m3u8 + hls/ segments
   * (a short VOD HLS of the clip for the share page).
   */
  outDir: string
  onProgress?: (ratio: number) => void
  signal?: AbortSignal
  /**
   * `urgent` (default: someone waits for the clip): the edge encodes take urgent slots, never waiting
   * behind batch encodes, at a priority above them; `batch`: encode slots, at the batch priority.
   */
  lane?: FfmpegLane
}

export interface CutClipResult {
  durationSec: number
  frames: number
  fps: number
  width: number
  height: number
  /** Size of clip.mp4. */
  bytes: number
  /** Frames re-encoded at the start and at the end; the frames between are the source's, copied. */
  headFrames: number
  tailFrames: number
  /** Source segments copied whole. */
  copiedSegments: number
}

/**
 * Cuts a frame-accurate clip of one rendition into `outDir` (see the file's comment for how). Everything
 * is written in a temporary folder inside `outDir` and renamed into place at the end, so a crash or an
 * abort leaves no half file under the final names (a retry removes what a crashed run left). Aborting via
 * `signal` kills the running ffmpeg processes. Throws `ClipRangeError` before writing anything when the
 * range is not inside the playlist.
 */
export async function cutClip(options: CutClipOptions): Promise<CutClipResult> {
  // Someone waits for it: batch encodes in this process pause from the first probe to the last file.
  const release = (options.lane ?? 'urgent') === 'urgent' ? holdBatchForUrgent() : () => {}
  try {
    return await cut(options)
  } finally {
    release()
  }
}

async function cut(options: CutClipOptions): Promise<CutClipResult> {
  const { playlist, startSec, durationSec, outDir, onProgress, signal } = options
  assertLocalFile(playlist)
  if (!path.isAbsolute(playlist)) throw new Error(`the playlist must be an absolute path: ${playlist}`)
  const lane = options.lane ?? 'urgent'
  const niceness = lane === 'urgent' ? URGENT_NICENESS : BATCH_NICENESS
  const report = (ratio: number) => onProgress?.(Math.min(1, Math.max(0, ratio)))
  signal?.throwIfAborted()

  const text = await fs.readFile(playlist, 'utf8')
  const listed = parseMediaPlaylist(text)
  const baseDir = path.dirname(playlist)
  const fileOf = (i: number) => {
    const uri = listed[i]!.uri
    if (/^[a-z][a-z0-9+.-]*:/i.test(uri)) throw new Error(`segment is not a local file: ${uri}`)
    return path.resolve(baseDir, uri)
  }
  if (listed.length === 0) throw new ClipRangeError('the recording has no segment yet', 0)

  // Probe the segment of the start (frame times, the source's encoding), then the one of the end.
  const probes = new Map<number, SegmentProbe>()
  const probeOf = async (i: number) => {
    let p = probes.get(i)
    if (!p) {
      p = await probeSegment(fileOf(i), { signal })
      probes.set(i, p)
    }
    return p
  }
  // The timeline from the timestamps (`ptsTimeline`): the first and last segments anchor it, then the
  // segments of the start and of the end, found on it and probed, until they are the ones it names
  // (an EXTINF sum 1 % off after two hours is 72 segments off: two or three rounds find them).
  const discontinuous = /^#EXT-X-DISCONTINUITY\s*$/m.test(text)
  const anchorsOf = () =>
    new Map(
      discontinuous ? [] : [...probes].map(([i, p]) => [i, { first: p.frames[0]!, last: p.frames.at(-1)! }] as const),
    )
  // In one round with the segments the EXTINF values name for the start and the end: where those are
  // right (our own encodes), no second round is needed.
  const guessed = [
    clipFirstSegment(listed, Math.min(startSec, playlistDuration(listed))),
    segmentAt(listed, Math.max(startSec, Math.min(startSec + durationSec, playlistDuration(listed)) - 0.01)),
  ]
  const [firstOfAll] = await Promise.all([probeOf(0), probeOf(listed.length - 1), ...guessed.map((i) => probeOf(i))])
  const source = firstOfAll.video
  if (source.codec !== 'h264') throw new Error(`cannot cut a ${source.codec} rendition: H.264 only`)
  x264Profile(source.profile)
  const fps = source.fps
  let timeline = ptsTimeline(listed, anchorsOf(), fps)
  checkClipRange(timeline, startSec, durationSec)
  for (let round = 0; round < 6; round++) {
    const wanted = [
      clipFirstSegment(timeline, startSec),
      segmentAt(timeline, Math.max(startSec, startSec + durationSec - 0.01)),
    ]
    if (wanted.every((i) => probes.has(i))) break
    await Promise.all(wanted.map((i) => probeOf(i)))
    timeline = ptsTimeline(listed, anchorsOf(), fps)
  }
  checkClipRange(timeline, startSec, durationSec)
  const framesOf = (p: SegmentProbe): SegmentFrames => ({
    frames: p.frames.map((t) => t - p.frames[0]!),
    keyframes: p.keyframes.map((t) => t - p.frames[0]!),
  })
  // Probe whatever else the plan needs (the next segment when the start is at its very beginning, the
  // end's segment when the guess was off by one) and plan again.
  let plan: ClipPlan | undefined
  for (let attempt = 0; attempt < 4 && !plan; attempt++) {
    const frames = new Map([...probes].map(([i, p]) => [i, framesOf(p)]))
    try {
      plan = planClip(timeline, frames, startSec, durationSec, fps)
    } catch (e) {
      const m = e instanceof Error ? /^segment (\d+) was not probed$/.exec(e.message) : null
      if (!m) throw e
      await probeOf(Number(m[1]))
      timeline = ptsTimeline(listed, anchorsOf(), fps)
    }
  }
  if (!plan) throw new Error('could not plan the clip')
  const starts = segmentStarts(timeline)
  report(0.1)

  // A work folder inside outDir, so the final renames stay on one file system. A crashed run's is removed.
  await fs.mkdir(outDir, { recursive: true })
  for (const name of await fs.readdir(outDir)) {
    if (name.startsWith('.cut-')) await fs.rm(path.join(outDir, name), { recursive: true, force: true })
  }
  const work = path.join(outDir, `.cut-${process.pid}-${randomBytes(4).toString('hex')}`)
  await fs.mkdir(path.join(work, CLIP_HLS_DIR), { recursive: true })
  // The ffmpeg runs that work at the same time. When the cut fails or is aborted, they are all ended and
  // awaited before the work folder is removed: an ffmpeg ended by SIGTERM still finishes its files, and
  // a folder removed while one writes into it is not empty.
  const jobs: Promise<unknown>[] = []
  const endJobs = new AbortController()
  const onAbort = () => endJobs.abort(signal?.reason)
  signal?.addEventListener('abort', onAbort, { once: true })
  if (signal?.aborted) onAbort()
  const startJob = (job: Promise<unknown>) => {
    // Handled here as well, so a job failing while the cut awaits something else is not unhandled.
    job.catch(() => {})
    jobs.push(job)
  }
  try {
    const segmentDuration = (i: number) => timeline[i]!.durationSec
    const edgeVideo = async (i: number): Promise<EdgeVideo> => {
      const p = await probeOf(i)
      return {
        profile: p.video.profile,
        level: p.video.level,
        pixFmt: p.video.pixFmt,
        reorderFrames: Math.round(p.reorderSec * fps),
        reorderSec: p.reorderSec,
        keyint: Math.max(p.frames.length, 1),
      }
    }
    const run = (args: string[], slot: boolean) =>
      runFfmpeg(args, { signal: endJobs.signal, niceness, lane, useSlot: slot })

    // The edges and the poster, at the same time.
    const pieces: PlaylistSegment[] = []
    const leadDecodeTimes = await hasBitstreamFilter('setts')
    /** One re-encoded edge: `frames` frames of source segment `segment` from its frame `fromFrame`, into `name`. */
    const edge = (segment: number, fromFrame: number, frames: number, name: string): PlaylistSegment => {
      const output = path.join(work, name)
      startJob(
        Promise.all([edgeVideo(segment), probeOf(segment)]).then(([video, p]) =>
          run(
            clipEdgeArgs({
              input: fileOf(segment),
              output,
              fromFrame,
              frames,
              timestampSec: p.frames[fromFrame]!,
              video,
              leadDecodeTimes,
            }),
            true,
          ),
        ),
      )
      return { uri: output, durationSec: frames / fps }
    }
    if (plan.head) pieces.push(edge(plan.head.segment, plan.head.fromFrame, plan.head.frames, 'head.ts'))
    for (const i of plan.copy) pieces.push({ uri: fileOf(i), durationSec: segmentDuration(i) })
    if (plan.tail) pieces.push(edge(plan.tail.segment, 0, plan.tail.frames, 'tail.ts'))
    const posterAt = clipPosterFrame(plan, starts)
    const poster = path.join(work, CLIP_POSTER_FILE)
    startJob(
      run(
        clipPosterArgs({
          input: fileOf(posterAt.segment),
          output: poster,
          frame: posterAt.frame,
          width: Math.min(POSTER_MAX_WIDTH, source.width),
        }),
        false,
      ),
    )

    // The source's audio over the spanned segments, from its packet nearest the first frame, as many
    // packets as cover the clip.
    const firstOfSpan = await probeOf(plan.firstSegment)
    const firstFrameTimestamp = firstOfSpan.frames[0]! + (plan.firstFrameSec - starts[plan.firstSegment]!)
    const audioStart = clipAudioStart(firstOfSpan.audioPackets, firstFrameTimestamp, plan.durationSec)
    const audioFile = path.join(work, 'audio.ts')
    if (audioStart) {
      const spanned = timeline
        .slice(plan.firstSegment, plan.lastSegment + 1)
        .map((seg, k) => ({ uri: fileOf(plan.firstSegment + k), durationSec: seg.durationSec }))
      const audioPlaylist = path.join(work, 'audio.m3u8')
      await fs.writeFile(audioPlaylist, vodMediaPlaylist(spanned))
      startJob(
        run(
          clipAudioArgs({ playlist: audioPlaylist, output: audioFile, packets: audioStart.packetsFromSpanStart }),
          false,
        ),
      )
    }
    let done = 0
    await Promise.all(jobs.map((j) => j.then(() => report(0.1 + (0.6 * ++done) / jobs.length))))

    // One stream-copy run: the video pieces in order and the audio, into the MP4 and the HLS.
    const videoPlaylist = path.join(work, 'video.m3u8')
    await fs.writeFile(videoPlaylist, vodMediaPlaylist(pieces))
    const mp4 = path.join(work, CLIP_FILE)
    await runFfmpeg(
      clipMuxArgs({
        videoPlaylist,
        firstFrameTimestamp,
        audio: audioStart ? { file: audioFile, timestampSec: audioStart.timestampSec } : null,
        mp4,
        hlsDir: path.join(work, CLIP_HLS_DIR),
      }),
      {
        signal,
        niceness,
        useSlot: false,
        durationSec: plan.durationSec,
        onProgress: (p) => report(0.7 + 0.28 * ((p.percent ?? 0) / 100)),
      },
    )
    await setMp4VideoDuration(mp4, plan.durationSec)
    // Cancelled after the last ffmpeg ended: nothing goes into place.
    if (signal?.aborted) throw new FfmpegError('clip cut cancelled', 'cancelled', null, null, '')

    // Into place: the HLS and the poster first, the MP4 (what "ready" serves) last.
    await fs.rename(path.join(work, CLIP_HLS_DIR), path.join(outDir, CLIP_HLS_DIR))
    await fs.rename(poster, path.join(outDir, CLIP_POSTER_FILE))
    await fs.rename(mp4, path.join(outDir, CLIP_FILE))
    const { size } = await fs.stat(path.join(outDir, CLIP_FILE))
    report(1)
    return {
      durationSec: plan.durationSec,
      frames: plan.frames,
      fps,
      width: source.width,
      height: source.height,
      bytes: size,
      headFrames: plan.head?.frames ?? 0,
      tailFrames: plan.tail?.frames ?? 0,
      copiedSegments: plan.copy.length,
    }
  } finally {
    signal?.removeEventListener('abort', onAbort)
    endJobs.abort()
    await Promise.allSettled(jobs)
    await fs.rm(work, { recursive: true, force: true })
  }
}
