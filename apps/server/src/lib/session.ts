import type { ChannelRow } from '../db/schema.js'

/**
 * Who is asking, on which channel: resolved from the request's api key or channel key by the session
 * plugin, which also resolves the viewer's country once per request.
 */
export interface Session {
  channel: ChannelRow
  apiKeyId: number | null
  userId: number | null
  /** The user signed in with a temporary password and must change it before anything else. */
  mustChangePassword?: boolean
  /** The viewer's country for this request (geo rules); null when unknown. */
  countryCode?: string | null
}
