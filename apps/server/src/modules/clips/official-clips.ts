import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { KeyPlayClip } from '@fieldhouse/contract'
import { CLIP_FILE, CLIP_HLS_DIR, CLIP_POSTER_FILE } from '@fieldhouse/media'
import type { JobQueue } from '../../jobs/queue.js'
import type { MediaStore } from '../../lib/media-store/index.js'
import type { ClipSources, CuttableSource } from './clip-sources.js'
import type { ClipCutPayload } from './clips.jobs.js'
import { clipKey, clipPosterUrl } from './clips.presenter.js'
import type { ClipsRepository } from './clips.repository.js'
import { eraseClip } from './clips.service.js'

/** A game's highlight reel listed with the clips (decision 0058): its files, made already, and what it is of. */
export interface OfficialReel {
  channelId: number
  channelName: string
  eventId: number
  /** The reel's library video and its asset (the clip's `vod_item_id` and `asset_id`). */
  vodItemId: number
  assetId: number
  name: string
  durationSec: number
  /** Local files: the MP4, its poster, and a one-rendition HLS folder (`index.m3u8` and its segments). */
  files: { mp4: string; poster: string; hlsDir: string }
}

/** What an official clip is cut from and to: a recording's rendition playlist, the range, the stream's clock at its start. */
export interface OfficialCut {
  channelId: number
  channelName: string
  eventId: number
  source: Pick<CuttableSource, 'event_media_id' | 'playlist'>
  name: string
  tags: string[]
  startSec: number
  durationSec: number
  programmeStart: number | null
}

/**
 * The channel's own clips (decision 0058): key plays' clips, cut by the same job as a viewer's
 * (`clips.cut`, the urgent lane) from the same recordings, authored by the channel's own account,
 * listed on /moments as the channel's. No viewer's limits apply to them.
 */
export class OfficialClips {
  constructor(
    private readonly d: {
      repo: ClipsRepository
      sources: ClipSources
      store: MediaStore
      queue: JobQueue
    },
  ) {}

  /** The game's recordings a clip may be cut from (the live one as recorded so far, or the replay). */
  sourcesOf(channelId: number, eventId: number) {
    return this.d.sources.of(channelId, { type: 'event', id: eventId })
  }

  /** The playlist's text as the cutter would read it now. */
  async playlistText(key: string) {
    return (await this.d.store.readBytes(key))?.toString('utf8') ?? null
  }

  /** A new official clip of the range, queued for its cut; or, given one, the same clip cut again to the new range. */
  async cut(c: OfficialCut, clipId?: number | null): Promise<number> {
    const start_time = Math.round(c.startSec * 1000) / 1000
    const duration = Math.round(c.durationSec * 1000) / 1000
    let id = clipId ?? null
    const existing = id === null ? undefined : await this.d.repo.find(id)
    if (existing) {
      await this.d.store.deletePrefix(clipKey(existing))
      await this.d.repo.recut(existing.id, { start_time, duration, programme_start: c.programmeStart })
    } else {
      const userId = await this.d.repo.houseAccount(c.channelId, c.channelName)
      id = await this.d.repo.create({
        ...{ channel_id: c.channelId, user_id: userId, uuid: randomUUID(), event_id: c.eventId, vod_item_id: null },
        ...{ asset_id: c.source.event_media_id, name: c.name.slice(0, 200), tags: c.tags, start_time, duration },
        ...{ official: 1, programme_start: c.programmeStart },
      })
    }
    const payload: ClipCutPayload = {
      clipId: id as number,
      playlist: c.source.playlist,
      startSec: start_time,
      durationSec: duration,
    }
    // A new range is a new cut: keyed by it, so a cut of the old range under way does not stand in for it.
    await this.d.queue.enqueue('clips.cut', payload, {
      dedupeKey: `clip:${id}:${start_time}:${duration}`,
      maxAttempts: 3,
      channelId: c.channelId,
    })
    return id as number
  }

  /** The store key of a ready clip's MP4, or null while it has none. */
  async readyMp4(clipId: number): Promise<string | null> {
    const clip = await this.d.repo.find(clipId)
    return clip?.status === 'ready' ? clipKey(clip, CLIP_FILE) : null
  }

  /**
   * A game's highlight reel on /moments as an official clip of its library video (decision 0058): the
   * reel's MP4, poster and HLS copied under the clip's own key, the clip ready at once. A remade reel
   * replaces the files of the clip it had; the clip keeps its id and link.
   */
  async publishReel(r: OfficialReel): Promise<number> {
    const existing = await this.d.repo.officialOfVodItem(r.vodItemId)
    if (existing) await eraseClip({ repo: this.d.repo, store: this.d.store }, existing)
    const userId = await this.d.repo.houseAccount(r.channelId, r.channelName)
    const duration = Math.round(r.durationSec * 1000) / 1000
    const uuid = randomUUID()
    const id = await this.d.repo.create({
      ...{ channel_id: r.channelId, user_id: userId, uuid, event_id: r.eventId, vod_item_id: r.vodItemId },
      ...{ asset_id: r.assetId, name: r.name.slice(0, 200), tags: [], start_time: 0, duration },
      ...{ official: 1, programme_start: null },
    })
    const clip = { id, uuid }
    let bytes = 0
    const put = async (file: string, rel: string) => {
      bytes += (await fs.stat(file)).size
      await this.d.store.put(clipKey(clip, rel), { file })
    }
    const segments = (await fs.readdir(r.files.hlsDir)).filter((f) => f.endsWith('.ts'))
    for (const f of segments) await put(path.join(r.files.hlsDir, f), `${CLIP_HLS_DIR}/${f}`)
    await put(path.join(r.files.hlsDir, 'index.m3u8'), `${CLIP_HLS_DIR}/index.m3u8`)
    await put(r.files.poster, CLIP_POSTER_FILE)
    // The MP4 last: a clip is whole once its MP4 is there.
    await put(r.files.mp4, CLIP_FILE)
    await this.d.repo.update(id, { status: 'ready', failure_reason: null, bytes })
    return id
  }

  /** The official clips by id, as key plays show them. */
  async present(ids: number[]): Promise<Map<number, KeyPlayClip>> {
    const out = new Map<number, KeyPlayClip>()
    for (const id of ids) {
      const clip = await this.d.repo.find(id)
      if (!clip) continue
      out.set(id, {
        id: clip.id,
        uuid: clip.uuid,
        status: clip.status,
        poster: clip.status === 'ready' ? clipPosterUrl(clip) : null,
        start_time: Number(clip.start_time),
        duration: Number(clip.duration),
      })
    }
    return out
  }

  /** An official clip and its files, gone. */
  async erase(clipId: number) {
    const clip = await this.d.repo.find(clipId)
    if (clip) await eraseClip({ repo: this.d.repo, store: this.d.store }, clip)
  }
}
