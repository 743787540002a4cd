import { describe, expect, it } from 'vitest'
import { isSafeLink, LinkSchema, linkMessage } from './links.js'

describe('links', () => {
  it('takes absolute http(s) addresses and paths of the site', () => {
    for (const ok of [
      'https://example.org',
      'http://example.org/x?y=1#z',
      'HTTPS://Cdn.Example.org:8443/ad.mp4',
      'https://x.com/fieldhouse',
      '/',
      '/packages',
      '/media/public/demo/logo.svg',
      '/schedule?sport=soccer#today',
    ])
      expect([ok, isSafeLink(ok)]).toEqual([ok, true])
  })

  it('refuses every other scheme, another host by //, backslashes, spaces, tabs and line breaks', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'mailto:a@b.example',
      'ftp://example.org',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example\\@good.example',
      'https://user:pass@evil.example',
      'https://',
      'example.org',
      'about',
      '',
    ])
      expect([bad, isSafeLink(bad)]).toEqual([bad, false])
  })

  it('gives the field a clear error; a link with spaces around it is trimmed', () => {
    const bad = LinkSchema.safeParse('javascript:alert(1)')
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0]?.message).toBe(linkMessage)
    expect(LinkSchema.parse('  https://example.org/a  ')).toBe('https://example.org/a')
  })
})
