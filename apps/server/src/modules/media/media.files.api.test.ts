import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LocalMediaStore, type MediaStore, S3MediaStore } from '../../lib/media-store/index.js'
import { type LoopbackS3, startLoopbackS3 } from '../../test/s3-server.js'
import { createMediaFileSender, HotFileCache, WHOLE_READ_MAX } from './media.files.js'

/**
 * The file sender through Fastify's HTTP layer (no database: it only serves what a route already
 * checked): whole files, byte ranges, conditional requests, HEAD, and files too large to read whole.
 */
describe.each([
  ['from disk', 0, 'local'],
  ['through the memory cache', 64 * 1024 * 1024, 'local'],
  ['from an S3-compatible store', 0, 's3'],
  ['from an S3-compatible store through the memory cache', 64 * 1024 * 1024, 's3'],
] as const)('sending media files %s', (_, cacheBytes, backend) => {
  let app: FastifyInstance
  let s3: LoopbackS3 | undefined
  let store: MediaStore
  const sendMediaFile = createMediaFileSender(new HotFileCache(cacheBytes))
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-files-'))
  /** Writes a file where the store keeps it: on disk, or as an object. */
  const write = async (key: string, bytes: Buffer | string) => {
    if (store instanceof S3MediaStore) return store.put(key, { bytes })
    fs.writeFileSync(path.join(root, ...key.split('/')), bytes)
  }
  const segment = Buffer.from(Array.from({ length: 188 * 50 }, (_, i) => i % 251))
  const large = Buffer.alloc(WHOLE_READ_MAX + 300_000)
  for (let i = 0; i < large.length; i += 4096) large[i] = (i / 4096) % 256

  beforeAll(async () => {
    if (backend === 's3') {
      s3 = await startLoopbackS3()
      store = new S3MediaStore({
        bucket: s3.bucket,
        prefix: 'files',
        endpoint: s3.endpoint,
        tmpRoot: root,
        credentials: s3.credentials,
      })
      await write('folder.ts/inner.ts', 'x')
    } else {
      store = new LocalMediaStore(root)
      fs.mkdirSync(path.join(root, '360p'))
      fs.mkdirSync(path.join(root, 'folder.ts'))
    }
    await write('360p/seg_00000.ts', segment)
    await write('download.mp4', large)
    app = Fastify()
    app.get('/f/*', (req, reply) =>
      sendMediaFile(req, reply, store, (req.params as { '*': string })['*'], 'private, max-age=60'),
    )
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await s3?.close()
    fs.rmSync(root, { recursive: true, force: true })
  })

  it('sends a segment whole, with its type, validators and cache policy', async () => {
    const res = await app.inject('/f/360p/seg_00000.ts')
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.equals(segment)).toBe(true)
    expect(res.headers).toMatchObject({
      'content-type': 'video/mp2t',
      'content-length': String(segment.length),
      'cache-control': 'private, max-age=60',
      'accept-ranges': 'bytes',
    })
    expect(res.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/)
    expect(res.headers['last-modified']).toBeTruthy()
  })

  it('answers 304 to a copy it already has, by ETag or by date', async () => {
    const first = await app.inject('/f/360p/seg_00000.ts')
    const byTag = await app.inject({ url: '/f/360p/seg_00000.ts', headers: { 'if-none-match': first.headers.etag } })
    expect(byTag.statusCode).toBe(304)
    expect(byTag.rawPayload.length).toBe(0)
    const byDate = await app.inject({
      url: '/f/360p/seg_00000.ts',
      headers: { 'if-modified-since': String(first.headers['last-modified']) },
    })
    expect(byDate.statusCode).toBe(304)
    const stale = await app.inject({ url: '/f/360p/seg_00000.ts', headers: { 'if-none-match': 'W/"1-1"' } })
    expect(stale.statusCode).toBe(200)
  })

  it('sends one byte range as 206, refuses one beyond the end with 416', async () => {
    const res = await app.inject({ url: '/f/360p/seg_00000.ts', headers: { range: 'bytes=188-375' } })
    expect(res.statusCode).toBe(206)
    expect(res.headers['content-range']).toBe(`bytes 188-375/${segment.length}`)
    expect(res.rawPayload.equals(segment.subarray(188, 376))).toBe(true)
    const beyond = await app.inject({ url: '/f/360p/seg_00000.ts', headers: { range: `bytes=${segment.length}-` } })
    expect(beyond.statusCode).toBe(416)
    expect(beyond.headers['content-range']).toBe(`bytes */${segment.length}`)
    // A range for another version of the file (If-Range) gets the whole current file.
    const other = await app.inject({
      url: '/f/360p/seg_00000.ts',
      headers: { range: 'bytes=0-9', 'if-range': 'W/"1-1"' },
    })
    expect(other.statusCode).toBe(200)
    expect(other.rawPayload.length).toBe(segment.length)
  })

  it('answers HEAD with the length and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/f/360p/seg_00000.ts' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-length']).toBe(String(segment.length))
    expect(res.rawPayload.length).toBe(0)
  })

  it('streams a file too large to read whole, ranges included', async () => {
    const res = await app.inject('/f/download.mp4')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-length']).toBe(String(large.length))
    expect(res.rawPayload.equals(large)).toBe(true)
    const tail = await app.inject({ url: '/f/download.mp4', headers: { range: 'bytes=-4097' } })
    expect(tail.statusCode).toBe(206)
    expect(tail.rawPayload.equals(large.subarray(large.length - 4097))).toBe(true)
  })

  it('gzips a playlist for a client that takes it, and only then', async () => {
    const lines = Array.from({ length: 400 }, (_, i) => `#EXTINF:1.000,\nseg_${String(i).padStart(5, '0')}.ts`)
    const playlist = `#EXTM3U\n#EXT-X-PLAYLIST-TYPE:EVENT\n${lines.join('\n')}\n`
    await write('360p/index.m3u8', playlist)
    const zipped = await app.inject({ url: '/f/360p/index.m3u8', headers: { 'accept-encoding': 'br, gzip' } })
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(zipped.headers.vary).toBe('accept-encoding')
    expect(zipped.rawPayload.length).toBeLessThan(playlist.length / 4)
    expect(zlib.gunzipSync(zipped.rawPayload).toString()).toBe(playlist)
    for (const headers of [{}, { 'accept-encoding': 'gzip;q=0' }, { 'accept-encoding': 'gzip', range: 'bytes=0-6' }]) {
      const plain = await app.inject({ url: '/f/360p/index.m3u8', headers })
      expect(plain.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined()
      expect(playlist.startsWith(plain.payload)).toBe(true)
    }
    // The playlist grows (a live game): the next viewer gets the new one, compressed.
    const grown = `${playlist}#EXTINF:1.000,\nseg_00400.ts\n`
    await write('360p/index.m3u8', grown)
    const again = await app.inject({ url: '/f/360p/index.m3u8', headers: { 'accept-encoding': 'gzip' } })
    expect(zlib.gunzipSync(again.rawPayload).toString()).toBe(grown)
  })

  it('has nothing for a missing file, a folder or an unknown kind of file', async () => {
    for (const url of ['/f/360p/seg_99999.ts', '/f/folder.ts', '/f/360p']) {
      expect((await app.inject(url)).statusCode, url).toBe(404)
    }
  })
})

describe('the memory cache in front of the disk', () => {
  it('answers a hot segment from memory, and reads it again once its time is up', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-hot-'))
    const file = path.join(root, 'seg_00000.ts')
    fs.writeFileSync(file, Buffer.alloc(1000, 1))
    let now = 0
    const cache = new HotFileCache(10_000, 60_000, () => now)
    const send = createMediaFileSender(cache)
    const app = Fastify()
    const store = new LocalMediaStore(root)
    app.get('/f/*', (req, reply) => send(req, reply, store, (req.params as { '*': string })['*'], 'private'))
    try {
      // The first viewer reads it from disk (a range of it: the cache still holds the whole file).
      const first = await app.inject({ url: '/f/seg_00000.ts', headers: { range: 'bytes=0-9' } })
      expect(first.rawPayload.length).toBe(10)
      expect(cache.size).toBe(1000)
      // Gone from disk: the next viewers are answered from memory all the same.
      fs.rmSync(file)
      expect((await app.inject('/f/seg_00000.ts')).rawPayload.equals(Buffer.alloc(1000, 1))).toBe(true)
      now += 61_000
      expect((await app.inject('/f/seg_00000.ts')).statusCode).toBe(404)
      expect(cache.size).toBe(0)
      // Playlists change as they grow: never kept.
      fs.writeFileSync(path.join(root, 'index.m3u8'), '#EXTM3U\n')
      await app.inject('/f/index.m3u8')
      expect(cache.size).toBe(0)
    } finally {
      await app.close()
      fs.rmSync(root, { recursive: true, force: true })
    }
  })
})
