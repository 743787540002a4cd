import {
  type AdminAction,
  type AdminMe,
  type AdminOperator,
  type AdminResource,
  type AuthSession,
  can,
  type InvitationView,
  messages,
  type OperatorRole,
  permissionsOf,
  TotpRoles,
} from '@fieldhouse/contract'
import type { ChannelRow, UserRow } from '../../db/schema.js'
import { AppError, conflict, forbidden, invalid, notFound, unauthorized } from '../../lib/errors.js'
import type { Mailer } from '../../lib/mailer.js'
import { hashToken, newToken } from '../../lib/secrets.js'
import type { Session } from '../../lib/session.js'
import type { LoginThrottle } from '../accounts/login-throttle.js'
import { invitationMail } from './operator-mail.js'
import { operatorMessages } from './operator-messages.js'
import type { OperatorsRepository } from './operators.repository.js'
import type { TotpCodec } from './totp.js'

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60_000

/** Who is doing an operator call: what the admin services scope by and record in the audit log. */
export interface Operator {
  channelId: number
  userId: number
  email: string
  role: OperatorRole
  /** The session's api key row (second factor). */
  apiKeyId: number | null
}

/** What the operators service needs of accounts (filled by the container from the accounts service). */
export interface OperatorAccounts {
  user(channelId: number, userId: number): Promise<UserRow | undefined>
  userByEmail(channelId: number, email: string): Promise<UserRow | undefined>
  createVerifiedAndSignIn(
    session: Session,
    input: { email: string; password: string; first_name: string; last_name: string },
  ): Promise<AuthSession & { userId: number }>
}

/**
 * Operators (decision 0018): roles on channels, invitations, the gate every `/api/admin` route passes
 * (`authorize`), and the TOTP second factor.
 */
export class OperatorsService {
  constructor(
    private readonly d: {
      repo: OperatorsRepository
      accounts: OperatorAccounts
      mailer: Mailer
      totp: TotpCodec
      /** Counts wrong second-factor codes per operator. */
      codeThrottle: LoginThrottle
      mailColor: (channel: ChannelRow) => Promise<string>
      clock: () => number
    },
  ) {}

  /**
   * The gate: a signed-in user (401) with a role on the session's channel that may do `action` on
   * `resource` (403), past the second factor when they turned it on (403). `resource` null: any role
   * (the operator's own page and second factor).
   */
  async authorize(
    session: Session,
    check: { resource: AdminResource; action: AdminAction } | null,
    needsSecondFactor = true,
  ): Promise<Operator> {
    if (!session.userId) throw unauthorized(messages.loginRequired)
    const row = await this.d.repo.operator(session.channel.id, session.userId)
    if (!row) throw forbidden(operatorMessages.notOperator)
    if (check && !can(row.role, check.action, check.resource)) throw forbidden(operatorMessages.notAllowed)
    const operator: Operator = {
      channelId: session.channel.id,
      userId: row.user_id,
      email: row.email,
      role: row.role,
      apiKeyId: session.apiKeyId,
    }
    if (needsSecondFactor && !(await this.secondFactorPassed(operator)))
      throw forbidden(operatorMessages.secondFactorRequired, { code: [operatorMessages.secondFactorRequired] })
    return operator
  }

  /**
   * The role of the session's user on the session's channel when `authorize` would let them in (any
   * resource), else null: what the viewer side asks to let operators preview (decision 0026).
   */
  async roleOf(session: Session): Promise<OperatorRole | null> {
    if (!session.userId) return null
    const row = await this.d.repo.operator(session.channel.id, session.userId)
    if (!row) return null
    const passed = await this.secondFactorPassed({
      channelId: session.channel.id,
      userId: row.user_id,
      email: row.email,
      role: row.role,
      apiKeyId: session.apiKeyId,
    })
    return passed ? row.role : null
  }

  private async secondFactorPassed(operator: Operator) {
    const totp = await this.d.repo.totp(operator.userId)
    if (!totp?.enabled_at) return true
    return operator.apiKeyId !== null && (await this.d.repo.sessionVerified(operator.apiKeyId))
  }

  async me(session: Session, operator: Operator): Promise<AdminMe> {
    const row = await this.d.repo.operator(operator.channelId, operator.userId)
    if (!row) throw forbidden(operatorMessages.notOperator)
    const totp = await this.d.repo.totp(operator.userId)
    return {
      user: { id: row.user_id, email: row.email, first_name: row.first_name, last_name: row.last_name },
      role: row.role,
      channel: { id: session.channel.id, key: session.channel.key, name: session.channel.name },
      can: permissionsOf(row.role),
      totp: {
        available: TotpRoles.includes(row.role),
        enabled: Boolean(totp?.enabled_at),
        verified: await this.secondFactorPassed(operator),
      },
    }
  }

  // Operators

  async list(operator: Operator) {
    const rows = await this.d.repo.listOperators(operator.channelId)
    return rows.map(presentOperator)
  }

  async get(operator: Operator, id: number) {
    const row = await this.d.repo.findOperator(operator.channelId, id)
    if (!row) throw notFound('operator')
    return presentOperator(row)
  }

  /** Invites by email: a signed, single-use link that expires, mailed to the address. */
  async invite(
    channel: ChannelRow,
    input: { email: string; role: OperatorRole },
    by: Operator | null,
    origin: string,
  ): Promise<{ id: number; email: string; role: OperatorRole; expires_at: number; link: string }> {
    const token = newToken()
    const now = this.d.clock()
    const email = input.email.toLowerCase()
    const expires = now + INVITATION_LIFETIME_MS
    const id = await this.d.repo.createInvitation(
      {
        channel_id: channel.id,
        email,
        role: input.role,
        token_hash: hashToken(token),
        invited_by: by?.userId ?? null,
        created_at: now,
        expires_at: expires,
      },
      {
        channel_id: channel.id,
        user_id: by?.userId ?? null,
        user_email: by?.email ?? null,
        resource: 'operators',
        action: 'invite',
        created_at: now,
      },
    )
    const link = `${origin}/admin/invitation/${token}`
    if (by) {
      await this.d.mailer.send(
        invitationMail(
          { name: channel.name, language: channel.language, primaryColor: await this.d.mailColor(channel) },
          email,
          input.role,
          link,
        ),
      )
    }
    return { id, email, role: input.role, expires_at: expires, link }
  }

  async pendingInvitations(operator: Operator) {
    const rows = await this.d.repo.pendingInvitations(operator.channelId, this.d.clock())
    return rows.map((r) => ({ ...r, created_at: Number(r.created_at), expires_at: Number(r.expires_at) }))
  }

  async revokeInvitation(operator: Operator, id: number) {
    const done = await this.d.repo.revokeInvitation(operator.channelId, id, this.d.clock(), {
      channel_id: operator.channelId,
      user_id: operator.userId,
      user_email: operator.email,
      resource: 'operators',
      action: 'revoke',
      created_at: this.d.clock(),
    })
    if (!done) throw notFound('invitation')
  }

  async changeRole(operator: Operator, id: number, role: OperatorRole | null) {
    const result = await this.d.repo.changeOperator(operator.channelId, id, role, this.d.clock(), {
      channel_id: operator.channelId,
      user_id: operator.userId,
      user_email: operator.email,
      resource: 'operators',
      action: role === null ? 'delete' : 'update',
      created_at: this.d.clock(),
    })
    if (result === 'gone') throw notFound('operator')
    if (result === 'last-owner') throw conflict(operatorMessages.lastOwner, { role: [operatorMessages.lastOwner] })
    if (role === null) return null
    return this.get(operator, id)
  }

  // Invitations

  private async openInvitation(token: string) {
    const row = await this.d.repo.openInvitation(hashToken(token), this.d.clock())
    if (!row) throw notFound('invitation')
    return row
  }

  /** What the invitation is, for the page the link opens: on its own channel only. */
  async viewInvitation(session: Session, token: string): Promise<InvitationView> {
    const row = await this.openInvitation(token)
    if (row.channel_id !== session.channel.id) throw notFound('invitation')
    return {
      channel: { key: row.channel_key, name: row.channel_name },
      email: row.email,
      role: row.role,
      account_exists: (await this.d.accounts.userByEmail(row.channel_id, row.email)) !== undefined,
      expires_at: row.expires_at,
    }
  }

  /**
   * Accepts: the signed-in user whose address was invited, or, with no account for the address yet,
   * a new one (the link proved the address) signed in at once.
   */
  async accept(
    session: Session,
    token: string,
    input: { password?: string | undefined; first_name?: string | undefined; last_name?: string | undefined },
  ) {
    const row = await this.openInvitation(token)
    if (row.channel_id !== session.channel.id) throw notFound('invitation')
    let userId: number
    let apiKey: string | null = null
    if (session.userId) {
      const user = await this.d.accounts.user(session.channel.id, session.userId)
      if (!user || user.email.toLowerCase() !== row.email)
        throw forbidden(operatorMessages.otherAddress, { email: [operatorMessages.otherAddress] })
      userId = user.id
    } else {
      if (await this.d.accounts.userByEmail(row.channel_id, row.email))
        throw unauthorized(operatorMessages.signInFirst, { email: [operatorMessages.signInFirst] })
      const missing: Record<string, string[]> = {}
      if (!input.password) missing.password = [messages.fieldRequired]
      if (!input.first_name) missing.first_name = [messages.enterFirstName]
      if (!input.last_name) missing.last_name = [messages.enterLastName]
      if (Object.keys(missing).length) throw invalid(missing)
      const signedIn = await this.d.accounts.createVerifiedAndSignIn(session, {
        email: row.email,
        password: input.password as string,
        first_name: input.first_name as string,
        last_name: input.last_name as string,
      })
      userId = signedIn.userId
      apiKey = signedIn.api_key
    }
    const accepted = await this.d.repo.acceptInvitation(row.id, row.channel_id, userId, row.role, this.d.clock())
    if (accepted === 'used') throw notFound('invitation')
    // The channel's only owner taking a lesser role would leave it with none.
    if (accepted === 'last-owner') throw conflict(operatorMessages.lastOwner, { role: [operatorMessages.lastOwner] })
    return { api_key: apiKey, role: row.role, channel: { key: row.channel_key, name: row.channel_name } }
  }

  // The second factor

  async totpSetup(session: Session, operator: Operator) {
    if (!TotpRoles.includes(operator.role)) throw forbidden(operatorMessages.totpNotForRole)
    const existing = await this.d.repo.totp(operator.userId)
    if (existing?.enabled_at) throw conflict(operatorMessages.totpAlreadyOn)
    const secret = this.d.totp.newSecret()
    await this.d.repo.saveTotpSecret(operator.userId, this.d.totp.encrypt(secret), this.d.clock())
    return { secret, otpauth_uri: this.d.totp.uri(secret, session.channel.name, operator.email) }
  }

  /** Checks a code once: throttled per operator, each time step usable once. */
  private async checkCode(operator: Operator, code: string, wantEnabled: boolean) {
    const totp = await this.d.repo.totp(operator.userId)
    if (!totp || Boolean(totp.enabled_at) !== wantEnabled)
      throw conflict(wantEnabled ? operatorMessages.totpOff : operatorMessages.totpNotSetUp)
    const key = `totp:${operator.userId}`
    const wait = this.d.codeThrottle.begin(key)
    if (wait > 0) throw new AppError(429, messages.tooManyRequests, undefined, { 'retry-after': String(wait) })
    const now = this.d.clock()
    const step = this.d.totp.stepOf(this.d.totp.decrypt(totp.secret), code, now)
    if (step === null || !(await this.d.repo.useStep(operator.userId, step)))
      throw invalid({ code: [operatorMessages.wrongCode] }, operatorMessages.wrongCode)
    this.d.codeThrottle.succeed(key)
  }

  private totpAudit(operator: Operator, action: string) {
    return {
      channel_id: operator.channelId,
      user_id: operator.userId,
      user_email: operator.email,
      resource: 'operators',
      action,
      created_at: this.d.clock(),
    }
  }

  async totpConfirm(operator: Operator, code: string) {
    await this.checkCode(operator, code, false)
    await this.d.repo.setTotp(operator.userId, this.d.clock(), this.totpAudit(operator, 'totp-on'))
    if (operator.apiKeyId) await this.d.repo.markSessionVerified(operator.apiKeyId, this.d.clock())
  }

  async totpVerify(operator: Operator, code: string) {
    await this.checkCode(operator, code, true)
    if (operator.apiKeyId) await this.d.repo.markSessionVerified(operator.apiKeyId, this.d.clock())
  }

  async totpDisable(operator: Operator, code: string) {
    await this.checkCode(operator, code, true)
    await this.d.repo.setTotp(operator.userId, null, this.totpAudit(operator, 'totp-off'))
  }
}

const presentOperator = (row: {
  id: number
  user_id: number
  email: string
  first_name: string
  last_name: string
  role: OperatorRole
  created_at: number
}): AdminOperator => ({
  id: row.id,
  user_id: row.user_id,
  email: row.email,
  first_name: row.first_name,
  last_name: row.last_name,
  role: row.role,
  created_at: Number(row.created_at),
})
