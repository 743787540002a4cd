/*
 * Where the api key goes, and which calls need none: plain values without zod, so the page's first
 * script (apps/web/src/start.ts) can send the start's requests without the contract's schemas.
 */

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
  // Calendar apps send no headers: the public feeds take the channel key, the private one its own token.
  'calendar/teams/*',
  'calendar/schools/*',
  'calendar/sports/*',
] as const

export const isApiKeyExempt = (path: string) => {
  const p = path.replace(/^\/+/, '').replace(/\/+$/, '')
  return apiKeyExemptPaths.some((rule) =>
    rule.endsWith('/*') ? p === rule.slice(0, -2) || p.startsWith(rule.slice(0, -1)) : p === rule,
  )
}
