import path from 'node:path'
import { MediaTypeId } from '@fieldhouse/contract'
import { assetKey, type MediaStore } from '../../lib/media-store/index.js'
import type { MediaRepository } from './media.repository.js'

/** A finished HLS folder on disk: `master.m3u8`, one rendition folder, a poster. */
export interface FinishedHls {
  dir: string
  /** Paths relative to `dir`, in publishing order: segments, then playlists, the master and poster last. */
  files: string[]
  master: string
  poster: string | null
  durationSec: number
}

/**
 * A library video's asset made from files another part of the server already made (the highlight reel,
 * decision 0058): created, its files put into the store, published (the master and poster as its media,
 * ready, the video's length), and the video's older assets removed, files first.
 */
export function libraryAssets(d: { repo: MediaRepository; store: MediaStore }) {
  return {
    async publish(channelId: number, vodItemId: number, hls: FinishedHls): Promise<number> {
      const owner = { type: 'vod' as const, id: vodItemId }
      const asset = await d.repo.createAsset(channelId, owner, 'upload', 'processing')
      try {
        for (const rel of hls.files) await d.store.put(assetKey(asset.id, rel), { file: path.join(hls.dir, rel) })
      } catch (error) {
        await d.store.deletePrefix(assetKey(asset.id))
        await d.repo.deleteAsset(asset.id)
        throw error
      }
      await d.repo.setMedia(asset, MediaTypeId.vod, hls.master)
      if (hls.poster) await d.repo.setMedia(asset, MediaTypeId.image, hls.poster)
      const duration = Math.round(hls.durationSec)
      await d.repo.updateAsset(asset.id, { status: 'ready', progress: 100, duration, error: null })
      await d.repo.setVodDuration(vodItemId, duration)
      for (const other of await d.repo.assetsOf(channelId, owner)) {
        if (other.id === asset.id) continue
        await d.store.deletePrefix(assetKey(other.id))
        await d.repo.deleteAsset(other.id)
      }
      return asset.id
    },
  }
}

export type LibraryAssets = ReturnType<typeof libraryAssets>
