import { describe, expect, it } from 'vitest'
import { scrollTarget } from './scroll-restoration'

const at = (pathname: string, key = 'k2', hash = '') => ({ key, pathname, hash })

describe('scrollTarget', () => {
  it('goes back to where the viewer was on an entry they return to', () => {
    expect(scrollTarget('POP', at('/live'), '/', { k2: 640 })).toEqual({ top: 640 })
  })

  it('opens a new page at its top, or at the element its hash names', () => {
    expect(scrollTarget('PUSH', at('/live'), '/', { k2: 640 })).toEqual({ top: 0 })
    expect(scrollTarget('REPLACE', at('/login'), '/profile', {})).toEqual({ top: 0 })
    expect(scrollTarget('POP', at('/faq'), '/', {})).toEqual({ top: 0 })
    expect(scrollTarget('PUSH', at('/faq', 'k3', '#refunds'), '/', {})).toEqual({ hash: 'refunds' })
  })

  it('keeps the place for a new query on the same page and on the first page of a visit', () => {
    expect(scrollTarget('REPLACE', at('/schedule'), '/schedule', {})).toBeNull()
    expect(scrollTarget('POP', at('/'), null, {})).toBeNull()
  })
})
