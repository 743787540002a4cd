import type { Kysely } from 'kysely'
import { findInChannel } from '../../db/channel-rows.js'
import { type Dialect, writeTransaction } from '../../db/dialect.js'
import type { Database } from '../../db/schema.js'

/** The only code that queries custom forms and their answers. */
export class FormsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** The channel's form of that alias as viewers see it: a form switched off is no form (decision 0023). */
  findForm(channelId: number, alias: string) {
    return findInChannel(this.db, 'custom_forms', channelId, { alias, enabled: 1 }, ['id', 'alias', 'fields'])
  }

  values(formId: number, userId: number) {
    return this.db
      .selectFrom('custom_form_values')
      .select(['name', 'value'])
      .where('form_id', '=', formId)
      .where('user_id', '=', userId)
      .execute()
  }

  saveValues(formId: number, userId: number, values: { name: string; value: string | null }[]) {
    return writeTransaction(this.db, this.dialect, async (trx) => {
      for (const { name, value } of values) {
        await trx
          .insertInto('custom_form_values')
          .values({ form_id: formId, user_id: userId, name, value })
          .onConflict((oc) => oc.columns(['form_id', 'user_id', 'name']).doUpdateSet({ value }))
          .execute()
      }
    })
  }

  /**
   * Sets one answer of the user on the channel's form of that alias, if the form exists (a purchase
   * records the basic-pass choice just after its order's commit). A form switched off still records
   * it: switched back on, it knows the viewer has chosen.
   */
  async setValueIfFormExists(channelId: number, alias: string, userId: number, name: string, value: string) {
    const form = await findInChannel(this.db, 'custom_forms', channelId, { alias }, ['id'])
    if (!form) return
    await this.db
      .insertInto('custom_form_values')
      .values({ form_id: form.id, user_id: userId, name, value })
      .onConflict((oc) => oc.columns(['form_id', 'user_id', 'name']).doUpdateSet({ value }))
      .execute()
  }

  createForm(channelId: number, alias: string, fields: { name: string; default: string | null }[]) {
    return this.db
      .insertInto('custom_forms')
      .values({ channel_id: channelId, alias, fields: JSON.stringify(fields) })
      .onConflict((oc) => oc.columns(['channel_id', 'alias']).doNothing())
      .execute()
  }
}
