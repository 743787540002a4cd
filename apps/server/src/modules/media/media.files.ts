import path from 'node:path'
import send from '@fastify/send'
import type { FastifyReply, FastifyRequest } from 'fastify'

const TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
}

/**
 * How long a media file may be kept: segments and images never change once written (a year,
 * immutable); a finished playlist a minute; a live playlist grows every segment, so not at all.
 */
export function cacheControlFor(file: string, live: boolean, visibility: 'public' | 'private') {
  const ext = path.extname(file)
  if (ext === '.m3u8') return live ? 'no-cache, no-store' : `${visibility}, max-age=10`
  return `${visibility}, max-age=31536000, immutable`
}

/**
 * Sends one file of an asset folder with byte ranges, ETag and Last-Modified (`@fastify/send`
 * streams it; the kernel does the copying). `file` must already be a safe relative path.
 */
export async function sendMediaFile(
  req: FastifyRequest,
  reply: FastifyReply,
  root: string,
  file: string,
  cacheControl: string,
) {
  const ext = path.extname(file)
  const type = TYPES[ext]
  if (!type) return reply.code(404).send({ message: 'Not found.' })
  const result = await send(req.raw, file, {
    root,
    acceptRanges: true,
    cacheControl: false,
    dotfiles: 'deny',
    index: false,
    etag: true,
    lastModified: true,
  })
  if (result.type === 'error') {
    const status = (result.metadata as { error?: { status?: number } }).error?.status ?? 404
    return reply.code(status === 416 ? 416 : 404).send({ message: 'Not found.' })
  }
  reply.code(result.statusCode)
  for (const [name, value] of Object.entries(result.headers)) reply.header(name, value)
  if (result.type === 'file') reply.header('content-type', type).header('cache-control', cacheControl)
  return reply.send(result.stream)
}
