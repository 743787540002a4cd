import path from 'node:path'
import type { Readable } from 'node:stream'

/**
 * Everything that lives beside the database — an asset's playlists, segments, images and downloads —
 * goes through one `MediaStore`. Keys are relative, '/'-separated paths (`assets/12/720p/seg_00003.ts`).
 * Encoders (ffmpeg) write to a local folder (`workDir`) and publish into the store (`publishDir`, `put`);
 * delivery reads through it (`open`), with the memory cache of `media.files.ts` in front. Two backends:
 * the local folder (`LocalMediaStore`, the default) and any S3-compatible store (`S3MediaStore`).
 */
export interface MediaStore {
  readonly kind: 'local' | 's3'
  /** Where the files are, for logs and the docs: a folder or `s3://bucket/prefix`. */
  readonly location: string
  /** Whether an encoder's `workDir` is the store itself (nothing to publish). */
  readonly publishesInPlace: boolean
  /** Stores a file (moved when the store can, else copied), a stream, or bytes under `key`. */
  put(key: string, from: PutSource): Promise<void>
  /** The object's facts and a handle to read it, or null when there is none. Close the handle. */
  open(key: string): Promise<ObjectHandle | null>
  /** The object's bytes, or null; for small objects (playlists). */
  readBytes(key: string): Promise<Buffer | null>
  /** A stream of the object, whole or one byte range (inclusive end), or null. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable | null>
  stat(key: string): Promise<ObjectFacts | null>
  /** Every key under `prefix` ('assets/12' lists 'assets/12/…'). */
  list(prefix: string): Promise<string[]>
  /** Removes every object under `prefix`; returns how many there were. */
  deletePrefix(prefix: string): Promise<number>
  /** A URL a client can fetch directly for `expiresSec` (presigned), or null when the backend has none. */
  url(key: string, expiresSec: number): Promise<string | null>
  /**
   * A local folder an encoder writes the files of `prefix` into. The local backend gives its own folder
   * (what is written there is already published); others a fresh folder under the temp root, to be
   * published with `publishDir` and removed with `releaseWorkDir`.
   */
  workDir(prefix: string): Promise<string>
  /** Publishes the files under `dir` (a `workDir`) as `prefix/…`; `only` picks relative paths. */
  publishDir(dir: string, prefix: string, only?: (relative: string) => boolean): Promise<void>
  /** Removes a `workDir` (nothing for the local backend's own folders). */
  releaseWorkDir(dir: string): Promise<void>
  /**
   * Runs `fn` with a local folder holding the files of `prefix` (ffmpeg reads files): the store's own
   * folder for the local backend, a temporary copy otherwise (removed afterwards).
   */
  withLocalCopy<T>(prefix: string, fn: (dir: string) => Promise<T>): Promise<T>
}

export type PutSource = { file: string } | { stream: Readable } | { bytes: Buffer | string }

export interface ObjectFacts {
  size: number
  mtimeMs: number
  /** A validator for conditional requests: changes when the object does. */
  etag: string
}

export interface ObjectHandle extends ObjectFacts {
  /** Up to `length` bytes from `start` in one buffer. */
  read(start: number, length: number): Promise<Buffer>
  /** `length` bytes from `start` as a stream; the handle is closed when the stream ends. */
  stream(start: number, length: number): Readable
  close(): Promise<void>
}

/** The validator both backends give: size and modification time, weak (W/), as a static file server does. */
export const weakEtag = (size: number, mtimeMs: number) =>
  `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`

const TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
}

/** The media type a file is served with, by its extension; undefined for kinds we do not serve. */
export const contentTypeOf = (key: string): string | undefined => TYPES[path.extname(key)]

/** A key checked for what a store must never be given: absolute paths, '..', empty or odd segments. */
export function checkKey(key: string): string {
  const parts = key.split('/')
  if (!key || key.startsWith('/') || parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\\'))) {
    throw new Error(`invalid media key: ${JSON.stringify(key)}`)
  }
  return key
}

/** The key of an asset's folder, or of one of its files. */
export const assetKey = (assetId: number, file?: string) => (file ? `assets/${assetId}/${file}` : `assets/${assetId}`)
