import { ApiKeyCreateSchema, ApiKeySchema, dataOf, KeysFileSchema, type RuntimeConfig } from '@fieldhouse/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { extraLimit } from '../../plugins/rate-limit.js'
import type { ChannelService } from '../channel/channel.service.js'
import type { KeysService } from './keys.service.js'

const tags = ['keys']

/**
 * The key exchange of spec §7: runtime config → keys file (channel key) → `get_api_key` (api key).
 */
export const keysRoutes: FastifyPluginAsyncZod<{
  keys: KeysService
  channels: ChannelService
  defaultChannelKey: string
  apiKeyRateLimitMax: number
  apiKeyHourlyMax: number
  authProviders: () => string[]
}> = async (app, { keys, channels, defaultChannelKey, apiKeyRateLimitMax, apiKeyHourlyMax, authProviders }) => {
  // What the browser may know of the deployment; the keys file it names depends on the host.
  app.get('/runtime-config.json', { schema: { hide: true } }, async (req, reply): Promise<RuntimeConfig> => {
    const host = req.hostname.replace(/:\d+$/, '').toLowerCase()
    const channelKey = (await channels.findKeyByHost(host)) ? host : defaultChannelKey
    reply.header('cache-control', 'no-cache')
    return {
      apiBase: '/api',
      keysUrl: `/keys/${encodeURIComponent(channelKey)}.json`,
      basePath: '',
      authProviders: authProviders(),
    }
  })

  app.get(
    '/keys/:file',
    {
      schema: {
        tags,
        params: z.object({ file: z.string().regex(/^[a-z0-9._-]{1,253}\.json$/i) }),
        response: { 200: KeysFileSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'public, max-age=300')
      return { channel_key: await keys.channelKeyFor(req.params.file.slice(0, -'.json'.length).toLowerCase()) }
    },
  )

  app.post(
    '/api/get_api_key',
    {
      // Per address: a crowd arriving at once behind one address (a gym's Wi-Fi) within the minute's
      // figure, a script held by the hour's (decision 11).
      config: {
        session: 'none',
        rateLimit: { max: apiKeyRateLimitMax, timeWindow: 60_000, keyGenerator: (req) => req.ip },
      },
      preValidation: extraLimit(app, {
        max: apiKeyHourlyMax,
        timeWindow: 3_600_000,
        keyGenerator: (req) => `key-hour:${req.ip}`,
      }),
      schema: { tags, body: ApiKeyCreateSchema, response: { 200: dataOf(ApiKeySchema) } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: { api_key: await keys.issueAnonymousKey(req.body.channel_key) } }
    },
  )
}
