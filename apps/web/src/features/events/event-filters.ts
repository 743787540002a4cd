import type { StreamStatus } from '@fieldhouse/contract'
import type { QueryObject } from '../../lib/api/query-string'
import { genderWord } from '../../lib/entities/catalogue/catalogue-lookups'

/**
 * The events list filters, kept in the page's query string (spec §3 query names: school, team, sport,
 * gender, venue, city, state) plus `date`, one day at the venue. Values are as the address gives them:
 * a school or team by alias or name, a sport by alias, a venue by id.
 */
export interface EventFilters {
  school?: string
  team?: string
  sport?: string
  gender?: 'men' | 'women'
  venue?: string
  city?: string
  state?: string
  /** YYYY-MM-DD */
  date?: string
}

export type FilterKey = keyof EventFilters

export const filterKeys: readonly FilterKey[] = ['school', 'team', 'sport', 'gender', 'venue', 'city', 'state', 'date']

const isDay = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** Reads the filters from a query string, leaving out empty values and ones the API would refuse. */
export function filtersFromSearch(search: URLSearchParams): EventFilters {
  const filters: EventFilters = {}
  for (const key of filterKeys) {
    const raw = search.get(key)?.trim()
    if (!raw || raw.length > 100) continue
    switch (key) {
      case 'gender': {
        const gender = genderWord(raw)
        if (gender) filters.gender = gender
        break
      }
      case 'venue':
        if (/^\d+$/.test(raw) && Number(raw) > 0) filters.venue = raw
        break
      case 'date':
        if (isDay(raw)) filters.date = raw
        break
      default:
        filters[key] = raw
    }
  }
  return filters
}

/** The query string with these filters, keeping whatever else it holds (the view mode). */
export function filtersToSearch(filters: EventFilters, current: URLSearchParams = new URLSearchParams()) {
  const next = new URLSearchParams(current)
  for (const key of filterKeys) {
    const value = filters[key]
    if (value) next.set(key, value)
    else next.delete(key)
  }
  return next
}

export const activeFilterCount = (filters: EventFilters) => filterKeys.filter((key) => filters[key]).length

/** One filter changed; an empty value removes it. */
export function withFilter(filters: EventFilters, key: FilterKey, value: string | null | undefined): EventFilters {
  const next: EventFilters = { ...filters }
  const clean = value?.trim()
  if (!clean) {
    delete next[key]
    return next
  }
  if (key === 'gender') {
    const gender = genderWord(clean)
    if (gender) next.gender = gender
    else delete next.gender
    return next
  }
  next[key] = clean
  return next
}

/** Spec §2: the events page on four paths, one per status group; the schedule shows them all. */
export function streamStatusesOf(list: 'live' | 'upcoming' | 'vod' | 'schedule'): StreamStatus[] | undefined {
  return list === 'schedule' ? undefined : [list]
}

export interface FilterResolvers {
  /** The alias of a school named by alias or name, when the school is known. */
  school?: (token: string) => string | undefined
  team?: (token: string) => string | undefined
  /** Minutes east of UTC of the viewer on that day; the browser's own zone by default. */
  dayOffset?: (day: string) => number
}

const browserDayOffset = (day: string) => -new Date(`${day}T12:00:00`).getTimezoneOffset()

/**
 * The first and last second of a day in a zone `offsetMinutes` east of UTC, as the API's dates read
 * them (`2026-11-21T00:00:00-07:00` … `2026-11-21T23:59:59-07:00`).
 */
export function dayBounds(day: string, offsetMinutes: number): { start: string; end: string } {
  const sign = offsetMinutes < 0 ? '-' : '+'
  const abs = Math.abs(Math.round(offsetMinutes))
  const zone =
    offsetMinutes === 0
      ? 'Z'
      : `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
  return { start: `${day}T00:00:00${zone}`, end: `${day}T23:59:59${zone}` }
}

/**
 * `GET /api/events` query for these filters. A school or team named by its name is sent by alias once
 * known (the API reads aliases and ids); otherwise as given. A day runs from the viewer's midnight to
 * the next (a bare date would be a day in UTC to the API).
 */
export function eventsApiQuery(
  filters: EventFilters,
  streamStatuses: readonly StreamStatus[] | undefined,
  resolvers: FilterResolvers = {},
): QueryObject {
  const query: Record<string, QueryObject[string]> = {}
  if (streamStatuses?.length) query.stream_status = [...streamStatuses]
  if (filters.school) query.school = resolvers.school?.(filters.school) ?? filters.school
  if (filters.team) query.team = resolvers.team?.(filters.team) ?? filters.team
  if (filters.sport) query.sport = filters.sport
  if (filters.gender) query.gender = filters.gender
  if (filters.venue) query.venue = filters.venue
  if (filters.city) query.city = filters.city
  if (filters.state) query.state = filters.state
  if (filters.date) {
    const { start, end } = dayBounds(filters.date, (resolvers.dayOffset ?? browserDayOffset)(filters.date))
    query.start_date = start
    query.end_date = end
  }
  return query
}
