import type { Kysely } from 'kysely'
import { preparedQuery } from '../../db/prepared.js'
import type { Database } from '../../db/schema.js'

/** The only code that queries `api_keys`. */
export class KeysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(values: { channelId: number; keyHash: string; userId: number | null; now: number; expiresAt: number }) {
    const row = await this.db
      .insertInto('api_keys')
      .values({
        channel_id: values.channelId,
        key_hash: values.keyHash,
        user_id: values.userId,
        created_at: values.now,
        expires_at: values.expiresAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  /** The live key with this hash and the channel it belongs to (asked once a request: compiled once). */
  private readonly activeWithChannel = preparedQuery(
    () => this.db as Kysely<unknown>,
    ['\u0000key-hash', -1.5] as const,
    (keyHash: string, now: number) =>
      this.db
        .selectFrom('api_keys')
        .innerJoin('channels', 'channels.id', 'api_keys.channel_id')
        .leftJoin('users', 'users.id', 'api_keys.user_id')
        .selectAll('channels')
        .select([
          'api_keys.id as api_key_id',
          'api_keys.user_id as api_key_user_id',
          'api_keys.expires_at as api_key_expires_at',
          'users.temporary_password as user_temporary_password',
        ])
        .where('api_keys.key_hash', '=', keyHash)
        .where('api_keys.revoked_at', 'is', null)
        .where('api_keys.expires_at', '>', now),
  )

  async findActiveWithChannel(keyHash: string, now: number) {
    return (await this.activeWithChannel(keyHash, now))[0]
  }

  /** The channel of a live (not revoked, not expired) key, by its row id: media tokens name the row. */
  private readonly liveById = preparedQuery(
    () => this.db as Kysely<unknown>,
    [-1.5, -2.5] as const,
    (id: number, now: number) =>
      this.db
        .selectFrom('api_keys')
        .select(['id', 'channel_id'])
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now),
  )

  async findLiveById(id: number, now: number) {
    return (await this.liveById(id, now))[0]
  }

  /** Every live key of the user stops working, but `keepId`. */
  revokeForUser(userId: number, now: number, keepId?: number | null) {
    let q = this.db
      .updateTable('api_keys')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
    if (keepId) q = q.where('id', '!=', keepId)
    return q.execute()
  }

  revoke(id: number, now: number) {
    return this.db.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', id).execute()
  }
}
