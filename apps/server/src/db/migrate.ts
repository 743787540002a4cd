import { type Migration, type MigrationProvider, Migrator } from 'kysely'
import type { Db } from './database.js'
import * as foundation from './migrations/0001_foundation.js'
import * as accounts from './migrations/0002_accounts.js'
import * as socialLogin from './migrations/0003_social_login.js'
import * as catalogue from './migrations/0004_catalogue.js'
import * as video from './migrations/0005_video.js'
import * as commerce from './migrations/0006_commerce.js'
import * as checkoutGuard from './migrations/0007_checkout_guard.js'
import * as clips from './migrations/0008_clips.js'
import * as operators from './migrations/0009_operators.js'
import * as uploads from './migrations/0010_uploads.js'
import * as customFormSwitch from './migrations/0011_custom_form_switch.js'
import * as vodClips from './migrations/0014_vod_clips.js'
import * as premieres from './migrations/0015_premieres.js'
import * as streamLeases from './migrations/0016_stream_leases.js'
import * as analytics from './migrations/0017_analytics.js'
import * as salesCatalogue from './migrations/0018_sales_catalogue.js'
import * as salesConsole from './migrations/0019_sales_console.js'
import * as consoleBundles from './migrations/0021_console_bundles.js'
import * as verifiedDomains from './migrations/0022_verified_domains.js'
import * as jobChannels from './migrations/0023_job_channels.js'
import * as calendar from './migrations/0024_calendar.js'
import * as alerts from './migrations/0025_alerts.js'
import * as scores from './migrations/0026_scores.js'
import * as scoreSuggestions from './migrations/0027_score_suggestions.js'
import * as keyPlays from './migrations/0028_key_plays.js'

/** Migrations in order; each is written once for both databases through `dialect.ts`. */
const migrations = {
  '0001_foundation': foundation,
  '0002_accounts': accounts,
  '0003_social_login': socialLogin,
  '0004_catalogue': catalogue,
  '0005_video': video,
  '0006_commerce': commerce,
  '0007_checkout_guard': checkoutGuard,
  '0008_clips': clips,
  '0009_operators': operators,
  '0010_uploads': uploads,
  '0011_custom_form_switch': customFormSwitch,
  '0014_vod_clips': vodClips,
  '0015_premieres': premieres,
  '0016_stream_leases': streamLeases,
  '0017_analytics': analytics,
  '0018_sales_catalogue': salesCatalogue,
  '0019_sales_console': salesConsole,
  '0021_console_bundles': consoleBundles,
  '0022_verified_domains': verifiedDomains,
  '0023_job_channels': jobChannels,
  '0024_calendar': calendar,
  '0025_alerts': alerts,
  '0026_scores': scores,
  '0027_score_suggestions': scoreSuggestions,
  '0028_key_plays': keyPlays,
}

class CodeMigrationProvider implements MigrationProvider {
  constructor(private readonly db: Db) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(migrations).map(([name, m]) => [name, { up: m.up(this.db.dialect) } satisfies Migration]),
    )
  }
}

export type MigrationName = keyof typeof migrations

export async function migrateToLatest(db: Db) {
  return migrate(db, (migrator) => migrator.migrateToLatest())
}

/** Migrates up to `name`, the migrations after it left to come (a test of a migration over older data). */
export async function migrateTo(db: Db, name: MigrationName) {
  return migrate(db, (migrator) => migrator.migrateTo(name))
}

async function migrate(db: Db, run: (migrator: Migrator) => ReturnType<Migrator['migrateToLatest']>) {
  // The migration tables live in the handle's own schema: Kysely otherwise looks for them in every
  // schema of the database, and another schema's tables (a parallel test run) would count as ours.
  const migrator = new Migrator({
    db: db.kysely,
    provider: new CodeMigrationProvider(db),
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  })
  const { error, results } = await run(migrator)
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  return results?.map((r) => r.migrationName) ?? []
}
