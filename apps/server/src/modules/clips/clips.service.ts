import { randomUUID } from 'node:crypto'
import {
  type Clip,
  type ClipDownload,
  type ClipListQuery,
  type CreateClipInput,
  clipMessages,
  type Event,
  type EventClipInfo,
  type EventsQuery,
  type ListMeta,
  messages,
  type VodMedia,
} from '@fieldhouse/contract'
import type { JobQueue } from '../../jobs/queue.js'
import { clipSettingsOf } from '../../lib/channel-settings.js'
import { AppError, conflict, forbidden, invalid, notFound, unauthorized } from '../../lib/errors.js'
import type { MediaStore } from '../../lib/media-store/index.js'
import type { Session } from '../../lib/session.js'
import type { ClipSources, ClipSubject, CuttableSource } from './clip-sources.js'
import { type ClipLookups, type ClipViews, eventDenial, freeOrSignUp, vodDenial } from './clip-views.js'
import type { ClipCutPayload } from './clips.jobs.js'
import { clipKey, clipRef } from './clips.presenter.js'
import type { ClipsRepository, ClipWithEvent } from './clips.repository.js'

const DOWNLOAD_TOKEN_TTL_MS = 5 * 60_000
const FILE_NAME = /[^A-Za-z0-9]+/g

/** The row, then its files (a cut still running finds its row gone and cleans up). */
export async function eraseClip(d: { repo: ClipsRepository; store: MediaStore }, clip: { id: number; uuid: string }) {
  await d.repo.delete(clip.id)
  await d.store.deletePrefix(clipKey(clip))
}

/**
 * Clips (spec §1, §3, §4, §5, §7; decision 16): a viewer who may watch an event and holds `clipping`
 * cuts a range of one of its recordings; the worker cuts it (`clips.cut`) into the media store under
 * `clips/{id}-{uuid}/`; the clip is listed, shared by its uuid, downloaded by its owner with `download_clip`.
 */
export class ClipsService {
  constructor(
    private readonly d: ClipLookups & {
      sources: ClipSources
      views: ClipViews
      store: MediaStore
      queue: JobQueue
    },
  ) {}

  /** The clip tool's part of a game's or library video's detail: the tags, and the recordings this viewer may clip. */
  private async clipInfo(session: Session, subject: ClipSubject, categoryIds: number[], mayWatch: boolean) {
    const tags = await this.d.repo.tags(session.channel.id, categoryIds)
    const sources = mayWatch ? await this.d.sources.of(session.channel.id, subject) : []
    return {
      clip_tags: tags,
      clip_sources: sources.map(({ event_media_id, duration, live }) => ({ event_media_id, duration, live })),
    }
  }

  /** The clip tool's part of an event's detail: the tags of its sports, and its recordings. */
  async eventClipInfo(session: Session, event: Event, mayWatch: boolean): Promise<EventClipInfo> {
    const facts = await this.d.access.eventFacts(event)
    return this.clipInfo(session, { type: 'event', id: event.id }, [...(facts.category_ids ?? [])], mayWatch)
  }

  /** A library video's: the channel's tags for every sport (a library video has no sport), and its recordings. */
  vodClipInfo(session: Session, item: VodMedia, mayWatch: boolean): Promise<EventClipInfo> {
    return this.clipInfo(session, { type: 'vod', id: item.id }, [], mayWatch)
  }

  /**
   * What `POST /clip` names (a game by `event_id`, a library video by `vod_media_item_id`), found on the
   * session's channel (another channel's is not found), with the sport categories its tags come from
   * and why the viewer may not watch it (null when they may).
   */
  private async subjectOf(session: Session, input: CreateClipInput) {
    if (input.vod_media_item_id !== undefined) {
      const item = await this.d.vod.item(session.channel, input.vod_media_item_id)
      return {
        subject: { type: 'vod', id: item.id } as ClipSubject,
        categoryIds: [] as number[],
        denial: await vodDenial(this.d.access, session, item),
      }
    }
    const event = await this.d.catalog.event(session, input.event_id as number)
    const facts = await this.d.access.eventFacts(event)
    return {
      subject: { type: 'event', id: event.id } as ClipSubject,
      categoryIds: [...(facts.category_ids ?? [])],
      denial: await eventDenial(this.d.access, session, event),
    }
  }

  /** `POST /clip`: checks who, what and how much, then queues the cut. */
  async create(session: Session, input: CreateClipInput): Promise<Clip> {
    if (session.userId === null) throw unauthorized(clipMessages.signInToClip)
    const userId = session.userId
    const { subject, categoryIds, denial } = await this.subjectOf(session, input)
    if (denial === 'geo_blocked') throw forbidden(messages.geoBlocked)
    if (denial !== null) throw forbidden(messages.noAccessToWatch)
    if (!(await this.d.access.capabilities(session)).includes('clipping'))
      throw forbidden(clipMessages.clippingNotAllowed)

    const limits = clipSettingsOf(session.channel)
    const offered = new Set((await this.d.repo.tags(session.channel.id, categoryIds)).map((t) => t.name))
    const tags = [...new Set(input.tags)]
    if (tags.some((t) => !offered.has(t))) throw invalid({ tags: [messages.clipTagRequired] }, messages.clipTagRequired)
    if (input.duration > limits.maxDurationSec) {
      throw invalid(
        { duration: [clipMessages.tooLong(limits.maxDurationSec)] },
        clipMessages.tooLong(limits.maxDurationSec),
      )
    }
    if (input.duration < limits.minDurationSec) {
      throw invalid(
        { duration: [clipMessages.tooShort(limits.minDurationSec)] },
        clipMessages.tooShort(limits.minDurationSec),
      )
    }
    const source = (await this.d.sources.of(session.channel.id, subject)).find(
      (s) => s.event_media_id === input.event_media_id,
    )
    if (!source) throw invalid({ event_media_id: [clipMessages.unknownRecording] }, clipMessages.unknownRecording)
    // Within what is recorded (for a live game, within the DVR window so far); a millisecond of slack.
    if (input.start_time + input.duration > source.duration + 0.001) {
      throw invalid({ duration: [messages.clipDurationTooLong] }, messages.clipDurationTooLong)
    }
    if ((await this.d.repo.countUser(userId, this.d.views.now() - 3600_000)) >= limits.perUserPerHour) {
      throw new AppError(429, clipMessages.tooMany)
    }
    if ((await this.d.repo.bytesOfUser(userId)) >= limits.storagePerUserBytes) {
      throw invalid({ name: [clipMessages.storageFull] }, clipMessages.storageFull)
    }

    const id = await this.d.repo.create({
      channel_id: session.channel.id,
      user_id: userId,
      uuid: randomUUID(),
      event_id: subject.type === 'event' ? subject.id : null,
      vod_item_id: subject.type === 'vod' ? subject.id : null,
      asset_id: source.event_media_id,
      name: input.name,
      tags,
      start_time: Math.round(input.start_time * 1000) / 1000,
      duration: Math.round(input.duration * 1000) / 1000,
    })
    const clip = (await this.d.repo.find(id)) as ClipWithEvent
    await this.enqueue(clip, source)
    return this.d.views.present(session.channel, clip)
  }

  /**
   * Queues the cut with all it needs, decided here once: the rendition's playlist it reads and the range;
   * the job only cuts and publishes.
   */
  private enqueue(clip: { id: number; start_time: number; duration: number }, source: CuttableSource) {
    const payload: ClipCutPayload = {
      clipId: clip.id,
      playlist: source.playlist,
      startSec: Number(clip.start_time),
      durationSec: Number(clip.duration),
    }
    return this.d.queue.enqueue('clips.cut', payload, { dedupeKey: `clip:${clip.id}`, maxAttempts: 3 })
  }

  /** The viewer's own clip on this channel; anyone else's is not found. */
  private async own(session: Session, id: number) {
    if (session.userId === null) throw unauthorized(messages.loginRequired)
    const clip = await this.d.repo.findOnChannel(session.channel.id, id)
    if (!clip || clip.user_id !== session.userId) throw notFound('clip')
    return clip
  }

  /** `POST /clip/{id}/retry`: a failed clip is queued again. */
  async retry(session: Session, id: number): Promise<Clip> {
    const clip = await this.own(session, id)
    if (clip.status !== 'failed') throw conflict(clipMessages.onlyFailedRetry)
    // Its recording as it is now (a live game's has grown): gone or no longer playable, nothing to cut.
    const source = await this.d.sources.byId(clip.asset_id)
    if (!source) throw conflict(clipMessages.unknownRecording)
    if (!(await this.d.repo.update(clip.id, { status: 'queued', failure_reason: null }, ['failed']))) {
      throw conflict(clipMessages.onlyFailedRetry)
    }
    await this.enqueue(clip, source)
    return this.d.views.present(session.channel, (await this.d.repo.find(clip.id)) as ClipWithEvent)
  }

  /**
   * An event or library video is about to be deleted (its clip rows go with it by cascade): answers
   * what removes the files of its clips afterwards.
   */
  async filesOfSubject(channelId: number, subject: ClipSubject): Promise<() => Promise<void>> {
    const cut = await this.d.repo.ofSubject(channelId, subject)
    return async () => {
      for (const clip of cut) await this.d.store.deletePrefix(clipKey(clip))
    }
  }

  /** `DELETE /clip/{id}`: the viewer's own clip and its files. */
  async remove(session: Session, id: number) {
    const clip = await this.own(session, id)
    await eraseClip(this.d, clip)
    return { id: clip.id }
  }

  /** `GET /clips/user`: the viewer's clips, newest first. */
  async mine(session: Session, q: ClipListQuery): Promise<{ data: Clip[]; meta: ListMeta }> {
    if (session.userId === null) throw unauthorized(messages.loginRequired)
    const { rows, total } = await this.d.repo.ofUser(session.channel.id, session.userId, q)
    return {
      data: rows.map((r) => this.d.views.present(session.channel, r)),
      meta: { total, offset: q.offset, limit: q.limit },
    }
  }

  /**
   * `GET /clips/event/{id}`: the event's ready clips. A channel that keeps its paid games' clips
   * private (`share_public: false`) lists them only to those who may watch the game; anyone else sees
   * their own clips of it, if any.
   */
  async ofEvent(session: Session, eventId: number, q: ClipListQuery): Promise<{ data: Clip[]; meta: ListMeta }> {
    const event = await this.d.catalog.event(session, eventId)
    const meta = { offset: q.offset, limit: q.limit }
    const closed =
      !clipSettingsOf(session.channel).sharePublic &&
      !freeOrSignUp(event.type) &&
      (await eventDenial(this.d.access, session, event)) !== null
    if (closed && session.userId === null) return { data: [], meta: { total: 0, ...meta } }
    const filter = { eventIds: [event.id], ...(closed && session.userId !== null ? { userId: session.userId } : {}) }
    const { rows, total } = await this.d.repo.ready(session.channel.id, filter, q)
    return { data: rows.map((r) => this.d.views.present(session.channel, r)), meta: { total, ...meta } }
  }

  /** `GET /events/with_clip`: the events of the channel with ready clips, filtered like `/events`. */
  async eventsWithClip(session: Session, q: EventsQuery) {
    const ids = await this.d.repo.eventsWithReadyClips(session.channel.id)
    return this.d.catalog.listEvents(session, q, undefined, ids)
  }

  /** `GET /clip/download/{id}`: the owner, with `download_clip`, gets a short-lived URL of the MP4. */
  async download(session: Session, id: number): Promise<ClipDownload> {
    const clip = await this.own(session, id)
    if (!(await this.d.access.capabilities(session)).includes('download_clip')) {
      throw forbidden(clipMessages.downloadClipNotAllowed)
    }
    if (clip.status !== 'ready') throw conflict(clipMessages.notReady)
    const { token, expiresAt } = this.d.views.signed(clip, 'download', DOWNLOAD_TOKEN_TTL_MS)
    await this.d.repo.recordDownload(session.channel.id, clip.user_id, 'clip', clip.id)
    const name = `${clip.name.replace(FILE_NAME, '-').replace(/^-|-$/g, '').slice(0, 80) || 'clip'}.mp4`
    return {
      url: `/media/c/${token}/${clipRef(clip)}/download.mp4?name=${encodeURIComponent(name)}`,
      expires_at: new Date(expiresAt).toISOString(),
    }
  }

  /** An event's MP4 was handed to the viewer (counted in `featureCount.downloads`). */
  recordEventDownload(session: Session, eventId: number) {
    if (session.userId === null) return Promise.resolve()
    return this.d.repo.recordDownload(session.channel.id, session.userId, 'event', eventId)
  }

  /** `featureCount` of `GET /user/access`: clips made, and downloads granted (clips and events). */
  async featureCount(userId: number) {
    const [clips, downloads] = await Promise.all([this.d.repo.countUser(userId), this.d.repo.countDownloads(userId)])
    return { clips, downloads }
  }
}
