import type { HighlightReel } from '@fieldhouse/contract'
import type { JobQueue } from '../../jobs/queue.js'
import { parseJson } from '../../lib/json.js'
import type { OfficialClips, OfficialReel } from '../clips/official-clips.js'
import type { KeyPlaysRepository } from './key-plays.repository.js'
import type { MadeReel, ReelMaker, ReelPart, ReelPlan } from './reels.jobs.js'
import type { ReelsRepository } from './reels.repository.js'

/** How long after the final the reel waits for key plays' clips still being cut; then it is made of the ready ones. */
export const REEL_WAIT_MS = 180_000

/** What the reel needs of official clips (the clips module's). */
export type ReelClips = Pick<OfficialClips, 'present' | 'readyMp4' | 'publishReel'>

/** A chapter's title: the key play's label and the score after it, away–home as the cards write games ("Dunk — 21–24"). */
export const chapterTitle = (p: { label: string; home: number; away: number }) => `${p.label} — ${p.away}–${p.home}`

/**
 * A library video opens as its game does (decision 0058): free stays free, sign-in stays sign-in; a paid or
 * pay-per-view game's reel is a paid library video (the library's `vod_media` capability and the channel's
 * operators open it; a pass for the game alone does not).
 */
export const reelAccessMode = (mode: 'free' | 'paid' | 'register' | 'ppv') =>
  mode === 'free' || mode === 'register' ? mode : 'paid'

/**
 * Highlight reels (decision 0058): when a game's score becomes final, its key plays' clips are joined, in
 * the order played, into one library video with a chapter per key play (job `reels.make`, urgent lane).
 * The job waits while a clip is still being cut (at most `REEL_WAIT_MS` after the final). A second final
 * remakes it; an undone final leaves a made reel as it is; a game without key plays has none.
 */
export class HighlightReels implements ReelMaker {
  constructor(
    private readonly d: {
      repo: ReelsRepository
      plays: KeyPlaysRepository
      clips: ReelClips
      queue: JobQueue
      clock: () => number
    },
  ) {}

  /** The game's score became final: its reel is asked for (again), unless it has no key plays. */
  async finalRecorded(channelId: number, eventId: number) {
    const event = await this.d.repo.event(eventId)
    if (!event || event.channel_id !== channelId) return
    if ((await this.d.plays.ofEvent(eventId)).length === 0) return
    const at = this.d.clock()
    await this.d.repo.request({ eventId, channelId, title: `Highlights: ${event.name}`.slice(0, 200), at })
    await this.queue(eventId, channelId, at, at)
  }

  /** The reel's job: keyed by the ask, so each final makes its own; a wait re-queues it shortly. */
  queue(eventId: number, channelId: number, askedAt: number, runAfter: number) {
    return this.d.queue.enqueue(
      'reels.make',
      { eventId, askedAt },
      { dedupeKey: `reel:${eventId}:${askedAt}:${runAfter}`, runAfter, channelId, maxAttempts: 1 },
    )
  }

  /**
   * What to do now: nothing (a newer final asked again), wait (a clip is still being cut, within the
   * wait), fail (no clip ready), or make the reel of the ready clips in the order played.
   */
  async plan(eventId: number, askedAt: number): Promise<ReelPlan> {
    const row = await this.d.repo.find(eventId)
    if (!row || Number(row.updated_at) > askedAt) return { kind: 'superseded' }
    const event = await this.d.repo.event(eventId)
    if (!event) return { kind: 'superseded' }
    const plays = await this.d.plays.ofEvent(eventId)
    const clips = await this.d.clips.present(plays.flatMap((p) => (p.clip_id === null ? [] : [p.clip_id])))
    const pending = plays.some((p) => {
      if (p.status === 'failed') return false
      const clip = p.clip_id === null ? undefined : clips.get(p.clip_id)
      return clip ? clip.status === 'queued' || clip.status === 'processing' : true
    })
    if (pending && this.d.clock() < askedAt + REEL_WAIT_MS) return { kind: 'wait', channelId: event.channel_id }
    const parts: ReelPart[] = []
    for (const p of plays) {
      const mp4 = p.clip_id === null ? null : await this.d.clips.readyMp4(p.clip_id)
      if (mp4) parts.push({ mp4, title: chapterTitle(p) })
    }
    if (parts.length === 0) return { kind: 'failed', error: 'None of the game’s key plays has a clip to join.' }
    return {
      kind: 'make',
      ...{ channelId: event.channel_id, channelName: event.channel_name, eventId, title: row.title },
      ...{ accessMode: reelAccessMode(event.access_mode), vodItemId: row.vod_item_id, parts },
    }
  }

  /** The job starts joining (unless superseded). */
  making(eventId: number, askedAt: number) {
    return this.d.repo.set(eventId, askedAt, { status: 'making', error: null })
  }

  /** The reel's library video: made, or the one it had brought up to date. */
  libraryVideo(plan: Extract<ReelPlan, { kind: 'make' }>, duration: number) {
    const { channelId, title, accessMode } = plan
    return this.d.repo.libraryVideo({ channelId, title, accessMode, duration, now: this.d.clock() }, plan.vodItemId)
  }

  /** The reel listed with the clips on /moments (an official clip of its library video). */
  listed(reel: OfficialReel) {
    return this.d.clips.publishReel(reel)
  }

  /** Made: ready with its library video, chapters and length. */
  ready(eventId: number, askedAt: number, vodItemId: number, made: MadeReel) {
    return this.d.repo.set(eventId, askedAt, {
      ...{ status: 'ready', vod_item_id: vodItemId, error: null },
      ...{ chapters: JSON.stringify(made.chapters), duration: Math.round(made.duration * 1000) / 1000 },
    })
  }

  /** Not made, with a reason an operator can read; a library video made before stays. */
  failed(eventId: number, askedAt: number, error: string) {
    return this.d.repo.set(eventId, askedAt, { status: 'failed', error: error.slice(0, 500) })
  }

  /** The game's reel as `GET /api/events/{id}/key-plays` answers it, or null when none was asked for. */
  async ofEvent(eventId: number): Promise<HighlightReel | null> {
    const row = await this.d.repo.find(eventId)
    if (!row) return null
    return {
      event_id: row.event_id,
      status: row.status,
      vod_media_item_id: row.vod_item_id,
      title: row.title,
      chapters: parseJson<HighlightReel['chapters']>(row.chapters, []),
      duration: row.duration === null ? null : Number(row.duration),
    }
  }
}
