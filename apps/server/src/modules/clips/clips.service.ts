import { randomUUID } from 'node:crypto'
import {
  type AdminClip,
  AdminClipSorts,
  type AdminClipsQuery,
  type Clip,
  type ClipDownload,
  type ClipListQuery,
  type ClipSource,
  type CreateClipInput,
  clipMessages,
  type Event,
  type EventClipInfo,
  type EventsQuery,
  type ListMeta,
  type MomentsQuery,
  messages,
  type SharedClip,
  type VodMedia,
} from '@fieldhouse/contract'
import { playlistSeconds } from '@fieldhouse/media'
import type { ChannelRow } from '../../db/schema.js'
import type { JobQueue } from '../../jobs/queue.js'
import { clipSettingsOf } from '../../lib/channel-settings.js'
import { AppError, conflict, forbidden, invalid, notFound, unauthorized } from '../../lib/errors.js'
import { assetKey, type MediaStore } from '../../lib/media-store/index.js'
import { type AuditSink, mustBeAllowed, type Operator } from '../../lib/operator.js'
import type { Session } from '../../lib/session.js'
import type { AccessService } from '../access/access.service.js'
import type { CatalogService } from '../catalog/catalog.service.js'
import type { VodService } from '../catalog/vod.service.js'
import { pickClipRendition } from './clip-rendition.js'
import { type ClipTokenScope, signClipToken, verifyClipToken } from './clip-token.js'
import {
  clipKey,
  clipPosterUrl,
  clipRef,
  parseClipRef,
  presentClip,
  presentModeratedClip,
  shareMetaTags,
} from './clips.presenter.js'
import type { ClipsRepository, ClipWithEvent, ModerationQuery } from './clips.repository.js'

/** A recording of an event, as the media module keeps it (filled by the container). */
export interface ClipRecording {
  id: number
  channelId: number
  status: string
  /** Its master playlist inside the asset, when it has one. */
  master: string | null
}

/** What a clip is of: a game, or a library video (decision 27). */
export type ClipSubject = { type: 'event'; id: number } | { type: 'vod'; id: number }

/** What the clips module needs of the media module: a game's or library video's recordings, and one by id. */
export interface ClipRecordings {
  of(channelId: number, subject: ClipSubject): Promise<ClipRecording[]>
  find(assetId: number): Promise<ClipRecording | undefined>
}

const SHARE_TOKEN_TTL_MS = 6 * 3600_000
/** `og:video` is fetched by link previews long after the page: a day. */
const PREVIEW_TOKEN_TTL_MS = 24 * 3600_000
const DOWNLOAD_TOKEN_TTL_MS = 5 * 60_000
const FILE_NAME = /[^A-Za-z0-9]+/g

const freeOrSignUp = (mode: string | null) => mode === 'free' || mode === 'register'
/**
 * A clip of a free or sign-up game or library video (or of neither): public whatever the channel's
 * `share_public`.
 */
const openToAll = (clip: ClipWithEvent) =>
  clip.event_id !== null
    ? freeOrSignUp(clip.event_access_mode)
    : clip.vod_item_id === null || freeOrSignUp(clip.vod_access_mode)

/**
 * Clips (spec §1, §3, §4, §5, §7; decision 16): a viewer who may watch an event and holds `clipping`
 * cuts a range of one of its recordings; the worker cuts it (`clips.cut`) into the media store under
 * `clips/{id}-{uuid}/`; the clip is listed, shared by its uuid, downloaded by its owner with `download_clip`.
 */
export class ClipsService {
  /** Seconds of finished recordings (they never change). */
  private readonly finishedSeconds = new Map<number, number>()

  constructor(
    private readonly d: {
      repo: ClipsRepository
      catalog: CatalogService
      vod: VodService
      access: AccessService
      recordings: ClipRecordings
      store: MediaStore
      queue: JobQueue
      secret: Buffer
      /** Where the console's moderation writes are recorded (the audit log). */
      audit: AuditSink
      clock?: () => number
    },
  ) {}

  private now() {
    return (this.d.clock ?? Date.now)()
  }

  /** Whether the viewer may watch the event (entitlements decide), with the event. */
  private async watchable(session: Session, event: Event) {
    const denial = await this.d.access.denial(session, {
      hasAccess: event.has_access,
      isGeoBlocked: event.is_geo_blocked,
      mode: event.type,
      capability: 'watch',
    })
    return denial
  }

  /** Whether the viewer may watch the library video (the library's rules: its mode, or `vod_media`). */
  private vodWatchable(session: Session, item: VodMedia) {
    return this.d.access.denial(session, this.d.access.vodWatchability(session, item.type))
  }

  /** Whether the clip plays for anyone with its link: the channel shares clips publicly, or its game is open to all. */
  private isPublic(channel: Pick<ChannelRow, 'settings'>, clip: ClipWithEvent) {
    return clipSettingsOf(channel).sharePublic || openToAll(clip)
  }

  /**
   * Where a ready clip's poster is for whoever is shown the clip: the public poster of a public clip,
   * else a signed one (the public address serves only public clips' posters).
   */
  private posterOf(channel: Pick<ChannelRow, 'settings'>, clip: ClipWithEvent) {
    if (clip.status !== 'ready') return null
    if (this.isPublic(channel, clip)) return clipPosterUrl(clip)
    return `/media/c/${this.signed(clip, 'play', SHARE_TOKEN_TTL_MS).token}/${clipRef(clip)}/poster.jpg`
  }

  private present(channel: Pick<ChannelRow, 'settings'>, clip: ClipWithEvent) {
    return presentClip(clip, this.posterOf(channel, clip))
  }

  /** A recording by id (the cut's source). */
  recording(assetId: number) {
    return this.d.recordings.find(assetId)
  }

  /** The variant playlist a clip of this recording is cut from, as a store key. */
  async renditionKey(recording: ClipRecording): Promise<string | null> {
    if (!recording.master) return null
    const master = (await this.d.store.readBytes(assetKey(recording.id, recording.master)))?.toString('utf8') ?? ''
    const variant = pickClipRendition(master)
    return variant ? assetKey(recording.id, variant) : null
  }

  /** Seconds recorded so far (a live game) or in all (a replay), read from the playlist clips are cut from. */
  async recordedSeconds(recording: ClipRecording): Promise<number> {
    const known = this.finishedSeconds.get(recording.id)
    if (known !== undefined && recording.status === 'ready') return known
    const key = await this.renditionKey(recording)
    const text = key ? ((await this.d.store.readBytes(key))?.toString('utf8') ?? '') : ''
    const seconds = Math.floor(playlistSeconds(text) * 1000) / 1000
    if (recording.status === 'ready' && seconds > 0) {
      if (this.finishedSeconds.size > 5000) this.finishedSeconds.clear()
      this.finishedSeconds.set(recording.id, seconds)
    }
    return seconds
  }

  private async sources(
    channelId: number,
    subject: ClipSubject,
  ): Promise<(ClipSource & { recording: ClipRecording })[]> {
    const recordings = (await this.d.recordings.of(channelId, subject)).filter(
      (r) => (r.status === 'ready' || r.status === 'live') && r.master,
    )
    const out = []
    for (const r of recordings) {
      const duration = await this.recordedSeconds(r)
      if (duration > 0) out.push({ event_media_id: r.id, duration, live: r.status === 'live', recording: r })
    }
    return out
  }

  /** The clip tool's part of an event's detail: the tags, and the recordings this viewer may clip. */
  async eventClipInfo(session: Session, event: Event, mayWatch: boolean): Promise<EventClipInfo> {
    const facts = await this.d.access.eventFacts(event)
    const tags = await this.d.repo.tags(session.channel.id, [...(facts.category_ids ?? [])])
    const sources = mayWatch ? await this.sources(session.channel.id, { type: 'event', id: event.id }) : []
    return {
      clip_tags: tags,
      clip_sources: sources.map(({ recording: _, ...s }) => s),
    }
  }

  /**
   * The clip tool's part of a library video's detail: the channel's tags for every sport (a library
   * video has no sport), and its recordings when this viewer may watch it.
   */
  async vodClipInfo(session: Session, item: VodMedia, mayWatch: boolean): Promise<EventClipInfo> {
    const tags = await this.d.repo.tags(session.channel.id, [])
    const sources = mayWatch ? await this.sources(session.channel.id, { type: 'vod', id: item.id }) : []
    return {
      clip_tags: tags,
      clip_sources: sources.map(({ recording: _, ...s }) => s),
    }
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
        denial: await this.vodWatchable(session, item),
      }
    }
    const event = await this.d.catalog.event(session, input.event_id as number)
    const facts = await this.d.access.eventFacts(event)
    return {
      subject: { type: 'event', id: event.id } as ClipSubject,
      categoryIds: [...(facts.category_ids ?? [])],
      denial: await this.watchable(session, event),
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
    const source = (await this.sources(session.channel.id, subject)).find(
      (s) => s.event_media_id === input.event_media_id,
    )
    if (!source) throw invalid({ event_media_id: [clipMessages.unknownRecording] }, clipMessages.unknownRecording)
    // Within what is recorded (for a live game, within the DVR window so far); a millisecond of slack.
    if (input.start_time + input.duration > source.duration + 0.001) {
      throw invalid({ duration: [messages.clipDurationTooLong] }, messages.clipDurationTooLong)
    }
    if ((await this.d.repo.countUser(userId, this.now() - 3600_000)) >= limits.perUserPerHour) {
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
    await this.enqueue(id)
    return this.present(session.channel, (await this.d.repo.find(id)) as ClipWithEvent)
  }

  private enqueue(clipId: number) {
    return this.d.queue.enqueue('clips.cut', { clipId }, { dedupeKey: `clip:${clipId}`, maxAttempts: 3 })
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
    if (!(await this.d.repo.update(clip.id, { status: 'queued', failure_reason: null }, ['failed']))) {
      throw conflict(clipMessages.onlyFailedRetry)
    }
    await this.enqueue(clip.id)
    return this.present(session.channel, (await this.d.repo.find(clip.id)) as ClipWithEvent)
  }

  /** The row, then its files (a cut still running finds its row gone and cleans up). */
  private async erase(clip: { id: number; uuid: string }) {
    await this.d.repo.delete(clip.id)
    await this.d.store.deletePrefix(clipKey(clip))
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
    await this.erase(clip)
    return { id: clip.id }
  }

  // The console's clips moderation (decision 0024): the operator's channel only.

  /** `GET /api/admin/clips`: the channel's clips, searched by name or author email, filtered, paged. */
  async moderationList(op: Operator, q: AdminClipsQuery): Promise<{ data: AdminClip[]; meta: ListMeta }> {
    mustBeAllowed(op, 'read', 'clips')
    const sort = q.sort ?? 'created_at'
    if (!(AdminClipSorts as readonly string[]).includes(sort)) {
      throw invalid({ sort: [`Sort by ${AdminClipSorts.join(', ')}`] })
    }
    const { rows, total } = await this.d.repo.moderationList(op.session.channel.id, {
      search: q.search,
      eventId: q.event_id,
      status: q.status,
      sort: sort as ModerationQuery['sort'],
      direction: q.direction,
      offset: q.offset,
      limit: q.limit,
    })
    return {
      data: rows.map((r) => presentModeratedClip(r, this.posterOf(op.session.channel, r))),
      meta: { total, offset: q.offset, limit: q.limit },
    }
  }

  /**
   * `DELETE /api/admin/clips/{id}`: an operator removes a viewer's clip as its owner would (the row,
   * then every file under `clips/{id}-{uuid}/`); the feed, the lists and the share link lose it.
   */
  async moderationRemove(op: Operator, id: number): Promise<void> {
    mustBeAllowed(op, 'delete', 'clips')
    const row = await this.d.repo.moderationFind(op.session.channel.id, id)
    if (!row) throw notFound('clip')
    const before = presentModeratedClip(row)
    await this.erase(row)
    await this.d.audit(op, { action: 'delete', resource: 'clips', resourceId: row.id, before, after: null })
  }

  /** `GET /clips/user`: the viewer's clips, newest first. */
  async mine(session: Session, q: ClipListQuery): Promise<{ data: Clip[]; meta: ListMeta }> {
    if (session.userId === null) throw unauthorized(messages.loginRequired)
    const { rows, total } = await this.d.repo.ofUser(session.channel.id, session.userId, q)
    return {
      data: rows.map((r) => this.present(session.channel, r)),
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
      (await this.watchable(session, event)) !== null
    if (closed && session.userId === null) return { data: [], meta: { total: 0, ...meta } }
    const filter = { eventIds: [event.id], ...(closed && session.userId !== null ? { userId: session.userId } : {}) }
    const { rows, total } = await this.d.repo.ready(session.channel.id, filter, q)
    return { data: rows.map((r) => this.present(session.channel, r)), meta: { total, ...meta } }
  }

  /** Whether anyone with the link may play the clip, or only those who may watch its event or library video. */
  private async mayPlayShared(session: Session, clip: ClipWithEvent) {
    if (clipSettingsOf(session.channel).sharePublic) return true
    if (clip.vod_item_id !== null) {
      const item = await this.d.vod.item(session.channel, clip.vod_item_id).catch(() => null)
      if (!item) return false
      if (item.type === 'free' || item.type === 'register') return true
      return (await this.vodWatchable(session, item)) === null
    }
    if (clip.event_id === null) return true
    const event = await this.d.catalog.event(session, clip.event_id).catch(() => null)
    if (!event) return false
    if (event.type === 'free' || event.type === 'register') return true
    return (await this.watchable(session, event)) === null
  }

  private signed(clip: { id: number; uuid: string }, scope: ClipTokenScope, ttlMs: number) {
    const expiresAt = this.now() + ttlMs
    return { token: signClipToken(this.d.secret, clipRef(clip), expiresAt, scope), expiresAt }
  }

  private presentShared(channel: ChannelRow, clip: ClipWithEvent, ttlMs = SHARE_TOKEN_TTL_MS): SharedClip {
    const ready = clip.status === 'ready'
    const base = ready ? `/media/c/${this.signed(clip, 'play', ttlMs).token}/${clipRef(clip)}/` : null
    return {
      ...this.present(channel, clip),
      hls: base ? `${base}hls/index.m3u8` : null,
      mp4: base ? `${base}clip.mp4` : null,
      channel_name: channel.name,
    }
  }

  /** `GET /shared-clip/{id}?uuid=`: the clip by its id and the uuid of its link. */
  async shared(session: Session, id: number, uuid: string | undefined): Promise<SharedClip> {
    const clip = uuid ? await this.d.repo.findOnChannel(session.channel.id, id) : undefined
    if (!clip || clip.uuid !== uuid) throw notFound('clip')
    if (!(await this.mayPlayShared(session, clip))) {
      throw session.userId === null ? unauthorized(messages.mustSignInToWatch) : forbidden(messages.noAccessToWatch)
    }
    return this.presentShared(session.channel, clip)
  }

  /** `GET /clips/moments`: the channel's ready clips, newest first, by game, sport and team. */
  async moments(session: Session, q: MomentsQuery): Promise<{ data: SharedClip[]; meta: ListMeta }> {
    const categoryIds = q.event_category_id
      ? await this.d.catalog.withChildren(session.channel, q.event_category_id)
      : undefined
    const { rows, total } = await this.d.repo.ready(
      session.channel.id,
      {
        ...(q.event_id ? { eventIds: q.event_id } : {}),
        ...(categoryIds ? { categoryIds } : {}),
        ...(q.participant_id ? { participantIds: q.participant_id } : {}),
        // Clips of paid games are in the public feed only when the channel shares them publicly.
        ...(clipSettingsOf(session.channel).sharePublic ? {} : { accessModes: ['free', 'register'] }),
      },
      q,
    )
    return {
      data: rows.map((r) => this.presentShared(session.channel, r)),
      meta: { total, offset: q.offset, limit: q.limit },
    }
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
    const { token, expiresAt } = this.signed(clip, 'download', DOWNLOAD_TOKEN_TTL_MS)
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

  /**
   * The store key of a clip file a signed path asks for, or null: the token must be ours, for this
   * clip and scope, and the clip ready. `download.mp4` (download scope) is the MP4 as an attachment.
   */
  async signedFile(token: string, ref: string, file: string): Promise<string | null> {
    const named = parseClipRef(ref)
    if (!named) return null
    const scope: ClipTokenScope = file === 'download.mp4' ? 'download' : 'play'
    if (!verifyClipToken(this.d.secret, token, clipRef(named), this.now(), scope)) return null
    const allowed = scope === 'download' || file === 'clip.mp4' || file === 'poster.jpg' || /^hls\/[^/]+$/.test(file)
    if (!allowed) return null
    const clip = await this.d.repo.find(named.id)
    if (clip?.uuid !== named.uuid || clip.status !== 'ready') return null
    return clipKey(clip, scope === 'download' ? 'clip.mp4' : file)
  }

  /**
   * The store key of a ready clip's poster, by id and uuid (the share link's), or null; only of a
   * public clip (a private one's poster is signed, as its video).
   */
  async posterFile(clipId: number, uuid: string): Promise<string | null> {
    const clip = await this.d.repo.findWithChannel(clipId)
    if (!clip || clip.uuid !== uuid || clip.status !== 'ready') return null
    return this.isPublic({ settings: clip.channel_settings }, clip) ? clipKey(clip, 'poster.jpg') : null
  }

  /**
   * The share page's Open Graph and Twitter card tags (`/share/{id}/{uuid}`), for a ready clip of the
   * channel that plays for anyone with the link; else null (the page is the app's as usual).
   */
  async shareHead(channel: ChannelRow, origin: string, id: number, uuid: string): Promise<string | null> {
    const clip = await this.d.repo.findOnChannel(channel.id, id)
    if (!clip || clip.uuid !== uuid || clip.status !== 'ready') return null
    // A clip of a paid game the channel keeps private plays only for those who may watch it: no preview.
    if (!this.isPublic(channel, clip)) return null
    const shared = this.presentShared(channel, clip, PREVIEW_TOKEN_TTL_MS)
    const of = clip.event_name ?? clip.vod_title
    const where = of ? ` · ${of}` : ''
    return shareMetaTags({
      title: `${clip.name}${where}`,
      description: `A clip on ${channel.name}`,
      pageUrl: `${origin}/share/${clip.id}/${clip.uuid}`,
      imageUrl: origin + clipPosterUrl(clip),
      videoUrl: origin + (shared.mp4 as string),
    })
  }
}
