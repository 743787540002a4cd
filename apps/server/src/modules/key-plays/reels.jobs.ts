import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { CLIP_FILE, FfmpegError, joinClips, POSTER_FILE, packageHls, posterArgs, runFfmpeg } from '@fieldhouse/media'
import type { HandlersOf, Job, JobContext, JobKinds } from '../../jobs/job.js'
import { withOwnTempRoot } from '../../jobs/temp-folders.js'
import type { MediaStore } from '../../lib/media-store/index.js'

/** How often a reel waiting for clips looks again. */
export const REEL_RECHECK_MS = 1_000

declare module '../../jobs/job.js' {
  interface JobPayloads {
    /** Make (or make again) a final game's highlight reel; `askedAt` is the final's ask (decision 0058). */
    'reels.make': { eventId: number; askedAt: number }
  }
}

/** Someone waits for the reel (the game just ended): the urgent lane. */
export const reelJobKinds = { 'reels.make': { lane: 'urgent' } } as const satisfies JobKinds<'reels.make'>

/** One part of a reel: a key play's clip (its MP4 in the store) and its chapter's title. */
export interface ReelPart {
  mp4: string
  title: string
}

/** What a `reels.make` job is to do now. */
export type ReelPlan =
  | { kind: 'superseded' }
  | { kind: 'wait'; channelId: number }
  | { kind: 'failed'; error: string }
  | {
      kind: 'make'
      channelId: number
      channelName: string
      eventId: number
      title: string
      accessMode: 'free' | 'register' | 'paid'
      vodItemId: number | null
      parts: ReelPart[]
    }

/** The reel's made files, as the job hands them back: the chapters and the length. */
export interface MadeReel {
  chapters: { start: number; title: string }[]
  duration: number
}

/** A game's reel listed with the clips on /moments (the clips module's `OfficialReel`). */
export interface ReelListing {
  channelId: number
  channelName: string
  eventId: number
  vodItemId: number
  assetId: number
  name: string
  durationSec: number
  files: { mp4: string; poster: string; hlsDir: string }
}

/** What the job asks of the highlight reels (`HighlightReels`; a narrow view, so the job kinds import no service). */
export interface ReelMaker {
  plan(eventId: number, askedAt: number): Promise<ReelPlan>
  queue(eventId: number, channelId: number, askedAt: number, runAfter: number): Promise<number>
  making(eventId: number, askedAt: number): Promise<boolean>
  libraryVideo(plan: Extract<ReelPlan, { kind: 'make' }>, duration: number): Promise<number>
  listed(reel: ReelListing): Promise<number>
  ready(eventId: number, askedAt: number, vodItemId: number, made: MadeReel): Promise<boolean>
  failed(eventId: number, askedAt: number, error: string): Promise<boolean>
}

/** A finished one-rendition HLS folder published as a library video's asset (the media module's `libraryAssets`). */
export interface ReelAssets {
  publish(
    channelId: number,
    vodItemId: number,
    hls: { dir: string; files: string[]; master: string; poster: string | null; durationSec: number },
  ): Promise<number>
}

export interface ReelJobDeps {
  reels: () => ReelMaker
  store: MediaStore
  assets: ReelAssets
  /** Local working space (its `tmp` folder is swept of what killed jobs leave). */
  mediaDir: string
  changed: (channelId: number) => Promise<void> | void
  log: { error(obj: object, msg: string): void }
}

/** Every file under `dir`, relative, '/'-separated. */
function filesUnder(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const rel = prefix ? `${prefix}/${e.name}` : e.name
    return e.isDirectory() ? filesUnder(path.join(dir, e.name), rel) : [rel]
  })
}

/** Publishing order: segments, then the rendition's playlist, then the master and the poster. */
const publishOrder = (rel: string) => (rel.endsWith('.ts') ? 0 : rel.includes('/') ? 1 : 2)

/**
 * `reels.make` (decision 0058): while a key play's clip is still being cut the job queues itself again a
 * second later (bounded by `REEL_WAIT_MS`); then the ready clips' MP4s are copied from the store into this
 * process's temp folder, joined in the order played by stream copy with a chapter per key play
 * (`joinClips`; encoded once only when their streams differ), packaged as HLS by stream copy with a poster,
 * published as the reel's library video (a new asset replacing the one it had) and listed on /moments; the
 * reel is then `ready`. A failure marks it `failed` with a reason an operator can read.
 */
export function reelJobHandlers(deps: ReelJobDeps): HandlersOf<'reels.make'> {
  return {
    'reels.make': async (job: Job<'reels.make'>, ctx: JobContext) => {
      const reels = deps.reels()
      const { eventId, askedAt } = job.payload
      const plan = await reels.plan(eventId, askedAt)
      if (plan.kind === 'superseded') return
      if (plan.kind === 'wait') {
        await reels.queue(eventId, plan.channelId, askedAt, Date.now() + REEL_RECHECK_MS)
        return
      }
      if (plan.kind === 'failed') {
        await reels.failed(eventId, askedAt, plan.error)
        return
      }
      if (!(await reels.making(eventId, askedAt))) return
      try {
        await make(reels, plan, askedAt, job, ctx)
      } catch (error) {
        deps.log.error({ err: error, event: eventId }, 'highlight reel not made')
        await reels.failed(eventId, askedAt, readable(error))
      }
    },
  }

  async function make(
    reels: ReelMaker,
    plan: Extract<ReelPlan, { kind: 'make' }>,
    askedAt: number,
    job: Job<'reels.make'>,
    ctx: JobContext,
  ) {
    const { store } = deps
    await withOwnTempRoot(path.join(deps.mediaDir, 'tmp'), async (tmpRoot) => {
      const work = path.join(tmpRoot, `reel-${plan.eventId}-${job.id}`)
      fs.mkdirSync(work, { recursive: true })
      try {
        const inputs: string[] = []
        for (const [i, part] of plan.parts.entries()) {
          const file = path.join(work, `part-${String(i).padStart(3, '0')}.mp4`)
          const stream = await store.read(part.mp4)
          if (!stream) throw new Error(`the clip ${part.mp4} is gone from the store`)
          await pipeline(stream, fs.createWriteStream(file))
          inputs.push(file)
        }
        ctx.progress(20)
        const mp4 = path.join(work, CLIP_FILE)
        const joined = await joinClips({
          ...{ inputs, output: mp4, workDir: work, title: plan.title, signal: ctx.signal, lane: 'urgent' },
          chapters: plan.parts.map((p) => ({ title: p.title })),
        })
        ctx.progress(60)
        const hlsDir = path.join(work, 'hls')
        const hls = await packageHls({ input: mp4, outDir: hlsDir, signal: ctx.signal, lane: 'urgent' })
        const width = Math.min(1280, Math.max(2, joined.width))
        const atSec = Math.min(1, joined.durationSec / 2)
        await runFfmpeg(posterArgs({ input: mp4, output: path.join(hlsDir, POSTER_FILE), atSec, width }), {
          ...{ signal: ctx.signal, lane: 'urgent', durationSec: 1 },
        })
        ctx.progress(80)
        // The clip on /moments has files of its own (a store may move what it is given): copies, made first.
        const listing = { hlsDir: path.join(work, 'listing'), poster: path.join(work, POSTER_FILE) }
        fs.cpSync(path.join(hlsDir, hls.rendition), listing.hlsDir, { recursive: true })
        fs.copyFileSync(path.join(hlsDir, POSTER_FILE), listing.poster)
        const vodItemId = await reels.libraryVideo(plan, joined.durationSec)
        const files = filesUnder(hlsDir).sort((a, b) => publishOrder(a) - publishOrder(b))
        const assetId = await deps.assets.publish(plan.channelId, vodItemId, {
          ...{ dir: hlsDir, files, master: hls.master, poster: POSTER_FILE, durationSec: joined.durationSec },
        })
        await reels.listed({
          ...{ channelId: plan.channelId, channelName: plan.channelName, eventId: plan.eventId, vodItemId, assetId },
          ...{ name: plan.title, durationSec: joined.durationSec },
          files: { mp4, ...listing },
        })
        const chapters = joined.chapters.map((c) => ({ start: c.startSec, title: c.title }))
        await reels.ready(plan.eventId, askedAt, vodItemId, { chapters, duration: joined.durationSec })
        await deps.changed(plan.channelId)
        ctx.progress(100)
      } finally {
        fs.rmSync(work, { recursive: true, force: true })
      }
    })
  }
}

/** What an operator reads of a failure: ffmpeg's own words stay in the log. */
function readable(error: unknown): string {
  if (error instanceof FfmpegError)
    return error.reason === 'timeout'
      ? 'Joining the key plays’ clips took too long.'
      : 'The key plays’ clips could not be joined into one video.'
  return `The highlight reel could not be made: ${error instanceof Error ? error.message : String(error)}`
}
