/**
 * Times on a channel's clock (decision 0019: the console, its reports and exports read every time in
 * the channel's time zone, whatever zone the reader's computer is in): a wall-clock time in a zone ⇄
 * the UTC instant, the calendar days of a zone (daylight-saving days are 23 or 25 hours long), and the
 * words a language writes a time with. Plain functions over `Intl`: the web and the server share them.
 * A zone `Intl` does not know reads as UTC.
 */

/** A time as the clocks of a zone show it; `month` 1–12. */
export interface WallTime {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

const partFormats = new Map<string, Intl.DateTimeFormat>()

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let made = partFormats.get(timeZone)
  if (!made) {
    const options = {
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    } as const
    try {
      made = new Intl.DateTimeFormat('en-US', { ...options, timeZone })
    } catch {
      made = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' })
    }
    partFormats.set(timeZone, made)
  }
  return made
}

const knownZones = new Map<string, boolean>()

/** Whether `Intl` knows the zone (`Europe/Sofia` yes, `Mars/Olympus` no); asked once per zone. */
export function isTimeZone(timeZone: string): boolean {
  let known = knownZones.get(timeZone)
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone })
      known = timeZone !== ''
    } catch {
      known = false
    }
    knownZones.set(timeZone, known)
  }
  return known
}

/** The wall-clock time of an instant (epoch ms) in `timeZone`. */
export function wallTime(ms: number, timeZone: string): WallTime {
  const parts: Record<string, number> = {}
  for (const part of partsFormat(timeZone).formatToParts(ms)) parts[part.type] = Number(part.value)
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  }
}

const wallAsUtc = (w: WallTime) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second)

/** How far the zone's clocks are ahead of UTC at an instant, in ms (Sofia in summer: 3 h). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000
  return wallAsUtc(wallTime(whole, timeZone)) - whole
}

/**
 * The instant a wall-clock time of `timeZone` names. A time the clocks skip (02:30 when they spring
 * forward) is read with the offset before the change, so it lands after it (03:30); a time they show
 * twice (01:30 when they fall back) is the first of the two.
 */
export function instantOf(wall: WallTime, timeZone: string): number {
  const asUtc = wallAsUtc(wall)
  const DAY = 86_400_000
  const before = zoneOffsetMs(asUtc - DAY, timeZone)
  const after = zoneOffsetMs(asUtc + DAY, timeZone)
  const candidates = [asUtc - before, asUtc - after].filter((t) => wallAsUtc(wallTime(t, timeZone)) === asUtc)
  return candidates.length > 0 ? Math.min(...candidates) : asUtc - before
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/
const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A form's `datetime-local` text (`2026-12-01T19:00`) read on the clock of `timeZone` → epoch ms; null when it is not one. */
export function fromLocalInput(text: string, timeZone: string): number | null {
  const match = LOCAL_INPUT.exec(text)
  if (!match) return null
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[]
  return instantOf(
    { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second || 0 },
    timeZone,
  )
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** The day (`YYYY-MM-DD`) an instant falls on in `timeZone`. */
export function dayOf(ms: number, timeZone: string): string {
  const w = wallTime(ms, timeZone)
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`
}

/** `YYYY-MM-DD HH:mm` on the clock of `timeZone` (a report's minutes, a CSV's times). */
export function minuteText(ms: number, timeZone: string): string {
  const w = wallTime(ms, timeZone)
  return `${dayOf(ms, timeZone)} ${pad(w.hour)}:${pad(w.minute)}`
}

/** An instant as a form's `datetime-local` text on the clock of `timeZone`: `2026-12-01T19:00`; '' when it is none. */
export function toLocalInput(ms: number | string | null | undefined, timeZone: string): string {
  const time = typeof ms === 'string' ? Date.parse(ms) : ms
  if (typeof time !== 'number' || !Number.isFinite(time)) return ''
  return minuteText(time, timeZone).replace(' ', 'T')
}

/** Epoch ms of the midnight that starts `day` (`YYYY-MM-DD`) in `timeZone` (the first minute the day has). */
export function dayStart(day: string, timeZone: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return instantOf({ year, month, day: date, hour: 0, minute: 0, second: 0 }, timeZone)
}

/** The calendar day after `day`. */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10)
}

const wordFormats = new Map<string, Intl.DateTimeFormat>()

function wordFormat(locale: string, timeZone: string, kind: 'date' | 'minutes' | 'seconds'): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${kind}`
  let made = wordFormats.get(key)
  if (!made) {
    const day = { year: 'numeric', month: 'short', day: 'numeric' } as const
    const options: Intl.DateTimeFormatOptions =
      kind === 'date'
        ? day
        : {
            ...day,
            hour: 'numeric',
            minute: '2-digit',
            ...(kind === 'seconds' ? { second: '2-digit' } : {}),
            timeZoneName: 'short',
          }
    try {
      made = new Intl.DateTimeFormat(locale, { ...options, timeZone })
    } catch {
      // A zone `Intl` does not know: the instant in UTC, which says so.
      made = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })
    }
    wordFormats.set(key, made)
  }
  return made
}

/** Epoch ms, an ISO instant or a plain date (`2026-11-20`, a calendar day: no zone moves it); null when none. */
function timeOf(at: number | string): { time: number; plain: boolean } | null {
  if (typeof at === 'number') return Number.isFinite(at) ? { time: at, plain: false } : null
  const plain = PLAIN_DATE.exec(at)
  const time = plain ? Date.UTC(Number(plain[1]), Number(plain[2]) - 1, Number(plain[3])) : Date.parse(at)
  return Number.isNaN(time) ? null : { time, plain: plain !== null }
}

export interface TimeWords {
  /** The language (the channel's): `en`, `fr`, `bg`. */
  locale?: string
  seconds?: boolean
}

/**
 * A moment on the clock of `timeZone` with the zone's name, in the channel's language: "Nov 25, 2026,
 * 7:00 PM MST"; a plain date as that day. What is not a time comes back as it was given.
 */
export function formatDateTime(
  at: number | string,
  timeZone: string,
  { locale = 'en', seconds = false }: TimeWords = {},
) {
  const found = timeOf(at)
  if (!found) return String(at)
  if (found.plain) return wordFormat(locale, 'UTC', 'date').format(found.time)
  return wordFormat(locale, timeZone, seconds ? 'seconds' : 'minutes').format(found.time)
}

/** The day of a moment on the clock of `timeZone` (a list's date column): "Nov 25, 2026". */
export function formatDate(at: number | string, timeZone: string, { locale = 'en' }: TimeWords = {}) {
  const found = timeOf(at)
  if (!found) return String(at)
  return wordFormat(locale, found.plain ? 'UTC' : timeZone, 'date').format(found.time)
}
