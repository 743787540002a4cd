import type { EventCategory, Participant } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { nextMomentsOffset, teamsOfSport } from './moments-feed'

describe('nextMomentsOffset', () => {
  it('goes on until the total is shown', () => {
    expect(nextMomentsOffset({ offset: 0, count: 12, total: 30 }, 12)).toBe(12)
    expect(nextMomentsOffset({ offset: 24, count: 6, total: 30 }, 12)).toBeUndefined()
    expect(nextMomentsOffset({ offset: 0, count: 12, total: 12 }, 12)).toBeUndefined()
  })

  it('without a total, a short page is the last', () => {
    expect(nextMomentsOffset({ offset: 12, count: 12, total: null }, 12)).toBe(24)
    expect(nextMomentsOffset({ offset: 12, count: 3, total: null }, 12)).toBeUndefined()
  })
})

const category = (id: number, name: string, children: EventCategory[] = [], parent_id: number | null = null) => ({
  id,
  name,
  alias: name.toLowerCase(),
  parent_id,
  children,
})
const tree: EventCategory[] = [
  category(1, 'Basketball', [category(11, "Men's Basketball", [], 1), category(12, "Women's Basketball", [], 1)]),
  category(2, 'Hockey', [category(21, "Men's Hockey", [], 2)]),
]
const team = (id: number, event_category_id: number | null): Participant => ({
  id,
  name: `Team ${id}`,
  short_name: `T${id}`,
  alias: `t${id}`,
  images: [],
  color: null,
  participant_group_id: null,
  event_category_id,
  properties: {},
})
const teams = [team(1, 11), team(2, 12), team(3, 21), team(4, null)]

describe('teamsOfSport', () => {
  it('offers every team while no sport is chosen', () => {
    expect(teamsOfSport(teams, tree, null).map((t) => t.id)).toEqual([1, 2, 3, 4])
  })

  it('a sport keeps the teams of its divisions and the teams without a sport', () => {
    expect(teamsOfSport(teams, tree, 1).map((t) => t.id)).toEqual([1, 2, 4])
    expect(teamsOfSport(teams, tree, 2).map((t) => t.id)).toEqual([3, 4])
  })

  it('a division keeps its own teams', () => {
    expect(teamsOfSport(teams, tree, 12).map((t) => t.id)).toEqual([2, 4])
  })
})
