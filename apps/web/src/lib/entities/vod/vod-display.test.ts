import { describe, expect, it } from 'vitest'
import { formatDuration, formatVodDate, nextRailPosition, searchTitle, vodImage } from './vod-display'

describe('vod display', () => {
  it('formats running times', () => {
    expect(formatDuration(90)).toBe('1:30')
    expect(formatDuration(5)).toBe('0:05')
    expect(formatDuration(3723)).toBe('1:02:03')
    expect(formatDuration(-4)).toBe('0:00')
  })

  it('picks the image asset, else the preview', () => {
    expect(
      vodImage({
        assets: [
          { type: 'preview', path: '/p.mp4' },
          { type: 'image', path: '/i.svg' },
        ],
      }),
    ).toBe('/i.svg')
    expect(vodImage({ assets: [{ type: 'preview', path: '/p.jpg' }] })).toBe('/p.jpg')
    expect(vodImage({ assets: [] })).toBeUndefined()
  })

  it('dates videos by their day', () => {
    expect(formatVodDate('2026-11-16T04:49:20.749Z', 'en-US')).toBe('Nov 16, 2026')
    expect(formatVodDate('nope')).toBe('')
  })

  it('cleans search words', () => {
    expect(searchTitle('  overtime   thriller ')).toBe('overtime thriller')
    expect(searchTitle('   ')).toBeUndefined()
    expect(searchTitle(null)).toBeUndefined()
  })

  it('steps a rail one card on and wraps at the ends', () => {
    const track = { clientWidth: 600, scrollWidth: 1500 }
    expect(nextRailPosition({ ...track, scrollLeft: 0 }, 300)).toBe(300)
    expect(nextRailPosition({ ...track, scrollLeft: 800 }, 300)).toBe(900)
    expect(nextRailPosition({ ...track, scrollLeft: 900 }, 300)).toBe(0)
    expect(nextRailPosition({ ...track, scrollLeft: 0 }, 300, -1)).toBe(900)
    expect(nextRailPosition({ ...track, scrollLeft: 500 }, 300, -1)).toBe(200)
  })
})
