import type { EventCategory, EventDetail, ParticipantGroup } from '@fieldhouse/contract'
import type { PlayerSubjectMeta } from '@fieldhouse/player'
import { sharedGender, sportOf } from '../../lib/entities/catalogue/catalogue-lookups'

export const noViewingMeta: PlayerSubjectMeta = {
  category: null,
  sport: null,
  gender: null,
  school: null,
  league: null,
}

/**
 * What a viewing heartbeat says about the game (spec §7 `/datalake/video/viewing/`), by alias so the
 * figures survive a rename: its category (a division or a sport), the sport above it, the gender both
 * teams play in (men or women), the home team's school and that school's league (its `league`
 * property, else its `conference`).
 */
export function viewingMeta(
  event: Pick<EventDetail, 'event_category_id' | 'category' | 'participants'>,
  categories: readonly EventCategory[],
  schools: readonly ParticipantGroup[],
): PlayerSubjectMeta {
  const home = event.participants.find((p) => p.side === 'home') ?? event.participants[0]
  const school = schools.find((s) => s.id === home?.participant_group_id) ?? null
  return {
    category: event.category?.alias ?? null,
    sport: sportOf(event.event_category_id, categories)?.alias ?? event.category?.alias ?? null,
    gender: sharedGender(event.participants),
    school: school?.alias ?? null,
    league: school?.properties.league ?? school?.properties.conference ?? null,
  }
}
