import path from 'node:path'
import {
  type Event,
  type Premiere,
  type PremiereInput,
  type PremiereListItem,
  type PremiereRecording,
  premiereMessages,
} from '@fieldhouse/contract'
import {
  airedCount,
  firstVariant,
  positionAtDate,
  premiereMediaPlaylist,
  type RecordingTimeline,
  recordingTimeline,
} from '@fieldhouse/media'
import type { PremiereRow } from '../../db/schema.js'
import { conflict, invalid, notFound } from '../../lib/errors.js'
import { assetKey, type MediaStore } from '../../lib/media-store/index.js'
import { type AuditSink, mustBeAllowed, type Operator } from '../../lib/operator.js'
import type { Session } from '../../lib/session.js'
import { nextChangeAt, type Showing, showingAt, streamStatusOf } from './premiere.rules.js'
import type { PremiereContext, PremieresRepository } from './premieres.repository.js'

/** What premieres need of the recordings (the media module provides it). */
export interface PremiereRecordings {
  /** The owner's newest ready recording on the channel, with its master playlist's path. */
  readyRecording(
    channelId: number,
    owner: { type: 'event' | 'vod'; id: number },
  ): Promise<{ id: number; master: string } | undefined>
}

/** What a premiere's file request resolves to: playlist text made here, or a file of the recording. */
export type PremiereFile = { kind: 'playlist'; text: string } | { kind: 'file'; key: string } | null

const MAX_REMEMBERED = 500

/**
 * Premieres (decision 30): a finished recording played as an event's live broadcast. Nothing runs per
 * premiere: the live playlist is cut from the recording's own playlist at each request by the clock
 * (`premiereMediaPlaylist`), the segments are the recording's files, and one scheduled job
 * (`premieres.settle`, premieres.jobs.ts) keeps the premiered events' status and start in step with the clock.
 */
export class PremieresService {
  private readonly timelines = new Map<string, Promise<RecordingTimeline | null>>()
  private readonly contexts = new Map<number, { ctx: PremiereContext | null; at: number }>()
  /** The text of each variant's playlist per number of aired segments: made once however many viewers ask. */
  private readonly texts = new Map<string, string>()

  constructor(
    private readonly deps: {
      repo: PremieresRepository
      recordings: PremiereRecordings
      store: MediaStore
      audit: AuditSink
      /** The channel's content changed (its caches drop what they hold). */
      changed: (channelId: number) => Promise<void> | void
      /** A showing began: the event is live and watchable from its start (the go-live alerts, decision 0056). */
      wentLive?: (event: { eventId: number; channelId: number }) => Promise<unknown>
      /** The channel's events by id, as viewers see them. */
      events: (session: Session, ids: number[]) => Promise<Event[]>
      /** Brings the settling job forward to `at` (a premiere placed here starts or ends before its next run). */
      settleBy: (at: number) => Promise<void>
      clock: () => number
    },
  ) {}

  private now() {
    return this.deps.clock()
  }

  /** `POST /api/admin/premieres`: schedules (or moves) the premiere of an event. */
  schedule(op: Operator, input: PremiereInput): Promise<Premiere> {
    mustBeAllowed(op, 'create', 'premieres')
    const repeatMs = input.repeat_every_minutes ? input.repeat_every_minutes * 60_000 : null
    return this.place(op.session.channel.id, input, repeatMs, op)
  }

  /**
   * Schedules (or moves) the premiere of an event of the channel: the console's, the command line's
   * (no operator: nothing to audit) and the demo's (which repeats it every few minutes).
   */
  async place(
    channelId: number,
    input: Omit<PremiereInput, 'repeat_every_minutes'>,
    repeatMs: number | null,
    op: Operator | null = null,
    /** The demo's: a repeat shorter than the recording becomes back to back (it is always showing). */
    backToBack = false,
  ): Promise<Premiere> {
    const event = await this.deps.repo.event(channelId, input.event_id)
    if (!event) throw notFound('event')
    const existing = await this.deps.repo.byEvent(channelId, event.id)
    if (event.stream_status === 'live' && !existing) throw conflict(premiereMessages.eventLive)
    const owner =
      input.source_vod_media_item_id !== undefined
        ? { type: 'vod' as const, id: input.source_vod_media_item_id }
        : { type: 'event' as const, id: input.source_event_id as number }
    const recording = await this.deps.recordings.readyRecording(channelId, owner)
    const timeline = recording ? await this.firstTimeline(recording.id, recording.master) : null
    if (!recording || !timeline || timeline.segments.length === 0) {
      const field = owner.type === 'vod' ? 'source_vod_media_item_id' : 'source_event_id'
      throw invalid({ [field]: [premiereMessages.sourceNotReady] })
    }
    const startsAt = Date.parse(input.starts_at)
    const now = this.now()
    if (startsAt < now - 60_000) throw invalid({ starts_at: [premiereMessages.startInPast] })
    const durationMs = Math.round(timeline.durationSec * 1000)
    if (backToBack && repeatMs !== null) repeatMs = Math.max(repeatMs, durationMs)
    if (repeatMs !== null && repeatMs < durationMs) {
      throw invalid({ repeat_every_minutes: [premiereMessages.repeatTooShort] })
    }
    const row = await this.deps.repo.upsert(
      {
        channel_id: channelId,
        event_id: event.id,
        asset_id: recording.id,
        starts_at: startsAt,
        duration_ms: durationMs,
        repeat_every_ms: repeatMs,
      },
      now,
    )
    this.contexts.clear()
    if (op)
      await this.deps.audit(op, {
        action: existing ? 'update' : 'create',
        resource: 'premieres',
        resourceId: row.id,
        ...(existing ? { before: { starts_at: existing.starts_at, asset_id: existing.asset_id } } : {}),
        after: { event_id: event.id, asset_id: recording.id, starts_at: startsAt, repeat_every_ms: repeatMs },
      })
    const next = await this.settle()
    if (next !== null) await this.deps.settleBy(next)
    const [made] = await this.deps.repo.ofChannel(channelId, row.id)
    return this.present(made ?? { ...row, event_name: event.name }, now)
  }

  /** `DELETE /api/admin/premieres/{id}`: the premiere is called off; a showing under way ends as a replay. */
  async cancel(op: Operator, id: number) {
    mustBeAllowed(op, 'delete', 'premieres')
    const channelId = op.session.channel.id
    const row = await this.deps.repo.byId(channelId, id)
    if (!row) throw notFound('premiere')
    await this.deps.repo.remove(channelId, id)
    this.contexts.delete(id)
    const showing = showingAt(row, this.now())
    if (showing.status === 'live') await this.deps.repo.setEvent(row.event_id, 'vod', showing.startsAt, this.now())
    await this.deps.changed(channelId)
    await this.deps.audit(op, {
      action: 'delete',
      resource: 'premieres',
      resourceId: id,
      before: { event_id: row.event_id, starts_at: row.starts_at },
    })
  }

  /** `GET /api/admin/premieres`: the channel's premieres. */
  async list(op: Operator): Promise<Premiere[]> {
    mustBeAllowed(op, 'read', 'premieres')
    const now = this.now()
    return (await this.deps.repo.ofChannel(op.session.channel.id)).map((r) => this.present(r, now))
  }

  /**
   * `GET /api/admin/premieres/sources`: what a premiere may show — each event's and library video's
   * newest ready recording, newest first (the console's choices; scheduling checks again).
   */
  async sources(op: Operator): Promise<PremiereRecording[]> {
    mustBeAllowed(op, 'read', 'premieres')
    const seen = new Set<string>()
    const out: PremiereRecording[] = []
    for (const r of await this.deps.repo.readyRecordings(op.session.channel.id)) {
      const name = r.owner_type === 'event' ? r.event_name : r.vod_title
      const key = `${r.owner_type}:${r.owner_id}`
      if (name == null || seen.has(key) || r.stream_status === 'live') continue
      seen.add(key)
      out.push({ type: r.owner_type as 'event' | 'vod', id: r.owner_id, name, duration: r.duration })
    }
    return out
  }

  /** `GET /api/premieres` (`/simulate`): the channel's premieres under way and coming, soonest first. */
  async running(session: Session): Promise<PremiereListItem[]> {
    const now = this.now()
    const rows = (await this.deps.repo.ofChannel(session.channel.id))
      .map((r) => ({ r, s: showingAt(r, now) }))
      .filter(({ s }) => s.status !== 'ended')
      .sort((a, b) => a.s.startsAt - b.s.startsAt)
    if (rows.length === 0) return []
    const events = new Map(
      (
        await this.deps.events(
          session,
          rows.map(({ r }) => r.event_id),
        )
      ).map((e) => [e.id, e]),
    )
    return rows.flatMap(({ r, s }) => {
      const event = events.get(r.event_id)
      if (!event) return []
      const status = s.status as 'upcoming' | 'live'
      return [{ id: r.id, starts_at: iso(s.startsAt), ends_at: iso(s.endsAt), status, event }]
    })
  }

  /** The event's premiere and how its showing stands now (the media service asks, for the event's playback). */
  async showingOf(channelId: number, eventId: number) {
    const row = await this.deps.repo.byEvent(channelId, eventId)
    if (!row) return null
    return { id: row.id, assetId: row.asset_id, ...showingAt(row, this.now()) }
  }

  /**
   * A premiere of a game's recording on the stream's clock (decision 0057): the game it shows, and where a
   * moment of that game's clock falls on the current showing's (its playlist's program date-time is the
   * showing's start plus the position), so the game's score reads right at the showing's pictures.
   */
  async gameClock(channelId: number, eventId: number) {
    const row = await this.deps.repo.byEvent(channelId, eventId)
    const owner = row ? await this.deps.repo.assetOwner(row.asset_id) : undefined
    if (!row || owner?.owner_type !== 'event') return null
    const recording = await this.deps.recordings.readyRecording(channelId, { type: 'event', id: owner.owner_id })
    const timeline = recording?.id === row.asset_id ? await this.firstTimeline(recording.id, recording.master) : null
    if (!timeline) return null
    const { startsAt } = showingAt(row, this.now())
    const toShowing = (t: number) => {
      const position = positionAtDate(timeline, t)
      return position === null ? null : startsAt + Math.round(position * 1000)
    }
    return { sourceEventId: owner.owner_id, toShowing }
  }

  /** A premiere with its channel and event's geo rules, remembered two seconds (every file request asks). */
  async context(id: number): Promise<PremiereContext | null> {
    const now = this.now()
    const hit = this.contexts.get(id)
    if (hit && now - hit.at < 2000) return hit.ctx
    const ctx = await this.deps.repo.context(id)
    if (this.contexts.size > MAX_REMEMBERED) this.contexts.clear()
    this.contexts.set(id, { ctx, at: now })
    return ctx
  }

  /**
   * One file of a running premiere, at the clock's instant: the master playlist as the recording has
   * it, a variant's live playlist cut from the recording's, or a segment — only one that has aired.
   */
  async file(premiere: PremiereRow, file: string): Promise<PremiereFile> {
    const now = this.now()
    const showing = showingAt(premiere, now)
    const key = assetKey(premiere.asset_id, file)
    const dir = path.posix.dirname(file)
    // At the top only the master playlist: no download, poster or seek thumbnails through a premiere.
    if (dir === '.') return file.endsWith('.m3u8') ? { kind: 'file', key } : null
    const variant = `${dir}/index.m3u8`
    const timeline = await this.timeline(premiere.asset_id, variant)
    if (!timeline) return null
    if (file === variant) return { kind: 'playlist', text: this.playlist(premiere, showing, variant, timeline, now) }
    const name = path.posix.basename(file)
    if (name === timeline.map) return { kind: 'file', key }
    const index = timeline.segments.findIndex((s) => s.uri === name)
    if (index < 0) return null
    const aired = showing.status === 'ended' || index < airedCount(timeline, (now - showing.startsAt) / 1000)
    return aired ? { kind: 'file', key } : null
  }

  private playlist(premiere: PremiereRow, showing: Showing, variant: string, timeline: RecordingTimeline, now: number) {
    // Between a repeating premiere's showings the next is upcoming: its playlist lists nothing yet.
    const at = showing.status === 'ended' ? showing.endsAt : now
    const count = airedCount(timeline, (at - showing.startsAt) / 1000)
    const memo = `${premiere.id}:${premiere.updated_at}:${variant}:${showing.startsAt}:${count}`
    const hit = this.texts.get(memo)
    if (hit !== undefined) return hit
    const text = premiereMediaPlaylist(timeline, showing.startsAt, at)
    if (this.texts.size > MAX_REMEMBERED) this.texts.clear()
    this.texts.set(memo, text)
    return text
  }

  /** A recording's variant playlist read once and kept (a finished recording does not change). */
  private timeline(assetId: number, variant: string): Promise<RecordingTimeline | null> {
    const id = `${assetId}/${variant}`
    let hit = this.timelines.get(id)
    if (!hit) {
      hit = this.deps.store
        .readBytes(assetKey(assetId, variant))
        .then((b) => (b ? recordingTimeline(b.toString('utf8')) : null))
      hit.catch(() => this.timelines.delete(id))
      if (this.timelines.size > MAX_REMEMBERED) this.timelines.clear()
      this.timelines.set(id, hit)
    }
    return hit
  }

  private async firstTimeline(assetId: number, master: string) {
    const text = await this.deps.store.readBytes(assetKey(assetId, master))
    const variant = text ? firstVariant(text.toString('utf8')) : null
    if (!variant || !/^[A-Za-z0-9_-]+\/index\.m3u8$/.test(variant)) return null
    this.timelines.delete(`${assetId}/${variant}`)
    return this.timeline(assetId, variant)
  }

  /**
   * Puts every premiered event's status and start in step with the clock (upcoming, live, the replay;
   * a repeating premiere's next showing), telling the channel's caches when one changed. Idempotent: the
   * `premieres.settle` job runs it, and a premiere placed. Returns when the next change is due (null: none).
   */
  async settle(): Promise<number | null> {
    const now = this.now()
    let next: number | null = null
    const changed = new Set<number>()
    for (const row of await this.deps.repo.all()) {
      const s = showingAt(row, now)
      const status = streamStatusOf(s)
      if (
        (row.stream_status !== status || row.event_utc_ts !== s.startsAt) &&
        (await this.deps.repo.setEvent(row.event_id, status, s.startsAt, now))
      ) {
        changed.add(row.channel_id)
        if (status === 'live' && row.stream_status !== 'live')
          await this.deps.wentLive?.({ eventId: row.event_id, channelId: row.channel_id })
      }
      const at = nextChangeAt(row, now)
      if (at !== null && (next === null || at < next)) next = at
    }
    for (const channelId of changed) await this.deps.changed(channelId)
    return next
  }

  private present(r: PremiereRow & { event_name: string } & Partial<SourceNames>, now: number): Premiere {
    const s = showingAt(r, now)
    const sourceName = r.source_type === 'event' ? r.source_event_name : r.source_vod_title
    return {
      id: r.id,
      event_id: r.event_id,
      event_name: r.event_name,
      asset_id: r.asset_id,
      source:
        (r.source_type === 'event' || r.source_type === 'vod') && r.source_id != null && sourceName != null
          ? { type: r.source_type, id: r.source_id, name: sourceName }
          : null,
      starts_at: iso(s.startsAt),
      ends_at: iso(s.endsAt),
      duration: r.duration_ms / 1000,
      repeat_every_minutes: r.repeat_every_ms ? r.repeat_every_ms / 60_000 : null,
      status: s.status,
    }
  }
}

const iso = (ms: number) => new Date(ms).toISOString()

/** Whose recording a listed premiere shows, as the repository joins it. */
interface SourceNames {
  source_type: string | null
  source_id: number | null
  source_event_name: string | null
  source_vod_title: string | null
}
