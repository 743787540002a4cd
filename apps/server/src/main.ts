import { Redis } from 'ioredis'
import { ConfigError, loadConfig } from './config.js'
import { createContainer } from './container.js'
import { openDatabase } from './db/database.js'
import { migrateToLatest } from './db/migrate.js'
import { seedDemoChannel } from './db/seed.js'
import { ChannelRepository } from './modules/channel/channel.repository.js'
import { type Roles, startRoles } from './roles.js'

/**
 * Reads the config, opens the database, applies migrations, seeds the demo, builds the services once
 * and starts the roles of SERVICES: only an `api` process opens the HTTP port.
 */
async function main() {
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }

  const db = openDatabase({ url: config.DATABASE_URL, sqliteFile: config.sqliteFile })
  await migrateToLatest(db)
  if (config.SEED_DEMO) await seedDemoChannel(new ChannelRepository(db.kysely, db.dialect), config.mediaDir)

  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: false })
    : undefined
  const container = await createContainer({ config, db, redis })

  let roles: Roles | undefined
  const shutdown = async (signal: string) => {
    container.log.info({ signal }, 'shutting down')
    await roles?.stop()
    container.close()
    await db.close()
    redis?.disconnect()
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))

  roles = await startRoles(container)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
