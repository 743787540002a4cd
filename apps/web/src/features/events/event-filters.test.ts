import { describe, expect, it } from 'vitest'
import { serializeQuery } from '../../lib/api/query-string'
import {
  activeFilterCount,
  dayBounds,
  eventsApiQuery,
  filtersFromSearch,
  filtersToSearch,
  streamStatusesOf,
  withFilter,
} from './event-filters'

describe('filters ↔ query string', () => {
  it('reads every filter the page knows', () => {
    const search = new URLSearchParams(
      'view=list&school=northfield&team=Northfield%20Falcons&sport=basketball&gender=W&venue=3&city=Denver&state=CO&date=2026-11-22',
    )
    expect(filtersFromSearch(search)).toEqual({
      school: 'northfield',
      team: 'Northfield Falcons',
      sport: 'basketball',
      gender: 'women',
      venue: '3',
      city: 'Denver',
      state: 'CO',
      date: '2026-11-22',
    })
  })

  it('drops empty values and ones the API would refuse', () => {
    const search = new URLSearchParams(
      `school=&gender=mixed&venue=arena&date=2026-02-30&city=%20%20&team=${'x'.repeat(101)}`,
    )
    expect(filtersFromSearch(search)).toEqual({})
  })

  it('writes filters back, keeping the view mode and removing cleared ones', () => {
    const current = new URLSearchParams('view=list&school=riverside&sport=hockey')
    const next = filtersToSearch({ school: 'northfield', gender: 'men' }, current)
    expect(next.toString()).toBe('view=list&school=northfield&gender=men')
  })

  it('round-trips', () => {
    const filters = { school: 'summit', team: 'summit-mens-hockey', venue: '3', date: '2026-12-01' }
    expect(filtersFromSearch(filtersToSearch(filters))).toEqual(filters)
  })

  it('changes one filter at a time and counts the active ones', () => {
    let filters = withFilter({}, 'school', ' northfield ')
    filters = withFilter(filters, 'gender', 'M')
    expect(filters).toEqual({ school: 'northfield', gender: 'men' })
    expect(activeFilterCount(filters)).toBe(2)
    filters = withFilter(filters, 'school', '')
    expect(filters).toEqual({ gender: 'men' })
    expect(withFilter(filters, 'gender', 'other')).toEqual({})
  })
})

describe('filters → GET /api/events query', () => {
  it('maps the page and its filters onto the API names', () => {
    const query = eventsApiQuery(
      { school: 'Northfield College', team: 'summit-mens-hockey', gender: 'women', date: '2026-11-22', venue: '2' },
      streamStatusesOf('upcoming'),
      { school: (token) => (token === 'Northfield College' ? 'northfield' : undefined), dayOffset: () => -420 },
    )
    expect(query).toEqual({
      stream_status: ['upcoming'],
      school: 'northfield',
      team: 'summit-mens-hockey',
      gender: 'women',
      venue: '2',
      start_date: '2026-11-22T00:00:00-07:00',
      end_date: '2026-11-22T23:59:59-07:00',
    })
    expect(serializeQuery(query)).toContain('stream_status[]=upcoming')
    expect(serializeQuery(query)).toContain('start_date=2026-11-22T00%3A00%3A00-07%3A00')
  })

  it('bounds a day in the viewer’s zone', () => {
    expect(dayBounds('2026-11-22', 0)).toEqual({ start: '2026-11-22T00:00:00Z', end: '2026-11-22T23:59:59Z' })
    expect(dayBounds('2026-07-01', 120)).toEqual({
      start: '2026-07-01T00:00:00+02:00',
      end: '2026-07-01T23:59:59+02:00',
    })
    expect(dayBounds('2026-01-05', 330).start).toBe('2026-01-05T00:00:00+05:30')
  })

  it('asks for every status on the schedule, and sends unknown names as given', () => {
    expect(streamStatusesOf('schedule')).toBeUndefined()
    expect(eventsApiQuery({ team: 'Nobody' }, undefined, { team: () => undefined })).toEqual({ team: 'Nobody' })
    expect(eventsApiQuery({}, streamStatusesOf('vod'))).toEqual({ stream_status: ['vod'] })
  })
})
