import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify'
import type { Config } from '../../config.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { MediaStore } from '../../lib/media-store/media-store.js'
import type { AuditSink } from '../../lib/operator.js'
import type { Session } from '../../lib/session.js'
import type { HeardCheer } from './crowd-listener.js'
import type { GoLiveRepository } from './go-live.repository.js'
import { goLiveRoutes } from './go-live.routes.js'
import { GoLiveService, type PreviewOf } from './go-live.service.js'
import type { LiveRepository } from './live.repository.js'
import { liveHookRoutes } from './live.routes.js'
import { type LiveRecordings, LiveService } from './live.service.js'
import type { IngestControl } from './rtmp-ingest.js'

/** The settings of the live pipeline, and the port our own RTMP listener took (asked each time: RTMP_PORT=0 picks one). */
interface LiveSettings {
  config: Pick<Config, 'INGEST_PULL_URL' | 'PUBLIC_RTMP_URL' | 'liveLowerRendition'>
  rtmpPort: () => number
  clock: () => number
}

/** The live pipeline (spec §5): streams published to our ingest, encoded and recorded as the event's media. */
function createLive(
  d: LiveSettings & {
    events: LiveRepository
    recordings: LiveRecordings
    queue: JobQueue
    store: MediaStore
    log: FastifyBaseLogger
    /** Content of a channel changed (a stream began or ended): caches drop it. */
    changed: (channelId: number) => Promise<void>
    /** A stream can be watched at its live edge (the go-live alerts). */
    playable?: (event: { eventId: number; channelId: number }) => Promise<unknown>
    /** A cheer was heard in a broadcast's sound (the Score page's suggestions, decision 0057). */
    heardCheer?: (cheer: HeardCheer) => Promise<unknown>
  },
) {
  const { config, rtmpPort } = d
  return new LiveService({
    ...{ events: d.events, repo: d.recordings, queue: d.queue, store: d.store, log: d.log },
    pullBaseUrl: () => config.INGEST_PULL_URL ?? `rtmp://127.0.0.1:${rtmpPort()}/live`,
    lowerRendition: config.liveLowerRendition,
    changed: d.changed,
    ...(d.playable ? { playable: d.playable } : {}),
    ...(d.heardCheer ? { heardCheer: d.heardCheer } : {}),
    clock: d.clock,
  })
}

/** Going live from the console: the stream key, the encoder's settings, the preview and the switch. */
function createGoLive(
  d: LiveSettings & {
    repo: GoLiveRepository
    live: LiveService
    /** Our own RTMP listener, when this process runs the ingest role; null otherwise. */
    ingest: () => IngestControl | null
    /** The media module's previews, asked for when a preview is. */
    media: () => { preview(session: Session, owner: { type: 'event'; id: number }): ReturnType<PreviewOf> }
    audit: AuditSink
  },
) {
  const { config, rtmpPort } = d
  return new GoLiveService({
    ...{ repo: d.repo, live: d.live, ingest: d.ingest, audit: d.audit, clock: d.clock },
    preview: (session, id) => d.media().preview(session, { type: 'event', id }),
    // Unconfigured, the encoder publishes to the machine the operator reached the console by, by a
    // name it can resolve: never "localhost" nor "demo.localhost" (decision 0022).
    rtmpUrl: (host) => config.PUBLIC_RTMP_URL ?? `rtmp://${host}:${rtmpPort()}/live`,
  })
}

/**
 * The live module's HTTP side: the console's go-live panel (decision 20), and the hook an external RTMP
 * ingest calls (only with INGEST_HOOK_SECRET set).
 */
const liveHttp: FastifyPluginAsync<{
  goLive: GoLiveService
  live: LiveService
  hookSecret: string | undefined
}> = async (app, { goLive, live, hookSecret }) => {
  await app.register(goLiveRoutes, { goLive })
  if (hookSecret) await app.register(liveHookRoutes, { live, secret: hookSecret })
}

/** What the container and the app take of the live module: `build` (the container's `live`), `goLive` and `routes`. */
export const liveModule = { build: createLive, goLive: createGoLive, routes: liveHttp }
