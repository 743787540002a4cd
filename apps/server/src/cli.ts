import { parseArgs } from 'node:util'
import {
  ChannelKeySchema,
  ColorSettingsSchema,
  deriveTheme,
  describeAdjustments,
  EmailSchema,
} from '@fieldhouse/contract'
import type { CliContext } from './cli-context.js'
import { importMedia, mediaUsage, showStreamKey } from './cli-media.js'
import { createInvitation, inviteOperator, operatorsUsage } from './cli-operators.js'
import { premieresUsage, schedulePremiere } from './cli-premieres.js'
import { loadConfig } from './config.js'
import { openDatabase } from './db/database.js'
import { migrateToLatest } from './db/migrate.js'
import { scryptHasher } from './lib/passwords.js'
import { newToken } from './lib/secrets.js'
import { AccountsRepository } from './modules/accounts/accounts.repository.js'
import { ChannelRepository } from './modules/channel/channel.repository.js'

/**
 * Operator command line: channels, operator-made users, video imports and stream keys (see `usage`).
 */
const usage = `Usage:
  npm run cli -- channel create --key KEY --name NAME [--domain HOST ...] [--language en] [--currency USD] [--owner EMAIL]
${operatorsUsage}
  npm run cli -- channel list
  npm run cli -- channel colors --key KEY [--set NAME=#HEX ...]
  npm run cli -- user create --channel KEY --email EMAIL [--first-name F] [--last-name L] --temporary-password
${mediaUsage}
${premieresUsage}`

export async function runCli(argv: string[], out: (line: string) => void = console.log) {
  const [area, action, ...rest] = argv
  const known =
    (area === 'channel' && (action === 'create' || action === 'list' || action === 'colors' || action === 'invite')) ||
    (area === 'user' && action === 'create') ||
    (area === 'media' && action === 'import') ||
    (area === 'event' && (action === 'stream-key' || action === 'premiere'))
  if (!known) {
    out(usage)
    return 2
  }
  const config = loadConfig()
  const db = openDatabase({ url: config.DATABASE_URL, sqliteFile: config.sqliteFile })
  try {
    await migrateToLatest(db)
    const repo = new ChannelRepository(db.kysely, db.dialect)
    const cli: CliContext = { config, db, channels: repo, out }
    if (area === 'user') return await createUser(rest, cli)
    if (area === 'media') return await importMedia(rest, cli)
    if (area === 'event' && action === 'premiere') return await schedulePremiere(rest, cli)
    if (area === 'event') return await showStreamKey(rest, cli)
    if (action === 'colors') return await channelColors(rest, repo, out)
    if (action === 'invite') return await inviteOperator(rest, cli)
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
        owner: { type: 'string' },
      },
    })
    const key = ChannelKeySchema.safeParse(values.key)
    if (!key.success || !values.name?.trim()) {
      out(!key.success ? `--key: ${key.error.issues[0]?.message ?? 'required'}` : '--name is required')
      out(usage)
      return 2
    }
    const owner = values.owner === undefined ? undefined : EmailSchema.safeParse(values.owner)
    if (owner && !owner.success) {
      out(`--owner: ${owner.error.issues[0]?.message ?? 'an email address'}`)
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
    if (owner?.success) {
      const link = await createInvitation(
        config,
        db,
        { id, key: key.data },
        (values.domain ?? []).map((d) => d.toLowerCase()),
        owner.data,
        'owner',
      )
      out(`Owner invitation for ${owner.data} (single use, valid 7 days): open it to set up the channel:`)
      out(link)
    }
    return 0
  } finally {
    await db.close()
  }
}

/**
 * Shows (and with `--set`, changes) a channel's web colours, and tells the operator which chosen colours
 * the site cannot show as they are because text on them would not meet WCAG AA, and what it shows
 * instead (decision 12). The chosen values are stored as chosen; the site derives the readable ones.
 */
async function channelColors(args: string[], channels: ChannelRepository, out: (line: string) => void) {
  const { values } = parseArgs({
    args,
    options: { key: { type: 'string' }, set: { type: 'string', multiple: true } },
  })
  const channel = values.key ? await channels.findByKey(values.key) : undefined
  if (!channel) {
    out(`No channel with key "${values.key ?? ''}".`)
    return 1
  }
  const changes: Record<string, string> = {}
  for (const pair of values.set ?? []) {
    const [name, value] = pair.split('=', 2)
    if (!name || !/^[a-z0-9-]+$/.test(name) || value === undefined) {
      out(`--set ${pair}: expected NAME=#HEX, e.g. primary-color=#ff5a1f`)
      return 2
    }
    changes[name] = value
  }
  const parsed = ColorSettingsSchema.safeParse(changes)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    out(`--set ${String(issue?.path[0] ?? '')}: ${issue?.message ?? 'not a colour'}`)
    return 2
  }
  if (Object.keys(parsed.data).length) await channels.setColors(channel.id, parsed.data, Date.now())
  const colors = Object.fromEntries(
    (await channels.colorSettings(channel.id, 'web')).map((row) => [row.name, row.value] as const),
  )
  for (const [name, value] of Object.entries(colors)) out(`${name}\t${value}`)
  const adjustments = describeAdjustments(deriveTheme(colors).adjustments)
  if (adjustments.length) {
    out('')
    out('Adjusted for contrast (WCAG AA): the site shows these instead, so text stays readable:')
    for (const line of adjustments) out(`  ${line}`)
  } else {
    out('')
    out('Every text colour reads on its background as chosen (WCAG AA).')
  }
  return 0
}

/**
 * An account made by an operator, with a random temporary password shown once: the user must change it
 * before anything else (spec §2). The address counts as verified: the operator vouches for it.
 */
async function createUser(args: string[], { config, db, channels, out }: CliContext) {
  const { values } = parseArgs({
    args,
    options: {
      channel: { type: 'string' },
      email: { type: 'string' },
      'first-name': { type: 'string', default: '' },
      'last-name': { type: 'string', default: '' },
      'temporary-password': { type: 'boolean', default: false },
    },
  })
  const email = EmailSchema.safeParse(values.email ?? '')
  if (!email.success) {
    out(`--email: ${email.error.issues[0]?.message}`)
    return 2
  }
  if (!values['temporary-password']) {
    out('--temporary-password is required: an operator never chooses a user’s password')
    return 2
  }
  const channel = values.channel ? await channels.findByKey(values.channel) : undefined
  if (!channel) {
    out(`No channel with key "${values.channel ?? ''}".`)
    return 1
  }
  const accounts = new AccountsRepository(db.kysely, db.dialect)
  if (await accounts.findUserByEmail(channel.id, email.data)) {
    out(`A user with email ${email.data} already exists on ${channel.key}.`)
    return 1
  }
  const password = newToken().slice(0, 16)
  const now = Date.now()
  await accounts.createUser({
    channelId: channel.id,
    email: email.data,
    passwordHash: await scryptHasher(config.SCRYPT_LOG_N).hash(password),
    firstName: values['first-name'] ?? '',
    lastName: values['last-name'] ?? '',
    news: false,
    temporaryPassword: true,
    emailVerifiedAt: now,
    now,
  })
  out(`Created ${email.data} on ${channel.key}. Temporary password (shown once): ${password}`)
  return 0
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
