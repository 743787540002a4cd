import { paths } from './paths'

/**
 * Spec §2 filter links: a school (participant group) or a team (participant) by alias or name on the
 * home page, `/?school=…` and `/?team=…`; a sport (top event category) on the schedule.
 */
export const filterParams = { school: 'school', team: 'team', sport: 'sport', gender: 'gender' } as const

const withQuery = (path: string, query: Record<string, string | null | undefined>) => {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value)
  const text = search.toString()
  return text ? `${path}?${text}` : path
}

export const schoolHref = (aliasOrName: string) => withQuery(paths.home, { [filterParams.school]: aliasOrName })

export const teamHref = (aliasOrName: string) => withQuery(paths.home, { [filterParams.team]: aliasOrName })

/** The schedule of one sport, optionally of one gender (a division such as women's soccer). */
export const sportHref = (alias: string, gender?: 'men' | 'women' | null) =>
  withQuery(paths.schedule, { [filterParams.sport]: alias, [filterParams.gender]: gender ?? null })
