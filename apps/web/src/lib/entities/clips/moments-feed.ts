import type { EventCategory, Participant } from '@fieldhouse/contract'
import { flattenCategories } from '../catalogue/catalogue-lookups'

/**
 * The offset of the feed's next page, or undefined at its end: by the answer's `meta.total` where it
 * has one, else a short page is the last.
 */
export function nextMomentsOffset(
  page: { offset: number; count: number; total: number | null },
  pageSize: number,
): number | undefined {
  const next = page.offset + page.count
  if (page.total !== null) return next < page.total ? next : undefined
  return page.count === pageSize ? next : undefined
}

/**
 * The teams the team filter offers once a sport (or a division) is chosen: those of that sport or
 * division, and teams without a sport; every team when none is chosen.
 */
export function teamsOfSport(
  teams: readonly Participant[],
  categories: readonly EventCategory[],
  sportId: number | null,
): Participant[] {
  if (sportId === null) return [...teams]
  const entries = flattenCategories(categories)
  return teams.filter((team) => {
    if (team.event_category_id === null) return true
    const entry = entries.find((option) => option.category.id === team.event_category_id)
    return !entry || entry.sport.id === sportId || entry.category.id === sportId
  })
}
