import type { EventCategory, EventDetail, ParticipantGroup } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { viewingMeta } from './viewing-meta'

const categories: EventCategory[] = [
  {
    id: 1,
    name: 'Basketball',
    alias: 'basketball',
    parent_id: null,
    children: [{ id: 2, name: "Men's Basketball", alias: 'mens-basketball', parent_id: 1, children: [] }],
  },
]
const schools: ParticipantGroup[] = [
  {
    id: 10,
    name: 'Ridgeline',
    short_name: 'RID',
    alias: 'ridgeline',
    images: [],
    properties: { conference: 'Summit' },
  },
  {
    id: 11,
    name: 'Lakeside',
    short_name: 'LAK',
    alias: 'lakeside',
    images: [],
    properties: { league: 'Metro', conference: 'X' },
  },
]
const team = (id: number, group: number, side: 'home' | 'away', gender = 'M') => ({
  id,
  name: `Team ${id}`,
  short_name: `T${id}`,
  alias: `t${id}`,
  images: [],
  color: null,
  participant_group_id: group,
  event_category_id: 2,
  properties: { gender },
  side,
})

describe('viewing heartbeat fields', () => {
  it("names the category, its sport, the teams' gender, the home school and its league", () => {
    const event = {
      event_category_id: 2,
      category: { id: 2, name: "Men's Basketball", alias: 'mens-basketball' },
      participants: [team(5, 11, 'away'), team(4, 10, 'home')],
    } satisfies Pick<EventDetail, 'event_category_id' | 'category' | 'participants'>
    expect(viewingMeta(event, categories, schools)).toEqual({
      category: 'mens-basketball',
      sport: 'basketball',
      gender: 'men',
      school: 'ridgeline',
      league: 'Summit',
    })
    const atLakeside = { ...event, participants: [team(5, 11, 'home'), team(4, 10, 'away', 'W')] }
    expect(viewingMeta(atLakeside, categories, schools)).toMatchObject({
      school: 'lakeside',
      league: 'Metro',
      gender: null,
    })
  })

  it('leaves out what the game does not have', () => {
    expect(viewingMeta({ event_category_id: null, category: null, participants: [] }, categories, schools)).toEqual({
      category: null,
      sport: null,
      gender: null,
      school: null,
      league: null,
    })
  })
})
