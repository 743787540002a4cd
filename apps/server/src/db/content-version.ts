import type { Kysely } from 'kysely'
import type { Database } from './schema.js'

/**
 * A channel's content changed: its `content_version` goes up by one (with `updated_at`), so every
 * cache keyed by it (anonymous answers, api keys, serialised rows) is rebuilt (decision 0003). Run in
 * the write's own transaction, so readers never see new content under the old version.
 */
export function bumpContentVersion(trx: Kysely<Database>, channelId: number, now: number) {
  return trx
    .updateTable('channels')
    .set((eb) => ({ content_version: eb('content_version', '+', 1), updated_at: now }))
    .where('id', '=', channelId)
    .execute()
}
