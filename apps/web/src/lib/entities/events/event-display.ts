import { dayOf, type Event, formatPrice, isTimeZone, MINUTE, zoneOffsetMs } from '@fieldhouse/contract'

type EventParticipant = Event['participants'][number]

/**
 * How an event reads on a card (spec §3): a two-participant event is "away @ home" by short names;
 * any other keeps its own name. When the sides are not marked, the first listed is the away team.
 */
export function matchupOf(
  event: Pick<Event, 'participants'>,
): { away: EventParticipant; home: EventParticipant } | null {
  if (event.participants.length !== 2) return null
  const [first, second] = event.participants as [EventParticipant, EventParticipant]
  const away = event.participants.find((p) => p.side === 'away')
  const home = event.participants.find((p) => p.side === 'home')
  if (away && home && away !== home) return { away, home }
  return { away: first, home: second }
}

export function eventTitle(event: Pick<Event, 'name' | 'participants'>): string {
  const matchup = matchupOf(event)
  if (!matchup) return event.name
  const short = (p: EventParticipant) => p.short_name || p.name
  return `${short(matchup.away)} @ ${short(matchup.home)}`
}

/**
 * Abbreviations the browser does not give in English for zones outside North America ("GMT+2"), named
 * the way schedules print them. Standard time first, then summer time.
 */
const zoneAbbreviations: ReadonlyArray<{ zones: readonly string[]; standard: string; summer: string }> = [
  { zones: ['Europe/London', 'Europe/Dublin', 'Europe/Lisbon'], standard: 'GMT', summer: 'BST' },
  {
    zones: [
      'Europe/Paris',
      'Europe/Berlin',
      'Europe/Madrid',
      'Europe/Rome',
      'Europe/Amsterdam',
      'Europe/Brussels',
      'Europe/Vienna',
      'Europe/Zurich',
      'Europe/Stockholm',
      'Europe/Oslo',
      'Europe/Copenhagen',
      'Europe/Prague',
      'Europe/Warsaw',
      'Europe/Budapest',
      'Europe/Belgrade',
    ],
    standard: 'CET',
    summer: 'CEST',
  },
  {
    zones: ['Europe/Sofia', 'Europe/Athens', 'Europe/Helsinki', 'Europe/Bucharest', 'Europe/Kyiv', 'Europe/Riga'],
    standard: 'EET',
    summer: 'EEST',
  },
  { zones: ['Australia/Sydney', 'Australia/Melbourne'], standard: 'AEST', summer: 'AEDT' },
  { zones: ['Asia/Tokyo'], standard: 'JST', summer: 'JST' },
  { zones: ['UTC', 'Etc/UTC'], standard: 'UTC', summer: 'UTC' },
]

/**
 * Formatters, made once per locale, options and zone and reused: the first one a page makes costs tens
 * of milliseconds (the browser loads its locale and zone data then), and each further one a little more,
 * while formatting with one already made is cheap. A schedule formats the same few zones for every card.
 */
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(locale: string, options: Intl.DateTimeFormatOptions & { timeZone: string }): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let made = formatters.get(key)
  if (!made) {
    made = new Intl.DateTimeFormat(locale, options)
    formatters.set(key, made)
  }
  return made
}

const zoneNameOf = (parts: Intl.DateTimeFormatPart[]) => parts.find((part) => part.type === 'timeZoneName')?.value

/** Minutes east of UTC of a zone at a moment. */
const offsetMinutes = (date: Date, timeZone: string) => zoneOffsetMs(date.getTime(), timeZone) / MINUTE

/** A usable IANA zone: the event's own, or UTC when the browser does not know it. */
export const safeTimeZone = (timeZone: string | null | undefined): string =>
  timeZone && isTimeZone(timeZone) ? timeZone : 'UTC'

/** "MST", "CDT", "CET"…: the zone's short name at that moment, the same in every interface language. */
export function timeZoneAbbreviation(date: Date, timeZone: string): string {
  const zone = safeTimeZone(timeZone)
  const known = zoneAbbreviations.find((entry) => entry.zones.includes(zone))
  if (known) {
    // A zone without summer time needs no offsets.
    if (known.summer === known.standard) return known.standard
    const year = date.getUTCFullYear()
    const standardOffset = Math.min(
      offsetMinutes(new Date(Date.UTC(year, 0, 1)), zone),
      offsetMinutes(new Date(Date.UTC(year, 6, 1)), zone),
    )
    return offsetMinutes(date, zone) > standardOffset ? known.summer : known.standard
  }
  return zoneNameOf(formatter('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(date)) ?? zone
}

export interface EventTime {
  /** e.g. "Sat, Nov 21" */
  date: string
  /** e.g. "9:00 PM" */
  time: string
  /** e.g. "MST" */
  zone: string
  /** The instant, for `<time dateTime>`. */
  iso: string
  /** The day at the venue, YYYY-MM-DD: the list view groups by it. */
  day: string
}

/** The start of an event in its own time zone, with that zone's abbreviation. */
export function formatEventTime(isoUtc: string, timeZone: string, locale = 'en'): EventTime {
  const date = new Date(isoUtc)
  if (Number.isNaN(date.getTime())) return { date: '', time: '', zone: '', iso: isoUtc, day: '' }
  const zone = safeTimeZone(timeZone)
  const datePart = formatter(locale, { weekday: 'short', month: 'short', day: 'numeric', timeZone: zone }).format(date)
  const timePart = formatter(locale, { hour: 'numeric', minute: '2-digit', timeZone: zone }).format(date)
  const day = dayOf(date.getTime(), zone)
  return { date: datePart, time: timePart, zone: timeZoneAbbreviation(date, zone), iso: date.toISOString(), day }
}

/** One line: "Sat, Nov 21 · 9:00 PM MST". */
export const eventTimeText = (time: EventTime) => (time.date ? `${time.date} · ${time.time} ${time.zone}` : '')

/**
 * The access badge of a card:
 * - `geoBlocked`: the viewer's country may not watch it (spec §6), whatever its access mode;
 * - `free`: anyone may watch (a free event, or a sign-in event for a signed-in viewer);
 * - `signIn`: an account is enough (spec access mode register);
 * - `price`: a paid or pay-per-view event, with its base price;
 * - `unlocked`: a paid or pay-per-view event the viewer already has.
 */
export type AccessBadge =
  | { kind: 'geoBlocked' }
  | { kind: 'free' }
  | { kind: 'signIn' }
  | { kind: 'unlocked' }
  | { kind: 'price'; price: string; payPerView: boolean }

export function accessBadge(
  event: Pick<Event, 'type' | 'has_access' | 'base_price' | 'currency'> & { is_geo_blocked?: boolean },
  locale = 'en',
): AccessBadge {
  if (event.is_geo_blocked) return { kind: 'geoBlocked' }
  switch (event.type) {
    case 'free':
      return { kind: 'free' }
    case 'register':
      return event.has_access ? { kind: 'free' } : { kind: 'signIn' }
    case 'paid':
    case 'ppv':
      if (event.has_access) return { kind: 'unlocked' }
      return {
        kind: 'price',
        price: formatPrice(event.base_price, event.currency, locale),
        payPerView: event.type === 'ppv',
      }
  }
}
