import { useMemo } from 'react'
import { useAdminItem } from './api/admin-api'

/**
 * Times in the console are the channel's (Channel › Time zone), the clock its schedule, its reports
 * and its analytics are read on, whatever zone the operator's computer is in; each says its zone
 * ("Nov 25, 2026, 7:00 PM MST"). An event's start is shown in its own venue's zone, as its form
 * asks for it. A plain date (a video's `2026-11-20`) is a calendar day: no zone moves it.
 */

const formats = new Map<string, Intl.DateTimeFormat>()

function formatter(timeZone: string, kind: 'date' | 'minutes' | 'seconds'): Intl.DateTimeFormat {
  const key = `${timeZone}|${kind}`
  let format = formats.get(key)
  if (!format) {
    const day = { year: 'numeric', month: 'short', day: 'numeric' } as const
    const options: Intl.DateTimeFormatOptions =
      kind === 'date'
        ? { ...day, timeZone }
        : {
            ...day,
            hour: 'numeric',
            minute: '2-digit',
            ...(kind === 'seconds' ? { second: '2-digit' } : {}),
            timeZoneName: 'short',
            timeZone,
          }
    try {
      format = new Intl.DateTimeFormat('en', options)
    } catch {
      // A zone this browser does not know: the instant in UTC, which says so.
      format = new Intl.DateTimeFormat('en', { ...options, timeZone: 'UTC' })
    }
    formats.set(key, format)
  }
  return format
}

const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Epoch milliseconds, an ISO instant or a plain date; null when it is none of them. */
function instantOf(at: number | string): number | null {
  if (typeof at === 'number') return Number.isFinite(at) ? at : null
  const plain = PLAIN_DATE.exec(at)
  const time = plain ? Date.UTC(Number(plain[1]), Number(plain[2]) - 1, Number(plain[3])) : Date.parse(at)
  return Number.isNaN(time) ? null : time
}

/**
 * A moment on the clock of `timeZone`, with the zone's name; a plain date as that day. What is not
 * a time comes back as it was given.
 */
export function zonedDateTime(at: number | string, timeZone: string, { seconds = false } = {}): string {
  const time = instantOf(at)
  if (time === null) return String(at)
  if (typeof at === 'string' && PLAIN_DATE.test(at)) return formatter('UTC', 'date').format(time)
  return formatter(timeZone, seconds ? 'seconds' : 'minutes').format(time)
}

/** The day of a moment on the clock of `timeZone` (a list's date column). */
export function zonedDate(at: number | string, timeZone: string): string {
  const time = instantOf(at)
  if (time === null) return String(at)
  return formatter(typeof at === 'string' && PLAIN_DATE.test(at) ? 'UTC' : timeZone, 'date').format(time)
}

/** The channel's time zone (every operator role reads the channel); UTC until it is known. */
export function useChannelZone(): string {
  const channel = useAdminItem('channel', null)
  const zone = channel.data?.time_zone
  return typeof zone === 'string' && zone !== '' ? zone : 'UTC'
}

/** The console's clock: the channel's zone and its formats. */
export function useChannelTime() {
  const zone = useChannelZone()
  return useMemo(
    () => ({
      zone,
      dateTime: (at: number | string, options?: { seconds?: boolean }) => zonedDateTime(at, zone, options),
      date: (at: number | string) => zonedDate(at, zone),
    }),
    [zone],
  )
}
