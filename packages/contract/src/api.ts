import { z } from 'zod'

/** Design §4: every success is `{ data }`; lists may add `meta`. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema })

export const ListMetaSchema = z.object({
  total: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative().nullable(),
})
export type ListMeta = z.infer<typeof ListMetaSchema>

/** Design §4: every failure is `{ message, errors? }`, errors keyed by field. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
})
export type ApiError = z.infer<typeof ApiErrorSchema>

/** Numeric ids arrive as path or query strings. */
export const Id = z.coerce.number().int().positive()

export const HealthSchema = z.object({ status: z.literal('ok') })
export type Health = z.infer<typeof HealthSchema>

/** Api key placement (spec §7): query on GET/DELETE, body otherwise. */
export const API_KEY_FIELD = 'api_key'
export const CHANNEL_KEY_FIELD = 'channel_key'
export const apiKeyInQuery = (method: string) => method === 'GET' || method === 'DELETE' || method === 'HEAD'

/**
 * Spec §7: calls that do not need an api key. Paths are relative to /api, without the leading slash.
 * A trailing `/*` covers the path and any sub path.
 */
export const apiKeyExemptPaths = [
  'health',
  'get_api_key',
  'settings',
  'menu',
  'pages',
  'pages/*',
  'faq',
  'color-settings/*',
  'slides/*',
  'events-locations',
  'subscriptions',
  'subscriptions/*',
  'packages',
  'packages/*',
  'participants',
  'participant-groups',
  'participant-group-properties',
  'delete-account-confirm',
  'channel-bootstrap-data',
] as const

export const isApiKeyExempt = (path: string) => {
  const p = path.replace(/^\/+/, '').replace(/\/+$/, '')
  return apiKeyExemptPaths.some((rule) =>
    rule.endsWith('/*') ? p === rule.slice(0, -2) || p.startsWith(rule.slice(0, -1)) : p === rule,
  )
}
