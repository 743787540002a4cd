import { describe, expect, it } from 'vitest'
import { escapeHtml, imagePreloadTag, isPreloadable } from './html-head.js'

describe('the head tags of the app page', () => {
  it('escapes what would close an attribute or open a tag', () => {
    expect(escapeHtml(`a"b'c<d>e&f`)).toBe('a&quot;b&#39;c&lt;d&gt;e&amp;f')
  })

  it('writes a high-priority image preload whose href decodes to the address given', () => {
    expect(imagePreloadTag('/media/o/12/poster.jpg')).toBe(
      '<link rel="preload" as="image" href="/media/o/12/poster.jpg" fetchpriority="high">',
    )
    const tag = imagePreloadTag('/x.jpg"><script>alert(1)</script>')
    expect(tag).toBe(
      '<link rel="preload" as="image" href="/x.jpg&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" fetchpriority="high">',
    )
    expect(tag.match(/"/g)).toHaveLength(8)
  })

  it('preloads paths on the site and http(s) addresses only', () => {
    expect(isPreloadable('/media/public/slide.svg')).toBe(true)
    expect(isPreloadable('https://cdn.example.com/a.jpg')).toBe(true)
    expect(isPreloadable('HTTP://cdn.example.com/a.jpg')).toBe(true)
    expect(isPreloadable('//cdn.example.com/a.jpg')).toBe(false)
    expect(isPreloadable('javascript:alert(1)')).toBe(false)
    expect(isPreloadable('data:image/png;base64,AAAA')).toBe(false)
    expect(isPreloadable('slide.svg')).toBe(false)
    expect(isPreloadable(`/${'a'.repeat(2000)}`)).toBe(false)
  })
})
