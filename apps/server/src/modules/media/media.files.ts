import path from 'node:path'
import type { Readable } from 'node:stream'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { contentTypeOf, type MediaStore, type ObjectHandle } from '../../lib/media-store/index.js'

/**
 * How long a media file may be kept: segments and images never change once written (a year,
 * immutable); a finished playlist a minute; a live playlist grows every segment, so not at all.
 */
export function cacheControlFor(file: string, live: boolean, visibility: 'public' | 'private') {
  const ext = path.extname(file)
  if (ext === '.m3u8') return live ? 'no-cache, no-store' : `${visibility}, max-age=10`
  return `${visibility}, max-age=31536000, immutable`
}

/** Files up to this size (every segment, playlist and image) are read whole and sent in one write. */
export const WHOLE_READ_MAX = 8 * 1024 * 1024

const gzip = promisify(zlib.gzip)

export type ByteRange = { start: number; end: number }

/**
 * The one byte range of a `Range` header (what players and download managers send), null for the
 * whole file (no header, a unit other than bytes, or several ranges, which we answer whole), or
 * 'unsatisfiable' (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!m) return null
  const [, from = '', to = ''] = m
  if (from === '' && to === '') return 'unsatisfiable'
  let start: number
  let end: number
  if (from === '') {
    // The last N bytes.
    const n = Number(to)
    if (n === 0) return 'unsatisfiable'
    start = Math.max(0, size - n)
    end = size - 1
  } else {
    start = Number(from)
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1)
  }
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start >= size || start > end) {
    return 'unsatisfiable'
  }
  return { start, end }
}

const notFound = (reply: FastifyReply) => reply.code(404).send({ message: 'Not found.' })

/** What a request needs of a file: its size and validators, and its bytes when they are in memory. */
interface FileFacts {
  size: number
  etag: string
  lastModified: string
  mtimeSec: number
}
interface CachedFile extends FileFacts {
  bytes: Buffer
  at: number
}

/** Files that never change once written: segments, images, seek thumbnails (never a playlist). */
const IMMUTABLE = new Set(['.ts', '.m4s', '.jpg', '.png', '.vtt'])
/** A file larger than this is not kept (a download, a preview): it would push out hundreds of segments. */
const CACHE_ENTRY_MAX = 4 * 1024 * 1024

/**
 * The segments viewers are fetching right now, kept in memory: during a live game every viewer asks for
 * the same newest segment within seconds, and a popular replay's for minutes. A hit costs no system
 * call but the socket write. Bounded in bytes (least recently used out first), and each entry lives
 * `ttlMs` at most, so a file that changed on disk (a recording re-made under the same path) is read
 * again soon. Only immutable kinds of file, never over 4 MiB. `maxBytes` 0 turns it off.
 */
export class HotFileCache {
  private readonly entries = new Map<string, CachedFile>()
  private bytes = 0

  constructor(
    private readonly maxBytes: number,
    private readonly ttlMs = 60_000,
    private readonly clock: () => number = Date.now,
  ) {}

  get size() {
    return this.bytes
  }

  get(file: string): CachedFile | undefined {
    const hit = this.entries.get(file)
    if (!hit) return undefined
    if (this.clock() - hit.at > this.ttlMs) {
      this.drop(file, hit)
      return undefined
    }
    // Most recently used last: Map keeps insertion order.
    this.entries.delete(file)
    this.entries.set(file, hit)
    return hit
  }

  wants(file: string, size: number) {
    return this.maxBytes > 0 && size <= Math.min(CACHE_ENTRY_MAX, this.maxBytes) && IMMUTABLE.has(path.extname(file))
  }

  put(file: string, facts: FileFacts, bytes: Buffer) {
    const old = this.entries.get(file)
    if (old) this.drop(file, old)
    this.entries.set(file, { ...facts, bytes, at: this.clock() })
    this.bytes += bytes.length
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.drop(key, entry)
    }
  }

  private drop(file: string, entry: CachedFile) {
    this.entries.delete(file)
    this.bytes -= entry.bytes.length
  }
}

/** Text files worth compressing: playlists (a live DVR playlist grows by a line a second), seek thumbnails. */
const COMPRESSIBLE = new Set(['.m3u8', '.vtt'])
const COMPRESS_MIN = 1024

/** Whether the client takes gzip (`Accept-Encoding`, not refused with q=0). */
export function acceptsGzip(header: string | undefined) {
  if (!header) return false
  return header.split(',').some((part) => {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';')
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    return q === undefined || Number(q.slice(2)) > 0
  })
}

/**
 * The gzip of each playlist's current version, made once however many viewers ask for it: during a
 * live game they all reload the same playlist within the same second. Keyed by path, checked against
 * the file's ETag; the most recently used `maxEntries` are kept.
 */
export class GzipMemo {
  private readonly entries = new Map<string, { etag: string; gz: Promise<Buffer> }>()

  constructor(private readonly maxEntries = 256) {}

  get(file: string, etag: string, read: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.entries.get(file)
    this.entries.delete(file)
    if (hit?.etag === etag) {
      this.entries.set(file, hit)
      return hit.gz
    }
    const gz = read().then((bytes) => gzip(bytes, { level: 6 }))
    const entry = { etag, gz }
    this.entries.set(file, entry)
    gz.catch(() => {
      if (this.entries.get(file) === entry) this.entries.delete(file)
    })
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break
      this.entries.delete(key)
    }
    return gz
  }
}

/**
 * Sends one file of the media store: `key` must come from a checked path (`safeMediaPath` under an
 * asset's key). ETag and Last-Modified with their conditional requests (304), one byte range (206, or 416).
 *
 * A segment is read whole into one buffer and written in one go: on the local store open, fstat, one
 * read, close — about half the system calls and none of the per-chunk stream machinery of a file
 * stream (a static-file plugin's default 16 KiB chunks cost three quarters of the throughput on the
 * development machine, `npm run bench`); on S3 one HEAD and one ranged GET. What it read is kept in the
 * `HotFileCache`, so the viewers after the first cost no read at all. Files over `WHOLE_READ_MAX` stream
 * in chunks. Playlists go gzipped to clients that take it (`GzipMemo`): a three-hour live playlist of
 * 1-s segments is about 900 KB, reloaded by every viewer every second; gzipped, about 60 KB.
 */
export function createMediaFileSender(cache: HotFileCache, compressed = new GzipMemo()) {
  return async function sendMediaFile(
    req: FastifyRequest,
    reply: FastifyReply,
    store: MediaStore,
    key: string,
    cacheControl: string,
  ) {
    const type = contentTypeOf(key)
    if (!type || path.extname(key) === '.svg') return notFound(reply)
    const id = `${store.location}\0${key}`
    const hit = cache.get(id)
    if (hit)
      return answer(req, reply, hit, type, cacheControl, (start, length) => hit.bytes.subarray(start, start + length))
    let handle: ObjectHandle | null
    try {
      handle = await store.open(key)
    } catch (e) {
      if (e instanceof Error && e.message.startsWith('invalid media key')) return notFound(reply)
      throw e
    }
    if (!handle) return notFound(reply)
    const file = handle
    let handedOff = false
    try {
      const facts: FileFacts = {
        size: file.size,
        etag: file.etag,
        lastModified: new Date(file.mtimeMs).toUTCString(),
        mtimeSec: Math.floor(file.mtimeMs / 1000),
      }
      const ext = path.extname(key)
      // What a cache in between must know: the same URL has a gzip and a plain form.
      if (COMPRESSIBLE.has(ext)) reply.header('vary', 'accept-encoding')
      const compress =
        COMPRESSIBLE.has(ext) &&
        facts.size >= COMPRESS_MIN &&
        facts.size <= WHOLE_READ_MAX &&
        req.headers.range === undefined &&
        acceptsGzip(req.headers['accept-encoding'])
      return await answer(req, reply, facts, type, cacheControl, async (start, length) => {
        if (compress) {
          const gz = await compressed.get(id, facts.etag, () => file.read(0, facts.size))
          reply.header('content-encoding', 'gzip')
          return gz
        }
        if (cache.wants(key, facts.size)) {
          // Read whole once, kept for the next viewers; this one gets its range of it.
          const bytes = await file.read(0, facts.size)
          if (bytes.length === facts.size) cache.put(id, facts, bytes)
          return bytes.subarray(start, start + length)
        }
        // The length of what was read (Fastify sets it): a file cut short since its stat sends what it holds.
        if (length <= WHOLE_READ_MAX) return file.read(start, length)
        handedOff = true
        reply.header('content-length', length)
        return file.stream(start, length)
      })
    } finally {
      if (!handedOff) await file.close()
    }
  }
}

/** The answer to one request for a file whose facts are known; `body` gives the bytes asked for. */
async function answer(
  req: FastifyRequest,
  reply: FastifyReply,
  facts: FileFacts,
  type: string,
  cacheControl: string,
  body: (start: number, length: number) => Buffer | Readable | Promise<Buffer | Readable>,
) {
  const { size, etag, lastModified } = facts
  const validators = { etag, 'last-modified': lastModified, 'cache-control': cacheControl }
  const ifNoneMatch = req.headers['if-none-match']
  const ifModifiedSince = req.headers['if-modified-since']
  const fresh =
    ifNoneMatch !== undefined
      ? ifNoneMatch.split(',').some((t) => t.trim() === etag || t.trim() === '*')
      : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= facts.mtimeSec * 1000
  if (fresh) return reply.code(304).headers(validators).send()

  const ifRange = req.headers['if-range']
  const range =
    ifRange === undefined || ifRange === etag || ifRange === lastModified ? parseRange(req.headers.range, size) : null
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${size}`).send({ message: 'Not found.' })
  }
  const start = range?.start ?? 0
  const length = range ? range.end - range.start + 1 : size
  reply.headers({ ...validators, 'content-type': type, 'accept-ranges': 'bytes' })
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`)
  // HEAD runs this too: Fastify drops the body and keeps its length.
  return reply.send(await body(start, length))
}
