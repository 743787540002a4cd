import { timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { parseQuery } from '../../lib/query-string.js'
import type { LiveService } from './live.service.js'

/** nginx-rtmp's `on_publish` / `on_publish_done` form (MediaMTX's runOnReady can send the same). */
const HookForm = z.object({
  /** The stream name: our stream key. */
  name: z.string().min(1).max(200),
  app: z.string().max(100).optional(),
  call: z.string().max(40).optional(),
  addr: z.string().max(100).optional(),
})

const sameSecret = (given: string | undefined, secret: string) => {
  if (!given) return false
  const a = Buffer.from(given)
  const b = Buffer.from(secret)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Hooks for an RTMP server run in front of us at scale (nginx-rtmp, MediaMTX, SRS): it asks before
 * accepting a publish and tells us when one ends; we pull the stream from it and write the HLS.
 * Authenticated by INGEST_HOOK_SECRET, given as `?secret=` in the hook URL (nginx-rtmp cannot set
 * headers) or as a Bearer token. A 2xx answer lets the publish in; 403 refuses it.
 */
export const liveHookRoutes: FastifyPluginAsyncZod<{ live: LiveService; secret: string | undefined }> = async (
  app,
  { live, secret },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, parseQuery(body as string)),
  )
  const authorized = (req: { headers: Record<string, unknown>; query: unknown }) => {
    if (!secret) return false
    const auth = req.headers.authorization
    const bearer = typeof auth === 'string' && auth.startsWith('Bearer ') ? auth.slice(7) : undefined
    const fromQuery = (req.query as { secret?: unknown }).secret
    return sameSecret(bearer ?? (typeof fromQuery === 'string' ? fromQuery : undefined), secret)
  }
  const options = {
    config: { session: 'none' as const },
    schema: { tags: ['ingest hooks'], body: HookForm, querystring: z.object({ secret: z.string().optional() }) },
  }

  app.post('/api/hooks/ingest/publish', options, async (req, reply) => {
    if (!authorized(req)) return reply.code(401).send({ message: 'Unauthorized.' })
    const ok = await live.publish(req.body.name)
    return ok
      ? reply.code(200).send({ data: { live: true } })
      : reply.code(403).send({ message: 'Unknown stream key.' })
  })

  app.post('/api/hooks/ingest/unpublish', options, async (req, reply) => {
    if (!authorized(req)) return reply.code(401).send({ message: 'Unauthorized.' })
    await live.unpublish(req.body.name)
    return reply.code(200).send({ data: { live: false } })
  })
}
