import type { ParticipantGroup } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import {
  facetOptions,
  facetSchoolQuery,
  facetsFromSearch,
  MAX_FACET_SCHOOLS,
  NO_SCHOOL,
  schoolsWithFacets,
  withFacet,
  withoutFacets,
} from './school-facets'

const school = (id: number, alias: string, properties: Record<string, string>): ParticipantGroup => ({
  id,
  name: alias,
  short_name: alias,
  alias,
  images: [],
  properties,
})

const groups = [
  school(1, 'lincoln', { conference: 'Prairie', state: 'IL' }),
  school(2, 'central', { conference: 'Prairie', state: 'WI' }),
  school(3, 'summit', { conference: 'Mountain', state: 'CO' }),
]
const conference = { name: 'conference', values: ['Mountain', 'Prairie'] }
const state = { name: 'state', values: ['CO', 'IL', 'WI'] }

describe('school facets (participant group properties as filters)', () => {
  it('reads the facets of known properties from the address and keeps the rest of it', () => {
    const search = new URLSearchParams('school_conference=Prairie&school_colour=red&view=list')
    expect(facetsFromSearch(search, [conference, state])).toEqual({ conference: 'Prairie' })
    const next = withFacet(search, 'state', 'IL')
    expect(next.toString()).toBe('school_conference=Prairie&school_colour=red&view=list&school_state=IL')
    expect(withFacet(next, 'conference', '').get('school_conference')).toBeNull()
    expect(withoutFacets(next).toString()).toBe('view=list')
  })

  it('keeps the schools with every chosen value, whatever the case', () => {
    expect(schoolsWithFacets(groups, { conference: 'prairie' }).map((g) => g.alias)).toEqual(['lincoln', 'central'])
    expect(schoolsWithFacets(groups, { conference: 'Prairie', state: 'WI' }).map((g) => g.alias)).toEqual(['central'])
  })

  it('offers only values that lead somewhere given the other facets, and the chosen one', () => {
    expect(facetOptions(state, groups, { conference: 'Prairie' })).toEqual(['IL', 'WI'])
    expect(facetOptions(conference, groups, { conference: 'Prairie' })).toEqual(['Mountain', 'Prairie'])
    expect(facetOptions(state, groups, { conference: 'Mountain', state: 'IL' })).toEqual(['CO', 'IL'])
  })

  it('sends the fitting schools as the spec’s school list, or a token that matches none', () => {
    expect(facetSchoolQuery(groups, {})).toBeUndefined()
    expect(facetSchoolQuery(groups, { conference: 'Prairie' })).toEqual(['lincoln', 'central'])
    expect(facetSchoolQuery(groups, { conference: 'Mountain', state: 'IL' })).toEqual([NO_SCHOOL])
    const many = Array.from({ length: MAX_FACET_SCHOOLS + 1 }, (_, i) => school(i + 1, `s${i}`, { conference: 'Big' }))
    expect(facetSchoolQuery(many, { conference: 'Big' })).toBeUndefined()
  })
})
