import zlib from 'node:zlib'
import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { COMPRESS_THRESHOLD } from '../lib/compressed-body.js'

/**
 * JSON and text answers of 1 KiB or more go brotli- or gzip-compressed to clients that take it
 * (`@fastify/compress`, registered before the routes: it adds its hook to each route as it is
 * declared). Answers that carry their own compressed bytes skip it: the cached documents
 * (`lib/compressed-body.ts`, they set Content-Encoding and the hook steps aside), the web app's
 * precompressed files, and media delivery, whose playlists are gzipped once per version and whose
 * segments are video — its routes get no hook at all, so the segment path pays nothing.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/media/') && route.compress === undefined) route.compress = false
      // GET and HEAD carry no body Fastify reads: a request decompressor there is a hook that never acts.
      const bodyless = [route.method].flat().every((m) => m === 'GET' || m === 'HEAD')
      if (bodyless && route.decompress === undefined) route.decompress = false
    })
    await app.register(compress, {
      global: true,
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD,
      // Brotli 5 on answers made per request: about gzip's cost, a fifth smaller.
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: 1 } },
      customTypes: /^(?:application\/(?:[a-z.+-]*\+)?json|text\/|application\/javascript|image\/svg\+xml)/,
    })
  },
  { name: 'compression' },
)
