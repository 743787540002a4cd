import { getVtimezoneComponent } from '@touch4it/ical-timezones'
import ical, { ICalEventStatus } from 'ical-generator'
import { DateTime } from 'luxon'

/** How long a game's calendar entry lasts: events carry no end (decision 0055). */
export const GAME_ENTRY_MS = 2 * 60 * 60 * 1000

/** One game as a calendar entry shows it. */
export interface CalendarGame {
  id: number
  /** When the event was made: with the id, its UID (SQLite may give a later event a deleted one's id). */
  createdAt: number
  name: string
  startMs: number
  /** The venue's IANA zone (the event's own); an unknown one is written in UTC. */
  timeZone: string
  location: string | null
  watchUrl: string
  /** The entry's revision: a rescheduled game keeps its UID and raises this. */
  sequence: number
  updatedAt: number
  cancelled: boolean
}

export interface CalendarFeed {
  /** The feed's name as a calendar app lists it ("Lakeview Lions — Fieldhouse"). */
  name: string
  /** Keeps UIDs unique across channels and deployments: the channel's key. */
  uidScope: string
  games: CalendarGame[]
}

/** The UID of a game's entry: the same for the game's life, whatever moves, and no other game's. */
export const gameUid = (scope: string, eventId: number, createdAt: number) =>
  `event-${eventId}-${createdAt.toString(36)}.${scope}@fieldhouse`

const zoned = (ms: number, zone: string) => {
  const at = DateTime.fromMillis(ms, { zone })
  return at.isValid ? { at, zone } : { at: DateTime.fromMillis(ms, { zone: 'UTC' }), zone: 'UTC' }
}

/**
 * The feed as iCalendar text (RFC 5545): each game in its venue's time zone with that zone's
 * `VTIMEZONE`, a stable UID, `SEQUENCE` and `LAST-MODIFIED` from its revisions, the watch link, and a
 * cancelled game as `STATUS:CANCELLED`. The same games give the same bytes (the ETag is a hash of them):
 * `DTSTAMP` is the game's last change, not the time of the request.
 */
export function calendarText(feed: CalendarFeed): string {
  const cal = ical({
    name: feed.name,
    prodId: { company: 'Fieldhouse', product: 'Schedule', language: 'EN' },
    ttl: 60 * 60,
  })
  cal.timezone({ name: null, generator: getVtimezoneComponent })
  const games = [...feed.games].sort((a, b) => a.startMs - b.startMs || a.id - b.id)
  for (const g of games) {
    const start = zoned(g.startMs, g.timeZone)
    const changed = new Date(g.updatedAt)
    cal.createEvent({
      id: gameUid(feed.uidScope, g.id, g.createdAt),
      sequence: g.sequence,
      stamp: changed,
      lastModified: changed,
      start: start.at,
      end: start.at.plus({ milliseconds: GAME_ENTRY_MS }),
      // An unknown zone: the time in UTC (`…Z`), which every calendar reads.
      timezone: start.zone === 'UTC' ? null : start.zone,
      summary: g.name,
      location: g.location,
      description: g.cancelled ? 'This game was cancelled.' : `Watch: ${g.watchUrl}`,
      url: g.watchUrl,
      status: g.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    })
  }
  return cal.toString()
}
