import type { ParticipantGroup, ParticipantGroupProperty } from '@fieldhouse/contract'

/**
 * The schools' own properties as filters of the events list (spec §7 participant-group-properties;
 * decision 0050): "School conference: Prairie" keeps the games of the schools whose conference is
 * Prairie. Each is kept in the address as `school_{property}` (`?school_conference=Prairie`), beside
 * the spec's `school`, and sent to `GET /api/events` as the spec's `school` list of those schools.
 */
export type SchoolFacets = Readonly<Record<string, string>>

const PREFIX = 'school_'

/** The API takes at most this many schools in one list (the contract's list limit). */
export const MAX_FACET_SCHOOLS = 50

/**
 * What the API is sent when no school has the chosen values: a token no alias can be (aliases start
 * with a letter or digit), so the answer is no games rather than every game.
 */
export const NO_SCHOOL = '-'

export const facetParam = (property: string) => `${PREFIX}${property}`

/** The facets the address holds, for the properties the channel's schools have. */
export function facetsFromSearch(
  search: URLSearchParams,
  properties: readonly ParticipantGroupProperty[],
): SchoolFacets {
  const facets: Record<string, string> = {}
  for (const { name } of properties) {
    const value = search.get(facetParam(name))?.trim()
    if (value && value.length <= 200) facets[name] = value
  }
  return facets
}

/** The address with one facet changed (an empty value removes it); everything else stays. */
export function withFacet(search: URLSearchParams, property: string, value: string): URLSearchParams {
  const next = new URLSearchParams(search)
  if (value.trim()) next.set(facetParam(property), value.trim())
  else next.delete(facetParam(property))
  return next
}

/** The address without any facet (the filters' Clear). */
export function withoutFacets(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search)
  for (const key of [...next.keys()]) if (key.startsWith(PREFIX)) next.delete(key)
  return next
}

const matches = (group: ParticipantGroup, facets: SchoolFacets, except?: string) =>
  Object.entries(facets).every(
    ([name, value]) => name === except || group.properties[name]?.toLowerCase() === value.toLowerCase(),
  )

/** The schools with every chosen value. */
export const schoolsWithFacets = (groups: readonly ParticipantGroup[], facets: SchoolFacets) =>
  groups.filter((group) => matches(group, facets))

/**
 * The values a facet offers: those of the schools that fit the other chosen facets, so that no choice
 * leads to an empty list; the chosen value stays offered even when nothing fits it.
 */
export function facetOptions(
  property: ParticipantGroupProperty,
  groups: readonly ParticipantGroup[],
  facets: SchoolFacets,
): string[] {
  const fitting = new Set(
    groups.filter((group) => matches(group, facets, property.name)).map((group) => group.properties[property.name]),
  )
  const chosen = facets[property.name]
  return property.values.filter((value) => fitting.has(value) || value === chosen)
}

/**
 * The `school` list `GET /api/events` gets for the facets when no school is chosen: the fitting
 * schools' aliases, `NO_SCHOOL` when none fits, and undefined when there are no facets or more schools
 * than one list may name (the facets then narrow only the School choice).
 */
export function facetSchoolQuery(groups: readonly ParticipantGroup[], facets: SchoolFacets): string[] | undefined {
  if (Object.keys(facets).length === 0) return undefined
  const aliases = schoolsWithFacets(groups, facets).map((group) => group.alias)
  if (aliases.length === 0) return [NO_SCHOOL]
  return aliases.length <= MAX_FACET_SCHOOLS ? aliases : undefined
}
