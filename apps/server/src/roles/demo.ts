import fs from 'node:fs'
import path from 'node:path'
import {
  type FfmpegProcess,
  findFont,
  LIVE_SEGMENT_SECONDS,
  runFfmpeg,
  spawnFfmpeg,
  type TestFeedArgsOptions,
  testFeedArgs,
  wallClockLimitMs,
} from '@fieldhouse/media'
import type { FastifyBaseLogger } from 'fastify'
import type { Container } from '../container.js'
import { DEMO_CHANNEL_KEY } from '../db/seed.js'
import { DEMO_PREROLL_URL } from '../db/seed-catalogue.js'
import { demoCrowd } from './demo-game.js'
import { demoScorer } from './demo-scorer.js'

/**
 * The demo channel's finished events and VOD items each get a short generated video run through the
 * real pipeline (once: the sources are kept in DATA_DIR; not with DEMO_VIDEOS=0), and its pre-roll is made.
 */
export async function ensureDemoMedia(container: Container) {
  const { config, demo, log } = container
  const { queue, mediaRepo } = container.services
  const channelId = await demo.channelId(DEMO_CHANNEL_KEY)
  if (channelId === undefined) return
  const prerollFile = path.join(config.mediaDir, 'public', DEMO_PREROLL_URL.replace('/media/public/', ''))
  if (!fs.existsSync(prerollFile)) {
    void makePreroll(prerollFile).catch((error) => log.warn({ err: error }, 'demo pre-roll not made'))
  }
  if (!config.DEMO_VIDEOS) return
  let queued = 0
  for (const owner of await demo.videoOwners(channelId)) {
    if ((await mediaRepo.assetsOf(channelId, owner)).length > 0) continue
    const asset = await mediaRepo.createAsset(channelId, owner, 'demo', 'processing')
    await queue.enqueue(
      'media.demo',
      { assetId: asset.id, title: owner.title, home: owner.home, away: owner.away, seconds: config.DEMO_VIDEO_SECONDS },
      { dedupeKey: `demo:${asset.id}`, channelId },
    )
    queued++
  }
  if (queued > 0) log.info({ videos: queued }, 'demo videos queued: they play as each is encoded')
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
export async function startDemoFeed(container: Container, rtmpPort: number) {
  const event = await container.demo.freeLiveEvent(DEMO_CHANNEL_KEY)
  if (!event?.stream_key) return async () => {}
  const { scores } = container.services.scores
  const game = await scores.gameNow(event.channel_id, event.id)
  // The demo's scorer keeps the score as the feed plays (decision 0057); its crowd cheers the plays.
  const scorer = demoScorer({
    sport: game.sport,
    record: (actions) =>
      scores.recordIn(event.channel_id, event.id, { sent_at: Date.now(), actions }, { source: 'demo', operator: null }),
    state: () => scores.gameNow(event.channel_id, event.id),
    log: container.log,
  })
  const stop = keepFeedPublishing({
    output: `rtmp://127.0.0.1:${rtmpPort}/live/${event.stream_key}`,
    log: container.log,
    crowd: demoCrowd(game.sport),
    onStart: (at) => void scorer.feedStarted(at),
  })
  container.log.info(
    { event: event.id },
    'simulated live feed publishing into the demo live event, its score kept by a simulated scorer (DEMO_LIVE=0 turns it off)',
  )
  return async () => {
    scorer.stop()
    await stop()
  }
}

/**
 * Publishes the generated feed to `output` and starts it again `restartMs` after it stops, whatever
 * stopped it (the ingest gone, ffmpeg killed): a feed that ends is a warning in the log, never the
 * server's end. Returns the stop, which ends the feed for good.
 */
export function keepFeedPublishing({
  output,
  log,
  restartMs = 3000,
  crowd,
  onStart,
}: {
  output: string
  log: Pick<FastifyBaseLogger, 'warn'>
  restartMs?: number
  /** The crowd the feed sounds (cheers repeating with the demo game's periods); a beeping tone without. */
  crowd?: TestFeedArgsOptions['crowd']
  /** Told when a run of the feed starts (ms), so the demo scorer keeps time with its cheers. */
  onStart?: (at: number) => void
}) {
  let stopped = false
  let current: FfmpegProcess | null = null
  let timer: NodeJS.Timeout | undefined
  const run = () => {
    if (stopped) return
    const feed = spawnFfmpeg(
      testFeedArgs({
        output,
        durationSec: null,
        width: 640,
        height: 360,
        fps: 25,
        realtime: true,
        // One keyframe a second, as an encoder should be set for live: 1-s segments, 2-3 s behind live.
        keyframeSeconds: LIVE_SEGMENT_SECONDS,
        // The score is the player's to draw (decision 0057), kept by the demo scorer: none burned in.
        title: 'LIVE — simulated feed',
        fontFile: findFont(),
        format: 'flv',
        ...(crowd ? { crowd } : {}),
      }),
      { useSlot: false },
    )
    current = feed
    onStart?.(Date.now())
    feed.done
      .then(
        () => {},
        (err) => {
          if (!stopped) log.warn({ err }, `simulated live feed stopped; it starts again in ${restartMs} ms`)
        },
      )
      .finally(() => {
        if (stopped) return
        timer = setTimeout(run, restartMs)
        timer.unref()
      })
  }
  run()
  return async () => {
    stopped = true
    clearTimeout(timer)
    await current?.stop()
  }
}

/**
 * The demo premiere (decision 30): once a finished free game's replay is encoded, a new event shows it
 * as live DEMO_PREMIERE_DELAY_S after the first start, and again every DEMO_PREMIERE_EVERY_S, so a
 * newcomer meets one on /simulate. Made once (a restart keeps the one there); not without demo videos.
 * Returns its stop.
 */
export function ensureDemoPremiere(container: Container): () => Promise<void> {
  const { config, demo, log, clock } = container
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  if (!config.DEMO_VIDEOS) return async () => {}
  const firstStart = clock()
  const attempt = async (): Promise<boolean> => {
    const channelId = await demo.channelId(DEMO_CHANNEL_KEY)
    if (channelId === undefined || (await demo.hasPremiere(channelId))) return true
    const source = await demo.premiereSource(channelId)
    if (!source) return false
    const everyMs = config.DEMO_PREMIERE_EVERY_S * 1000
    const startsAt = Math.max(clock(), firstStart + config.DEMO_PREMIERE_DELAY_S * 1000)
    const eventId = await demo.createPremiereEvent(source, startsAt, clock())
    const starts_at = new Date(startsAt).toISOString()
    const p = await container
      .premieres()
      .place(channelId, { event_id: eventId, source_event_id: source.id, starts_at }, everyMs, null, true)
    log.info({ event: eventId, starts_at: p.starts_at }, 'demo premiere scheduled: it plays as live on /simulate')
    return true
  }
  const run = () => {
    if (stopped) return
    attempt().then(
      (done) => {
        if (!done && !stopped) timer = setTimeout(run, 3000).unref()
      },
      (err) => log.warn({ err }, 'demo premiere not scheduled'),
    )
  }
  run()
  return async () => {
    stopped = true
    clearTimeout(timer)
  }
}
