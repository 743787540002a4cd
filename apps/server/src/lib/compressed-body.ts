import zlib from 'node:zlib'
import { Negotiator } from '@fastify/accept-negotiator'
import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * A JSON answer serialised once and, for clients that take it, compressed once per encoding
 * (docs/decisions/0013-performance.md): cached documents (the bootstrap, anonymous catalogue lists)
 * are sent to every viewer from the same buffers, so compression costs once per document version,
 * not once per request.
 */
export interface SerializedBody {
  body: Buffer
  etag: string
  br?: Buffer
  gzip?: Buffer
}

/** Below this, compression saves less than a packet and costs more than it saves. */
export const COMPRESS_THRESHOLD = 1024

/** Brotli 5: within a few per cent of 11 on JSON at a hundredth of the CPU; gzip 6 (zlib's default). */
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: 1 } }

// A browser sends one of a handful of Accept-Encoding headers: remember each one's answer (bounded).
const seen = new Map<string, 'br' | 'gzip' | null>()
const negotiator = new Negotiator<'br' | 'gzip'>({
  supportedValues: ['br', 'gzip'],
  cache: {
    get: (k) => seen.get(k) ?? undefined,
    has: (k) => seen.has(k),
    set(k, v) {
      if (seen.size >= 200) seen.clear()
      seen.set(k, v as 'br' | 'gzip')
      return this
    },
  },
})

/** The encoding to answer `req` with: `br`, `gzip` or none (identity), by its Accept-Encoding. */
export function chooseEncoding(req: FastifyRequest): 'br' | 'gzip' | null {
  const header = req.headers['accept-encoding']
  if (!header) return null
  return negotiator.negotiate(header.toLowerCase())
}

/** The bytes of `entry` in `encoding`, compressed on first use and kept on the entry. */
export function encoded(entry: SerializedBody, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') {
    entry.br ??= zlib.brotliCompressSync(entry.body, {
      ...BROTLI,
      params: { ...BROTLI.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length },
    })
    return entry.br
  }
  entry.gzip ??= zlib.gzipSync(entry.body)
  return entry.gzip
}

/**
 * Sends `entry` as JSON, compressed when it is large enough and the client takes br or gzip, with
 * `Vary: Accept-Encoding` and an ETag per representation (a compressed answer is other bytes).
 * `vary` adds headers the answer also depends on. Honours If-None-Match.
 */
export function sendSerialized(req: FastifyRequest, reply: FastifyReply, entry: SerializedBody, vary?: string) {
  reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding')
  const encoding = entry.body.length >= COMPRESS_THRESHOLD ? chooseEncoding(req) : null
  const etag = encoding ? `${entry.etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"` : entry.etag
  reply.header('etag', etag)
  if (req.headers['if-none-match'] === etag) return reply.status(304).send()
  reply.type('application/json; charset=utf-8')
  if (!encoding) return reply.send(entry.body)
  return reply.header('content-encoding', encoding).send(encoded(entry, encoding))
}
