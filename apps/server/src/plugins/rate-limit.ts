import rateLimit from '@fastify/rate-limit'
import { messages } from '@fieldhouse/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Redis } from 'ioredis'
import { AppError } from '../lib/errors.js'
import type { KeysService } from '../modules/keys/keys.service.js'
import { apiKeyHashOf, keySessionOf } from './session.js'

/**
 * Throttling (design §8, decision 11): keyed on the visitor's api key where one comes (venue networks
 * share one address), else on the client address. A key counts as a key only once it is known to
 * be one — a made-up key spends its address's budget, so minting keys buys nothing. The limiter runs
 * once the body is parsed (`preValidation`), so the key in a POST body counts like the one in a
 * query. The key is hashed before it is used as a counter name, so a shared Redis never holds it.
 */
export const rateLimitKeyOf =
  (keys: KeysService) =>
  (req: FastifyRequest): string | Promise<string> => {
    const keyHash = apiKeyHashOf(req)
    if (!keyHash) return `ip:${req.ip}`
    const found = keySessionOf(req, keys, keyHash)
    // A key seen in the last seconds answers at once: no promise on the common path.
    if (!(found instanceof Promise)) return `k:${keyHash.slice(0, 32)}`
    return found.then(
      () => `k:${keyHash.slice(0, 32)}`,
      () => `ip:${req.ip}`,
    )
  }

/**
 * A second limit on a route, in front of the route's own (the plugin runs one limiter per request):
 * a `preValidation` hook that answers 429 with Retry-After once `max` is spent in `timeWindow`.
 * Counters live where the plugin keeps its own (memory, or the shared Redis).
 */
export function extraLimit(
  app: FastifyInstance,
  opts: { max: number; timeWindow: number; keyGenerator: (req: FastifyRequest) => string },
) {
  const limit = app.createRateLimit(opts)
  return async (req: FastifyRequest) => {
    const answer = await limit(req)
    if (!answer.isAllowed && answer.isExceeded) {
      throw new AppError(429, messages.tooManyRequests, undefined, { 'retry-after': String(answer.ttlInSeconds) })
    }
  }
}

/**
 * Files that are the same for everyone and cost no query: the app's hashed build files and the
 * channel's public media (logos, posters). A venue's crowd loading the app behind one address asks
 * for dozens of them per page, before any of them has an api key; counted, they spent the address's
 * budget and the app failed to start. The calls, pages and signed media stay counted.
 */
export function isSharedFile(req: Pick<FastifyRequest, 'method' | 'url'>): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  return req.url.startsWith('/assets/') || req.url.startsWith('/media/public/')
}

export default fp(
  async (
    app: FastifyInstance,
    opts: { max: number; keys: KeysService; redis?: Redis | undefined; nameSpace: string },
  ) => {
    await app.register(rateLimit, {
      global: true,
      max: opts.max,
      timeWindow: 60_000,
      hook: 'preValidation',
      keyGenerator: rateLimitKeyOf(opts.keys),
      allowList: (req) => isSharedFile(req),
      // The counters go out only with a 429 (Retry-After and the limit), not on every answer.
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      ...(opts.redis ? { redis: opts.redis, nameSpace: opts.nameSpace } : {}),
      // The global error notice of spec §8 keys on the status; the body stays in our error format.
      errorResponseBuilder: (_req, context) => ({ statusCode: 429, retryAfter: context.after }),
    })
  },
  { name: 'rate-limit' },
)
