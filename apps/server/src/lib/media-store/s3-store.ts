import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import {
  checkKey,
  contentTypeOf,
  type MediaStore,
  type ObjectFacts,
  type ObjectHandle,
  type PutSource,
  weakEtag,
} from './media-store.js'

export interface S3StoreOptions {
  bucket: string
  /** Keys are stored under this prefix ('' for the bucket's root). */
  prefix: string
  /** An S3-compatible endpoint (MinIO, a loopback test server); AWS's own when omitted. */
  endpoint?: string
  region?: string
  /** Path-style URLs (`endpoint/bucket/key`), what MinIO-like servers expect. */
  forcePathStyle?: boolean
  /** Local folder for encoders' work and copies ffmpeg reads. */
  tmpRoot: string
  /** Only for tests: credentials otherwise come from the SDK's usual chain (environment, profile, role). */
  credentials?: { accessKeyId: string; secretAccessKey: string }
}

/** `s3://bucket/some/prefix` → bucket and prefix; null when the value is not an s3 URL. */
export function parseS3Url(value: string): { bucket: string; prefix: string } | null {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(value)
  if (!m) return null
  const prefix = (m[2] ?? '').replace(/^\/+|\/+$/g, '')
  return { bucket: m[1]!, prefix }
}

/** Tries at reading a whole object whose body is cut short. */
const WHOLE_READ_ATTEMPTS = 3

const notThere = (e: unknown) =>
  e instanceof NoSuchKey ||
  e instanceof NotFound ||
  (e instanceof S3ServiceException && (e.$metadata.httpStatusCode === 404 || e.name === 'NoSuchKey'))

/**
 * A connection that broke while an object's body was being read (reset, or closed before its
 * declared length): the SDK retries failed requests, not a body that stops half-way.
 */
const cutShort = (e: unknown) => {
  const err = e as { code?: string; message?: string } | null
  return (
    err?.code === 'ECONNRESET' ||
    err?.code === 'EPIPE' ||
    err?.code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    err?.message === 'aborted'
  )
}

/** Collects a stream into one buffer. */
async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  return Buffer.concat(chunks)
}

/**
 * The media store on any S3-compatible object store, through the AWS SDK v3. Objects carry their media
 * type; ranges are GETs with a Range header. Encoders work in a local folder under `tmpRoot` and
 * publish file by file (a master playlist last, so it never names what is not there yet).
 */
export class S3MediaStore implements MediaStore {
  readonly kind = 's3' as const
  readonly publishesInPlace = false
  readonly client: S3Client

  constructor(private readonly opts: S3StoreOptions) {
    this.client = new S3Client({
      region: opts.region ?? 'us-east-1',
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      forcePathStyle: opts.forcePathStyle ?? true,
      // Checksums only where S3 requires them: streamed uploads otherwise go aws-chunked with a
      // trailing checksum, which many S3-compatible servers store as part of the object.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(opts.credentials ? { credentials: opts.credentials } : {}),
    })
  }

  get location() {
    return `s3://${this.opts.bucket}${this.opts.prefix ? `/${this.opts.prefix}` : ''}`
  }

  private objectKey(key: string) {
    checkKey(key)
    return this.opts.prefix ? `${this.opts.prefix}/${key}` : key
  }

  async put(key: string, from: PutSource) {
    let body: Buffer | string | fs.ReadStream
    let length: number | undefined
    if ('file' in from) {
      length = (await fsp.stat(from.file)).size
      body = fs.createReadStream(from.file)
    } else if ('stream' in from) {
      body = await collect(from.stream)
      length = body.length
    } else {
      body = from.bytes
      length = Buffer.byteLength(from.bytes)
    }
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.opts.bucket,
        Key: this.objectKey(key),
        Body: body,
        ContentLength: length,
        ContentType: contentTypeOf(key) ?? 'application/octet-stream',
      }),
    )
    if ('file' in from) await fsp.rm(from.file, { force: true })
  }

  async stat(key: string): Promise<ObjectFacts | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.opts.bucket, Key: this.objectKey(key) }))
      const size = head.ContentLength ?? 0
      const mtimeMs = head.LastModified?.getTime() ?? 0
      return { size, mtimeMs, etag: weakEtag(size, mtimeMs) }
    } catch (e) {
      if (notThere(e)) return null
      throw e
    }
  }

  private async get(key: string, range?: { start: number; end: number }): Promise<Readable | null> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({
          Bucket: this.opts.bucket,
          Key: this.objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      )
      return out.Body as Readable
    } catch (e) {
      if (notThere(e)) return null
      throw e
    }
  }

  async open(key: string): Promise<ObjectHandle | null> {
    const facts = await this.stat(key)
    if (!facts) return null
    const part = async (start: number, length: number) => {
      if (length <= 0) return Readable.from([])
      const body = await this.get(key, { start, end: start + length - 1 })
      if (!body) throw new Error(`media object vanished: ${key}`)
      return body
    }
    return {
      ...facts,
      read: async (start, length) => collect(await part(start, length)),
      stream: (start, length) => {
        const out = new Readable({ read() {} })
        part(start, length).then(
          (body) => {
            body.on('data', (chunk) => out.push(chunk))
            body.on('end', () => out.push(null))
            body.on('error', (e) => out.destroy(e))
          },
          (e) => out.destroy(e),
        )
        return out
      },
      close: async () => {},
    }
  }

  /** A whole object (playlists, small files), read again when the connection breaks under it. */
  async readBytes(key: string): Promise<Buffer | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        const body = await this.get(key)
        return body ? await collect(body) : null
      } catch (e) {
        if (!cutShort(e) || attempt >= WHOLE_READ_ATTEMPTS) throw e
        await new Promise((r) => setTimeout(r, 50 * attempt))
      }
    }
  }

  async read(key: string, range?: { start: number; end: number }) {
    return this.get(key, range)
  }

  async list(prefix: string) {
    const keys: string[] = []
    const full = `${this.objectKey(prefix)}/`
    const strip = this.opts.prefix ? this.opts.prefix.length + 1 : 0
    let token: string | undefined
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.opts.bucket, Prefix: full, ContinuationToken: token }),
      )
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key.slice(strip))
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
    return keys.sort()
  }

  async deletePrefix(prefix: string) {
    const keys = await this.list(prefix)
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000)
      const out = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.opts.bucket,
          Delete: { Objects: batch.map((k) => ({ Key: this.objectKey(k) })), Quiet: true },
        }),
      )
      if (out.Errors?.length) throw new Error(`could not delete ${out.Errors.length} media objects under ${prefix}`)
    }
    return keys.length
  }

  async url(key: string, expiresSec: number) {
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.opts.bucket, Key: this.objectKey(key) }), {
      expiresIn: expiresSec,
    })
  }

  async workDir(prefix: string) {
    const base = path.join(this.opts.tmpRoot, 'stage')
    await fsp.mkdir(base, { recursive: true })
    return fsp.mkdtemp(path.join(base, `${checkKey(prefix).replace(/\//g, '-')}-`))
  }

  async publishDir(dir: string, prefix: string, only?: (relative: string) => boolean) {
    const files: string[] = []
    for (const entry of await fsp.readdir(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || entry.name.startsWith('.')) continue
      const rel = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')
      if (!only || only(rel)) files.push(rel)
    }
    // Segments and media playlists before the master, so a player never finds a name without its file.
    const rank = (rel: string) => (rel.endsWith('.m3u8') ? (rel.includes('/') ? 1 : 2) : 0)
    files.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    for (const rel of files) await this.putCopy(`${prefix}/${rel}`, path.join(dir, rel))
  }

  /** Uploads a file and keeps it (publishing from a work folder another writer still uses). */
  async putCopy(key: string, file: string) {
    const length = (await fsp.stat(file)).size
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.opts.bucket,
        Key: this.objectKey(key),
        Body: fs.createReadStream(file),
        ContentLength: length,
        ContentType: contentTypeOf(key) ?? 'application/octet-stream',
      }),
    )
  }

  async releaseWorkDir(dir: string) {
    await fsp.rm(dir, { recursive: true, force: true })
  }

  async withLocalCopy<T>(prefix: string, fn: (dir: string) => Promise<T>) {
    const dir = await this.workDir(prefix)
    try {
      for (const key of await this.list(prefix)) {
        const body = await this.get(key)
        if (!body) continue
        const target = path.join(dir, ...key.slice(prefix.length + 1).split('/'))
        await fsp.mkdir(path.dirname(target), { recursive: true })
        await pipeline(body, fs.createWriteStream(target))
      }
      return await fn(dir)
    } finally {
      await this.releaseWorkDir(dir)
    }
  }
}
