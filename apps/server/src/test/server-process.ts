import { buildApp } from '../app.js'
import { loadConfig } from '../config.js'
import { createContainer } from '../container.js'
import { openDatabase } from '../db/database.js'
import { migrateToLatest } from '../db/migrate.js'

/**
 * One Fieldhouse API process, for the tests that must kill a process for real
 * (payments.kill.api.test.ts): the app of `buildApp` on the database the environment names — read by
 * config.ts, as in production — listening on a free loopback port that it prints as `listening <port>`.
 *
 * Arguments (never the environment, which only config.ts reads): `--schema <name>` is the PostgreSQL
 * schema of the test's database; `--reconcile` runs the payment reconciliation once before listening,
 * for orders of any age (the worker's minute does the same for orders older than 30 s).
 */
const args = process.argv.slice(2)
const schema = args.includes('--schema') ? args[args.indexOf('--schema') + 1] : undefined

const config = loadConfig()
const db = openDatabase({ url: config.DATABASE_URL, sqliteFile: config.sqliteFile, ...(schema ? { schema } : {}) })
await migrateToLatest(db)
const app = await buildApp(await createContainer({ config, db }))
if (args.includes('--reconcile')) await app.services.payments.renewals.reconcile({ staleAfterMs: 0 })
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`)
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => db.close())
    .finally(() => process.exit(0))
})
