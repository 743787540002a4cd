import { describe, expect, it } from 'vitest'
import { qualityLabel, qualityOptions } from './quality'

describe('quality labels', () => {
  it('names a rendition by its height, with the frame rate above 30', () => {
    expect(qualityLabel({ height: 1080, width: 1920, bitrate: 6_000_000 })).toBe('1080p')
    expect(qualityLabel({ height: 720, width: 1280, bitrate: 3_000_000, frameRate: 59.94 })).toBe('720p60')
    expect(qualityLabel({ height: 720, width: 1280, bitrate: 3_000_000, frameRate: 30 })).toBe('720p')
    expect(qualityLabel({ height: 0, width: 0, bitrate: 128_000 })).toBe('128 kbps')
    expect(qualityLabel({ height: 0, width: 0, bitrate: 2_500_000 })).toBe('2.5 Mbps')
  })

  it('lists renditions best first, keeping their hls.js index, telling equal heights apart', () => {
    const options = qualityOptions([
      { height: 360, width: 640, bitrate: 800_000 },
      { height: 1080, width: 1920, bitrate: 6_000_000 },
      { height: 720, width: 1280, bitrate: 2_000_000 },
      { height: 720, width: 1280, bitrate: 3_500_000 },
    ])
    expect(options).toEqual([
      { index: 1, label: '1080p' },
      { index: 3, label: '720p · 3.5 Mbps' },
      { index: 2, label: '720p · 2.0 Mbps' },
      { index: 0, label: '360p' },
    ])
  })
})
