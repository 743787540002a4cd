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

/**
 * A host name or IP literal fit to put in an RTMP URL, else null: the request's Host header is the
 * client's to write, and nothing else is echoed.
 */
export const encoderHost = (host: string | null | undefined) =>
  host && host.length <= 253 && /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])$/.test(host) ? host : null

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
       * start). `host` is the host name the operator reached the console by, or null.
       */
      rtmpUrl: (host: string | null) => string
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
   * `GET /api/admin/live/{eventId}`. `host`: the host name the console was reached by; without a
   * configured PUBLIC_RTMP_URL the encoder is pointed at the same machine by that name.
   */
  async panel(op: Operator, eventId: number, reveal: boolean, host: string | null = null): Promise<GoLive> {
    mustBeAllowed(op, reveal ? 'go-live' : 'read', 'live')
    const event = await this.event(op, eventId)
    if (reveal) await this.deps.audit(op, { action: 'reveal-stream-key', resource: 'live', resourceId: eventId })
    return {
      event_id: event.id,
      event_name: event.name,
      rtmp_url: this.deps.rtmpUrl(encoderHost(host)),
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
  async rotateKey(op: Operator, eventId: number, host: string | null = null) {
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
  async end(op: Operator, eventId: number, host: string | null = null) {
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
