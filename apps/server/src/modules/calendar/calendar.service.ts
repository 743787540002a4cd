import { createHash } from 'node:crypto'
import { type CalendarLink, messages, webcalOf } from '@fieldhouse/contract'
import { notFound, unauthorized } from '../../lib/errors.js'
import type { Session } from '../../lib/session.js'
import type { CalendarRepository, FeedScope } from './calendar.repository.js'
import type { CalendarLinkSigner } from './calendar-link.js'
import { type CalendarGame, calendarText } from './ics.js'

/** The feeds' path names for what they follow, and the favourite kind each is. */
export const FEED_KINDS = { teams: 'participant', schools: 'group', sports: 'category' } as const
export type FeedKind = keyof typeof FEED_KINDS

/** How far back a feed reaches (last month's games stay in the calendar), and how many games it holds. */
export const FEED_PAST_MS = 30 * 24 * 60 * 60 * 1000
export const FEED_MAX_GAMES = 500

export interface CalendarDocument {
  text: string
  /** A strong validator: a hash of the text. */
  etag: string
}

const scopeOf = (kind: FeedKind, id: number): FeedScope => ({
  participantIds: kind === 'teams' ? [id] : [],
  groupIds: kind === 'schools' ? [id] : [],
  categoryIds: kind === 'sports' ? [id] : [],
})

const ids = (json: string): number[] => {
  try {
    const v = JSON.parse(json)
    return Array.isArray(v) ? v.filter((n): n is number => typeof n === 'number') : []
  } catch {
    return []
  }
}

/**
 * Calendar feeds (decision 0055): the schedule of a team, a school or a sport of the channel, public
 * like the schedule page, and a viewer's own follows behind a private link they can renew or turn off.
 */
export class CalendarService {
  constructor(
    private readonly d: {
      repo: CalendarRepository
      signer: CalendarLinkSigner
      /** The origin links of a channel are made on (its primary domain, else PUBLIC_URL). */
      origin: (channelId: number) => Promise<string>
      clock: () => number
    },
  ) {}

  private async document(
    channel: { id: number; key: string; name: string },
    feedName: string,
    followed: FeedScope,
  ): Promise<CalendarDocument> {
    const from = this.d.clock() - FEED_PAST_MS
    const scope = { ...followed, categoryIds: await this.d.repo.withDivisions(channel.id, followed.categoryIds) }
    const [games, cancellations, groupTeams, origin] = await Promise.all([
      this.d.repo.games(channel.id, scope, from, FEED_MAX_GAMES),
      this.d.repo.cancellations(channel.id, from),
      this.d.repo.participantsOfGroups(scope.groupIds),
      this.d.origin(channel.id),
    ])
    const teams = new Set([...scope.participantIds, ...groupTeams])
    const groups = new Set(scope.groupIds)
    const sports = new Set(scope.categoryIds)
    const watchUrl = (id: number) => `${origin}/watch/${id}`
    const entries: CalendarGame[] = games.map((g) => ({
      id: g.id,
      createdAt: Number(g.created_at),
      name: g.name,
      startMs: Number(g.event_utc_ts),
      timeZone: g.time_zone,
      location: g.location_name
        ? [g.location_name, [g.location_city, g.location_state].filter(Boolean).join(', ')].filter(Boolean).join(', ')
        : null,
      watchUrl: watchUrl(g.id),
      sequence: Number(g.calendar_sequence),
      updatedAt: Number(g.updated_at),
      cancelled: false,
    }))
    for (const c of cancellations) {
      const inScope =
        (c.category_id !== null && sports.has(c.category_id)) ||
        ids(c.participant_ids).some((p) => teams.has(p)) ||
        ids(c.group_ids).some((g) => groups.has(g))
      if (!inScope || entries.length >= FEED_MAX_GAMES) continue
      entries.push({
        id: c.event_id,
        createdAt: Number(c.event_created_at),
        name: c.name,
        startMs: Number(c.event_utc_ts),
        timeZone: c.time_zone,
        location: c.location,
        watchUrl: watchUrl(c.event_id),
        sequence: Number(c.sequence),
        updatedAt: Number(c.cancelled_at),
        cancelled: true,
      })
    }
    const text = calendarText({ name: `${feedName} · ${channel.name}`, uidScope: channel.key, games: entries })
    return { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` }
  }

  /** The public feed of one team, school or sport of the session's channel. */
  async feed(session: Session, kind: FeedKind, id: number) {
    const name = await this.d.repo.targetName(session.channel.id, FEED_KINDS[kind], id)
    if (name === undefined) throw notFound(FEED_KINDS[kind])
    return this.document(session.channel, name, scopeOf(kind, id))
  }

  /** A viewer's follows, by their private link; a renewed, turned-off or forged link finds nothing. */
  async followsFeed(token: string) {
    const named = this.d.signer.read(token)
    const link = named ? await this.d.repo.link(named.userId) : undefined
    const user =
      named && link?.active === 1 && link.version === named.version ? await this.d.repo.user(named.userId) : undefined
    if (!named || !user) throw notFound('calendar')
    const channel = { id: user.channel_id, key: user.channel_key, name: user.channel_name }
    return this.document(channel, 'My games', await this.d.repo.follows(user.id))
  }

  private userOf(session: Session) {
    if (!session.userId) throw unauthorized(messages.loginRequired)
    return session.userId
  }

  private async linkView(
    channelId: number,
    userId: number,
    link: { version: number; active: number } | undefined,
  ): Promise<CalendarLink> {
    if (link?.active !== 1) return { https: null, webcal: null }
    const https = `${await this.d.origin(channelId)}/api/calendar/follows/${this.d.signer.sign(userId, link.version)}.ics`
    return { https, webcal: webcalOf(https) }
  }

  /** The viewer's private follows link, or nulls while they have none. */
  async link(session: Session) {
    const userId = this.userOf(session)
    return this.linkView(session.channel.id, userId, await this.d.repo.link(userId))
  }

  /** A new private link; the one before stops working. */
  async renewLink(session: Session) {
    const userId = this.userOf(session)
    const version = await this.d.repo.renewLink(userId, this.d.clock())
    return this.linkView(session.channel.id, userId, { version, active: 1 })
  }

  async disableLink(session: Session): Promise<CalendarLink> {
    const userId = this.userOf(session)
    await this.d.repo.disableLink(userId, this.d.clock())
    return { https: null, webcal: null }
  }
}
