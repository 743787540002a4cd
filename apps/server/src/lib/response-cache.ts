import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type SerializedBody, sendSerialized } from './compressed-body.js'
import { VersionedCache } from './versioned-cache.js'

export type { SerializedBody }

/**
 * Serialised answers for anonymous viewers, per channel content version (design §7). A signed-in
 * viewer's answer may differ (access, favourites), so it is built fresh and marked private.
 */
export const serialize = (payload: unknown): SerializedBody => {
  const body = Buffer.from(JSON.stringify(payload))
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` }
}

/**
 * What an anonymous answer depends on besides the channel and country: the route and its query as
 * validated (and its path parameters) — what `build` reads. The api key (the viewer's own), parameters the route does not know
 * (its schema strips them) and their order change nothing, so they share one entry: a made-up
 * parameter cannot force a query per request past the cache. A route without a query schema reads
 * no query.
 */
export function answerKey(req: FastifyRequest): string {
  const schema = req.routeOptions.schema
  const route = `${req.method} ${req.routeOptions.url}${schema?.params ? JSON.stringify(req.params) : ''}`
  return schema?.querystring ? `${route}?${JSON.stringify(req.query)}` : route
}

export class ResponseCache {
  private readonly cache: VersionedCache<string, SerializedBody>

  constructor(
    private readonly contentVersion: (channelId: number) => Promise<number | undefined>,
    options: { freshMs: number; maxEntries: number },
  ) {
    this.cache = new VersionedCache(options)
  }

  /**
   * Sends `build()`'s payload, from memory for anonymous viewers (with its compressed bytes, made once
   * per entry), honouring If-None-Match.
   */
  async send(req: FastifyRequest, reply: FastifyReply, build: () => Promise<unknown>, maxAgeSeconds = 15) {
    const session = req.session
    let entry: SerializedBody | undefined
    if (session.userId === null) {
      // Geo rules make the answer depend on the viewer's country too.
      entry = await this.cache.get(
        `${session.channel.id}|${session.countryCode ?? '-'}|${answerKey(req)}`,
        () => this.contentVersion(session.channel.id),
        async () => serialize(await build()),
      )
      reply.header('cache-control', `public, max-age=${maxAgeSeconds}`)
    } else {
      reply.header('cache-control', 'private, no-cache')
    }
    entry ??= serialize(await build())
    return sendSerialized(req, reply, entry)
  }

  invalidate(channelId: number) {
    this.cache.invalidate((key) => key.startsWith(`${channelId}|`))
  }
}
