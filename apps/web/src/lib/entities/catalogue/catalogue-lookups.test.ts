import type { EventCategory } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import {
  distinctSorted,
  findByAliasOrName,
  flattenCategories,
  genderWord,
  sharedGender,
  sportOf,
} from './catalogue-lookups'

const schools = [
  { id: 1, alias: 'northfield', name: 'Northfield College' },
  { id: 2, alias: 'riverside', name: 'Riverside University' },
]

describe('finding by alias or name (spec §2 filter links)', () => {
  it('matches the alias, then the name, without regard to case', () => {
    expect(findByAliasOrName(schools, 'Northfield')?.id).toBe(1)
    expect(findByAliasOrName(schools, 'riverside university')?.id).toBe(2)
    expect(findByAliasOrName(schools, ' RIVERSIDE ')?.id).toBe(2)
  })

  it('accepts an id and finds nothing for the unknown or empty', () => {
    expect(findByAliasOrName(schools, '2')?.alias).toBe('riverside')
    expect(findByAliasOrName(schools, 'lakeview')).toBeUndefined()
    expect(findByAliasOrName(schools, '')).toBeUndefined()
    expect(findByAliasOrName(undefined, 'northfield')).toBeUndefined()
  })
})

describe('categories', () => {
  const tree: EventCategory[] = [
    {
      id: 7,
      name: 'Hockey',
      alias: 'hockey',
      parent_id: null,
      children: [{ id: 8, name: "Men's Hockey", alias: 'mens-hockey', parent_id: 7, children: [] }],
    },
  ]
  it('flattens with each one’s sport and depth', () => {
    expect(flattenCategories(tree).map((e) => [e.category.alias, e.sport.alias, e.depth])).toEqual([
      ['hockey', 'hockey', 0],
      ['mens-hockey', 'hockey', 1],
    ])
    expect(sportOf(8, tree)?.alias).toBe('hockey')
    expect(sportOf(99, tree)).toBeNull()
    expect(sportOf(null, tree)).toBeNull()
  })
})

describe('genders and values', () => {
  it('reads M/W and men/women', () => {
    expect(genderWord('M')).toBe('men')
    expect(genderWord('women')).toBe('women')
    expect(genderWord('X')).toBeNull()
    expect(sharedGender([{ properties: { gender: 'W' } }, { properties: { gender: 'W' } }])).toBe('women')
    expect(sharedGender([{ properties: { gender: 'W' } }, { properties: { gender: 'M' } }])).toBeNull()
    expect(sharedGender([])).toBeNull()
  })

  it('lists distinct values in order', () => {
    expect(distinctSorted(['Madison', 'Denver', null, ' Denver ', ''])).toEqual(['Denver', 'Madison'])
  })
})
