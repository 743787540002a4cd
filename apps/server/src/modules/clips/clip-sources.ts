import type { ClipSource } from '@fieldhouse/contract'
import { playlistSeconds } from '@fieldhouse/media'
import { assetKey, type MediaStore } from '../../lib/media-store/index.js'
import { pickClipRendition } from './clip-rendition.js'

/** A recording of an event, as the media module keeps it (filled by the container). */
export interface ClipRecording {
  id: number
  channelId: number
  status: string
  /** Its master playlist inside the asset, when it has one. */
  master: string | null
}

/** What a clip is of: a game, or a library video (decision 27). */
export type ClipSubject = { type: 'event'; id: number } | { type: 'vod'; id: number }

/** What the clips module needs of the media module: a game's or library video's recordings, and one by id. */
export interface ClipRecordings {
  of(channelId: number, subject: ClipSubject): Promise<ClipRecording[]>
  find(assetId: number): Promise<ClipRecording | undefined>
}

/** A recording a clip may be cut from: the clip tool's source, and the variant playlist a cut reads. */
export type CuttableSource = ClipSource & { recording: ClipRecording; playlist: string }

const cuttable = (r: ClipRecording) => (r.status === 'ready' || r.status === 'live') && r.master !== null

/**
 * The recordings clips are cut from: which rendition a clip of each is cut from (`pickClipRendition`,
 * decided here once, when the clip is asked for), and how many seconds it holds so far.
 */
export class ClipSources {
  /** Seconds of finished recordings (they never change). */
  private readonly finishedSeconds = new Map<number, number>()

  constructor(
    private readonly d: {
      recordings: ClipRecordings
      store: MediaStore
    },
  ) {}

  /** The variant playlist a clip of this recording is cut from, as a store key. */
  private async renditionKey(recording: ClipRecording): Promise<string | null> {
    if (!recording.master) return null
    const master = (await this.d.store.readBytes(assetKey(recording.id, recording.master)))?.toString('utf8') ?? ''
    const variant = pickClipRendition(master)
    return variant ? assetKey(recording.id, variant) : null
  }

  /** Seconds recorded so far (a live game) or in all (a replay), read from the playlist clips are cut from. */
  private async recordedSeconds(recording: ClipRecording, playlist: string): Promise<number> {
    const known = this.finishedSeconds.get(recording.id)
    if (known !== undefined && recording.status === 'ready') return known
    const text = (await this.d.store.readBytes(playlist))?.toString('utf8') ?? ''
    const seconds = Math.floor(playlistSeconds(text) * 1000) / 1000
    if (recording.status === 'ready' && seconds > 0) {
      if (this.finishedSeconds.size > 5000) this.finishedSeconds.clear()
      this.finishedSeconds.set(recording.id, seconds)
    }
    return seconds
  }

  /** The recording as a source a clip may be cut from, or null (not ready or live, no rendition, nothing recorded). */
  private async sourceOf(recording: ClipRecording): Promise<CuttableSource | null> {
    if (!cuttable(recording)) return null
    const playlist = await this.renditionKey(recording)
    if (!playlist) return null
    const duration = await this.recordedSeconds(recording, playlist)
    if (duration <= 0) return null
    return { event_media_id: recording.id, duration, live: recording.status === 'live', recording, playlist }
  }

  /** The recordings of a game or library video that clips may be cut from. */
  async of(channelId: number, subject: ClipSubject): Promise<CuttableSource[]> {
    const out: CuttableSource[] = []
    for (const r of await this.d.recordings.of(channelId, subject)) {
      const source = await this.sourceOf(r)
      if (source) out.push(source)
    }
    return out
  }

  /** One recording by id as a source (a failed clip tried again), or null when it can no longer be clipped. */
  async byId(assetId: number): Promise<CuttableSource | null> {
    const recording = await this.d.recordings.find(assetId)
    return recording ? this.sourceOf(recording) : null
  }
}
