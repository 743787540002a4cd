import type { EventCategory, Participant, ParticipantGroup, Slide } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { slideHref } from './slide-links'

const categories: EventCategory[] = [
  {
    id: 1,
    name: 'Basketball',
    alias: 'basketball',
    parent_id: null,
    children: [
      { id: 2, name: "Men's Basketball", alias: 'mens-basketball', parent_id: 1, children: [] },
      { id: 3, name: "Women's Basketball", alias: 'womens-basketball', parent_id: 1, children: [] },
    ],
  },
]
const groups: ParticipantGroup[] = [
  { id: 4, name: 'Summit Tech', short_name: 'SMT', alias: 'summit', images: [], properties: {} },
]
const participants: Participant[] = [
  {
    id: 9,
    name: 'Summit Goats',
    short_name: 'SMT',
    alias: 'summit-mens-hockey',
    images: [],
    color: null,
    participant_group_id: 4,
    event_category_id: 2,
    properties: { gender: 'M', sport: 'basketball' },
  },
]
const slide = (
  slidable_type: Slide['slidable_type'],
  slidable_id: number | null,
  link: string | null = null,
): Slide => ({
  id: 1,
  slidable_type,
  slidable_id,
  title: 'A slide',
  subtitle: null,
  image: null,
  link,
})
const lookups = { categories, groups, participants }

describe('slide links by slidable type', () => {
  it('main: its own link', () => {
    expect(slideHref(slide('main', null, '/live'), lookups)).toBe('/live')
    expect(slideHref(slide('main', null), lookups)).toBeNull()
  })

  it('category: the sport’s schedule; a division adds its gender', () => {
    expect(slideHref(slide('category', 1), lookups)).toBe('/schedule?sport=basketball')
    expect(slideHref(slide('category', 2), lookups)).toBe('/schedule?sport=basketball&gender=men')
    // No teams known in that division (or not loaded): the sport alone.
    expect(slideHref(slide('category', 3), lookups)).toBe('/schedule?sport=basketball')
    expect(slideHref(slide('category', 2), { ...lookups, participants: undefined })).toBe('/schedule?sport=basketball')
  })

  it('participant: the team filter link; group: the school filter link', () => {
    expect(slideHref(slide('participant', 9), lookups)).toBe('/?team=summit-mens-hockey')
    expect(slideHref(slide('group', 4), lookups)).toBe('/?school=summit')
  })

  it('keeps its own link when the target is unknown or still loading', () => {
    expect(slideHref(slide('participant', 9, '/schedule'), { ...lookups, participants: undefined })).toBe('/schedule')
    expect(slideHref(slide('group', 99, '/faq'), lookups)).toBe('/faq')
    expect(slideHref(slide('category', 99), lookups)).toBeNull()
  })
})
