import { randomUUID } from 'node:crypto'
import type { ClipStatusValue } from '../db/schema.js'
import { clipKey } from '../modules/clips/clips.presenter.js'
import { ClipsRepository } from '../modules/clips/clips.repository.js'
import type { TestContext } from './context.js'

/**
 * A viewer's clip as the cut leaves it, without cutting: the row, and for a ready clip its files
 * (MP4, poster, a short HLS) under `clips/{id}-{uuid}/`.
 */
export async function buildClip(
  ctx: TestContext,
  o: {
    channelId: number
    userId: number
    /** What it is cut from: an event, or (with `eventId` null) a library video. */
    eventId: number | null
    vodItemId?: number
    name?: string
    status?: ClipStatusValue
    tags?: string[]
  },
) {
  const repo = new ClipsRepository(ctx.db.kysely)
  const uuid = randomUUID()
  const id = await repo.create({
    channel_id: o.channelId,
    user_id: o.userId,
    uuid,
    event_id: o.eventId,
    vod_item_id: o.vodItemId ?? null,
    asset_id: 1,
    name: o.name ?? 'Great shot',
    tags: o.tags ?? ['Highlight'],
    start_time: 10,
    duration: 8,
  })
  const clip = { id, uuid }
  const status = o.status ?? 'ready'
  if (status === 'ready') {
    const store = ctx.app.services.store
    await store.put(clipKey(clip, 'hls/index.m3u8'), { bytes: '#EXTM3U\n#EXTINF:8.0,\nseg_00000.ts\n#EXT-X-ENDLIST\n' })
    await store.put(clipKey(clip, 'hls/seg_00000.ts'), { bytes: Buffer.alloc(188 * 4, 0x47) })
    await store.put(clipKey(clip, 'poster.jpg'), { bytes: Buffer.from([0xff, 0xd8, 0xff, 0xd9]) })
    await store.put(clipKey(clip, 'clip.mp4'), { bytes: Buffer.from('mp4 bytes') })
  }
  if (status !== 'queued') await repo.update(id, { status, bytes: status === 'ready' ? 9 : 0 })
  return clip
}
