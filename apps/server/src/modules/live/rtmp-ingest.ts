import { createRequire } from 'node:module'
import type { FastifyBaseLogger } from 'fastify'

const require = createRequire(import.meta.url)

interface NmsSession {
  isLocal: boolean
  reject(): void
  /** What node-media-server learnt of the stream (its metadata, else its first frames). */
  videoWidth?: number
  videoHeight?: number
  videoFps?: number
  videoCodecName?: string
  audioCodecName?: string
  /** Kilobits per second received over the last second. */
  bitrate?: number
  startTimestamp?: number
}

/** What the RTMP session of a publish knows; zero means not known yet. */
export interface IngestStats {
  since: number
  bitrateKbps: number | null
  width: number | null
  height: number | null
  fps: number | null
  videoCodec: string | null
  audioCodec: string | null
}

/** What the go-live panel asks of the ingest that holds a publish (our own RTMP listener). */
export interface IngestControl {
  stats(streamKey: string): IngestStats | null
  /** Drops the encoder's connection; its unpublish follows. Whether one was connected. */
  disconnect(streamKey: string): boolean
}
interface NmsContext {
  sessions: Map<string, NmsSession>
  nodeEvent: import('node:events').EventEmitter
}

/**
 * The RTMP listener of the ingest role (design §1): node-media-server's RTMP server alone (no HTTP
 * side). Encoders publish to `rtmp://host:port/live/{stream key}`; the key is checked against the
 * events, and a key that opens none is disconnected. Playing back over RTMP is for our own ffmpeg
 * on loopback only. node-media-server's own logging is off: its lines carry stream keys.
 */
export class RtmpIngest implements IngestControl {
  private server: { run(): void; stop(): void; tcpServer: import('node:net').Server } | null = null
  private readonly publishers = new Map<string, string>()
  private readonly listeners: [string, (...args: string[]) => void][] = []
  private context: NmsContext | null = null

  constructor(
    private readonly opts: {
      port: number
      host: string
      log: FastifyBaseLogger
      /** Returns whether the key may publish (and starts the recording). */
      onPublish: (streamKey: string) => Promise<boolean>
      onUnpublish: (streamKey: string) => Promise<void>
    },
  ) {}

  async start(): Promise<number> {
    const logger = require('node-media-server/src/node_core_logger.js') as { setLogType(t: number): void }
    logger.setLogType(0)
    const context = require('node-media-server/src/node_core_ctx.js') as NmsContext
    const NodeRtmpServer = require('node-media-server/src/node_rtmp_server.js') as new (
      config: unknown,
    ) => {
      run(): void
      stop(): void
      tcpServer: import('node:net').Server
    }
    const keyOf = (streamPath: string) => {
      const m = /^\/live\/([^/?]+)$/.exec(streamPath)
      return m ? (m[1] as string) : null
    }
    this.context = context
    const on = (event: string, fn: (...args: string[]) => void) => {
      context.nodeEvent.on(event, fn)
      this.listeners.push([event, fn])
    }
    on('prePublish', (id: string, streamPath: string) => {
      const session = context.sessions.get(id)
      const key = keyOf(streamPath)
      if (!key) return session?.reject()
      this.publishers.set(id, key)
      this.opts.onPublish(key).then(
        (ok) => {
          if (!ok) {
            this.publishers.delete(id)
            this.opts.log.warn('RTMP publish refused: unknown stream key, or its event is over')
            context.sessions.get(id)?.reject()
          }
        },
        (error) => {
          this.opts.log.error({ err: error }, 'RTMP publish failed')
          this.publishers.delete(id)
          context.sessions.get(id)?.reject()
        },
      )
    })
    on('donePublish', (id: string) => {
      const key = this.publishers.get(id)
      if (!key) return
      this.publishers.delete(id)
      this.opts.onUnpublish(key).catch((error) => this.opts.log.error({ err: error }, 'RTMP unpublish failed'))
    })
    on('prePlay', (id: string) => {
      const session = context.sessions.get(id)
      if (session && !session.isLocal) session.reject()
    })

    const server = new NodeRtmpServer({
      rtmp: { port: this.opts.port, chunk_size: 60000, gop_cache: true, ping: 30, ping_timeout: 60 },
    })
    // Its run() listens on all addresses; listen ourselves to honour the host and learn a port 0.
    await new Promise<void>((resolve, reject) => {
      server.tcpServer.once('error', reject)
      server.tcpServer.listen(this.opts.port, this.opts.host, () => resolve())
    })
    this.server = server
    const address = server.tcpServer.address()
    return typeof address === 'object' && address ? address.port : this.opts.port
  }

  private sessionOf(streamKey: string) {
    for (const [id, key] of this.publishers) if (key === streamKey) return this.context?.sessions.get(id) ?? null
    return null
  }

  stats(streamKey: string): IngestStats | null {
    const s = this.sessionOf(streamKey)
    if (!s) return null
    const known = (n: number | undefined) => (typeof n === 'number' && n > 0 ? n : null)
    return {
      since: s.startTimestamp ?? Date.now(),
      bitrateKbps: known(s.bitrate),
      width: known(s.videoWidth),
      height: known(s.videoHeight),
      fps: known(s.videoFps),
      videoCodec: s.videoCodecName || null,
      audioCodec: s.audioCodecName || null,
    }
  }

  disconnect(streamKey: string) {
    const s = this.sessionOf(streamKey)
    s?.reject()
    return s !== null
  }

  async stop() {
    for (const [event, fn] of this.listeners) this.context?.nodeEvent.off(event, fn)
    this.listeners.length = 0
    if (this.server) {
      const closed = new Promise<void>((r) => this.server?.tcpServer.once('close', () => r()))
      this.server.stop()
      await closed
    }
    this.server = null
  }
}
