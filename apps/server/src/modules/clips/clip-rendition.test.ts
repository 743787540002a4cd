import { describe, expect, it } from 'vitest'
import { pickClipRendition } from './clip-rendition.js'

const master = (...variants: [string, string][]) =>
  `#EXTM3U\n#EXT-X-VERSION:3\n${variants.map(([attrs, uri]) => `#EXT-X-STREAM-INF:${attrs}\n${uri}\n`).join('')}`

describe('the rendition a clip is cut from', () => {
  it('is the 720p one when the ladder has it', () => {
    const text = master(
      ['BANDWIDTH=5000000,RESOLUTION=1920x1080', '1080p/index.m3u8'],
      ['BANDWIDTH=2800000,RESOLUTION=1280x720', '720p/index.m3u8'],
      ['BANDWIDTH=800000,RESOLUTION=640x360', '360p/index.m3u8'],
    )
    expect(pickClipRendition(text)).toBe('720p/index.m3u8')
  })

  it('else the tallest below 720p, else the smallest above it', () => {
    const low = master(
      ['BANDWIDTH=800000,RESOLUTION=640x360', '360p/index.m3u8'],
      ['BANDWIDTH=1400000,RESOLUTION=854x480', '480p/index.m3u8'],
    )
    expect(pickClipRendition(low)).toBe('480p/index.m3u8')
    expect(pickClipRendition(master(['BANDWIDTH=5000000,RESOLUTION=1920x1080', '1080p/index.m3u8']))).toBe(
      '1080p/index.m3u8',
    )
  })

  it('is the live source, which states no size', () => {
    const live = master(
      ['BANDWIDTH=4000000', 'source/index.m3u8'],
      ['BANDWIDTH=900000,RESOLUTION=640x360', '360p/index.m3u8'],
    )
    expect(pickClipRendition(live)).toBe('source/index.m3u8')
  })

  it('is none for an empty master or a path out of the asset', () => {
    expect(pickClipRendition('#EXTM3U\n')).toBeNull()
    expect(pickClipRendition(master(['BANDWIDTH=1,RESOLUTION=1280x720', '../other/index.m3u8']))).toBeNull()
    expect(pickClipRendition(master(['BANDWIDTH=1,RESOLUTION=1280x720', 'https://evil.example/x.m3u8']))).toBeNull()
  })
})
