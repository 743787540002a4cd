import { describe, expect, it } from 'vitest'
import { domainCategoryRedirect } from './domain-category'

const setting = { alias: 'hockey', fallback_url: 'https://example.com/all-sports' }

describe('domainCategoryRedirect', () => {
  it('stays when no alias is configured', () => {
    expect(domainCategoryRedirect({ alias: null, fallback_url: 'https://x.example' }, [])).toBeNull()
    expect(domainCategoryRedirect(undefined, [])).toBeNull()
  })

  it('stays when the alias is among the categories', () => {
    expect(domainCategoryRedirect(setting, [{ alias: 'soccer' }, { alias: 'hockey' }])).toBeNull()
  })

  it('finds the alias among child categories', () => {
    expect(domainCategoryRedirect(setting, [{ alias: 'winter', children: [{ alias: 'hockey' }] }])).toBeNull()
  })

  it('sends the viewer to the fallback when the alias is missing', () => {
    expect(domainCategoryRedirect(setting, [{ alias: 'soccer' }])).toBe('https://example.com/all-sports')
  })

  it('treats absent categories as an empty list', () => {
    expect(domainCategoryRedirect(setting, undefined)).toBe('https://example.com/all-sports')
  })

  it('never sends the viewer to an address that is not http(s) or a path of the site', () => {
    for (const fallback_url of ['javascript:alert(document.domain)', 'data:text/html,x', '//evil.example'])
      expect(domainCategoryRedirect({ alias: 'hockey', fallback_url }, [])).toBeNull()
    expect(domainCategoryRedirect({ alias: 'hockey', fallback_url: '/schedule' }, [])).toBe('/schedule')
  })

  it('stays when there is nowhere to go', () => {
    expect(domainCategoryRedirect({ alias: 'hockey', fallback_url: null }, [])).toBeNull()
  })
})
