import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  findFont,
  LIVE_SEGMENT_SECONDS,
  runFfmpeg,
  spawnFfmpeg,
  testFeedArgs,
  wallClockLimitMs,
} from '@fieldhouse/media'
import type { App } from './app.js'
import type { Config } from './config.js'
import type { Db } from './db/database.js'
import { DEMO_CHANNEL_KEY } from './db/seed.js'
import { DEMO_PREROLL_URL } from './db/seed-catalogue.js'
import { sweepTempFolders } from './jobs/temp-folders.js'
import { Worker } from './jobs/worker.js'
import { RtmpIngest } from './modules/live/rtmp-ingest.js'
import { mediaJobFailureHook, mediaJobHandlers } from './modules/media/media.jobs.js'

export interface Roles {
  worker?: Worker
  ingest?: RtmpIngest
  /** The RTMP port the ingest listens on (0 in the config picks a free one). */
  rtmpPort?: number
  stop(): Promise<void>
}

/**
 * Starts the roles of SERVICES besides `api` (design §1): the worker (media jobs from the durable
 * queue), the ingest (RTMP → HLS), and in the embedded demo the generated videos and live feed.
 */
export async function startRoles(app: App, config: Config, db: Db): Promise<Roles> {
  const { queue, mediaRepo, live, contentChanged, store } = app.services
  const stops: (() => Promise<void>)[] = []
  const roles: Roles = {
    stop: async () => {
      for (const stop of stops.reverse()) await stop().catch(() => {})
    },
  }

  if (config.SERVICES.includes('worker')) {
    const worker = new Worker({
      queue,
      handlers: mediaJobHandlers({
        repo: mediaRepo,
        store,
        mediaDir: config.mediaDir,
        preset: config.ENCODE_PRESET,
        changed: contentChanged,
      }),
      concurrency: config.WORKER_CONCURRENCY ?? os.availableParallelism(),
      log: app.log,
      onFailure: mediaJobFailureHook({ repo: mediaRepo, store, changed: contentChanged }),
    })
    // What killed encodes left: at start, and every ten minutes (another process on this host may die).
    const sweepTemp = () => {
      try {
        const removed = sweepTempFolders(path.join(config.mediaDir, 'tmp'), { staleAfterMs: 60 * 60_000 })
        if (removed.length > 0) app.log.info({ removed }, 'removed temp folders of encodes that were killed')
      } catch (error) {
        app.log.warn({ err: error }, 'temp folder sweep failed')
      }
    }
    sweepTemp()
    const tempTimer = setInterval(sweepTemp, 10 * 60_000)
    tempTimer.unref()
    stops.push(async () => clearInterval(tempTimer))
    worker.start()
    roles.worker = worker
    stops.push(() => worker.stop())
    // Passes: renewals, expiries and reconciliation of orders a crash left half done, every minute.
    const { payments } = app.services
    const minute = async () => {
      await payments.reconcile().catch((error) => app.log.error({ err: error }, 'payment reconciliation failed'))
      await payments.sweep().catch((error) => app.log.error({ err: error }, 'pass renewal sweep failed'))
    }
    void minute()
    const timer = setInterval(() => void minute(), 60_000)
    timer.unref()
    stops.push(async () => clearInterval(timer))
  }

  if (config.SERVICES.includes('ingest')) {
    const ingest = new RtmpIngest({
      port: config.RTMP_PORT,
      host: config.RTMP_HOST,
      log: app.log,
      onPublish: (key) => live.publish(key),
      onUnpublish: (key) => live.unpublish(key),
    })
    roles.rtmpPort = await ingest.start()
    if (!config.INGEST_PULL_URL) live.usePullBaseUrl(`rtmp://127.0.0.1:${roles.rtmpPort}/live`)
    roles.ingest = ingest
    stops.push(async () => {
      await live.stopAll()
      await ingest.stop()
    })
    const waiting = await live.repairAfterRestart(config.LIVE_RECONNECT_GRACE_S * 1000)
    if (waiting > 0) app.log.info({ recordings: waiting }, 'live recordings wait for their encoders to reconnect')
    app.log.info(
      `RTMP ingest listening on ${config.RTMP_HOST}:${roles.rtmpPort} (encoders publish to ${config.publicRtmpUrl}/{stream key})`,
    )
  }

  if (config.SEED_DEMO) {
    await ensureDemoMedia(app, config, db)
    if (config.DEMO_LIVE && roles.rtmpPort !== undefined) {
      stops.push(await startDemoFeed(app, db, roles.rtmpPort))
    }
  }
  return roles
}

/**
 * The demo channel's finished events and VOD items each get a short generated video run through the
 * real pipeline (once: the sources are kept in DATA_DIR), and its pre-roll is made.
 */
async function ensureDemoMedia(app: App, config: Config, db: Db) {
  const { queue, mediaRepo } = app.services
  const channel = await db.kysely
    .selectFrom('channels')
    .select('id')
    .where('key', '=', DEMO_CHANNEL_KEY)
    .executeTakeFirst()
  if (!channel) return
  const prerollFile = path.join(config.mediaDir, 'public', DEMO_PREROLL_URL.replace('/media/public/', ''))
  if (!fs.existsSync(prerollFile)) {
    void makePreroll(prerollFile).catch((error) => app.log.warn({ err: error }, 'demo pre-roll not made'))
  }
  const events = await db.kysely
    .selectFrom('events')
    .select(['id', 'name'])
    .where('channel_id', '=', channel.id)
    .where('stream_status', '=', 'vod')
    .orderBy('event_utc_ts', 'desc')
    .execute()
  const teams = await db.kysely
    .selectFrom('event_participants')
    .innerJoin('participants', 'participants.id', 'event_participants.participant_id')
    .select(['event_participants.event_id', 'event_participants.side', 'participants.name'])
    .where('event_participants.event_id', 'in', events.length ? events.map((e) => e.id) : [0])
    .execute()
  const items = await db.kysely
    .selectFrom('vod_items')
    .select(['id', 'title'])
    .where('channel_id', '=', channel.id)
    .orderBy('date', 'desc')
    .execute()
  const owners = [
    ...events.map((e) => ({
      type: 'event' as const,
      id: e.id,
      title: e.name.split(' — ')[1] ?? e.name,
      home: teams.find((t) => t.event_id === e.id && t.side === 'home')?.name ?? 'Home',
      away: teams.find((t) => t.event_id === e.id && t.side === 'away')?.name ?? 'Away',
    })),
    ...items.map((v) => ({ type: 'vod' as const, id: v.id, title: v.title, home: 'Fieldhouse', away: 'Highlights' })),
  ]
  let queued = 0
  for (const owner of owners) {
    if ((await mediaRepo.assetsOf(channel.id, owner)).length > 0) continue
    const asset = await mediaRepo.createAsset(channel.id, owner, 'demo', 'processing')
    await queue.enqueue(
      'media.demo',
      { assetId: asset.id, title: owner.title, home: owner.home, away: owner.away, seconds: config.DEMO_VIDEO_SECONDS },
      { dedupeKey: `demo:${asset.id}` },
    )
    queued++
  }
  if (queued > 0) app.log.info({ videos: queued }, 'demo videos queued: they play as each is encoded')
}

async function makePreroll(file: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const partial = `${file}.partial.mp4`
  try {
    await runFfmpeg(
      testFeedArgs({
        output: partial,
        durationSec: 6,
        width: 854,
        height: 480,
        fps: 25,
        realtime: false,
        title: 'Presented by Fieldhouse',
        home: 'Your brand',
        away: 'here',
        scoreTimeline: [],
        fontFile: findFont(),
        format: 'mp4',
      }),
      { durationSec: 6, timeoutMs: wallClockLimitMs(6) },
    )
    fs.renameSync(partial, file)
  } finally {
    fs.rmSync(partial, { force: true })
  }
}

/**
 * The simulated live demo: a generated feed (moving pattern, running clock, tone) published over RTMP
 * into the demo channel's free live event, through the same path an encoder's stream takes. It
 * restarts if it stops, until the server does.
 */
async function startDemoFeed(app: App, db: Db, rtmpPort: number) {
  const event = await db.kysely
    .selectFrom('events')
    .innerJoin('channels', 'channels.id', 'events.channel_id')
    .select(['events.id', 'events.stream_key', 'events.name'])
    .where('channels.key', '=', DEMO_CHANNEL_KEY)
    .where('events.stream_status', '=', 'live')
    .where('events.access_mode', '=', 'free')
    .orderBy('events.event_utc_ts')
    .executeTakeFirst()
  if (!event?.stream_key) return async () => {}
  const [away, home] = event.name.split(' — ')[0]?.split(' @ ') ?? []
  let stopped = false
  let current: ReturnType<typeof spawnFfmpeg> | null = null
  const run = () => {
    if (stopped) return
    current = spawnFfmpeg(
      testFeedArgs({
        output: `rtmp://127.0.0.1:${rtmpPort}/live/${event.stream_key}`,
        durationSec: null,
        width: 640,
        height: 360,
        fps: 25,
        realtime: true,
        // One keyframe a second, as an encoder should be set for live: 1-s segments, 2-3 s behind live.
        keyframeSeconds: LIVE_SEGMENT_SECONDS,
        title: 'LIVE — simulated feed',
        home: home ?? 'Home',
        away: away ?? 'Away',
        scoreTimeline: [],
        fontFile: findFont(),
        format: 'flv',
      }),
      { useSlot: false },
    )
    current.done.then(
      () => {},
      () => {},
    )
    void current.done.finally(() => {
      if (!stopped) setTimeout(run, 3000).unref()
    })
  }
  run()
  app.log.info(
    { event: event.id },
    'simulated live feed publishing into the demo live event (DEMO_LIVE=0 turns it off)',
  )
  return async () => {
    stopped = true
    await current?.stop()
  }
}
