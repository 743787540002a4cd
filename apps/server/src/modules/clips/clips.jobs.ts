import fs from 'node:fs'
import path from 'node:path'
import { clipMessages, messages } from '@fieldhouse/contract'
import { ClipRangeError, cutClip, holdBatchForUrgent } from '@fieldhouse/media'
import { type HandlersOf, type Job, type JobContext, type JobKinds, PermanentJobError } from '../../jobs/job.js'
import { withOwnTempRoot } from '../../jobs/temp-folders.js'
import { assetKey, type MediaStore } from '../../lib/media-store/index.js'
import { clipKey } from './clips.presenter.js'
import type { ClipsRepository } from './clips.repository.js'

/**
 * A cut, as the clips service decided it when the clip was asked for (or tried again): the variant
 * playlist of the recording's rendition (a store key) and the range. The job reads nothing else.
 */
export interface ClipCutPayload {
  clipId: number
  playlist: string
  startSec: number
  durationSec: number
}

declare module '../../jobs/job.js' {
  interface JobPayloads {
    /** Cut a clip from its recording and publish it (decision 16). */
    'clips.cut': ClipCutPayload
  }
}

/** Someone waits for a clip: it runs in the urgent lane (decision 0042). */
export const clipJobKinds = { 'clips.cut': { lane: 'urgent' } } as const satisfies JobKinds<'clips.cut'>

/**
 * A job queued before cuts carried their plan (`{ clipId }` alone) fails for good at once: the clip is
 * `failed` with the general reason, and the viewer's retry queues a whole one.
 */
class OutdatedCutError extends PermanentJobError {
  constructor() {
    super('clips.cut queued without its playlist and range (before cuts carried them): the clip can be tried again')
  }
}

const isWhole = (payload: Partial<ClipCutPayload>): payload is ClipCutPayload =>
  typeof payload.playlist === 'string' &&
  typeof payload.startSec === 'number' &&
  typeof payload.durationSec === 'number'

export interface ClipJobDeps {
  repo: ClipsRepository
  store: MediaStore
  /** Local working space (its `tmp` folder is swept of what killed cuts leave). */
  mediaDir: string
}

/** Every file under `dir`, relative, '/'-separated. */
function filesUnder(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const rel = prefix ? `${prefix}/${e.name}` : e.name
    return e.isDirectory() ? filesUnder(path.join(dir, e.name), rel) : [rel]
  })
}

/**
 * `clips.cut`: the clip turns `processing`; ffmpeg cuts the payload's range from the payload's playlist
 * (the rendition the service picked; a live game's source as recorded so far) into this process's temp folder, at
 * lower priority than live packaging; the files are published under `clips/{id}-{uuid}/` — the MP4 last —
 * and only then is the clip `ready`. A crash mid-cut leaves its temp folder (swept) and a clip still
 * `processing`, whose job another worker takes when the lease runs out and starts over.
 */
export function clipJobHandlers(deps: ClipJobDeps): HandlersOf<'clips.cut'> {
  const { repo, store } = deps
  return {
    // Someone waits for the clip: this process's batch encodes pause from its first step to its last.
    'clips.cut': async (job: Job<'clips.cut'>, ctx: JobContext) => {
      const release = holdBatchForUrgent()
      try {
        await cutAndPublish(job, ctx)
      } finally {
        release()
      }
    },
  }

  async function cutAndPublish(job: Job<'clips.cut'>, ctx: JobContext) {
    const clip = await repo.find(job.payload.clipId)
    // Deleted meanwhile, or made by an earlier attempt: nothing to do.
    if (!clip || clip.status === 'ready') return
    const cut: Partial<ClipCutPayload> = job.payload
    if (!isWhole(cut)) throw new OutdatedCutError()
    const variantKey = cut.playlist
    // The payload names the playlist; it must be one of the clip's own recording (never another asset's files).
    const own = `${assetKey(clip.asset_id)}/`
    if (!variantKey.startsWith(own) || path.posix.normalize(variantKey) !== variantKey || variantKey.includes('/../'))
      throw new PermanentJobError('The recording of this clip is no longer available.')
    await repo.update(clip.id, { status: 'processing', failure_reason: null })
    // The recording was deleted (or re-encoded elsewhere) since the clip was asked for.
    if (!(await store.stat(variantKey)))
      throw new PermanentJobError('The recording of this clip is no longer available.')
    const prefix = clipKey(clip)
    // What an earlier attempt published is not half of this one.
    await store.deletePrefix(prefix)
    const folder = path.posix.dirname(variantKey)
    const bytes = await withOwnTempRoot(path.join(deps.mediaDir, 'tmp'), async (tmpRoot) => {
      const outDir = path.join(tmpRoot, `clip-${clip.id}-${job.id}-${job.attempts}`)
      fs.mkdirSync(outDir, { recursive: true })
      try {
        await store.withLocalCopy(folder, (dir) =>
          cutClip({
            playlist: path.join(dir, path.posix.basename(variantKey)),
            startSec: cut.startSec,
            durationSec: cut.durationSec,
            outDir,
            signal: ctx.signal,
            lane: 'urgent',
            onProgress: (ratio) => ctx.progress(Math.min(95, ratio * 95)),
          }),
        )
        const files = filesUnder(outDir)
        if (!files.includes('clip.mp4')) throw new Error('the cut wrote no clip.mp4')
        // The playlist after its segments, the MP4 last: a clip is whole once its MP4 is there.
        const order = (f: string) => (f === 'clip.mp4' ? 2 : f.endsWith('.m3u8') ? 1 : 0)
        let total = 0
        for (const rel of files.sort((a, b) => order(a) - order(b))) {
          total += fs.statSync(path.join(outDir, rel)).size
          await store.put(clipKey(clip, rel), { file: path.join(outDir, rel) })
        }
        return total
      } catch (error) {
        if (error instanceof ClipRangeError) throw new PermanentJobError(messages.clipDurationTooLong)
        throw error
      } finally {
        fs.rmSync(outDir, { recursive: true, force: true })
      }
    })
    const done = await repo.update(clip.id, { status: 'ready', failure_reason: null, bytes }, ['processing'])
    if (!done) {
      // Deleted while it was being cut: its files go too.
      await store.deletePrefix(prefix)
      return
    }
    ctx.progress(100)
  }
}

/**
 * When a cut fails for good the clip is `failed` with a reason a viewer can read (the range, a
 * recording gone), else the general one, and nothing it published stays in the store.
 */
export function clipJobFailureHook(deps: Pick<ClipJobDeps, 'repo' | 'store'>) {
  return async (job: Job, error: Error, willRetry: boolean) => {
    if (willRetry || job.kind !== 'clips.cut') return
    const { clipId } = (job as Job<'clips.cut'>).payload
    const told = error instanceof PermanentJobError && !(error instanceof OutdatedCutError)
    const reason = told ? error.message : clipMessages.failed
    await deps.repo.update(clipId, { status: 'failed', failure_reason: reason.slice(0, 500) }, ['queued', 'processing'])
    const clip = await deps.repo.find(clipId)
    if (clip) await deps.store.deletePrefix(clipKey(clip))
  }
}
