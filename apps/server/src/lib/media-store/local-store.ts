import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { promisify } from 'node:util'
import {
  checkKey,
  type MediaStore,
  type ObjectFacts,
  type ObjectHandle,
  type PutSource,
  weakEtag,
} from './media-store.js'

const open = promisify(fs.open)
const fstat = promisify(fs.fstat)
const read = promisify(fs.read)
const close = promisify(fs.close)

/** Streams of large files read in chunks this big. */
const STREAM_CHUNK = 256 * 1024

/** Reads `length` bytes at `position` into one buffer (a read may return fewer than asked). */
async function readWhole(fd: number, position: number, length: number) {
  const buffer = Buffer.allocUnsafe(length)
  let done = 0
  while (done < length) {
    const { bytesRead } = await read(fd, buffer, done, length - done, position + done)
    if (bytesRead === 0) return buffer.subarray(0, done)
    done += bytesRead
  }
  return buffer
}

const missing = (e: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((e as NodeJS.ErrnoException).code ?? '')

/**
 * The media store on a local folder (the embedded default): `key` is the path under `root`. What an
 * encoder writes into `workDir` is already in place, so publishing is nothing; a put of a file is a
 * rename (a copy across filesystems), so a file appears whole or not at all.
 */
export class LocalMediaStore implements MediaStore {
  readonly kind = 'local' as const
  readonly publishesInPlace = true

  constructor(readonly root: string) {}

  get location() {
    return this.root
  }

  pathOf(key: string) {
    return path.join(this.root, ...checkKey(key).split('/'))
  }

  async put(key: string, from: PutSource) {
    const target = this.pathOf(key)
    await fsp.mkdir(path.dirname(target), { recursive: true })
    if ('file' in from) {
      if (path.resolve(from.file) === target) return
      try {
        await fsp.rename(from.file, target)
        return
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e
      }
    }
    const tmp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(4).toString('hex')}.tmp`)
    try {
      if ('file' in from) await fsp.copyFile(from.file, tmp)
      else if ('stream' in from) await pipeline(from.stream, fs.createWriteStream(tmp))
      else await fsp.writeFile(tmp, from.bytes)
      await fsp.rename(tmp, target)
    } catch (e) {
      await fsp.rm(tmp, { force: true })
      throw e
    }
    if ('file' in from) await fsp.rm(from.file, { force: true })
  }

  async open(key: string): Promise<ObjectHandle | null> {
    let fd: number
    try {
      fd = await open(this.pathOf(key), fs.constants.O_RDONLY)
    } catch (e) {
      if (missing(e)) return null
      throw e
    }
    let closed = false
    const closeOnce = async () => {
      if (closed) return
      closed = true
      await close(fd).catch(() => {})
    }
    try {
      const stat = await fstat(fd)
      if (!stat.isFile()) {
        await closeOnce()
        return null
      }
      return {
        size: stat.size,
        mtimeMs: stat.mtimeMs,
        etag: weakEtag(stat.size, stat.mtimeMs),
        read: (start, length) => readWhole(fd, start, length),
        stream: (start, length) => {
          // The stream owns the descriptor from here: it closes it when done.
          closed = true
          return fs.createReadStream('', { fd, start, end: start + length - 1, highWaterMark: STREAM_CHUNK })
        },
        close: closeOnce,
      }
    } catch (e) {
      await closeOnce()
      throw e
    }
  }

  async readBytes(key: string) {
    try {
      return await fsp.readFile(this.pathOf(key))
    } catch (e) {
      if (missing(e)) return null
      throw e
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable | null> {
    const handle = await this.open(key)
    if (!handle) return null
    const start = range?.start ?? 0
    const end = Math.min(range?.end ?? handle.size - 1, handle.size - 1)
    if (end < start) {
      await handle.close()
      const { Readable } = await import('node:stream')
      return Readable.from([])
    }
    return handle.stream(start, end - start + 1)
  }

  async stat(key: string): Promise<ObjectFacts | null> {
    try {
      const s = await fsp.stat(this.pathOf(key))
      return s.isFile() ? { size: s.size, mtimeMs: s.mtimeMs, etag: weakEtag(s.size, s.mtimeMs) } : null
    } catch (e) {
      if (missing(e)) return null
      throw e
    }
  }

  async list(prefix: string) {
    const dir = this.pathOf(prefix)
    const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true }).catch((e) => {
      if (missing(e)) return []
      throw e
    })
    return entries
      .filter((e) => e.isFile())
      .map((e) => `${prefix}/${path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/')}`)
      .sort()
  }

  async deletePrefix(prefix: string) {
    const count = (await this.list(prefix)).length
    await fsp.rm(this.pathOf(prefix), { recursive: true, force: true })
    return count
  }

  async url() {
    return null
  }

  async workDir(prefix: string) {
    const dir = this.pathOf(prefix)
    await fsp.mkdir(dir, { recursive: true })
    return dir
  }

  async publishDir(dir: string, prefix: string, only?: (relative: string) => boolean) {
    if (path.resolve(dir) === this.pathOf(prefix)) return
    for (const entry of await fsp.readdir(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue
      const rel = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')
      if (!only || only(rel)) await this.put(`${prefix}/${rel}`, { file: path.join(dir, rel) })
    }
  }

  /** Its work folders are the store's own: nothing to remove. */
  async releaseWorkDir(_dir: string) {}

  async withLocalCopy<T>(prefix: string, fn: (dir: string) => Promise<T>) {
    return fn(this.pathOf(prefix))
  }
}
