import { parseArgs } from 'node:util'
import { ChannelKeySchema } from '@fieldhouse/contract'
import { loadConfig } from './config.js'
import { openDatabase } from './db/database.js'
import { migrateToLatest } from './db/migrate.js'
import { ChannelRepository } from './modules/channel/channel.repository.js'

/**
 * Operator command line: `npm run cli -- channel create --key K --name N [--domain HOST …]`,
 * `npm run cli -- channel list`.
 */
const usage = `Usage:
  npm run cli -- channel create --key KEY --name NAME [--domain HOST ...] [--language en] [--currency USD]
  npm run cli -- channel list`

export async function runCli(argv: string[], out: (line: string) => void = console.log) {
  const [area, action, ...rest] = argv
  if (area !== 'channel' || (action !== 'create' && action !== 'list')) {
    out(usage)
    return 2
  }
  const config = loadConfig()
  const db = openDatabase({ url: config.DATABASE_URL, sqliteFile: config.sqliteFile })
  try {
    await migrateToLatest(db)
    const repo = new ChannelRepository(db.kysely, db.dialect)
    if (action === 'list') {
      const rows = await repo.listForCli()
      const byKey = new Map<string, { name: string; hosts: string[] }>()
      for (const r of rows) {
        const entry = byKey.get(r.key) ?? { name: r.name, hosts: [] }
        if (r.host) entry.hosts.push(r.host)
        byKey.set(r.key, entry)
      }
      for (const [key, { name, hosts }] of byKey) out(`${key}\t${name}\t${hosts.join(',')}`)
      return 0
    }
    const { values } = parseArgs({
      args: rest,
      options: {
        key: { type: 'string' },
        name: { type: 'string' },
        domain: { type: 'string', multiple: true },
        language: { type: 'string', default: 'en' },
        currency: { type: 'string', default: 'USD' },
      },
    })
    const key = ChannelKeySchema.safeParse(values.key)
    if (!key.success || !values.name?.trim()) {
      out(!key.success ? `--key: ${key.error.issues[0]?.message ?? 'required'}` : '--name is required')
      out(usage)
      return 2
    }
    if (await repo.findByKey(key.data)) {
      out(`A channel with key "${key.data}" already exists.`)
      return 1
    }
    const now = Date.now()
    const id = await repo.create(
      {
        key: key.data,
        name: values.name.trim(),
        logo: null,
        language: values.language ?? 'en',
        currency: (values.currency ?? 'USD').toUpperCase(),
        google_tag: null,
        yare_analytics_key: null,
        settings: '{}',
        created_at: now,
        updated_at: now,
      },
      { domains: values.domain ?? [] },
    )
    out(`Created channel ${key.data} (id ${id}).`)
    return 0
  } finally {
    await db.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    },
  )
}
