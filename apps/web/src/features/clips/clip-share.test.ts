import { describe, expect, it } from 'vitest'
import { paths } from '../../lib/navigation/paths'
import { absoluteUrl } from './clip-share'

describe('absoluteUrl', () => {
  it('makes /share/{id}/{uuid} a link to paste anywhere', () => {
    expect(absoluteUrl(paths.share(7, 'ab-cd'), 'https://tv.example.com')).toBe('https://tv.example.com/share/7/ab-cd')
  })

  it('keeps the base path the app is served under', () => {
    expect(absoluteUrl('/tv/share/7/x', 'https://example.com')).toBe('https://example.com/tv/share/7/x')
  })
})
