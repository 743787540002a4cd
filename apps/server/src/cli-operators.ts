import { parseArgs } from 'node:util'
import { EmailSchema, type OperatorRole, OperatorRoleSchema } from '@fieldhouse/contract'
import type { CliContext } from './cli-context.js'
import type { Config } from './config.js'
import type { Db } from './db/database.js'
import { linkOrigin } from './lib/link-origin.js'
import { hashToken, newToken } from './lib/secrets.js'
import { OperatorsRepository } from './modules/admin/operators.repository.js'
import { INVITATION_LIFETIME_MS } from './modules/admin/operators.service.js'

export const operatorsUsage = `  npm run cli -- channel invite --channel KEY --email EMAIL --role owner|manager|producer|support|scorer`

/**
 * The console's address on the channel's own domain (`/admin` runs there): the public URL with the
 * channel's first verified domain as its host, so scheme and port stay those the server is reached at.
 */
export function consoleOrigin(config: Config, domains: string[]) {
  return linkOrigin(config.publicUrl, domains[0])
}

/** An invitation link (decision 0018): single use, 7 days; printed, for the operator to hand over. */
export async function createInvitation(
  config: Config,
  db: Db,
  channel: { id: number; key: string },
  domains: string[],
  email: string,
  role: OperatorRole,
) {
  const token = newToken()
  const now = Date.now()
  await new OperatorsRepository(db.kysely, db.dialect).createInvitation(
    {
      channel_id: channel.id,
      email: email.toLowerCase(),
      role,
      token_hash: hashToken(token),
      invited_by: null,
      created_at: now,
      expires_at: now + INVITATION_LIFETIME_MS,
    },
    {
      channel_id: channel.id,
      user_id: null,
      user_email: null,
      resource: 'operators',
      action: 'invite',
      created_at: now,
    },
  )
  return `${consoleOrigin(config, domains)}/admin/invitation/${token}`
}

/** `channel invite --channel K --email E --role R`: an invitation for a later operator. */
export async function inviteOperator(args: string[], { config, db, channels, out }: CliContext) {
  const { values } = parseArgs({
    args,
    options: { channel: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' } },
  })
  const email = EmailSchema.safeParse(values.email ?? '')
  if (!email.success) {
    out(`--email: ${email.error.issues[0]?.message}`)
    return 2
  }
  const role = OperatorRoleSchema.safeParse(values.role)
  if (!role.success) {
    out(`--role: ${role.error.issues[0]?.message}`)
    return 2
  }
  const channel = values.channel ? await channels.findByKey(values.channel) : undefined
  if (!channel) {
    out(`No channel with key "${values.channel ?? ''}".`)
    return 1
  }
  const domains = (await channels.listForCli())
    .filter((r) => r.key === channel.key && r.host)
    .map((r) => r.host as string)
  const link = await createInvitation(config, db, channel, domains, email.data, role.data)
  out(`Invitation for ${email.data} as ${role.data} on ${channel.key} (single use, valid 7 days):`)
  out(link)
  return 0
}
