import { describe, expect, it } from 'vitest'
import { isHomePath, routerBasename } from './router-basename'

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

describe('isHomePath', () => {
  it('knows the home page at the site root and below a base path', () => {
    expect(isHomePath('/', '/')).toBe(true)
    expect(isHomePath('/league', '/league')).toBe(true)
    expect(isHomePath('/league/', '/league')).toBe(true)
  })

  it('tells other pages apart', () => {
    expect(isHomePath('/schedule', '/')).toBe(false)
    expect(isHomePath('/league/schedule', '/league')).toBe(false)
    expect(isHomePath('/', '/league')).toBe(false)
    expect(isHomePath('/leagues', '/league')).toBe(false)
  })
})
