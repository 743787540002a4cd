import { describe, expect, it } from 'vitest'
import { parseThumbnailVtt, parseVttTimestamp, resolveAgainst, thumbnailAt } from './vtt-thumbnails'

const vtt = `\uFEFFWEBVTT

1
00:00:00.000 --> 00:00:05.000
sprite.jpg#xywh=0,0,160,90

2
00:00:05.000 --> 00:00:10.000 align:start
sprite.jpg#xywh=160,0,160,90

00:10.000 --> 00:15.000
../other/full.jpg

broken --> cue
x.jpg

00:00:20.000 --> 00:00:25.000
`

describe('thumbnail WebVTT', () => {
  const url = '/media/p/TOKEN/asset-1/thumbnails/thumbnails.vtt'

  it('reads timestamps with and without hours', () => {
    expect(parseVttTimestamp('01:02:03.500')).toBe(3723.5)
    expect(parseVttTimestamp('02:03.5')).toBe(123.5)
    expect(parseVttTimestamp('00:00:05.000')).toBe(5)
    expect(parseVttTimestamp('nope')).toBeNaN()
  })

  it('reads sprite cues with their boxes, resolved against the file, and skips bad ones', () => {
    const cues = parseThumbnailVtt(vtt.replace(/\n/g, '\r\n'), url)
    expect(cues).toEqual([
      { start: 0, end: 5, url: '/media/p/TOKEN/asset-1/thumbnails/sprite.jpg', box: { x: 0, y: 0, w: 160, h: 90 } },
      { start: 5, end: 10, url: '/media/p/TOKEN/asset-1/thumbnails/sprite.jpg', box: { x: 160, y: 0, w: 160, h: 90 } },
      { start: 10, end: 15, url: '/media/p/TOKEN/asset-1/other/full.jpg', box: null },
    ])
  })

  it('keeps absolute addresses and resolves against an absolute file', () => {
    expect(resolveAgainst('https://cdn.example/s.jpg', url)).toBe('https://cdn.example/s.jpg')
    expect(resolveAgainst('s.jpg?v=2', 'https://media.example/a/t.vtt')).toBe('https://media.example/a/s.jpg?v=2')
    expect(resolveAgainst('/img/s.jpg', url)).toBe('/img/s.jpg')
  })

  it('finds the cue for a time, the last one before it between cues', () => {
    const cues = parseThumbnailVtt(vtt, url)
    expect(thumbnailAt(cues, 0)?.box?.x).toBe(0)
    expect(thumbnailAt(cues, 7.5)?.box?.x).toBe(160)
    expect(thumbnailAt(cues, 12)?.box).toBeNull()
    expect(thumbnailAt(cues, 99)?.start).toBe(10)
    expect(thumbnailAt([], 3)).toBeNull()
    expect(thumbnailAt(cues, -1)).toBeNull()
  })
})
