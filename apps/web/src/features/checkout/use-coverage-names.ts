import { useMemo } from 'react'
import { flattenCategories } from '../../lib/entities/catalogue/catalogue-lookups'
import { useEventCategories } from '../../lib/entities/catalogue/use-event-categories'
import { useParticipants } from '../../lib/entities/catalogue/use-participants'

/**
 * Names of the sports, divisions and teams passes cover. Categories come with the bootstrap data; the
 * teams list is asked for only when some pass names teams (`needTeams`).
 */
export function useCoverageNames(needTeams: boolean) {
  const tree = useEventCategories()
  const participants = useParticipants(null, { enabled: needTeams })
  return useMemo(
    () => ({
      categories: new Map(flattenCategories(tree).map(({ category }) => [category.id, category.name])),
      participants: new Map((participants.data ?? []).map((p) => [p.id, p.name])),
    }),
    [tree, participants.data],
  )
}
