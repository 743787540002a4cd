import type { EventCategory, Participant, ParticipantGroup, Slide } from '@fieldhouse/contract'
import { flattenCategories, sharedGender } from '../../lib/entities/catalogue/catalogue-lookups'
import { schoolHref, sportHref, teamHref } from '../../lib/navigation/filter-links'

export interface SlideLookups {
  categories: readonly EventCategory[]
  groups: readonly ParticipantGroup[]
  /** Undefined while the teams are loading. */
  participants: readonly Participant[] | undefined
}

/**
 * Where a slide leads (spec §3 Slide: slidable_type and slidable_id):
 * - main: its own link;
 * - category: that sport's schedule, `/schedule?sport=<alias>`; a division (men's basketball) adds
 *   the gender its teams play in;
 * - participant: the team's filter link, `/?team=<alias>`;
 * - group: the school's filter link, `/?school=<alias>`.
 * A slide whose target is unknown (or not loaded yet) keeps its own link, which may be none.
 */
export function slideHref(slide: Slide, lookups: SlideLookups): string | null {
  const id = slide.slidable_id
  switch (slide.slidable_type) {
    case 'main':
      return slide.link
    case 'category': {
      const entry = flattenCategories(lookups.categories).find((item) => item.category.id === id)
      if (!entry) return slide.link
      if (entry.depth === 0) return sportHref(entry.sport.alias)
      const teams = (lookups.participants ?? []).filter((p) => p.event_category_id === entry.category.id)
      return sportHref(entry.sport.alias, sharedGender(teams))
    }
    case 'participant': {
      const team = lookups.participants?.find((p) => p.id === id)
      return team ? teamHref(team.alias) : slide.link
    }
    case 'group': {
      const school = lookups.groups.find((g) => g.id === id)
      return school ? schoolHref(school.alias) : slide.link
    }
  }
}
