import { loadConfig } from '../config.js'
import { createContainer } from '../container.js'
import { openDatabase } from '../db/database.js'
import { migrateToLatest } from '../db/migrate.js'
import { buildAnalyticsApp } from '../modules/analytics/analytics.app.js'

/**
 * One analytics service process, for the test that kills it for real (analytics.kill.api.test.ts):
 * the analytics role's app on the database the environment names, listening on a free loopback port
 * that it prints as `listening <port>`. `--schema <name>`: the PostgreSQL schema of the test's database.
 */
const args = process.argv.slice(2)
const schema = args.includes('--schema') ? args[args.indexOf('--schema') + 1] : undefined

const config = loadConfig()
const db = openDatabase({ url: config.DATABASE_URL, sqliteFile: config.sqliteFile, ...(schema ? { schema } : {}) })
await migrateToLatest(db)
const container = await createContainer({ config, db })
const analytics = container.analytics()
const app = await buildAnalyticsApp({
  config,
  log: container.log,
  ingest: analytics.ingest,
  geo: container.services.geo,
})
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`)
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => analytics.committer.drain())
    .then(() => db.close())
    .finally(() => process.exit(0))
})
