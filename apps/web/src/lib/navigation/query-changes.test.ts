import { describe, expect, it } from 'vitest'
import { PendingQueries } from './query-changes'

describe('PendingQueries', () => {
  it('builds on the drawn query when nothing is on its way', () => {
    const queries = new PendingQueries()
    expect(queries.base('sport=soccer')).toBe('sport=soccer')
  })

  it('builds the second change on the first while the first is not drawn yet', () => {
    const queries = new PendingQueries()
    expect(queries.base('')).toBe('')
    queries.asked('sport=soccer')
    // "List" pressed before the sport's list is drawn: the page still draws the old query.
    expect(queries.base('')).toBe('sport=soccer')
    queries.asked('sport=soccer&view=list')
    // The first change drawn, the second still on its way.
    expect(queries.base('sport=soccer')).toBe('sport=soccer&view=list')
    expect(queries.base('sport=soccer&view=list')).toBe('sport=soccer&view=list')
    // All drawn: the next change starts from the screen again.
    expect(queries.base('view=list')).toBe('view=list')
  })

  it('lets an address reached by other means (Back, a link) win over changes on their way', () => {
    const queries = new PendingQueries()
    queries.base('')
    queries.asked('sport=soccer')
    expect(queries.base('team=eagles')).toBe('team=eagles')
    // Asked again, it is still the address the viewer went to.
    expect(queries.base('team=eagles')).toBe('team=eagles')
  })

  it('settles a change that asked for the query already drawn', () => {
    const queries = new PendingQueries()
    queries.base('view=list')
    queries.asked('view=list')
    expect(queries.base('view=list')).toBe('view=list')
    queries.asked('view=list&sport=soccer')
    expect(queries.base('view=list')).toBe('view=list&sport=soccer')
  })
})
