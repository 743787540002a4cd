import fs from 'node:fs'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { FailureHook, HandlersOf, Job, JobKinds, JobPayloads } from '../../jobs/job.js'
import { sweepTempFolders } from '../../jobs/temp-folders.js'
import { assetKey } from '../../lib/media-store/index.js'
import type { MediaJobDeps } from './media.jobs.js'

declare module '../../jobs/job.js' {
  interface JobPayloads {
    /** Remove the temp folders that killed encodes left, and uploads abandoned half way (scheduled). */
    'media.sweep-temp': Record<string, never>
  }
}

/** Every ten minutes, the first ten minutes after a worker starts (it sweeps once as it starts). */
export const mediaCleanupJobKinds = {
  'media.sweep-temp': { lane: 'scheduled', everyMs: 10 * 60_000, firstAfterMs: 10 * 60_000 },
} as const satisfies JobKinds<'media.sweep-temp'>

/**
 * What killed encodes and abandoned uploads leave: temp folders older than an hour under
 * `{mediaDir}/tmp` (of processes that are gone), and uploads untouched for `uploadExpiryMs`.
 */
export function mediaSweep(deps: {
  mediaDir: string
  uploadExpiryMs: number
  sweepAbandoned: (olderThanMs: number) => Promise<unknown>
  log: FastifyBaseLogger
}) {
  const { log } = deps
  return () => {
    deps.sweepAbandoned(deps.uploadExpiryMs).catch((error) => log.warn({ err: error }, 'abandoned upload sweep failed'))
    try {
      const removed = sweepTempFolders(path.join(deps.mediaDir, 'tmp'), { staleAfterMs: 60 * 60_000 })
      if (removed.length > 0) log.info({ removed }, 'removed temp folders of encodes that were killed')
    } catch (error) {
      log.warn({ err: error }, 'temp folder sweep failed')
    }
  }
}

export function mediaCleanupJobHandlers(sweep: () => void): HandlersOf<'media.sweep-temp'> {
  return { 'media.sweep-temp': async () => sweep() }
}

/**
 * What the last failed attempt of a media job leaves behind (the worker's failure hook). An encode
 * (an import, a demo video) that never finished is marked `failed` with its reason, which the
 * viewer's detail reports as `media_status: failed` and the CLI prints, and its half-written folder
 * is removed. A live recording whose poster, thumbnails or preview could not be made is still the
 * replay: it stays ready and keeps every file. A download keeps its reason on its own job.
 */
export function mediaJobFailureHook(deps: Pick<MediaJobDeps, 'repo' | 'store' | 'changed'>): FailureHook {
  return async (job: Job, error: Error, willRetry: boolean) => {
    if (willRetry) return
    if (job.kind !== 'media.transcode' && job.kind !== 'media.demo') return
    const { assetId } = job.payload as JobPayloads['media.transcode' | 'media.demo']
    await deps.repo.updateAsset(assetId, { status: 'failed', error: error.message.slice(0, 500) })
    await deps.store.deletePrefix(assetKey(assetId))
    // An upload's source goes too: a failed encode leaves no orphaned file behind.
    if (job.kind === 'media.transcode') {
      const payload = job.payload as JobPayloads['media.transcode']
      if (payload.deleteSource) fs.rmSync(payload.source, { force: true })
    }
    const asset = await deps.repo.findAsset(assetId)
    if (asset) await deps.changed(asset.channel_id)
  }
}
