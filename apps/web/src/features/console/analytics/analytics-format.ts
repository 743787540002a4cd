import { type ChannelReport, minuteText, type StreamReport } from '@fieldhouse/contract'

/**
 * What the console's Analytics page shows, as plain functions (decision 0039): the range an operator
 * picks, the numbers' words, the funnel's steps, the minutes for the plot and for the CSV export.
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** `live`: the last three hours, refreshed while the game is live; `dates`: the operator's own range. */
export const rangeChoices = [
  { value: 'live', label: 'Live: the last 3 hours' },
  { value: '24h', label: 'The last 24 hours' },
  { value: '7d', label: 'The last 7 days' },
  { value: '31d', label: 'The last 31 days' },
  { value: 'dates', label: 'From … to …' },
] as const
export type RangeChoice = (typeof rangeChoices)[number]['value']

/** While the page shows a live game (or all viewing while one is live), it asks again this often. */
export const LIVE_REFRESH_MS = 15_000

/**
 * The `from`/`to` (ms) a choice asks the reports for. `live` sends none: the server's default, the last
 * three hours up to now, moves with every refresh. `dates` needs both ends (null until it has them).
 */
export function rangeQuery(
  choice: RangeChoice,
  now: number,
  dates: { from: number | null; to: number | null } = { from: null, to: null },
): { from?: number; to?: number } | null {
  switch (choice) {
    case 'live':
      return {}
    case '24h':
      return { from: now - DAY }
    case '7d':
      return { from: now - 7 * DAY }
    case '31d':
      return { from: now - 31 * DAY + MINUTE }
    case 'dates':
      return dates.from !== null && dates.to !== null && dates.from < dates.to
        ? { from: dates.from, to: dates.to }
        : null
  }
}

const dash = '—'

export const percentText = (value: number | null) =>
  value === null ? dash : `${value.toLocaleString('en', { maximumFractionDigits: 1 })}%`

/** Startup time: milliseconds under a second, else seconds with one decimal. */
export const durationText = (ms: number | null) =>
  ms === null
    ? dash
    : ms < 1000
      ? `${Math.round(ms)} ms`
      : `${(ms / 1000).toLocaleString('en', { maximumFractionDigits: 1 })} s`

export const countText = (n: number) => n.toLocaleString('en', { maximumFractionDigits: 2 })

/** The funnel's steps with the share of the step before and of the first (visits). */
export function funnelSteps(funnel: ChannelReport['funnel']) {
  const steps = [
    { key: 'visit', label: 'Visited a page', sessions: funnel.visit },
    { key: 'item_list', label: 'Saw the passes', sessions: funnel.item_list },
    { key: 'begin_checkout', label: 'Began a checkout', sessions: funnel.begin_checkout },
    { key: 'purchase', label: 'Paid', sessions: funnel.purchase },
  ]
  const share = (n: number, of: number | undefined) =>
    of === undefined || of === 0 ? null : Math.round((n / of) * 1000) / 10
  return steps.map((step, i) => ({
    ...step,
    ofPrevious: i === 0 ? null : share(step.sessions, steps[i - 1]?.sessions),
    ofFirst: i === 0 ? null : share(step.sessions, steps[0]?.sessions),
  }))
}

/** A report's ranges longer than this are not filled minute by minute for the plot (31 days = 44,640). */
const FILL_MAX_MINUTES = 3 * 24 * 60

/**
 * The minutes of a stream report for the plot: the minutes without a viewer are zeros (the report
 * leaves them out), from the range's first minute to the last one before `to` (or now), when the range
 * is at most three days; longer ones are plotted as they come.
 */
export function plotMinutes(report: Pick<StreamReport, 'from' | 'to' | 'minutes'>, now: number) {
  const first = Math.floor(report.from / MINUTE) * MINUTE
  const last = Math.floor((Math.min(report.to, now) - 1) / MINUTE) * MINUTE
  if (last < first || (last - first) / MINUTE > FILL_MAX_MINUTES) return report.minutes
  const byMinute = new Map(report.minutes.map((m) => [m.minute, m]))
  const filled: StreamReport['minutes'] = []
  for (let minute = first; minute <= last; minute += MINUTE) {
    filled.push(byMinute.get(minute) ?? { minute, viewers: 0, viewing_minutes: 0 })
  }
  return filled
}

/**
 * The time axis's labels, on the same 24-hour wall clock as the table (`minuteText`): `HH:mm` between
 * ticks less than a day apart, the day (`MM-DD`) on a second line at the first tick and wherever a day
 * begins; `MM-DD` alone when the ticks are a day or more apart.
 */
export function axisTickTexts(seconds: number[], incrementSeconds: number, timeZone: string) {
  let lastDay = ''
  return seconds.map((s) => {
    const [day = '', time = ''] = minuteText(s * 1000, timeZone).split(' ')
    const monthDay = day.slice(5)
    if (incrementSeconds >= 86_400) return monthDay
    const text = day !== lastDay ? `${time}\n${monthDay}` : time
    lastDay = day
    return text
  })
}

const csvCell = (v: string | number) => (typeof v === 'number' ? String(v) : `"${v.replaceAll('"', '""')}"`)

/** The per-minute rows as CSV, times on the channel's wall clock with the zone named in the header. */
export function minutesCsv(minutes: StreamReport['minutes'], timeZone: string) {
  const rows = [[`minute (${timeZone})`, 'viewers', 'viewing minutes']]
  const lines = rows.map((r) => r.map(csvCell).join(','))
  for (const m of minutes)
    lines.push([minuteText(m.minute, timeZone), m.viewers, m.viewing_minutes].map(csvCell).join(','))
  return `${lines.join('\r\n')}\r\n`
}
