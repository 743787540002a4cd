import { describe, expect, it } from 'vitest'
import { acceptsGzip, cacheControlFor, HotFileCache, parseRange } from './media.files.js'

describe('parseRange', () => {
  it('reads one byte range, open-ended ranges and suffixes', () => {
    expect(parseRange('bytes=0-187', 1000)).toEqual({ start: 0, end: 187 })
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 })
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 })
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 })
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 })
  })

  it('answers the whole file for no header, another unit or several ranges', () => {
    expect(parseRange(undefined, 1000)).toBeNull()
    expect(parseRange('items=0-5', 1000)).toBeNull()
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeNull()
  })

  it('refuses ranges that fit nothing in the file', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable')
    expect(parseRange('bytes=5-2', 1000)).toBe('unsatisfiable')
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable')
    expect(parseRange('bytes=-', 1000)).toBe('unsatisfiable')
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable')
  })
})

describe('cacheControlFor', () => {
  it('keeps segments for a year, finished playlists ten seconds, live playlists not at all', () => {
    expect(cacheControlFor('360p/seg_00001.ts', false, 'private')).toBe('private, max-age=31536000, immutable')
    expect(cacheControlFor('master.m3u8', false, 'public')).toBe('public, max-age=10')
    expect(cacheControlFor('source/index.m3u8', true, 'private')).toBe('no-cache, no-store')
  })
})

describe('HotFileCache', () => {
  const facts = { size: 400, etag: 'W/"1"', lastModified: 'x', mtimeSec: 0 }

  it('keeps the most recently used files within its bytes, the oldest out first', () => {
    const cache = new HotFileCache(1000)
    cache.put('/a.ts', facts, Buffer.alloc(400))
    cache.put('/b.ts', facts, Buffer.alloc(400))
    cache.get('/a.ts')
    cache.put('/c.ts', facts, Buffer.alloc(400))
    expect(cache.get('/b.ts')).toBeUndefined()
    expect(cache.get('/a.ts')).toBeDefined()
    expect(cache.get('/c.ts')).toBeDefined()
    expect(cache.size).toBe(800)
  })

  it('wants only immutable kinds of file, not too large, and nothing when off', () => {
    const cache = new HotFileCache(64 * 1024 * 1024)
    expect(cache.wants('/seg.ts', 500_000)).toBe(true)
    expect(cache.wants('/thumbnails/sprite.jpg', 500_000)).toBe(true)
    expect(cache.wants('/index.m3u8', 500)).toBe(false)
    expect(cache.wants('/download.mp4', 500)).toBe(false)
    expect(cache.wants('/seg.ts', 5 * 1024 * 1024)).toBe(false)
    expect(new HotFileCache(0).wants('/seg.ts', 10)).toBe(false)
  })
})

describe('acceptsGzip', () => {
  it('reads Accept-Encoding as browsers and players send it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true)
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true)
    expect(acceptsGzip('*')).toBe(true)
    expect(acceptsGzip('gzip;q=0')).toBe(false)
    expect(acceptsGzip('identity')).toBe(false)
    expect(acceptsGzip(undefined)).toBe(false)
  })
})
