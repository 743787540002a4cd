import { describe, expect, it } from 'vitest'
import { navigableUrl } from './safe-navigation'

describe('navigableUrl', () => {
  it('lets the app go to http(s) addresses and paths of the site', () => {
    expect(navigableUrl('https://example.com/all-sports')).toBe('https://example.com/all-sports')
    expect(navigableUrl(' http://example.com ')).toBe('http://example.com')
    expect(navigableUrl('/packages')).toBe('/packages')
  })

  it('never to another scheme, another host by //, or nothing', () => {
    for (const bad of [
      'javascript:alert(document.domain)',
      ' JAVASCRIPT:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '',
      null,
      undefined,
    ])
      expect([bad, navigableUrl(bad)]).toEqual([bad, null])
  })
})
