import { describe, expect, it } from 'vitest'
import { isBlocked } from './geo.service.js'

describe('isBlocked', () => {
  it('follows allow and block lists', () => {
    expect(isBlocked(undefined, 'US')).toBe(false)
    expect(isBlocked({}, 'US')).toBe(false)
    expect(isBlocked({ allow: ['US', 'ca'] }, 'CA')).toBe(false)
    expect(isBlocked({ allow: ['US'] }, 'GB')).toBe(true)
    expect(isBlocked({ block: ['GB'] }, 'gb')).toBe(true)
    expect(isBlocked({ block: ['GB'] }, 'US')).toBe(false)
  })

  it('blocks an unknown country only where an allow list exists', () => {
    expect(isBlocked({ allow: ['US'] }, null)).toBe(true)
    expect(isBlocked({ block: ['GB'] }, null)).toBe(false)
  })
})
