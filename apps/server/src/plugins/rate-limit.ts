import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Redis } from 'ioredis'
import { apiKeyHashOf } from './session.js'

/**
 * Throttling (design §8): keyed on the visitor's api key where one comes (venue networks share one
 * address), else on the client address. The key is hashed before it is used as a counter name, so a
 * shared Redis never holds it.
 */
export const rateLimitKey = (req: FastifyRequest) => {
  const keyHash = apiKeyHashOf(req)
  return keyHash ? `k:${keyHash.slice(0, 32)}` : `ip:${req.ip}`
}

export default fp(
  async (app: FastifyInstance, opts: { max: number; redis?: Redis | undefined; nameSpace: string }) => {
    await app.register(rateLimit, {
      global: true,
      max: opts.max,
      timeWindow: 60_000,
      keyGenerator: rateLimitKey,
      // The counters go out only with a 429 (Retry-After and the limit), not on every answer.
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      ...(opts.redis ? { redis: opts.redis, nameSpace: opts.nameSpace } : {}),
      // The global error notice of spec §8 keys on the status; the body stays in our error format.
      errorResponseBuilder: (_req, context) => ({ statusCode: 429, retryAfter: context.after }),
    })
  },
  { name: 'rate-limit' },
)
