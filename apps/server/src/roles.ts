import os from 'node:os'
import { configureSandbox, mediaTools } from '@fieldhouse/media'
import { type App, buildApp } from './app.js'
import type { Container } from './container.js'
import { Worker } from './jobs/worker.js'
import { type AnalyticsApp, buildAnalyticsApp } from './modules/analytics/analytics.app.js'
import { RtmpIngest } from './modules/live/rtmp-ingest.js'
import { ensureDemoMedia, ensureDemoPremiere, startDemoFeed } from './roles/demo.js'

export type Role = 'api' | 'worker' | 'ingest' | 'analytics'

export interface Roles {
  /** The HTTP app of the `api` role, listening. */
  app?: App
  worker?: Worker
  ingest?: RtmpIngest
  /** The analytics service's HTTP app, listening on ANALYTICS_PORT. */
  analytics?: AnalyticsApp
  /** The RTMP port the ingest listens on (0 in the config picks a free one). */
  rtmpPort?: number
  stop(): Promise<void>
}

/**
 * Starts the roles of SERVICES (design §1) over the container's services: the `api` (the HTTP app,
 * listening on PORT), the `worker` (jobs from the durable queue, scheduled housekeeping among them),
 * the `ingest` (RTMP → HLS), and in the embedded demo the generated videos and live feed. `except`
 * leaves roles out (the tests serve the API themselves).
 */
export async function startRoles(container: Container, options: { except?: readonly Role[] } = {}): Promise<Roles> {
  const { config } = container
  const runs = (role: Role) => config.SERVICES.includes(role) && !options.except?.includes(role)
  const stops: (() => Promise<void>)[] = []
  const roles: Roles = {
    stop: async () => {
      for (const stop of stops.reverse()) await stop().catch(() => {})
    },
  }
  try {
    if (runs('api') || runs('worker')) reportMediaTools(container)
    if (runs('api')) roles.app = await startApi(container, stops)
    if (runs('worker')) roles.worker = await startWorker(container, stops)
    if (runs('ingest')) Object.assign(roles, await startIngest(container, stops))
    if (runs('analytics')) roles.analytics = await startAnalytics(container, stops)
    if (config.SEED_DEMO) {
      await ensureDemoMedia(container)
      if (runs('api')) stops.push(ensureDemoPremiere(container))
      if (config.DEMO_LIVE && roles.rtmpPort !== undefined) stops.push(await startDemoFeed(container, roles.rtmpPort))
    }
  } catch (error) {
    await roles.stop()
    throw error
  }
  return roles
}

/**
 * Which ffmpeg and ffprobe this process runs and in which sandbox it reads uploads (docs/security.md),
 * in the log at start; a fallback to the installer packages' 2018 build, or to no sandbox, is warned of.
 */
function reportMediaTools(container: Container) {
  const { config, log } = container
  const sandbox = configureSandbox(config.MEDIA_SANDBOX)
  try {
    const tools = mediaTools()
    log.info(
      { ffmpeg: tools.ffmpeg.path, ffprobe: tools.ffprobe.path },
      `media tools: ffmpeg ${tools.ffmpeg.version}, ffprobe ${tools.ffprobe.version}`,
    )
    for (const warning of tools.warnings) log.warn(warning)
  } catch (err) {
    log.warn({ err }, 'ffmpeg not found: uploads, encodes and live ingest will fail')
  }
  if (sandbox.kind === 'bwrap') log.info(`uploads are read in a bubblewrap sandbox (${sandbox.bwrap})`)
  else log.warn(`uploads are read without a sandbox: ${sandbox.reason}`)
}

async function startApi(container: Container, stops: (() => Promise<void>)[]) {
  const { config, db, log } = container
  const app = await buildApp(container)
  stops.push(() => app.close())
  await app.listen({ port: config.PORT, host: config.HOST })
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST
  log.info(
    `Fieldhouse is serving http://${shown}:${config.PORT} (${db.dialect === 'sqlite' ? `SQLite ${config.sqliteFile}` : 'PostgreSQL'}; roles: ${config.SERVICES.join(', ')})`,
  )
  return app
}

/**
 * The worker: media jobs, and the scheduled ones (`SCHEDULED_JOBS`: pass renewals and order
 * reconciliation every minute, premieres' settling, the temp-folder sweep, the analytics retention),
 * whose first runs it enqueues — once, however many workers start.
 */
async function startWorker(container: Container, stops: (() => Promise<void>)[]) {
  const { config, log, jobs, clock } = container
  const { queue } = container.services
  // What killed encodes left, before this worker encodes; then every ten minutes (another process on
  // this host may die).
  jobs.sweepTemp()
  for (const [kind, { firstAfterMs }] of jobs.scheduled)
    await queue.schedule(kind, { runAfter: clock() + firstAfterMs })
  const worker = new Worker({
    queue,
    handlers: jobs.handlers,
    concurrency: config.WORKER_CONCURRENCY ?? os.availableParallelism(),
    log,
    onFailure: jobs.onFailure,
  })
  worker.start()
  stops.push(() => worker.stop())
  return worker
}

async function startIngest(container: Container, stops: (() => Promise<void>)[]) {
  const { config, log } = container
  const { live } = container.services
  const ingest = new RtmpIngest({
    port: config.RTMP_PORT,
    host: config.RTMP_HOST,
    log,
    onPublish: (key) => live.publish(key),
    onUnpublish: (key) => live.unpublish(key),
  })
  const port = await ingest.start()
  container.rtmpListening(port, ingest)
  stops.push(async () => {
    await live.stopAll()
    await ingest.stop()
  })
  const waiting = await live.repairAfterRestart(config.LIVE_RECONNECT_GRACE_S * 1000)
  if (waiting > 0) log.info({ recordings: waiting }, 'live recordings wait for their encoders to reconnect')
  log.info(
    `RTMP ingest listening on ${config.RTMP_HOST}:${port} (encoders publish to ${config.PUBLIC_RTMP_URL ?? `rtmp://{this host}:${port}/live`}/{stream key})`,
  )
  return { ingest, rtmpPort: port }
}

/**
 * The product analytics service (decision 0032) on its own port: stopping it closes the listener,
 * then waits for what was handed in to be committed.
 */
async function startAnalytics(container: Container, stops: (() => Promise<void>)[]) {
  const { config, log } = container
  const { geo } = container.services
  const analytics = container.analytics()
  const app = await buildAnalyticsApp({ config, log, ingest: analytics.ingest, geo })
  stops.push(async () => {
    await app.close()
    await analytics.committer.drain()
  })
  await app.listen({ port: config.ANALYTICS_PORT, host: config.HOST })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.ANALYTICS_PORT
  analytics.address.listening(port)
  log.info(`Product analytics listening on port ${port} (browsers send to ${analytics.address.url()})`)
  return app
}
