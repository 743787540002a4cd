import {
  type EventKeyPlays,
  type KeyPlay,
  type KeyPlayClip,
  type KeyPlayWindow,
  type ScoreTimeline,
  scoreAt,
  sportOf,
} from '@fieldhouse/contract'
import { isPlaylistEnded, recordingTimeline } from '@fieldhouse/media'
import type { JobQueue } from '../../jobs/queue.js'
import { clipSettingsOf } from '../../lib/channel-settings.js'
import { notFound } from '../../lib/errors.js'
import type { AuditSink, Operator } from '../../lib/operator.js'
import type { Session } from '../../lib/session.js'
import type { OfficialClips } from '../clips/official-clips.js'
import { KEY_PLAY_WAIT_MS, planKeyPlayCut } from './key-play-cut.js'
import type { KeyPlayRow, KeyPlaysRepository, NewKeyPlay } from './key-plays.repository.js'
import type { HighlightReels } from './reels.service.js'

/**
 * A key play's cut is first tried this long before its last second: a live playlist dates its segments
 * from the ingest's clock, which can list a second a little before the wall clock reaches it.
 */
const EARLY_MS = 1000
/** How long a cut job watches a live recording about to hold the window, and how often it looks. */
const IN_JOB_WAIT_MS = 5000
const IN_JOB_STEP_MS = 100
/** How often a cut waiting for its last second looks again. */
const WAIT_STEP_MS = 250

/** A batch the scorer (or the feed, the demo, a suggestion) just recorded: the game's timeline and the new ids. */
export interface RecordedActions {
  channelId: number
  eventId: number
  timeline: ScoreTimeline
  newIds: readonly string[]
}

/** What the key plays need of official clips (the clips module's). */
export type KeyPlayClips = Pick<OfficialClips, 'sourcesOf' | 'playlistText' | 'cut' | 'present' | 'erase'>

/**
 * Key plays (decision 0058): each key-play tag (and, by the channel's clip setting, each score) the
 * scores module records becomes a key play at its moment, with the score then; once the recording holds
 * its last second (the sport's window), its official clip is cut by the clip cutter. An undone tag takes
 * its key play and clip away. Producers move a clip's window or remove a key play.
 */
export class KeyPlaysService {
  constructor(
    private readonly d: {
      repo: KeyPlaysRepository
      clips: KeyPlayClips
      queue: JobQueue
      audit: AuditSink
      clock: () => number
      /** The game's highlight reel, made once its score is final (`reels.make`). */
      reels: HighlightReels
    },
  ) {}

  /** The highlight reels (the `reels.make` job asks them). */
  get reels() {
    return this.d.reels
  }

  /** After a batch commits: the key plays its new actions make, and those its undos take back. */
  async recorded(change: RecordedActions) {
    const { timeline, channelId, eventId } = change
    const fresh = new Set(change.newIds)
    const undone = new Set(timeline.actions.flatMap((a) => (a.type === 'undo' && a.target ? [a.target] : [])))
    const event = await this.d.repo.eventOf(eventId)
    if (!event || event.channel_id !== channelId) return
    const scores = clipSettingsOf(event).scoreKeyPlays
    const sport = sportOf(timeline.sport)
    const now = this.d.clock()
    const rows: NewKeyPlay[] = []
    for (const a of timeline.actions) {
      if (!fresh.has(a.id) || undone.has(a.id)) continue
      if (a.type !== 'tag' && !(a.type === 'score' && scores)) continue
      const state = scoreAt(timeline.actions, a.t, sport)
      const team = a.side ? timeline[a.side].name : ''
      const label = a.type === 'tag' ? (a.tag ?? 'Key play') : `${team} +${a.points ?? 0}`
      rows.push({
        ...{ channel_id: channelId, event_id: eventId, action_uid: a.id, kind: a.type, label: label.slice(0, 120) },
        ...{ tag: a.tag, side: a.side, moment_ms: a.t, before_s: sport.key_play.before, after_s: sport.key_play.after },
        ...{ position: null, home: state.home, away: state.away, period: state.period, clip_id: null },
        ...{ status: 'waiting' as const, created_at: now, updated_at: now },
      })
    }
    const takenBack = timeline.actions.flatMap((a) =>
      fresh.has(a.id) && a.type === 'undo' && a.target ? [a.target] : [],
    )
    for (const play of await this.d.repo.ofActions(eventId, takenBack)) await this.erase(play)
    const made = await this.d.repo.insert(rows)
    for (const [i, id] of made.entries()) {
      const row = rows[i] as NewKeyPlay
      await this.queueCut(id, channelId, Number(row.moment_ms) + Number(row.after_s) * 1000 - EARLY_MS)
    }
    // The game just became final (not a final undone in the same batch): its reel is made (again).
    const final = timeline.actions.some((a) => fresh.has(a.id) && a.type === 'final' && !undone.has(a.id))
    if (final && timeline.status === 'final') await this.d.reels.finalRecorded(channelId, eventId)
  }

  private queueCut(keyPlayId: number, channelId: number, at: number, retry = false) {
    return this.d.queue.enqueue(
      'keyplays.cut',
      { keyPlayId },
      { ...(retry ? {} : { dedupeKey: `keyplay:${keyPlayId}:${at}` }), runAfter: at, channelId, maxAttempts: 3 },
    )
  }

  /**
   * `keyplays.cut`: the key play's range in the recording that holds its moment, and its official clip
   * cut (or cut again); while a live recording has not reached the last second, it looks again shortly.
   */
  async cut(keyPlayId: number) {
    const play = await this.d.repo.find(keyPlayId)
    if (!play) return
    const event = await this.d.repo.eventOf(play.event_id)
    if (!event) return
    const lastSecond = Number(play.moment_ms) + play.after_s * 1000
    // A live recording about to hold the last second is watched here, every 100 ms, rather than by new jobs.
    const watchUntil = this.d.clock() + IN_JOB_WAIT_MS
    let found = await this.findCut(play)
    while (!found.chosen && found.waiting && this.d.clock() < watchUntil) {
      await new Promise((r) => setTimeout(r, IN_JOB_STEP_MS))
      found = await this.findCut(play)
    }
    const now = this.d.clock()
    const { chosen } = found
    if (!chosen) {
      if ((found.waiting || now < lastSecond + KEY_PLAY_WAIT_MS) && now < lastSecond + 10 * KEY_PLAY_WAIT_MS) {
        await this.queueCut(play.id, play.channel_id, now + WAIT_STEP_MS, true)
      } else {
        await this.d.repo.update(play.id, { status: 'failed', updated_at: now })
      }
      return
    }
    const { plan, source } = chosen
    const clipId = await this.d.clips.cut(
      {
        ...{ channelId: play.channel_id, channelName: event.channel_name, eventId: play.event_id, source },
        ...{ name: `${play.label} · ${event.name}`, tags: play.tag ? [play.tag] : [] },
        ...{ startSec: plan.startSec, durationSec: plan.durationSec, programmeStart: plan.programmeStart },
      },
      play.clip_id,
    )
    await this.d.repo.update(play.id, { clip_id: clipId, position: plan.position, status: 'cutting', updated_at: now })
  }

  /** The recording that holds the key play's window and its range there; or whether one will, soon. */
  private async findCut(play: KeyPlayRow) {
    let waiting = false
    for (const source of await this.d.clips.sourcesOf(play.channel_id, play.event_id)) {
      const text = await this.d.clips.playlistText(source.playlist)
      if (!text) continue
      const plan = planKeyPlayCut({
        ...{ timeline: recordingTimeline(text), ended: isPlaylistEnded(text) || !source.live },
        ...{ moment: Number(play.moment_ms), before: play.before_s, after: play.after_s, now: this.d.clock() },
      })
      if (plan.kind === 'wait') waiting = true
      if (plan.kind === 'cut') return { chosen: { plan, source }, waiting }
    }
    return { chosen: null, waiting }
  }

  /** `GET /api/events/{id}/key-plays`: the game's key plays in the order played, each with its clip. */
  async ofEvent(session: Session, eventId: number): Promise<EventKeyPlays> {
    const event = await this.d.repo.eventOf(eventId)
    if (!event || event.channel_id !== session.channel.id) throw notFound('event')
    const rows = await this.d.repo.ofEvent(eventId)
    return { key_plays: await this.present(rows), reel: await this.d.reels.ofEvent(eventId) }
  }

  /** The channel's key plays since `since` (the console's game-day home), with their game's name. */
  async recent(channelId: number, since: number) {
    const rows = await this.d.repo.recent(channelId, since)
    const plays = await this.present(rows)
    return plays.map((p, i) => ({ ...p, event_name: rows[i]?.event_name ?? '' }))
  }

  /** `PATCH /api/admin/key-plays/{id}`: the clip's window moved; it is cut again. */
  async moveWindow(op: Operator, id: number, window: KeyPlayWindow): Promise<KeyPlay> {
    const play = await this.own(op, id)
    const now = this.d.clock()
    const after = { before_s: window.before, after_s: window.after }
    await this.d.repo.update(id, { ...after, updated_at: now })
    await this.queueCut(id, play.channel_id, now)
    await this.d.audit(op, {
      ...{ action: 'update', resource: 'scores', resourceId: play.event_id },
      before: { key_play: id, before: play.before_s, after: play.after_s },
      after: { key_play: id, before: window.before, after: window.after },
    })
    const [shown] = await this.present([{ ...play, ...after }])
    return shown as KeyPlay
  }

  /** `DELETE /api/admin/key-plays/{id}`: the key play and its clip, gone. */
  async remove(op: Operator, id: number) {
    const play = await this.own(op, id)
    await this.erase(play)
    await this.d.audit(op, {
      ...{ action: 'delete', resource: 'scores', resourceId: play.event_id },
      before: { key_play: id, label: play.label },
    })
  }

  private async own(op: Operator, id: number) {
    const play = await this.d.repo.findOnChannel(op.session.channel.id, id)
    if (!play) throw notFound('key play')
    return play
  }

  private async erase(play: KeyPlayRow) {
    if (play.clip_id !== null) await this.d.clips.erase(play.clip_id)
    await this.d.repo.delete(play.id)
  }

  private async present(rows: KeyPlayRow[]): Promise<KeyPlay[]> {
    const clips = await this.d.clips.present(rows.flatMap((r) => (r.clip_id === null ? [] : [r.clip_id])))
    return rows.map((r) => {
      const clip: KeyPlayClip | null = r.clip_id === null ? null : (clips.get(r.clip_id) ?? null)
      return {
        ...{
          id: r.id,
          event_id: r.event_id,
          t: Number(r.moment_ms),
          position: r.position === null ? null : Number(r.position),
        },
        ...{ label: r.label, tag: r.tag, side: r.side, score: { home: r.home, away: r.away, period: r.period } },
        ...{ before: Number(r.before_s), after: Number(r.after_s), status: statusOf(r, clip), clip },
      }
    })
  }
}

/** A key play's state: its clip's once it has one. */
function statusOf(row: KeyPlayRow, clip: KeyPlayClip | null): KeyPlay['status'] {
  if (row.status === 'failed' || clip?.status === 'failed') return 'failed'
  if (clip?.status === 'ready') return 'ready'
  return clip ? 'cutting' : row.status === 'cutting' ? 'cutting' : 'waiting'
}
