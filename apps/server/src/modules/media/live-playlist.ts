import type { FastifyReply, FastifyRequest } from 'fastify'
import { contentTypeOf, type MediaStore } from '../../lib/media-store/index.js'
import { acceptsGzip, GzipMemo } from './media.files.js'

/**
 * What a live media playlist adds for its players: the server answers blocking playlist reloads
 * (RFC 8216bis §6.2.5.2, `_HLS_msn`). A player asking for the playlist that lists segment N gets it the
 * moment the ingest writes it, instead of finding it up to a segment's length later on its next timed
 * reload — the part of a live viewer's delay that is spent not knowing a segment is there.
 */
export const SERVER_CONTROL = '#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES'

/** What the server needs to know of one version of a media playlist. */
export interface PlaylistSnapshot {
  etag: string
  text: string
  /** The media sequence number of its last segment (-1 when it has none). */
  lastMsn: number
  targetDuration: number
  ended: boolean
}

/** The last segment's sequence number, the target duration and whether it has ended, read from the text. */
export function readPlaylist(text: string): Omit<PlaylistSnapshot, 'etag' | 'text'> {
  const tag = (name: string) => {
    const at = text.indexOf(`#${name}:`)
    return at === -1 ? null : Number.parseInt(text.slice(at + name.length + 2, text.indexOf('\n', at) >>> 0), 10)
  }
  let segments = 0
  for (let at = text.indexOf('#EXTINF:'); at !== -1; at = text.indexOf('#EXTINF:', at + 8)) segments++
  const sequence = tag('EXT-X-MEDIA-SEQUENCE')
  const target = tag('EXT-X-TARGETDURATION')
  return {
    lastMsn: (Number.isFinite(sequence) ? (sequence as number) : 0) + segments - 1,
    targetDuration: Number.isFinite(target) && (target as number) > 0 ? (target as number) : 1,
    ended: text.includes('#EXT-X-ENDLIST'),
  }
}

/**
 * Whether `text` is a whole playlist: the ingest's ffmpeg rewrites its playlist in place (truncated, then
 * written in 32 KiB pieces once it is over that size), so a read can catch it empty or cut short. A
 * whole one ends with a segment's address line (or ENDLIST) and its newline; one cut at a line's end
 * after a complete segment is an older version's beginning, also whole.
 */
export function isWholePlaylist(text: string) {
  if (!text.startsWith('#EXTM3U') || !text.endsWith('\n')) return false
  const end = text.trimEnd()
  const last = end.slice(end.lastIndexOf('\n') + 1).trim()
  return last === '#EXT-X-ENDLIST' || (last !== '' && !last.startsWith('#'))
}

/** The playlist as served while live: blocking reloads announced after its target duration. */
export function withServerControl(text: string) {
  if (text.includes('#EXT-X-SERVER-CONTROL')) return text
  return text.replace(/^(#EXT-X-TARGETDURATION:[^\n]*\n)/m, `$1${SERVER_CONTROL}\n`)
}

interface Waiter {
  msn: number
  resolve: (snapshot: PlaylistSnapshot | null) => void
  timer: NodeJS.Timeout
}

/**
 * The live media playlists viewers are waiting on. Each playlist being waited for is looked at every
 * `pollMs` (one stat; the file is read only when it changed) however many viewers wait, and each
 * waiter is answered as soon as its segment is listed, or the playlist ends, or after its hold.
 */
export class LivePlaylists {
  private readonly known = new Map<string, PlaylistSnapshot>()
  private readonly waiting = new Map<string, Set<Waiter>>()

  constructor(
    private readonly store: MediaStore,
    private readonly pollMs = store.publishesInPlace ? 50 : 250,
    private readonly maxKnown = 256,
  ) {}

  /**
   * The playlist as it is now (null when there is none). Caught while ffmpeg rewrites it, the version
   * before (or, with none known, the file read again a moment later).
   */
  async read(key: string, attempts = 5): Promise<PlaylistSnapshot | null> {
    const facts = await this.store.stat(key)
    if (!facts) return null
    const old = this.known.get(key)
    if (old?.etag === facts.etag) {
      this.known.delete(key)
      this.known.set(key, old)
      return old
    }
    const bytes = await this.store.readBytes(key)
    if (!bytes) return null
    const text = bytes.toString('utf8')
    if (!isWholePlaylist(text)) {
      if (old || attempts <= 1) return old ?? null
      await new Promise((r) => setTimeout(r, 10))
      return this.read(key, attempts - 1)
    }
    const snapshot = { etag: facts.etag, text, ...readPlaylist(text) }
    // Cut at a segment's end: the beginning of the new version, shorter than the one before.
    if (old && snapshot.lastMsn < old.lastMsn) return old
    this.known.delete(key)
    this.known.set(key, snapshot)
    for (const k of this.known.keys()) {
      if (this.known.size <= this.maxKnown) break
      this.known.delete(k)
    }
    return snapshot
  }

  /**
   * The playlist once it lists segment `msn` or has ended; after three target durations without it
   * (the encoder paused), the playlist as it is then, as RFC 8216bis lets a server answer late.
   */
  async waitFor(key: string, msn: number, now?: PlaylistSnapshot | null): Promise<PlaylistSnapshot | null> {
    const current = now === undefined ? await this.read(key) : now
    if (!current || current.ended || current.lastMsn >= msn) return current
    return new Promise((resolve) => {
      let waiters = this.waiting.get(key)
      if (!waiters) {
        waiters = new Set()
        this.waiting.set(key, waiters)
        this.poll(key)
      }
      const set = waiters
      const waiter: Waiter = {
        msn,
        resolve,
        timer: setTimeout(() => {
          set.delete(waiter)
          resolve(this.known.get(key) ?? current)
        }, current.targetDuration * 3000),
      }
      set.add(waiter)
    })
  }

  private poll(key: string) {
    setTimeout(() => {
      void (async () => {
        const waiters = this.waiting.get(key)
        if (waiters?.size) {
          const snapshot = await this.read(key).catch(() => null)
          for (const waiter of waiters) {
            if (snapshot && (snapshot.ended || snapshot.lastMsn >= waiter.msn)) {
              clearTimeout(waiter.timer)
              waiters.delete(waiter)
              waiter.resolve(snapshot)
            }
          }
        }
        if (waiters?.size) this.poll(key)
        else this.waiting.delete(key)
      })()
    }, this.pollMs).unref()
  }
}

/**
 * Sends a live media playlist (`key` from a checked path), answering a blocking reload
 * (`?_HLS_msn=N`) when segment N is listed. An `_HLS_msn` that is not a number, or more than two
 * segments past the last one, is a bad request (RFC 8216bis). `_HLS_part` is not used: the playlist
 * has no partial segments. Gzipped for clients that take it, each version compressed once.
 */
export function createLivePlaylistSender(playlists: LivePlaylists, compressed = new GzipMemo()) {
  return async function sendLivePlaylist(req: FastifyRequest, reply: FastifyReply, key: string, cacheControl: string) {
    const raw = (req.query as Record<string, unknown> | undefined)?._HLS_msn
    const now = await playlists.read(key)
    if (!now) return reply.code(404).send({ message: 'Not found.' })
    let snapshot: PlaylistSnapshot | null = now
    if (raw !== undefined) {
      const msn = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN
      if (!Number.isSafeInteger(msn) || msn > now.lastMsn + 2) {
        return reply.code(400).send({ message: 'The playlist has no such segment coming.' })
      }
      snapshot = await playlists.waitFor(key, msn, now)
      if (!snapshot) return reply.code(404).send({ message: 'Not found.' })
    }
    const text = snapshot.ended ? snapshot.text : withServerControl(snapshot.text)
    reply.headers({
      'content-type': contentTypeOf(key) ?? 'application/vnd.apple.mpegurl',
      'cache-control': cacheControl,
      vary: 'accept-encoding',
    })
    if (text.length >= 1024 && acceptsGzip(req.headers['accept-encoding'])) {
      const gz = await compressed.get(`live\0${key}`, snapshot.etag, async () => Buffer.from(text))
      reply.header('content-encoding', 'gzip')
      return reply.send(gz)
    }
    return reply.send(text)
  }
}
