import { MediaTypeId } from '@fieldhouse/contract'
import { masterPlaylist, vodMediaPlaylist } from '@fieldhouse/media'
import { assetKey } from '../lib/media-store/index.js'
import type { TestContext } from './context.js'

/** Segment lengths of the recordings the premiere tests show: 7.5 s in four segments. */
export const RECORDING_SEGMENTS = [2, 2, 2, 1.5]

/**
 * A finished recording as the VOD pipeline leaves it, without encoding: a master playlist naming one
 * rendition, its media playlist and its segments (MPEG-TS sync bytes) in the media store, the asset
 * ready with its master recorded as the replay.
 */
export async function buildRecording(
  ctx: TestContext,
  channelId: number,
  owner: { type: 'event' | 'vod'; id: number },
  segments = RECORDING_SEGMENTS,
) {
  const repo = ctx.app.services.mediaRepo
  const asset = await repo.createAsset(channelId, owner, 'upload', 'processing')
  const store = ctx.app.services.store
  const master = masterPlaylist([
    {
      name: '360p',
      bandwidth: 800_000,
      width: 640,
      height: 360,
      codecs: 'avc1.64001e,mp4a.40.2',
      uri: '360p/index.m3u8',
    },
  ])
  await store.put(assetKey(asset.id, 'master.m3u8'), { bytes: master })
  const list = segments.map((durationSec, i) => ({ durationSec, uri: `seg_${String(i).padStart(5, '0')}.ts` }))
  await store.put(assetKey(asset.id, '360p/index.m3u8'), { bytes: vodMediaPlaylist(list) })
  for (const s of list) await store.put(assetKey(asset.id, `360p/${s.uri}`), { bytes: Buffer.alloc(188 * 2, 0x47) })
  await repo.setMedia(asset, MediaTypeId.vod, 'master.m3u8')
  const duration = segments.reduce((a, b) => a + b, 0)
  await repo.updateAsset(asset.id, { status: 'ready', progress: 100, duration: Math.round(duration) })
  return asset.id
}
