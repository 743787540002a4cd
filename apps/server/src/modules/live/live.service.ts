import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { MediaTypeId } from '@fieldhouse/contract'
import {
  endPlaylist,
  liveHlsArgs,
  liveHlsDirs,
  parseMediaPlaylist,
  playlistSeconds,
  type Rendition,
  segmentSeconds,
  spawnFfmpeg,
  withLastSegmentSeconds,
} from '@fieldhouse/media'
import type { FastifyBaseLogger } from 'fastify'
import type { MediaAssetRow, MediaAssetStatus } from '../../db/schema.js'
import type { JobQueue } from '../../jobs/queue.js'
import { assetKey, type MediaStore } from '../../lib/media-store/index.js'
import { CrowdListener, type HeardCheer } from './crowd-listener.js'
import type { LiveRepository } from './live.repository.js'
import { LivePublisher } from './live-publisher.js'
import { LOWER, liveMaster } from './live-renditions.js'

/** What live streaming needs of the media assets (the media module's repository provides it). */
export interface LiveRecordings {
  assetsOf(channelId: number, owner: { type: 'event'; id: number }): Promise<MediaAssetRow[]>
  createAsset(
    channelId: number,
    owner: { type: 'event'; id: number },
    source: 'live',
    status: 'live',
  ): Promise<MediaAssetRow>
  findAsset(id: number): Promise<MediaAssetRow | undefined>
  updateAsset(
    id: number,
    values: Partial<Pick<MediaAssetRow, 'status' | 'progress' | 'duration' | 'error'>>,
  ): Promise<void>
  setMedia(asset: MediaAssetRow, typeId: number, path: string): Promise<void>
  retypeMedia(assetId: number, fromType: number, toType: number): Promise<void>
  unfinishedAssets(status: MediaAssetStatus): Promise<MediaAssetRow[]>
}

interface Broadcast {
  eventId: number
  channelId: number
  asset: MediaAssetRow
  stop: () => Promise<void>
  /** Publishes what the encoder writes (a store that does not keep its folder); null when it does. */
  publisher: LivePublisher | null
  /** The encoder's folder. */
  dir: string
  /** Resolves when the ffmpeg writing the HLS has ended for good. */
  ended: Promise<void>
  stopping: boolean
  /** When the publish began (ms). */
  since: number
  /** Frames the HLS writer dropped, over all its runs. */
  droppedFrames: number
  /** Hears the crowd's cheers (the Score page's suggestions); null when nobody takes them. */
  listener: CrowdListener | null
}

/** How often a new broadcast's playlist is looked at for its first segment, and for how long. */
const PLAYABLE_POLL_MS = 200
const PLAYABLE_WAIT_MS = 10 * 60_000

/**
 * Live events (design §5): a stream key names one event. Publishing makes the event live and starts
 * an ffmpeg that pulls the stream and writes HLS as it arrives — an EVENT playlist with
 * program-date-time tags, so viewers can rewind to the start — into a `live` asset whose master
 * playlist is media type 2. Unpublishing lets ffmpeg finish the playlist (ENDLIST); the
 * recording becomes the event's replay (type 3), the event turns `vod`, and a job makes its poster,
 * seek thumbnails and preview. A publish after a restart or a dropped connection appends to the same
 * recording, so nothing already recorded is lost.
 */
export class LiveService {
  private readonly broadcasts = new Map<string, Broadcast>()

  constructor(
    private readonly deps: {
      /** The events a stream key names, and their stream status. */
      events: LiveRepository
      /** The recordings (media assets) of the events. */
      repo: LiveRecordings
      queue: JobQueue
      /** Where recordings are published; the encoder writes into its `workDir`. */
      store: MediaStore
      log: FastifyBaseLogger
      /**
       * Where our ffmpeg pulls a published stream from, e.g. rtmp://127.0.0.1:1935/live; asked at each
       * publish (our own RTMP listener learns its port only when it starts, with RTMP_PORT=0).
       */
      pullBaseUrl: () => string
      /** Encode a lower rendition beside the source (costs a core's fraction per stream). */
      lowerRendition: boolean
      changed: (channelId: number) => Promise<void> | void
      /**
       * The stream can be watched: its playlist names a first segment (the go-live alerts wait for this,
       * not for the encoder's connection; decision 0056). Told at every publish, a resumed one too.
       */
      playable?: (event: { eventId: number; channelId: number }) => Promise<unknown>
      /** A cheer was heard in a live game's sound (decision 0057): a key play the scorer may have missed. */
      heardCheer?: (cheer: HeardCheer) => Promise<unknown>
      clock?: () => number
    },
  ) {}

  private now() {
    return (this.deps.clock ?? Date.now)()
  }

  /** The event a stream key opens, if it may go live (an event that is over may not). */
  async authorize(streamKey: string) {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(streamKey)) return null
    const event = await this.deps.events.eventByStreamKey(streamKey)
    if (!event || event.stream_status === 'vod') return null
    return event
  }

  isLive(streamKey: string) {
    return this.broadcasts.has(streamKey)
  }

  /** The broadcast of an event going on in this process, with the key it was published with. */
  broadcastOf(eventId: number) {
    for (const [streamKey, b] of this.broadcasts) {
      if (b.eventId === eventId && !b.stopping) {
        return { streamKey, since: b.since, droppedFrames: b.droppedFrames, assetId: b.asset.id }
      }
    }
    return null
  }

  /**
   * End stream (the console): the broadcast ends as an unpublish ends it (the recording becomes the
   * replay). The caller drops the encoder's connection; a reconnecting encoder is refused, since the
   * event is over. An event live in no process here (an external ingest that never unpublished) is
   * finished from its recording.
   */
  async endEvent(eventId: number) {
    const b = this.broadcastOf(eventId)
    if (b) return this.unpublish(b.streamKey)
    const owner = { type: 'event' as const, id: eventId }
    const event = await this.deps.events.eventById(eventId)
    if (!event) return
    const live = (await this.deps.repo.assetsOf(event.channel_id, owner)).find((a) => a.status === 'live')
    if (live) await this.finish(live)
    else if (event.stream_status === 'live') {
      await this.deps.events.setStreamStatus(eventId, 'vod', this.now())
      await this.deps.changed(event.channel_id)
    }
  }

  /** A publish with this key began: the event goes live and HLS is written as the stream arrives. */
  async publish(streamKey: string): Promise<boolean> {
    const event = await this.authorize(streamKey)
    if (!event) return false
    if (this.broadcasts.has(streamKey)) return true
    const { repo, events } = this.deps
    const owner = { type: 'event' as const, id: event.id }
    // A recording left `live` (a restart, a dropped encoder) is continued, not replaced.
    const resumed = (await repo.assetsOf(event.channel_id, owner)).find((a) => a.status === 'live')
    const asset = resumed ?? (await repo.createAsset(event.channel_id, owner, 'live', 'live'))
    const { store } = this.deps
    const prefix = assetKey(asset.id)
    const dir = await store.workDir(prefix)
    const lower = this.deps.lowerRendition ? LOWER : undefined
    const renditions = liveHlsDirs(lower)
    for (const sub of renditions) fs.mkdirSync(path.join(dir, sub), { recursive: true })
    if (resumed && !store.publishesInPlace) {
      // ffmpeg continues the playlists it finds: bring back what the store has of them.
      for (const sub of renditions) {
        const text = await store.readBytes(`${prefix}/${sub}/index.m3u8`)
        if (text) fs.writeFileSync(path.join(dir, sub, 'index.m3u8'), text)
      }
    }
    await store.put(assetKey(asset.id, 'master.m3u8'), { bytes: liveMaster(lower) })
    await repo.setMedia(asset, MediaTypeId.live, 'master.m3u8')
    await events.setStreamStatus(event.id, 'live', this.now())
    await this.deps.changed(event.channel_id)

    const broadcast: Broadcast = {
      eventId: event.id,
      channelId: event.channel_id,
      asset,
      stop: async () => {},
      ended: Promise.resolve(),
      stopping: false,
      since: this.now(),
      droppedFrames: 0,
      listener: null,
      dir,
      publisher: store.publishesInPlace
        ? null
        : new LivePublisher(store, dir, prefix, renditions, (err) =>
            this.deps.log.warn({ event: event.id, err }, 'live segments not published'),
          ),
    }
    broadcast.publisher?.start()
    broadcast.listener = this.listenTo(broadcast, `${prefix}/source/index.m3u8`)
    this.broadcasts.set(streamKey, broadcast)
    broadcast.ended = this.write(streamKey, broadcast, dir, lower, resumed !== undefined)
    this.watchPlayable(broadcast, `${prefix}/source/index.m3u8`)
    this.deps.log.info({ event: event.id, asset: asset.id, resumed: resumed !== undefined }, 'live stream started')
    return true
  }

  /**
   * Runs the HLS writer for as long as the stream is published. A writer that stops while the
   * stream goes on (it connected before the stream was there, the network hiccuped) is started
   * again and appends; one that keeps failing ends the broadcast.
   */
  private async write(streamKey: string, b: Broadcast, dir: string, lower: Rendition | undefined, resumed: boolean) {
    const input = `${this.deps.pullBaseUrl()}/${streamKey}`
    let failures = 0
    for (let run = 0; !b.stopping; run++) {
      const append = (resumed || run > 0) && fs.existsSync(path.join(dir, 'source', 'index.m3u8'))
      const droppedBefore = b.droppedFrames
      const handle = spawnFfmpeg(liveHlsArgs({ input, outDir: dir, lowerRendition: lower ?? null, append }), {
        useSlot: false,
        onProgress: (p) => {
          if (p.droppedFrames !== undefined) b.droppedFrames = droppedBefore + p.droppedFrames
        },
      })
      b.stop = handle.stop
      const startedAt = Date.now()
      const ok = await handle.done.then(
        () => true,
        (error: unknown) => {
          if (!b.stopping) this.deps.log.warn({ event: b.eventId, err: error }, 'live HLS writer stopped')
          return false
        },
      )
      if (b.stopping) return
      failures = ok || Date.now() - startedAt > 30_000 ? 0 : failures + 1
      if (failures >= 5) break
      await new Promise((r) => setTimeout(r, 1000))
    }
    // The writer gave up without an unpublish (the RTMP peer died): finish the event all the same.
    if (!b.stopping) void this.unpublish(streamKey)
  }

  /** Tells `playable` once the recording's playlist, as viewers are served it, names a segment. */
  private watchPlayable(b: Broadcast, playlistKey: string) {
    const playable = this.deps.playable
    if (!playable) return
    const until = Date.now() + PLAYABLE_WAIT_MS
    const look = async () => {
      while (!b.stopping && Date.now() < until) {
        const text = await this.deps.store.readBytes(playlistKey).catch(() => null)
        if (text && parseMediaPlaylist(text.toString('utf8')).length > 0) {
          await playable({ eventId: b.eventId, channelId: b.channelId })
          return
        }
        await new Promise((r) => setTimeout(r, PLAYABLE_POLL_MS).unref())
      }
    }
    void look().catch((err) => this.deps.log.warn({ event: b.eventId, err }, 'the go-live was not announced'))
  }

  /** Starts hearing the crowd in the broadcast's source rendition, when someone takes the cheers. */
  private listenTo(b: Broadcast, playlistKey: string) {
    const { heardCheer: heard, store, log } = this.deps
    if (!heard) return null
    const onError = (err: unknown) => log.warn({ event: b.eventId, err }, 'the crowd is not heard')
    const listener = new CrowdListener({
      store,
      playlistKey,
      eventId: b.eventId,
      channelId: b.channelId,
      heard,
      onError,
    })
    listener.start()
    return listener
  }

  /** The stream ended: finish the playlist, and the recording becomes the replay. */
  async unpublish(streamKey: string) {
    const b = this.broadcasts.get(streamKey)
    if (!b || b.stopping) return
    b.stopping = true
    // ffmpeg sees the end of its input and ends its playlists; a stop is the fallback.
    const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 10_000).unref())
    if ((await Promise.race([b.ended, timeout])) === 'timeout') await b.stop()
    await b.ended.catch(() => {})
    await this.release(b)
    this.broadcasts.delete(streamKey)
    await this.finish(b.asset)
  }

  /** The encoder is done with its folder: what is left is published, and a work folder removed. */
  private async release(b: Broadcast) {
    await b.listener?.stop()
    try {
      await b.publisher?.stop()
    } catch (err) {
      this.deps.log.error({ event: b.eventId, err }, 'live segments not published')
    }
    await this.deps.store.releaseWorkDir(b.dir)
  }

  /** The playlist with its last segment's EXTINF from that segment's frames; null when unchanged or unreadable. */
  private async trueLastSegment(key: string, text: string) {
    const last = parseMediaPlaylist(text).at(-1)
    if (!last || /^[a-z][a-z0-9+.-]*:|\.\./i.test(last.uri)) return null
    const bytes = await this.deps.store.readBytes(path.posix.join(path.posix.dirname(key), last.uri))
    if (!bytes) return null
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-live-end-'))
    try {
      const file = path.join(tmp, 'last.ts')
      fs.writeFileSync(file, bytes)
      return withLastSegmentSeconds(text, await segmentSeconds(file))
    } catch (err) {
      this.deps.log.warn({ err, key }, 'the last live segment could not be measured')
      return null
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true })
    }
  }

  /** Turns a live recording into the event's replay. */
  async finish(asset: MediaAssetRow) {
    const { repo, events, store } = this.deps
    const prefix = assetKey(asset.id)
    const sourceKey = `${prefix}/source/index.m3u8`
    // ffmpeg stopped before it could end its playlists: end them, so players see a finished replay, and
    // give each last segment the length its frames have (the recording's length is then what was sent).
    const playlists = (await store.list(prefix)).filter((k) => /^[^/]+\/[^/]+\/[^/]+\/index\.m3u8$/.test(k))
    let text = ''
    for (const key of playlists) {
      const written = (await store.readBytes(key))?.toString('utf8') ?? ''
      const trued = await this.trueLastSegment(key, written)
      const ended = endPlaylist(trued ?? written)
      if (ended || trued) await store.put(key, { bytes: ended ?? trued ?? written })
      if (key === sourceKey) text = ended ?? trued ?? written
    }
    const seconds = playlistSeconds(text)
    if (seconds > 0) {
      await repo.retypeMedia(asset.id, MediaTypeId.live, MediaTypeId.vod)
      await repo.updateAsset(asset.id, { status: 'ready', progress: 100, duration: Math.round(seconds) })
      await this.deps.queue.enqueue(
        'media.live-finish',
        { assetId: asset.id },
        { dedupeKey: `live-finish:${asset.id}`, channelId: asset.channel_id },
      )
    } else {
      await repo.updateAsset(asset.id, { status: 'failed', error: 'The stream ended before anything was recorded.' })
    }
    await events.setStreamStatus(asset.owner_id, 'vod', this.now())
    await this.deps.changed(asset.channel_id)
    this.deps.log.info({ event: asset.owner_id, asset: asset.id, seconds }, 'live stream finished')
  }

  /**
   * At start: recordings left `live` by a process that stopped. Their encoder may come back (and
   * the publish resumes the recording); one that has not within `graceMs` is finished as it is.
   */
  async repairAfterRestart(graceMs: number) {
    const stale = await this.deps.repo.unfinishedAssets('live')
    for (const asset of stale) {
      setTimeout(() => {
        void (async () => {
          const fresh = await this.deps.repo.findAsset(asset.id)
          const stillLive = [...this.broadcasts.values()].some((b) => b.asset.id === asset.id)
          if (fresh?.status === 'live' && !stillLive) await this.finish(fresh)
        })().catch((error) => this.deps.log.error({ err: error }, 'live repair failed'))
      }, graceMs).unref()
    }
    return stale.length
  }

  /** Stops every writer (shutdown); recordings stay `live` and resume or finish after the restart. */
  async stopAll() {
    const all = [...this.broadcasts.values()]
    for (const b of all) b.stopping = true
    await Promise.allSettled(all.map((b) => b.stop()))
    await Promise.allSettled(all.map((b) => b.ended.then(() => this.release(b))))
    this.broadcasts.clear()
  }
}
