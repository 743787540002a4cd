import { type Download, type Event, messages } from '@fieldhouse/contract'
import type { JobQueue } from '../../jobs/queue.js'
import { AppError, forbidden, unauthorized } from '../../lib/errors.js'
import { assetKey, type MediaStore } from '../../lib/media-store/index.js'
import type { Session } from '../../lib/session.js'
import type { MediaService } from './media.service.js'

/** An event's MP4, beside its recording's files. */
export const DOWNLOAD_FILE = 'download.mp4'
/** A failed remux is answered as failed for a minute before a new request queues another. */
const FAILED_FOR_MS = 60_000

/** The name a downloaded event's MP4 is saved under: its name, in letters and digits. */
const fileNameOf = (event: Pick<Event, 'name'>) =>
  `${
    event.name
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 80) || 'event'
  }.mp4`

/**
 * Spec §7 `GET download-event/{id}`: who may download an event (signed in, allowed to watch it, with the
 * `download` capability), and its MP4, remuxed from the recording once by the `media.download` job (in
 * the urgent lane) and kept beside it. `ready` answers a signed link; until then `processing` with the
 * job's progress, which the client polls.
 */
export class EventDownloadsService {
  constructor(
    private readonly d: {
      media: MediaService
      /** The event as the catalogue shows it to this viewer (another channel's is not found). */
      event: (session: Session, id: number) => Promise<Event>
      /** The viewer's capabilities (`download` among them). */
      capabilities: (session: Session) => Promise<readonly string[]>
      store: MediaStore
      queue: JobQueue
      /** An event's MP4 was handed to the viewer (counted as a download). */
      downloaded: (session: Session, eventId: number) => Promise<void>
      clock: () => number
    },
  ) {}

  /** The download of the event: `ready` with its link, `processing` (the remux is queued or running) or `failed`. */
  async request(session: Session, eventId: number): Promise<Download> {
    if (session.userId === null) throw unauthorized(messages.mustSignInToWatch)
    const { media } = this.d
    const event = await this.d.event(session, eventId)
    const denial = await media.denial(session, {
      hasAccess: event.has_access,
      isGeoBlocked: event.is_geo_blocked,
      mode: event.type,
      capability: 'watch',
    })
    if (denial === 'geo_blocked') throw forbidden(messages.geoBlocked)
    if (denial !== null) throw forbidden(messages.noAccessToWatch)
    if (!(await this.d.capabilities(session)).includes('download')) throw forbidden(messages.downloadNotAllowed)
    const asset = await media.readyAsset(session.channel.id, { type: 'event', id: event.id })
    if (!asset || event.stream_status !== 'vod') throw new AppError(404, messages.noVideoYet)

    if (await this.d.store.stat(assetKey(asset.id, DOWNLOAD_FILE))) {
      const fileName = fileNameOf(event)
      const { token } = media.tokenFor(session, asset.id, 'download')
      const url = `/media/d/${token}/${asset.id}/${DOWNLOAD_FILE}?name=${encodeURIComponent(fileName)}`
      await this.d.downloaded(session, event.id)
      return { status: 'ready', progress: 100, url, file_name: fileName }
    }
    const key = `download:${asset.id}`
    const last = await this.d.queue.latestByKey(key)
    if (last?.status === 'failed' && this.d.clock() - last.updated_at < FAILED_FOR_MS) {
      return { status: 'failed', progress: 0, url: null, file_name: null }
    }
    const jobId =
      last && (last.status === 'queued' || last.status === 'running')
        ? last.id
        : await this.d.queue.enqueue(
            'media.download',
            { assetId: asset.id },
            { dedupeKey: key, channelId: asset.channel_id },
          )
    const job = await this.d.queue.find(jobId)
    return { status: 'processing', progress: job?.progress ?? 0, url: null, file_name: null }
  }
}
