import { describe, expect, it } from 'vitest'
import { paths } from '../../lib/navigation/paths'
import { absoluteUrl, clipOfName } from './clip-share'

describe('absoluteUrl', () => {
  it('makes /share/{id}/{uuid} a link to paste anywhere', () => {
    expect(absoluteUrl(paths.share(7, 'ab-cd'), 'https://tv.example.com')).toBe('https://tv.example.com/share/7/ab-cd')
  })

  it('keeps the base path the app is served under', () => {
    expect(absoluteUrl('/tv/share/7/x', 'https://example.com')).toBe('https://example.com/tv/share/7/x')
  })
})

describe('clipOfName', () => {
  it("names a game's clip by the game and a library video's clip by the video's title", () => {
    expect(clipOfName({ event_name: 'Lions v Bears', vod_media_item_title: null })).toBe('Lions v Bears')
    expect(clipOfName({ event_name: null, vod_media_item_title: 'Season review' })).toBe('Season review')
    expect(clipOfName({ event_name: null, vod_media_item_title: null })).toBeNull()
  })
})
