import type { Kysely } from 'kysely'
import { findInChannel, updateInChannel } from '../../db/channel-rows.js'
import { isUniqueViolation } from '../../db/dialect.js'
import type { Database } from '../../db/schema.js'

/** The only code that queries the console's action keys (`console_actions`, decision 0036). */
export class ConsoleActionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A console action's answer by its key, when it was done already. */
  byKey(channelId: number, key: string) {
    return findInChannel(this.db, 'console_actions', channelId, { idempotency_key: key })
  }

  /** Records a console action's key; false when another request holds it already. */
  async claim(channelId: number, key: string, action: string, now: number) {
    try {
      await this.db
        .insertInto('console_actions')
        .values({ channel_id: channelId, idempotency_key: key, action, result: null, created_at: now })
        .execute()
      return true
    } catch (error) {
      if (isUniqueViolation(error)) return false
      throw error
    }
  }

  async done(channelId: number, key: string, result: unknown) {
    await updateInChannel(
      this.db,
      'console_actions',
      channelId,
      { idempotency_key: key },
      { result: JSON.stringify(result) },
    )
  }

  /** A console action that failed: its key is free for the retry. */
  async release(channelId: number, key: string) {
    await this.db
      .deleteFrom('console_actions')
      .where('channel_id', '=', channelId)
      .where('idempotency_key', '=', key)
      .where('result', 'is', null)
      .execute()
  }
}
