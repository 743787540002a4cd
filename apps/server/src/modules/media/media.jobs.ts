import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { MediaTypeId, PREROLL_FILE, prerollUrlOf } from '@fieldhouse/contract'
import {
  checkUploadForEncode,
  findFont,
  firstVariant,
  planSprite,
  plausibleSecondsOf,
  posterArgs,
  previewArgs,
  remuxMp4Args,
  runFfmpeg,
  spriteArgs,
  testFeedArgs,
  thumbnailsVtt,
  transcodeToHls,
  UploadRefused,
  wallClockLimitMs,
} from '@fieldhouse/media'
import type { MediaAssetRow } from '../../db/schema.js'
import {
  type HandlersOf,
  type Job,
  type JobContext,
  type JobKinds,
  type JobPayloads,
  PermanentJobError,
} from '../../jobs/job.js'
import { withOwnTempRoot } from '../../jobs/temp-folders.js'
import { assetKey, type MediaStore } from '../../lib/media-store/index.js'
import type { MediaRepository } from './media.repository.js'
import { refusalMessage } from './upload-refusal.js'

declare module '../../jobs/job.js' {
  interface JobPayloads {
    /**
     * Encode an imported file of the media store into an HLS ladder for an event or VOD item.
     * `replaceOthers`: once ready, the owner's other finished assets (and their files) are removed.
     * `upload`: a file someone uploaded (the console, the CLI): the container its check accepted, its
     * size and the channel's longest video; the job checks it again and reads it as that container alone.
     */
    'media.transcode': {
      assetId: number
      source: string
      deleteSource: boolean
      replaceOthers?: boolean
      upload?: { formatName: string; bytes: number; maxDurationSec: number }
    }
    /** Remux an event's recording into one MP4 for download. */
    'media.download': { assetId: number }
    /** Poster, seek thumbnails and preview of a live recording that just ended. */
    'media.live-finish': { assetId: number }
    /** Generate a demo video and run it through the transcode pipeline. */
    'media.demo': { assetId: number; title: string; home: string; away: string; seconds: number }
  }
}

/** A download is waited for (urgent); encodes share the batch slots (decision 0042). */
export const mediaJobKinds = {
  'media.download': { lane: 'urgent' },
  'media.transcode': { lane: 'batch' },
  'media.live-finish': { lane: 'batch' },
  'media.demo': { lane: 'batch' },
} as const satisfies JobKinds<'media.transcode' | 'media.download' | 'media.live-finish' | 'media.demo'>

/** The media jobs' handlers (the temp sweep and the failure hook are in media-cleanup.jobs.ts). */
export type MediaJobHandlers = HandlersOf<keyof typeof mediaJobKinds>

export interface MediaJobDeps {
  repo: MediaRepository
  /** Where published files go; encoders work in local folders it gives (`workDir`). */
  store: MediaStore
  /** Local working space: the temp folder and the cache of generated demo sources. */
  mediaDir: string
  /** Encoder speed/quality trade-off (libx264 preset). */
  preset: string
  /** Called when an owner's content changed (caches drop it). */
  changed: (channelId: number) => Promise<void> | void
  /** Called before a replaced asset's rows go (the uploads that made it go too). */
  onAssetRemoved?: (assetId: number) => Promise<void>
}

/** Work in this process's temp folder: what a killed encode leaves there, the sweep can tell is dead. */
const inTemp = <T>(mediaDir: string, work: (root: string) => Promise<T>) =>
  withOwnTempRoot(path.join(mediaDir, 'tmp'), work)

/**
 * The worker's media jobs: encode an imported file into the HLS ladder with its poster, seek
 * thumbnails and preview (published as soon as its first rendition is ready), make a demo video and
 * encode it, and remux a recording into an MP4 for download.
 */
export function mediaJobHandlers(deps: MediaJobDeps): MediaJobHandlers {
  const { repo, mediaDir } = deps

  const assetOf = async (id: number) => {
    const asset = await repo.findAsset(id)
    if (!asset) throw new PermanentJobError(`media asset ${id} no longer exists`)
    return asset
  }

  const { store } = deps

  /** The local folder of a variant's playlist and segments, for ffmpeg to read. */
  const withVariant = async <T>(assetId: number, fn: (playlist: string) => Promise<T>) => {
    const master = (await store.readBytes(assetKey(assetId, 'master.m3u8')))?.toString('utf8') ?? ''
    const variant = firstVariant(master)
    if (!variant || variant.includes('..')) throw new PermanentJobError('The recording has no playable rendition.')
    const folder = path.posix.dirname(variant)
    const prefix = folder === '.' ? assetKey(assetId) : assetKey(assetId, folder)
    return store.withLocalCopy(prefix, (dir) => fn(path.join(dir, path.posix.basename(variant))))
  }

  /**
   * Deleted while a job works on it: what the job published goes too, and the job stops for good (the
   * failure hook removes an upload's source). Asked after each publish, and when a job breaks (a
   * delete removes the folder it writes into), so nothing stays behind a delete.
   */
  const mustStillExist = async (asset: MediaAssetRow) => {
    if (await repo.findAsset(asset.id)) return
    await store.deletePrefix(assetKey(asset.id))
    throw new PermanentJobError('The video was deleted while it was being encoded.')
  }

  type Upload = JobPayloads['media.transcode']['upload']
  const encode = (asset: MediaAssetRow, source: string, ctx: JobContext, upload?: Upload) =>
    encodeSteps(asset, source, ctx, upload).catch(async (e: unknown) => {
      await mustStillExist(asset)
      throw e
    })

  /**
   * A file someone uploaded is checked again before ffmpeg encodes it (its container as accepted,
   * every picture's time); what it may then take is bounded by its bytes as well as its length.
   */
  const checkAgain = async (source: string, upload: NonNullable<Upload>, signal: AbortSignal) => {
    try {
      const checked = await checkUploadForEncode(source, { ...upload, expectFormatName: upload.formatName, signal })
      const seconds = Math.min(checked.probe.durationSec, plausibleSecondsOf(upload.bytes))
      return { format: checked.format, timeoutMs: wallClockLimitMs(seconds) }
    } catch (e) {
      if (e instanceof UploadRefused) throw new PermanentJobError(refusalMessage(e.refusal))
      throw e
    }
  }

  const encodeSteps = async (asset: MediaAssetRow, source: string, ctx: JobContext, upload?: Upload) => {
    const prefix = assetKey(asset.id)
    // A retry starts from nothing: what an earlier attempt left is not half of this one.
    await store.deletePrefix(prefix)
    if (!fs.existsSync(source)) throw new PermanentJobError('The uploaded file is missing.')
    await repo.updateAsset(asset.id, { status: 'processing', progress: 0, error: null })
    const pinned = upload ? await checkAgain(source, upload, ctx.signal) : undefined
    const finalDir = await store.workDir(prefix)
    const published = new Set<string>()
    let lastWrite = 0
    const result = await inTemp(mediaDir, (tmpRoot) =>
      transcodeToHls({
        input: source,
        finalDir,
        tmpRoot,
        signal: ctx.signal,
        preset: deps.preset,
        ...(pinned ? { upload: { format: pinned.format }, timeoutMs: pinned.timeoutMs } : {}),
        onProgress: (percent) => {
          ctx.progress(percent)
          const now = Date.now()
          if (now - lastWrite > 1000) {
            lastWrite = now
            repo.updateAsset(asset.id, { progress: Math.floor(percent) }).catch(() => {})
          }
        },
        onRenditionReady: async (info) => {
          // The rendition's segments and playlist, then the master that names it.
          await store.publishDir(finalDir, prefix, (rel) => rel.startsWith(`${info.name}/`) || rel === info.master)
          await mustStillExist(asset)
          published.add(info.name)
          // Published with its first rendition; the master playlist grows as the others finish.
          await repo.setMedia(asset, MediaTypeId.vod, info.master)
          // A pre-roll plays from its MP4, made once every rendition is in: it is ready then.
          if (info.ready.length === 1 && asset.owner_type !== 'preroll') {
            await repo.updateAsset(asset.id, { status: 'ready' })
            await deps.changed(asset.channel_id)
          }
        },
      }),
    )
      .then(async (done) => {
        // The poster, thumbnails and preview (the renditions went as they were ready).
        await store.publishDir(finalDir, prefix, (rel) => !published.has(rel.split('/')[0]!) && rel !== 'master.m3u8')
        await mustStillExist(asset)
        return done
      })
      .finally(() => store.releaseWorkDir(finalDir))
    await repo.setMedia(asset, MediaTypeId.vod, 'master.m3u8')
    if (result.poster) await repo.setMedia(asset, MediaTypeId.image, result.poster)
    if (result.thumbnailsVtt) await repo.setMedia(asset, MediaTypeId.thumbnails, result.thumbnailsVtt)
    if (result.preview) await repo.setMedia(asset, MediaTypeId.preview, result.preview)
    const duration = Math.round(result.durationSec)
    if (asset.owner_type === 'preroll') await prerollMp4(asset, result.durationSec, ctx)
    await repo.updateAsset(asset.id, { status: 'ready', progress: 100, duration, error: null })
    if (asset.owner_type === 'vod') {
      await repo.setVodDuration(asset.owner_id, duration)
    }
    if (asset.owner_type === 'preroll') await repo.setPrerollUrl(asset.owner_id, prerollUrlOf(asset.id))
    await deps.changed(asset.channel_id)
  }

  /**
   * A pre-roll's public MP4 (decision 25): its highest rendition remuxed (stream copy, faststart), so the
   * ad player's plain <video> plays it in every browser without an HLS library.
   */
  const prerollMp4 = (asset: MediaAssetRow, durationSec: number, ctx: JobContext) =>
    inTemp(mediaDir, async (tmpRoot) => {
      const partial = path.join(tmpRoot, `preroll-${asset.id}.mp4`)
      try {
        await withVariant(asset.id, (inputPlaylist) =>
          runFfmpeg(remuxMp4Args({ inputPlaylist, output: partial }), {
            signal: ctx.signal,
            durationSec,
            timeoutMs: wallClockLimitMs(durationSec),
          }),
        )
        await store.put(assetKey(asset.id, PREROLL_FILE), { file: partial })
      } finally {
        fs.rmSync(partial, { force: true })
      }
    })

  /** The new asset plays now: the owner's older finished assets go, files first (a replaced video). */
  const replaceOthers = async (asset: MediaAssetRow) => {
    const owner = { type: asset.owner_type, id: asset.owner_id }
    for (const other of await repo.assetsOf(asset.channel_id, owner)) {
      if (other.id === asset.id || other.id > asset.id) continue
      if (other.status !== 'ready' && other.status !== 'failed') continue
      await store.deletePrefix(assetKey(other.id))
      await deps.onAssetRemoved?.(other.id)
      await repo.deleteAsset(other.id)
    }
    await deps.changed(asset.channel_id)
  }

  return {
    'media.transcode': async (job: Job<'media.transcode'>, ctx) => {
      const asset = await assetOf(job.payload.assetId)
      await encode(asset, job.payload.source, ctx, job.payload.upload)
      if (job.payload.deleteSource) fs.rmSync(job.payload.source, { force: true })
      if (job.payload.replaceOthers) await replaceOthers(asset)
    },

    'media.demo': async (job: Job<'media.demo'>, ctx) => {
      const asset = await assetOf(job.payload.assetId)
      const { title, home, away, seconds } = job.payload
      // Generated once per content and kept in DATA_DIR: a restart or a second channel reuses it.
      const cacheDir = path.join(mediaDir, 'demo-sources')
      fs.mkdirSync(cacheDir, { recursive: true })
      const name = createHash('sha256')
        .update(JSON.stringify({ title, home, away, seconds, v: 1 }))
        .digest('hex')
      const source = path.join(cacheDir, `${name.slice(0, 24)}.mp4`)
      if (!fs.existsSync(source)) {
        const partial = `${source}.partial.mp4`
        const score = (n: number) => Math.max(0, Math.round((n * seconds) / 60))
        await runFfmpeg(
          testFeedArgs({
            output: partial,
            durationSec: seconds,
            width: 854,
            height: 480,
            fps: 25,
            realtime: false,
            title,
            home,
            away,
            scoreTimeline: [
              { atSec: 0, home: 0, away: 0 },
              { atSec: Math.round(seconds * 0.3), home: 1 + score(1), away: 0 },
              { atSec: Math.round(seconds * 0.55), home: 1 + score(1), away: 1 + score(2) },
              { atSec: Math.round(seconds * 0.8), home: 2 + score(2), away: 1 + score(2) },
            ],
            fontFile: findFont(),
            format: 'mp4',
          }),
          {
            signal: ctx.signal,
            durationSec: seconds,
            timeoutMs: wallClockLimitMs(seconds),
            onProgress: (p) => ctx.progress((p.percent ?? 0) * 0.3),
          },
        ).catch((error) => {
          fs.rmSync(partial, { force: true })
          throw error
        })
        fs.renameSync(partial, source)
      }
      await encode(asset, source, {
        signal: ctx.signal,
        progress: (p) => ctx.progress(30 + p * 0.7),
      })
    },

    'media.live-finish': async (job: Job<'media.live-finish'>, ctx) => {
      const asset = await assetOf(job.payload.assetId)
      const prefix = assetKey(asset.id)
      const duration = asset.duration ?? 0
      const run = (args: string[], share: [number, number]) =>
        runFfmpeg(args, {
          signal: ctx.signal,
          durationSec: duration || undefined,
          timeoutMs: wallClockLimitMs(duration),
          onProgress: (p) => ctx.progress(share[0] + ((p.percent ?? 0) * (share[1] - share[0])) / 100),
        })
      await withVariant(asset.id, async (input) => {
        const dir = await store.workDir(prefix)
        const publish = (...files: string[]) => store.publishDir(dir, prefix, (rel) => files.includes(rel))
        try {
          fs.mkdirSync(path.join(dir, 'thumbnails'), { recursive: true })
          await run(
            posterArgs({ input, output: path.join(dir, 'poster.jpg'), atSec: Math.min(10, duration / 2), width: 1280 }),
            [0, 20],
          )
          await publish('poster.jpg')
          await repo.setMedia(asset, MediaTypeId.image, 'poster.jpg')
          const { intervalSec, columns, rows } = planSprite(duration)
          const sprite = { intervalSec, columns, rows, tileWidth: 160, tileHeight: 90 }
          await run(spriteArgs({ input, output: path.join(dir, 'thumbnails', 'sprite.jpg'), ...sprite }), [20, 80])
          fs.writeFileSync(
            path.join(dir, 'thumbnails', 'thumbnails.vtt'),
            thumbnailsVtt({ durationSec: duration, ...sprite, spriteUri: 'sprite.jpg' }),
          )
          await publish('thumbnails/sprite.jpg', 'thumbnails/thumbnails.vtt')
          await repo.setMedia(asset, MediaTypeId.thumbnails, 'thumbnails/thumbnails.vtt')
          await run(
            previewArgs({
              input,
              output: path.join(dir, 'preview.mp4'),
              startSec: duration / 3,
              durationSec: 6,
              width: 480,
            }),
            [80, 100],
          )
          await publish('preview.mp4')
          await repo.setMedia(asset, MediaTypeId.preview, 'preview.mp4')
        } finally {
          await store.releaseWorkDir(dir)
        }
      })
      await deps.changed(asset.channel_id)
    },

    'media.download': async (job: Job<'media.download'>, ctx) => {
      const asset = await assetOf(job.payload.assetId)
      const key = assetKey(asset.id, 'download.mp4')
      if (await store.stat(key)) return
      await inTemp(mediaDir, async (tmpRoot) => {
        const partial = path.join(tmpRoot, `download-${asset.id}-${job.id}.mp4`)
        try {
          await withVariant(asset.id, (inputPlaylist) =>
            // Someone waits for the file: its copy runs in the urgent lane, ahead of encodes.
            runFfmpeg(remuxMp4Args({ inputPlaylist, output: partial }), {
              signal: ctx.signal,
              lane: 'urgent',
              durationSec: asset.duration ?? undefined,
              timeoutMs: wallClockLimitMs(asset.duration),
              onProgress: (p) => ctx.progress(p.percent ?? 0),
            }),
          )
          await store.put(key, { file: partial })
        } finally {
          fs.rmSync(partial, { force: true })
        }
      })
      // The video was deleted while its download was being made: the file goes with it.
      if (!(await repo.findAsset(asset.id))) await store.deletePrefix(assetKey(asset.id))
    },
  }
}
