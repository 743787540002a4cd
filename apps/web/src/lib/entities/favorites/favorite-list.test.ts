import type { Favorite } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { findFavorite, withFavoriteAdded, withFavoriteRemoved, withFavoriteSaved } from './favorite-list'

const saved: Favorite = {
  id: 5,
  favoritable_id: 1,
  favoritable_type: 'group',
  favoritable: { id: 1, name: 'Northfield College', alias: 'northfield', images: [] },
}
const team = { type: 'participant' as const, id: 1, name: 'Northfield Falcons', alias: 'northfield-mens-basketball' }

describe('optimistic favourites', () => {
  it('adds with a temporary id, then takes the server’s', () => {
    const added = withFavoriteAdded([saved], team, -1)
    expect(added).toHaveLength(2)
    expect(findFavorite(added, 'participant', 1)?.id).toBe(-1)
    // The same id of another type is another favourite.
    expect(findFavorite(added, 'group', 1)?.id).toBe(5)
    const real = { ...added[1]!, id: 12 }
    expect(findFavorite(withFavoriteSaved(added, real), 'participant', 1)?.id).toBe(12)
    expect(withFavoriteSaved(added, real)).toHaveLength(2)
  })

  it('does not add twice and removes by type and id', () => {
    expect(withFavoriteAdded([saved], { ...team, type: 'group' }, -2)).toEqual([saved])
    expect(withFavoriteRemoved([saved], 'participant', 1)).toEqual([saved])
    expect(withFavoriteRemoved([saved], 'group', 1)).toEqual([])
  })
})
