import type { Kysely } from 'kysely'
import { type Dialect, writeTransaction } from '../../db/dialect.js'
import type { Database } from '../../db/schema.js'
import { type Claim, type Lease, planClaim, STOPPED_KEPT_MS } from './stream-leases.js'
import type { Account, EndedSessions, StreamLeaseStore } from './streams.store.js'

const columns = ['id', 'session_id', 'device', 'started_at', 'expires_at', 'ended_reason'] as const

const leaseOf = (r: {
  id: number
  session_id: number
  device: string
  started_at: number
  expires_at: number
  ended_reason: Lease['endedReason']
}): Lease => ({
  id: r.id,
  sessionId: r.session_id,
  device: r.device,
  startedAt: r.started_at,
  expiresAt: r.expires_at,
  endedReason: r.ended_reason,
})

/**
 * Leases in the main database (`stream_leases`), shared by every API process. A claim locks the
 * account's user row (`FOR UPDATE` on PostgreSQL; SQLite's `BEGIN IMMEDIATE` locks the database), so
 * claims of one account run one after the other wherever they come from.
 */
export class StreamsRepository implements StreamLeaseStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  claim(account: Account, claim: Claim) {
    return writeTransaction(this.db, this.dialect, async (trx) => {
      if (this.dialect === 'postgres') {
        await trx.selectFrom('users').select('id').where('id', '=', account.userId).forUpdate().execute()
      }
      const leases = (await this.rowsOf(trx, account)).map(leaseOf)
      const plan = planClaim(leases, claim)
      if (plan.remove.length > 0) await trx.deleteFrom('stream_leases').where('id', 'in', plan.remove).execute()
      if (plan.replace.length > 0) {
        await trx
          .updateTable('stream_leases')
          .set({ ended_reason: 'replaced', expires_at: claim.now + STOPPED_KEPT_MS })
          .where('id', 'in', plan.replace)
          .execute()
      }
      if (plan.write?.id === null) {
        await trx
          .insertInto('stream_leases')
          .values({
            channel_id: account.channelId,
            user_id: account.userId,
            session_id: claim.sessionId,
            device: plan.write.device.slice(0, 80),
            started_at: plan.write.startedAt,
            expires_at: plan.write.expiresAt,
            ended_reason: null,
          })
          .execute()
      } else if (plan.write) {
        await trx
          .updateTable('stream_leases')
          .set({ expires_at: plan.write.expiresAt })
          .where('id', '=', plan.write.id)
          .execute()
      }
      return plan.verdict
    })
  }

  private rowsOf(db: Kysely<Database>, account: Account) {
    return db
      .selectFrom('stream_leases')
      .select(columns)
      .where('user_id', '=', account.userId)
      .where('channel_id', '=', account.channelId)
      .execute()
  }

  async leases(account: Account) {
    return (await this.rowsOf(this.db, account)).map(leaseOf)
  }

  async stop(account: Account, leaseId: number, now: number, keptUntil: number) {
    const result = await this.db
      .updateTable('stream_leases')
      .set({ ended_reason: 'stopped', expires_at: keptUntil })
      .where('id', '=', leaseId)
      .where('user_id', '=', account.userId)
      .where('channel_id', '=', account.channelId)
      .where('ended_reason', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  }

  async release(account: Account, sessionId: number) {
    await this.db
      .deleteFrom('stream_leases')
      .where('session_id', '=', sessionId)
      .where('user_id', '=', account.userId)
      .where('ended_reason', 'is', null)
      .execute()
  }

  async endSessions(ended: EndedSessions) {
    let q = this.db.deleteFrom('stream_leases')
    if ('sessionId' in ended) q = q.where('session_id', '=', ended.sessionId)
    else {
      q = q.where('user_id', '=', ended.userId)
      if (ended.keepSessionId !== null) q = q.where('session_id', '!=', ended.keepSessionId)
    }
    await q.execute()
  }
}
