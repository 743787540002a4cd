import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import {
  type MediaAssetAdmin,
  type OwnerMedia,
  prerollUrlOf,
  type Upload,
  UploadMetadataSchema,
  uploadMessages,
} from '@fieldhouse/contract'
import { type CheckedUpload, UploadRefused } from '@fieldhouse/media'
import type { MediaAssetRow, UploadRow } from '../../db/schema.js'
import type { JobQueue } from '../../jobs/queue.js'
import { type UploadSettings, uploadSettingsOf } from '../../lib/channel-settings.js'
import { AppError, conflict, invalid, notFound } from '../../lib/errors.js'
import { parseJson } from '../../lib/json.js'
import { assetKey, type MediaStore } from '../../lib/media-store/index.js'
import { type AuditSink, mustBeAllowed, type Operator } from '../../lib/operator.js'
import { parseInput } from '../../lib/parse-input.js'
import type { MediaRepository, Owner } from './media.repository.js'
import type { MediaService } from './media.service.js'
import { refusalMessage } from './upload-refusal.js'
import type { UploadsRepository } from './uploads.repository.js'

/** What uploads need of the catalogue: the owners a video may go to (the container fills it). */
export interface UploadTargets {
  findEvent(channelId: number, id: number): Promise<{ id: number; stream_status: string } | undefined>
  findVodItem(channelId: number, id: number): Promise<{ id: number } | undefined>
  createVodItem(channelId: number, title: string, duration: number, now: number): Promise<number>
  findPreroll(channelId: number, id: number): Promise<{ id: number } | undefined>
  createPreroll(channelId: number, now: number): Promise<number>
  /** The channel's settings JSON, for its upload limits. */
  channelSettings(channelId: number): Promise<string>
}

type Target = 'event' | 'vod' | 'preroll'

/** The bytes of uploads in progress (the tus file store). */
export interface UploadBytes {
  /** Bytes received so far; null when the store has no such upload. */
  offset(id: string): Promise<number | null>
  /** The local file of a complete upload. */
  file(id: string): string
  /** The upload's file and its store record. */
  remove(id: string): Promise<void>
}

const iso = (ms: number) => new Date(ms).toISOString()

/** A PATCH this long after the upload's last one resumes it (audited as a new writing). */
const RESUME_AFTER_MS = 60_000

/**
 * Videos uploaded from the console (decision 20): a tus upload is created for an event (its game
 * recording becomes the replay), a VOD item (existing, or new with a title) or a pre-roll (existing,
 * or new; decision 25: it takes the pre-roll rights too, and the encode writes the pre-roll's
 * address); when its last byte
 * is in, the file is checked with ffprobe, moved out of the upload store and encoded by the existing
 * `media.transcode` job into a new asset, which replaces the owner's older video once it plays.
 * Nothing is left behind: a refused file, a cancelled upload and a deleted asset take their bytes.
 */
export class UploadsService {
  constructor(
    private readonly deps: {
      repo: UploadsRepository
      media: MediaRepository
      mediaService: Pick<MediaService, 'preview'>
      targets: UploadTargets
      bytes: UploadBytes
      queue: JobQueue
      store: MediaStore
      /** The check of a complete upload (`checkUpload` of @fieldhouse/media): throws `UploadRefused`. */
      check: (file: string, options: { bytes: number; maxDurationSec: number }) => Promise<CheckedUpload>
      /** Where a complete upload waits for its encode (DATA_DIR/media/imports). */
      importsDir: string
      maxBytes: number
      /** Free bytes of the disk uploads are written to (`fs.statfs` of the uploads folder). */
      freeBytes: () => Promise<number>
      /** What the disk must keep free beside every upload under way, bytes. */
      reserveBytes: number
      audit: AuditSink
      changed: (channelId: number) => Promise<void> | void
      clock?: () => number
    },
  ) {}

  private now() {
    return (this.deps.clock ?? Date.now)()
  }

  private async limitsOf(channelId: number): Promise<UploadSettings> {
    return uploadSettingsOf(parseJson(await this.deps.targets.channelSettings(channelId), {}))
  }

  /**
   * Room for `size` more bytes: the channel's uploads under way stay within its share, and the disk
   * keeps its reserve once every upload under way (any channel's) has sent what it still owes.
   */
  private async mustHaveRoom(channelId: number, size: number) {
    const limits = await this.limitsOf(channelId)
    const open = await this.deps.repo.openUploads()
    const channelOpen = open.filter((u) => u.channel_id === channelId).reduce((n, u) => n + u.size, 0)
    if (channelOpen + size > limits.openBytes) {
      throw new AppError(413, uploadMessages.quota(Math.round(limits.openBytes / 1024 ** 3)))
    }
    let owed = 0
    for (const u of open) owed += Math.max(0, u.size - ((await this.deps.bytes.offset(u.id)) ?? 0))
    if ((await this.deps.freeBytes()) - owed - size < this.deps.reserveBytes) {
      throw new AppError(507, uploadMessages.noRoom)
    }
  }

  /** tus creation: who may, for what, how large. Throws the refusal (nothing is written then). */
  async begin(op: Operator, id: string, size: number | undefined, metadata: Record<string, string | null>) {
    mustBeAllowed(op, 'create', 'uploads')
    if (size === undefined) throw invalid({ size: ['Say the size of the file (Upload-Length).'] })
    if (size > this.deps.maxBytes) {
      throw new AppError(413, uploadMessages.tooLarge(Math.round(this.deps.maxBytes / 1024 ** 3)))
    }
    const m = parseInput(UploadMetadataSchema, metadata)
    const channelId = op.session.channel.id
    await this.mustHaveRoom(channelId, size)
    let targetId: number | null = null
    if (m.target === 'event') {
      const event = await this.deps.targets.findEvent(channelId, m.event_id ?? 0)
      if (!event) throw notFound('event')
      if (event.stream_status === 'live') throw conflict(uploadMessages.busyLive)
      targetId = event.id
    } else if (m.target === 'preroll') {
      // A pre-roll's video is the pre-roll's content: its writers upload it (a producer may not).
      mustBeAllowed(op, m.preroll_id === undefined ? 'create' : 'update', 'prerolls')
      if (m.preroll_id !== undefined) {
        const preroll = await this.deps.targets.findPreroll(channelId, m.preroll_id)
        if (!preroll) throw notFound('prerolls')
        targetId = preroll.id
      }
    } else if (m.vod_id !== undefined) {
      const item = await this.deps.targets.findVodItem(channelId, m.vod_id)
      if (!item) throw notFound('vod-media-item')
      targetId = item.id
    }
    await this.deps.repo.create({
      id,
      channel_id: channelId,
      user_id: op.userId,
      target: m.target,
      target_id: targetId,
      title: targetId === null ? (m.title ?? null) : null,
      filename: m.filename ?? null,
      size,
    })
    await this.deps.audit(op, {
      action: 'create',
      resource: 'uploads',
      resourceId: id,
      after: { target: m.target, target_id: targetId, filename: m.filename ?? null, size },
    })
  }

  /**
   * A tus PATCH: the upload must be the operator's channel's and still receiving. Bytes written are
   * audited when a writing begins (the first bytes, a resume after a pause, another operator's), not
   * every chunk.
   */
  async mayWrite(op: Operator, id: string, offset: number) {
    const row = await this.mayTouch(op, id, 'create')
    const resumes = this.now() - row.updated_at > RESUME_AFTER_MS
    if (offset === 0 || resumes || row.user_id !== op.userId) {
      await this.deps.audit(op, {
        action: 'update',
        resource: 'uploads',
        resourceId: id,
        after: { writing_from: Number.isFinite(offset) ? offset : null, size: row.size },
      })
    }
    return row
  }

  /** An upload of the operator's channel (404 for another's), for a tus PATCH, HEAD or DELETE. */
  async mayTouch(op: Operator, id: string, action: 'create' | 'read' | 'delete') {
    mustBeAllowed(op, action, 'uploads')
    const row = await this.deps.repo.find(id)
    if (!row || row.channel_id !== op.session.channel.id) throw notFound('upload')
    if (action === 'create' && row.status !== 'uploading') throw conflict('The upload is already complete.')
    return row
  }

  /**
   * The last byte is in: check the file, then hand it to the encoder. A file that is not a video we
   * can read is removed at once and the upload fails with the reason.
   */
  async complete(id: string, op: Operator) {
    const row = await this.deps.repo.find(id)
    if (row?.status !== 'uploading' || row.channel_id !== op.session.channel.id) return
    const upload = this.deps.bytes.file(id)
    const limits = await this.limitsOf(row.channel_id)
    let checked: CheckedUpload
    try {
      checked = await this.deps.check(upload, { bytes: row.size, maxDurationSec: limits.maxDurationSec })
    } catch (e) {
      const reason = refusalMessage(e instanceof UploadRefused ? e.refusal : { reason: 'not-video' })
      await this.deps.bytes.remove(id)
      await this.deps.repo.markFailed(id, reason)
      await this.deps.audit(op, {
        action: 'update',
        resource: 'uploads',
        resourceId: id,
        after: { status: 'failed', error: reason },
      })
      throw new AppError(422, reason)
    }
    const probed = checked.probe
    const channelId = row.channel_id
    const targetId =
      row.target_id ??
      (row.target === 'preroll'
        ? await this.deps.targets.createPreroll(channelId, this.now())
        : await this.deps.targets.createVodItem(
            channelId,
            row.title ?? row.filename ?? 'Untitled video',
            Math.round(probed.durationSec),
            this.now(),
          ))
    // Out of the upload store, beside the CLI's imports: the job deletes it once encoded (or failed).
    // Named by us alone: no extension of the client's says to ffmpeg what the file is.
    await fs.mkdir(this.deps.importsDir, { recursive: true })
    const source = path.join(this.deps.importsDir, randomUUID())
    await fs.rename(upload, source)
    await this.deps.bytes.remove(id)
    const owner: Owner = { type: row.target, id: targetId }
    const asset = await this.deps.media.createAsset(channelId, owner, 'upload', 'processing')
    await this.deps.repo.markProcessing(id, targetId, asset.id)
    await this.deps.queue.enqueue(
      'media.transcode',
      {
        assetId: asset.id,
        source,
        deleteSource: true,
        replaceOthers: true,
        upload: { formatName: checked.formatName, bytes: row.size, maxDurationSec: limits.maxDurationSec },
      },
      { channelId },
    )
    await this.deps.audit(op, {
      action: 'update',
      resource: 'uploads',
      resourceId: id,
      after: { status: 'processing', asset_id: asset.id, container: checked.formatName, size: row.size },
    })
    await this.deps.changed(channelId)
  }

  private async present(row: UploadRow): Promise<Upload> {
    const asset = row.asset_id ? await this.deps.media.findAsset(row.asset_id) : undefined
    const status =
      row.status === 'processing' && asset ? (asset.status === 'live' ? 'processing' : asset.status) : row.status
    const offset = row.status === 'uploading' ? ((await this.deps.bytes.offset(row.id)) ?? 0) : row.size
    return {
      id: row.id,
      status,
      target: row.target,
      target_id: row.target_id,
      filename: row.filename,
      size: row.size,
      offset,
      progress: asset ? asset.progress : 0,
      error: row.error ?? asset?.error ?? null,
      asset_id: row.asset_id,
      created_at: iso(row.created_at),
    }
  }

  /** `GET /api/admin/uploads/{id}`: bytes received, then the encode's progress. */
  async get(op: Operator, id: string) {
    return this.present(await this.mayTouch(op, id, 'read'))
  }

  /** tus termination: the bytes go, and the upload with them. */
  async cancel(op: Operator, id: string) {
    const row = await this.mayTouch(op, id, 'delete')
    if (row.status !== 'uploading') throw conflict('The upload is complete: delete its video instead.')
    await this.deps.bytes.remove(id)
    await this.deps.repo.remove(id)
    await this.deps.audit(op, { action: 'delete', resource: 'uploads', resourceId: id, before: { size: row.size } })
  }

  private async owner(op: Operator, target: Target, id: number): Promise<Owner> {
    const channelId = op.session.channel.id
    const found =
      target === 'event'
        ? await this.deps.targets.findEvent(channelId, id)
        : target === 'vod'
          ? await this.deps.targets.findVodItem(channelId, id)
          : await this.deps.targets.findPreroll(channelId, id)
    if (!found) throw notFound(target === 'event' ? 'event' : target === 'vod' ? 'vod-media-item' : 'prerolls')
    return { type: target, id }
  }

  /** An event's, VOD item's or pre-roll's videos and recent uploads, for the Media page. */
  async ownerMedia(op: Operator, target: Target, id: number): Promise<OwnerMedia> {
    mustBeAllowed(op, 'read', 'uploads')
    if (target === 'preroll') mustBeAllowed(op, 'read', 'prerolls')
    const owner = await this.owner(op, target, id)
    const assets = await this.deps.media.assetsOf(op.session.channel.id, owner)
    const playing =
      assets.find((a) => a.status === 'live') ?? assets.find((a) => a.status === 'ready') ?? assets[0] ?? null
    const uploads = await this.deps.repo.listForTarget(op.session.channel.id, target, id)
    return {
      target,
      target_id: id,
      assets: assets.map((a) => presentAsset(a, a.id === playing?.id && a.status !== 'failed')),
      uploads: await Promise.all(uploads.map((u) => this.present(u))),
      preview: await this.deps.mediaService.preview(op.session, owner),
    }
  }

  /**
   * Deletes a video: its files from the store, then its rows. A live recording is ended first, not
   * deleted. A pre-roll whose video it was has none afterwards (it plays nowhere until it gets one).
   */
  async deleteAsset(op: Operator, assetId: number) {
    mustBeAllowed(op, 'delete', 'uploads')
    const asset = await this.deps.media.findAsset(assetId)
    if (!asset || asset.channel_id !== op.session.channel.id) throw notFound('media')
    if (asset.owner_type === 'preroll') mustBeAllowed(op, 'update', 'prerolls')
    if (asset.status === 'live') throw conflict('The stream is live: end it before deleting its recording.')
    await this.deps.store.deletePrefix(assetKey(asset.id))
    await this.deps.repo.removeForAsset(asset.id)
    if (asset.owner_type === 'preroll') await this.deps.media.clearPrerollUrl(asset.owner_id, prerollUrlOf(asset.id))
    await this.deps.media.deleteAsset(asset.id)
    await this.deps.changed(asset.channel_id)
    await this.deps.audit(op, {
      action: 'delete',
      resource: 'uploads',
      resourceId: `asset:${asset.id}`,
      before: presentAsset(asset, false),
    })
  }

  /**
   * An owner (event, VOD item, pre-roll) is about to be deleted: answers what removes its videos
   * afterwards, rows then files, so nothing viewers reach points at a missing file. A live recording
   * is refused, as a media delete refuses it: the stream is ended first.
   */
  async videosOfOwner(channelId: number, owner: Owner): Promise<() => Promise<void>> {
    const assets = await this.deps.media.assetsOf(channelId, owner)
    if (assets.some((a) => a.status === 'live')) throw conflict('The event is live: end the stream before deleting it.')
    return async () => {
      for (const asset of assets) {
        await this.deps.repo.removeForAsset(asset.id)
        await this.deps.media.deleteAsset(asset.id)
        await this.deps.store.deletePrefix(assetKey(asset.id))
      }
    }
  }

  /** Uploads nobody finished within the expiry: their bytes and rows go (the scheduled temp sweep). */
  async sweepAbandoned(expiryMs: number) {
    const stale = await this.deps.repo.staleUploading(this.now() - expiryMs)
    for (const { id } of stale) {
      await this.deps.bytes.remove(id)
      await this.deps.repo.remove(id)
    }
    return stale.length
  }

  /** A PATCH arrived: the upload is alive (the sweep leaves it). */
  touched(id: string) {
    return this.deps.repo.touch(id)
  }
}

const presentAsset = (a: MediaAssetRow, playing: boolean): MediaAssetAdmin => ({
  id: a.id,
  status: a.status,
  source: a.source,
  progress: a.progress,
  duration: a.duration,
  error: a.error,
  playing,
  created_at: iso(a.created_at),
})
