import type { GoLive, LiveStatus } from '@fieldhouse/contract'
import { AppError, notFound } from '../../lib/errors.js'
import { type AuditSink, mustBeAllowed, type Operator } from '../../lib/operator.js'
import { newStreamKey } from '../../lib/secrets.js'
import type { Session } from '../../lib/session.js'
import type { GoLiveRepository } from './go-live.repository.js'
import type { LiveService } from './live.service.js'
import type { IngestControl } from './rtmp-ingest.js'

/** A signed playlist of an event's newest live or ready recording (the media module signs it). */
export type PreviewOf = (
  session: Session,
  eventId: number,
) => Promise<{ hls: string; live: boolean; expires_at: string } | null>

/** A host name or IP literal fit to put in an RTMP URL: the Host header is the client's to write. */
const plainHost = (host: string | null | undefined): host is string =>
  !!host && host.length <= 253 && /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])$/.test(host)

/** `localhost`, the `*.localhost` names (loopback by RFC 6761, but no resolver an encoder uses knows them) and loopback IPs. */
const loopbackName = (host: string) => /^(?:localhost|.+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i.test(host)

/**
 * The address a request reached us at, as a URL's host: IPv4 as it is (an IPv4-mapped one unmapped),
 * other IPv6 in brackets. IPv6 loopback (or no address) is 127.0.0.1: the RTMP listener's default
 * address, 0.0.0.0, takes IPv4 only.
 */
const addressHost = (address: string | null | undefined) => {
  const plain = address?.replace(/^::ffff:(?=\d)/i, '')
  if (!plain || plain === '::1') return '127.0.0.1'
  return plain.includes(':') ? `[${plain}]` : plain
}

/**
 * The host an encoder can publish to, named as the operator reached the console (decision 0022): the
 * request's host name, unless it is a loopback name (`demo.localhost`: ffmpeg and OBS cannot resolve
 * it) or not a plain host, then the address the request reached (`127.0.0.1` on the same machine).
 */
export const encoderHost = (host: string | null | undefined, address?: string | null) =>
  plainHost(host) && !loopbackName(host) ? host : addressHost(address)

/** `••••••••abcd`: enough to tell two keys apart, not enough to publish with. */
export const maskStreamKey = (key: string) => `${'•'.repeat(8)}${key.slice(-4)}`

/**
 * The console's "Go live" panel (decision 20): where an event's encoder publishes, its stream key
 * (masked unless revealed; a reveal is audited), rotating it, what the ingest sees of the publish,
 * and ending the stream.
 */
export class GoLiveService {
  constructor(
    private readonly deps: {
      repo: GoLiveRepository
      live: LiveService
      /** Our own RTMP listener, when this process runs the ingest role; null otherwise. */
      ingest: () => IngestControl | null
      preview: PreviewOf
      audit: AuditSink
      /**
       * The RTMP URL encoders publish to (OBS's "Server"); asked each time (RTMP_PORT=0 picks a port at
       * start). `host` is the encoder's name for this machine (`encoderHost`).
       */
      rtmpUrl: (host: string) => string
      clock?: () => number
    },
  ) {}

  private now() {
    return (this.deps.clock ?? Date.now)()
  }

  private async event(op: Operator, eventId: number) {
    const event = await this.deps.repo.eventOnChannel(op.session.channel.id, eventId)
    if (!event?.stream_key) throw notFound('event')
    return { ...event, stream_key: event.stream_key }
  }

  /**
   * `GET /api/admin/live/{eventId}`. `host`: this machine as the encoder reaches it (`encoderHost` of
   * the console request); without a configured PUBLIC_RTMP_URL the encoder is pointed at it.
   */
  async panel(op: Operator, eventId: number, reveal: boolean, host = '127.0.0.1'): Promise<GoLive> {
    mustBeAllowed(op, reveal ? 'go-live' : 'read', 'live')
    const event = await this.event(op, eventId)
    if (reveal) await this.deps.audit(op, { action: 'reveal-stream-key', resource: 'live', resourceId: eventId })
    return {
      event_id: event.id,
      event_name: event.name,
      rtmp_url: this.deps.rtmpUrl(host),
      stream_key: reveal ? event.stream_key : maskStreamKey(event.stream_key),
      stream_key_revealed: reveal,
      status: this.statusOf(event),
      preview: await this.deps.preview(op.session, event.id),
    }
  }

  /** What this process knows of the event's publish: the broadcast, and the RTMP session's numbers. */
  private statusOf(event: { id: number; stream_status: 'upcoming' | 'live' | 'vod' }): LiveStatus {
    const b = this.deps.live.broadcastOf(event.id)
    const stats = b ? this.deps.ingest()?.stats(b.streamKey) : null
    return {
      receiving: b !== null,
      stream_status: event.stream_status,
      since: b ? new Date(stats?.since ?? b.since).toISOString() : null,
      bitrate_kbps: stats?.bitrateKbps ?? null,
      width: stats?.width ?? null,
      height: stats?.height ?? null,
      fps: stats?.fps ?? null,
      dropped_frames: b ? b.droppedFrames : null,
      video_codec: stats?.videoCodec ?? null,
      audio_codec: stats?.audioCodec ?? null,
      // Concurrent viewers come with analytics (not yet).
      viewers: null,
    }
  }

  /** `POST /api/admin/live/{eventId}/rotate-key`: a new key; the old one opens no new publish. */
  async rotateKey(op: Operator, eventId: number, host = '127.0.0.1') {
    mustBeAllowed(op, 'go-live', 'live')
    const event = await this.event(op, eventId)
    const key = newStreamKey()
    await this.deps.repo.setStreamKey(event.id, key, this.now())
    await this.deps.audit(op, {
      action: 'rotate-stream-key',
      resource: 'live',
      resourceId: eventId,
      before: { stream_key: maskStreamKey(event.stream_key) },
      after: { stream_key: maskStreamKey(key) },
    })
    return this.panel(op, eventId, true, host)
  }

  /**
   * `POST /api/admin/live/{eventId}/end`: the encoder is disconnected and the recording becomes the
   * replay, as when the encoder stops by itself.
   */
  async end(op: Operator, eventId: number, host = '127.0.0.1') {
    mustBeAllowed(op, 'go-live', 'live')
    const event = await this.event(op, eventId)
    const b = this.deps.live.broadcastOf(event.id)
    if (!b && event.stream_status !== 'live') throw new AppError(409, 'The event is not live.')
    if (b) this.deps.ingest()?.disconnect(b.streamKey)
    await this.deps.live.endEvent(event.id)
    await this.deps.audit(op, {
      action: 'end-stream',
      resource: 'live',
      resourceId: eventId,
      before: { stream_status: event.stream_status },
      after: { stream_status: 'vod' },
    })
    return this.panel(op, eventId, false, host)
  }
}
