import { type Kysely, sql } from 'kysely'
import { findInChannel } from '../../db/channel-rows.js'
import { type Dialect, writeTransaction } from '../../db/dialect.js'
import type { Database } from '../../db/schema.js'
import { type AuditRecord, insertAudit } from './audit.repository.js'

/** A custom form as the console edits it: switched on or off, its field definitions. */
export interface StoredForm {
  enabled: boolean
  fields: { name: string; default: string | null }[]
}

const parseFields = (json: string): StoredForm['fields'] => {
  try {
    const parsed = JSON.parse(json)
    return Array.isArray(parsed) ? parsed : []
  } catch {
    return []
  }
}

/**
 * The console's reads and writes of a channel's custom form (decision 0023), whether switched on or
 * off (the viewer side, modules/forms, sees only forms switched on). Every write is in one transaction
 * with its audit entry.
 */
export class PassesFormRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  private async row(trx: Kysely<Database>, channelId: number, alias: string) {
    const row = await findInChannel(trx, 'custom_forms', channelId, { alias }, ['id', 'enabled', 'fields'])
    return row ? { id: row.id, form: { enabled: Number(row.enabled) === 1, fields: parseFields(row.fields) } } : null
  }

  async form(channelId: number, alias: string) {
    return this.row(this.db, channelId, alias)
  }

  /**
   * How many viewers answered the form, and how many of them hold a truthy `flag` (the basic pass
   * chosen). Answers of a form switched off count too: they are kept.
   */
  async counts(formId: number, flag: string) {
    const row = await this.db
      .selectFrom('custom_form_values')
      .where('form_id', '=', formId)
      .select((eb) => [
        eb.fn.count<number>('user_id').distinct().as('answered'),
        sql<number>`count(distinct case when ${eb.ref('name')} = ${flag} and ${eb.ref('value')} is not null and ${eb.ref('value')} not in ('', '0', 'false') then ${eb.ref('user_id')} end)`.as(
          'flagged',
        ),
      ])
      .executeTakeFirstOrThrow()
    return { answered: Number(row.answered), flagged: Number(row.flagged) }
  }

  /**
   * Writes the form `next` makes of what is stored (null: the channel has no such form, which is then
   * created), with the audit entry of before → after. Answers are never touched.
   */
  save(
    channelId: number,
    alias: string,
    next: (before: StoredForm | null) => StoredForm,
    audit: AuditRecord,
  ): Promise<StoredForm> {
    return writeTransaction(this.db, this.dialect, async (trx) => {
      const before = await this.row(trx, channelId, alias)
      const after = next(before?.form ?? null)
      const values = { enabled: after.enabled ? 1 : 0, fields: JSON.stringify(after.fields) }
      if (before) await trx.updateTable('custom_forms').set(values).where('id', '=', before.id).execute()
      else
        await trx
          .insertInto('custom_forms')
          .values({ channel_id: channelId, alias, ...values })
          .execute()
      await insertAudit(trx, {
        ...audit,
        action: before ? 'update' : 'create',
        resource_id: alias,
        before: before?.form ?? null,
        after,
      })
      return after
    })
  }
}
