import { loadConfig } from '../config.js'
import { createContainer } from '../container.js'
import { openDatabase } from '../db/database.js'
import { migrateToLatest } from '../db/migrate.js'
import { startRoles } from '../roles.js'

/**
 * One Fieldhouse worker process, for the test that kills an encode for real
 * (jobs/temp-folders.kill.api.test.ts): the roles of SERVICES on the database the environment names,
 * started as main.ts starts them; it prints `worker started <pid>` once its start-up sweep is done.
 * `--schema <name>` is the PostgreSQL schema of the test's database.
 */
const args = process.argv.slice(2)
const schema = args.includes('--schema') ? args[args.indexOf('--schema') + 1] : undefined

const config = loadConfig()
const db = openDatabase({ url: config.DATABASE_URL, sqliteFile: config.sqliteFile, ...(schema ? { schema } : {}) })
await migrateToLatest(db)
const roles = await startRoles(await createContainer({ config, db }))
process.stdout.write(`worker started ${process.pid}\n`)
process.once('SIGTERM', () => {
  void roles
    .stop()
    .then(() => db.close())
    .finally(() => process.exit(0))
})
