import { describe, expect, it } from 'vitest'
import {
  endPlaylist,
  firstVariant,
  isPlaylistEnded,
  liveMasterPlaylist,
  masterPlaylist,
  parseMediaPlaylist,
  playlistSeconds,
} from './hls.js'
import { planLadder } from './ladder.js'
import { parsePlaylistText } from './test/helpers.js'

const ladder = planLadder({
  durationSec: 10,
  formatName: 'mp4',
  video: { width: 1280, height: 720, fps: 25, codec: 'h264' },
  audio: { codec: 'aac', channels: 2, sampleRate: 48000 },
})
const r720 = ladder[0]!

describe('masterPlaylist', () => {
  const entries = ladder.map((r) => ({
    name: r.name,
    bandwidth: r.bandwidth,
    averageBandwidth: r.averageBandwidth,
    width: r.width,
    height: r.height,
    codecs: r.codecs,
    uri: `${r.name}/index.m3u8`,
    frameRate: r.fps,
  }))

  it('lists variants highest first with the HLS attributes', () => {
    const text = masterPlaylist([...entries].reverse())
    const lines = text.trimEnd().split('\n')
    expect(lines.slice(0, 3)).toEqual(['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS'])
    expect(lines[3]).toBe(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r720.bandwidth},AVERAGE-BANDWIDTH=${r720.averageBandwidth},` +
        'RESOLUTION=1280x720,CODECS="avc1.4d401f,mp4a.40.2",FRAME-RATE=25.000',
    )
    expect(lines[4]).toBe('720p/index.m3u8')
    expect(lines.filter((l) => !l.startsWith('#'))).toEqual(['720p/index.m3u8', '480p/index.m3u8', '360p/index.m3u8'])
    expect(text.endsWith('\n')).toBe(true)
  })

  it('omits optional attributes and refuses entries that would break the syntax', () => {
    const text = masterPlaylist([
      { name: 'a', bandwidth: 1000, width: 2, height: 2, codecs: 'avc1.4d401e', uri: 'a.m3u8' },
    ])
    expect(text).toContain('#EXT-X-STREAM-INF:BANDWIDTH=1000,RESOLUTION=2x2,CODECS="avc1.4d401e"\na.m3u8')
    const bad = { name: 'a', bandwidth: 1000, width: 2, height: 2, codecs: 'x', uri: 'a.m3u8' }
    expect(() => masterPlaylist([{ ...bad, codecs: 'a"b' }])).toThrow()
    expect(() => masterPlaylist([{ ...bad, uri: 'a\n#EXT-X-ENDLIST' }])).toThrow()
  })
})

describe('liveMasterPlaylist', () => {
  it('names the source by bandwidth only, then the lower rendition with its size and codecs, in that order', () => {
    const text = liveMasterPlaylist([
      { name: 'source', bandwidth: 4_000_000, uri: 'source/index.m3u8' },
      {
        name: '360p',
        bandwidth: 900_000,
        width: 640,
        height: 360,
        codecs: 'avc1.4d401e,mp4a.40.2',
        uri: '360p/index.m3u8',
      },
    ])
    expect(text).toBe(
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=4000000\nsource/index.m3u8\n' +
        '#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"\n360p/index.m3u8\n',
    )
    // A real parser reads both variants.
    const manifest = parsePlaylistText(text)
    expect(manifest.playlists?.map((p) => p.uri)).toEqual(['source/index.m3u8', '360p/index.m3u8'])
    expect(firstVariant(text)).toBe('source/index.m3u8')
  })

  it('refuses a variant that would break the syntax', () => {
    expect(() => liveMasterPlaylist([{ name: 's', bandwidth: 1, uri: '#x' }])).toThrow()
    expect(() => liveMasterPlaylist([{ name: 's', bandwidth: 0, uri: 's.m3u8' }])).toThrow()
  })
})

describe('firstVariant', () => {
  it('is the highest rendition a VOD master lists, or null without variants', () => {
    const text = masterPlaylist(ladder.map((r) => ({ ...r, uri: `${r.name}/index.m3u8` })))
    expect(firstVariant(text)).toBe('720p/index.m3u8')
    expect(firstVariant('#EXTM3U\r\n#EXT-X-STREAM-INF:BANDWIDTH=1\r\n\r\n a/b.m3u8 \r\n')).toBe('a/b.m3u8')
    expect(firstVariant('#EXTM3U\n#EXTINF:2,\nseg.ts\n')).toBeNull()
  })
})

describe('media playlists: segments, length, end', () => {
  const open =
    '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-PLAYLIST-TYPE:EVENT\n#EXTINF:1.001,\nseg_00000.ts\n#EXTINF:0.960,\nseg_00001.ts\n'

  it('reads segments and their total length', () => {
    expect(parseMediaPlaylist(open)).toEqual([
      { durationSec: 1.001, uri: 'seg_00000.ts' },
      { durationSec: 0.96, uri: 'seg_00001.ts' },
    ])
    expect(playlistSeconds(open)).toBeCloseTo(1.961, 6)
    expect(playlistSeconds('#EXTM3U\n')).toBe(0)
  })

  it('closes an open live playlist once, and leaves an empty one alone', () => {
    expect(isPlaylistEnded(open)).toBe(false)
    const closed = endPlaylist(open)
    expect(closed).toBe(`${open}#EXT-X-ENDLIST\n`)
    expect(isPlaylistEnded(closed!)).toBe(true)
    expect(parsePlaylistText(closed!).endList).toBe(true)
    expect(endPlaylist(closed!)).toBeNull()
    expect(endPlaylist(open.trimEnd())).toBe(`${open}#EXT-X-ENDLIST\n`)
    expect(endPlaylist('#EXTM3U\n#EXT-X-VERSION:3\n')).toBeNull()
  })
})
