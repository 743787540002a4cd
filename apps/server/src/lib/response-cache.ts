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
      // The api key is the viewer's own; the answer is the same for every anonymous viewer.
      const url = req.url.replace(/([?&])api_key=[^&]*&?/, '$1').replace(/[?&]$/, '')
      // Geo rules make the answer depend on the viewer's country too.
      entry = await this.cache.get(
        `${session.channel.id}|${session.countryCode ?? '-'}|${url}`,
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
