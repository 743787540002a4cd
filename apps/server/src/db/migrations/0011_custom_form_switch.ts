import type { Kysely } from 'kysely'
import type { Dialect } from '../dialect.js'

/**
 * A custom form can be switched off from the console (decision 0023) without losing its answers:
 * a form with `enabled` 0 is not shown to viewers (the viewer call answers 404, as for no form), and
 * switching it back on brings every viewer's stored answers back.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .alterTable('custom_forms')
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()
  }
}
