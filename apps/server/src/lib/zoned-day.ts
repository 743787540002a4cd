/**
 * Calendar days in a time zone (the channel's): where a day starts as epoch ms, and which day an
 * instant falls on. Daylight-saving days are 23 or 25 hours long, as the zone's clocks say.
 */

const formats = new Map<string, Intl.DateTimeFormat>()
function format(timeZone: string) {
  let f = formats.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formats.set(timeZone, f)
  }
  return f
}

function wallClock(ms: number, timeZone: string) {
  const parts = Object.fromEntries(
    format(timeZone)
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  )
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    /** The wall-clock time read as if it were UTC. */
    asUtc: Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!),
  }
}

/** The day (`YYYY-MM-DD`) an instant falls on in `timeZone`. */
export function dayOf(ms: number, timeZone: string) {
  return wallClock(ms, timeZone).day
}

/** Epoch ms of midnight starting `day` (`YYYY-MM-DD`) in `timeZone`. */
export function dayStart(day: string, timeZone: string) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const guess = Date.UTC(y, m - 1, d)
  const offset = (t: number) => wallClock(t, timeZone).asUtc - (t - (t % 1000))
  const first = guess - offset(guess)
  return guess - offset(first)
}

/** The day after `day`. */
export function nextDay(day: string) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10)
}
