import type { Kysely, Selectable } from 'kysely'
import { findInChannel } from '../../db/channel-rows.js'
import { type Dialect, writeTransaction } from '../../db/dialect.js'
import type { ChannelDomainTable, Database } from '../../db/schema.js'
import { type AuditRecord, insertAudit } from './audit.repository.js'

export type DomainRow = Selectable<ChannelDomainTable>

const uniqueViolation = (error: unknown) => /unique|duplicate/i.test(error instanceof Error ? error.message : '')

/** What `write` answers, or `answer` when a unique constraint refused it (another row has the host). */
const unlessUnique = <T, A>(write: Promise<T>, answer: A) =>
  write.catch((error: unknown) => {
    if (uniqueViolation(error)) return answer
    throw error
  })

/** What the audit log keeps of a domain (never more than the console shows). */
const audited = (row: DomainRow) => ({ host: row.host, verified_at: row.verified_at })

/** The only code that queries a channel's domains for the console (decision 0041). */
export class DomainsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** The channel's domains in the order they were added (the first verified is the primary). */
  list(channelId: number) {
    return this.db.selectFrom('channel_domains').selectAll().where('channel_id', '=', channelId).orderBy('id').execute()
  }

  find(channelId: number, id: number) {
    return findInChannel(this.db, 'channel_domains', channelId, { id })
  }

  /** Whether another channel has `host` verified (it serves that channel). */
  async servedByOther(channelId: number, host: string) {
    const row = await this.db
      .selectFrom('channel_domains')
      .select('id')
      .where('channel_id', '!=', channelId)
      .where('host', '=', host)
      .where('verified_at', 'is not', null)
      .executeTakeFirst()
    return row !== undefined
  }

  /**
   * Adds a pending domain, unless the channel has `max` domains already or has this one: the count and
   * the insert are one transaction (the channel's row locked on PostgreSQL).
   */
  add(channelId: number, host: string, challenge: string, max: number, audit: AuditRecord) {
    return writeTransaction(this.db, this.dialect, async (trx) => {
      await this.lockChannel(trx, channelId)
      if ((await this.count(trx, channelId, { verifiedOnly: false })) >= max) return 'full' as const
      const insert = trx
        .insertInto('channel_domains')
        .values({ channel_id: channelId, host, challenge, verified_at: null, created_at: audit.created_at })
        .returningAll()
        .executeTakeFirstOrThrow()
      const row = await unlessUnique(insert, 'exists' as const)
      if (row === 'exists') return row
      await insertAudit(trx, { ...audit, resource_id: String(row.id), after: audited(row) })
      return row
    })
  }

  /**
   * Takes the turn to look the domain's record up: at most one check per `spacingMs` for a domain,
   * across every process (one conditional write). False when it was checked more recently.
   */
  async claimCheck(channelId: number, id: number, now: number, spacingMs: number) {
    const result = await this.db
      .updateTable('channel_domains')
      .set({ checked_at: now })
      .where('channel_id', '=', channelId)
      .where('id', '=', id)
      .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<=', now - spacingMs)]))
      .executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  }

  /** The domain serves the channel from now on; 'taken' when another channel verified the host first. */
  markVerified(channelId: number, id: number, now: number, audit: AuditRecord) {
    return writeTransaction(this.db, this.dialect, async (trx) => {
      const before = await findInChannel(trx, 'channel_domains', channelId, { id })
      if (!before) return 'gone' as const
      if (before.verified_at !== null) return before
      const update = trx
        .updateTable('channel_domains')
        .set({ verified_at: now, challenge: null })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
      const updated = await unlessUnique(update, 'taken' as const)
      if (updated === 'taken') return updated
      await insertAudit(trx, { ...audit, resource_id: String(id), before: audited(before), after: audited(updated) })
      return updated
    })
  }

  /**
   * Removes a domain, unless it is the channel's last verified one (the channel would serve no host):
   * the count and the delete are one transaction (the channel's row locked on PostgreSQL).
   */
  remove(channelId: number, id: number, audit: AuditRecord) {
    return writeTransaction(this.db, this.dialect, async (trx) => {
      await this.lockChannel(trx, channelId)
      const row = await findInChannel(trx, 'channel_domains', channelId, { id })
      if (!row) return 'gone' as const
      if (row.verified_at !== null && (await this.count(trx, channelId, { verifiedOnly: true })) <= 1)
        return 'last-verified' as const
      await trx.deleteFrom('channel_domains').where('id', '=', id).execute()
      await insertAudit(trx, { ...audit, resource_id: String(id), before: audited(row), after: null })
      return row
    })
  }

  /** How many domains the channel has in `trx` (only those that serve it, with `verifiedOnly`). */
  private async count(trx: Kysely<Database>, channelId: number, o: { verifiedOnly: boolean }) {
    let q = trx
      .selectFrom('channel_domains')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('channel_id', '=', channelId)
    if (o.verifiedOnly) q = q.where('verified_at', 'is not', null)
    return Number((await q.executeTakeFirstOrThrow()).n)
  }

  /** SQLite's write transaction holds the database already; PostgreSQL locks the channel's row. */
  private async lockChannel(trx: Kysely<Database>, channelId: number) {
    if (this.dialect === 'postgres')
      await trx.selectFrom('channels').select('id').where('id', '=', channelId).forUpdate().execute()
  }
}
