import type { Kysely } from 'kysely'
import type { Database } from './schema.js'

/**
 * The hosts that serve the channel: its verified domains in the order they were added, so the first is
 * its primary (a pending domain is a claim and serves nothing, decision 0041).
 */
export const servingHosts = (db: Kysely<Database>, channelId: number) =>
  db
    .selectFrom('channel_domains')
    .select('host')
    .where('channel_id', '=', channelId)
    .where('verified_at', 'is not', null)
    .orderBy('id')
