import { scryptHasher } from '../lib/passwords.js'
import { AccountsRepository } from '../modules/accounts/accounts.repository.js'
import { ChannelRepository } from '../modules/channel/channel.repository.js'
import type { TestContext } from './context.js'

/** Test data factories (style §14): a channel, a user, a signed-in viewer. */
let sequence = 0

export async function buildChannel(
  ctx: TestContext,
  key: string,
  options: {
    settings?: object
    currency?: string
    name?: string
    googleTag?: string
    domains?: string[]
    analyticsKey?: string
  } = {},
) {
  const now = Date.now()
  return new ChannelRepository(ctx.db.kysely, ctx.db.dialect).create(
    {
      key,
      name: options.name ?? key,
      logo: null,
      language: 'en',
      currency: options.currency ?? 'USD',
      google_tag: options.googleTag ?? null,
      yare_analytics_key: options.analyticsKey ?? null,
      settings: JSON.stringify(options.settings ?? {}),
      created_at: now,
      updated_at: now,
    },
    { domains: options.domains ?? [] },
  )
}

export async function buildUser(
  ctx: TestContext,
  options: {
    channelKey?: string
    email?: string
    password?: string
    firstName?: string
    temporaryPassword?: boolean
    verified?: boolean
    /** Spec §3 capabilities, as an operator (or, later, a pass) grants them. */
    capabilities?: string[]
  } = {},
) {
  const channel = await ctx.app.services.channels.findByKey(options.channelKey ?? 'demo')
  if (!channel) throw new Error(`no channel ${options.channelKey}`)
  const now = Date.now()
  const user = await new AccountsRepository(ctx.db.kysely, ctx.db.dialect).createUser({
    channelId: channel.id,
    email: options.email ?? `user${++sequence}-${process.pid}@example.com`,
    passwordHash: options.password ? await scryptHasher(12).hash(options.password) : null,
    firstName: options.firstName ?? 'Test',
    lastName: 'Viewer',
    news: false,
    temporaryPassword: options.temporaryPassword ?? false,
    emailVerifiedAt: options.verified === false ? null : now,
    now,
  })
  if (options.capabilities) {
    const capabilities = JSON.stringify(options.capabilities)
    await ctx.db.kysely.updateTable('users').set({ capabilities }).where('id', '=', user.id).execute()
    return { ...user, capabilities }
  }
  return user
}

/** The api key of a new signed-in viewer. */
export async function signedInKey(ctx: TestContext, options: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(ctx, options)
  return ctx.app.services.keys.issue(user.channel_id, user.id)
}
