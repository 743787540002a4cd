import { describe, expect, it } from 'vitest'
import { routerBasename } from './router-basename'

describe('routerBasename', () => {
  it('uses the site root for an empty base path', () => {
    expect(routerBasename('')).toBe('/')
    expect(routerBasename('/')).toBe('/')
  })

  it('keeps a first path segment in one spelling', () => {
    expect(routerBasename('/league')).toBe('/league')
    expect(routerBasename('/league/')).toBe('/league')
    expect(routerBasename('league')).toBe('/league')
  })
})
