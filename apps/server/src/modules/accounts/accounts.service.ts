import {
  type AuthSession,
  capabilityFlags,
  type Login,
  messages,
  type PasswordReset,
  type Profile,
  type ProfileUpdate,
  type UserAccess,
} from '@fieldhouse/contract'
import type { ChannelRow, UserRow } from '../../db/schema.js'
import { AppError, conflict, forbidden, invalid, unauthorized } from '../../lib/errors.js'
import type { Mailer } from '../../lib/mailer.js'
import type { PasswordHasher } from '../../lib/passwords.js'
import { hashToken } from '../../lib/secrets.js'
import type { Session } from '../../lib/session.js'
import type { FormsService } from '../forms/forms.service.js'
import type { KeysService } from '../keys/keys.service.js'
import { AccountMails, MAILS_PER_WINDOW } from './account-mails.js'
import { capabilitiesOf, presentProfile } from './accounts.presenter.js'
import type { AccountsRepository } from './accounts.repository.js'
import type { LoginThrottle } from './login-throttle.js'

/** The console's words when an operator asks for more mails than the per-account limit lets out. */
const operatorMailLimit = `This viewer was sent ${MAILS_PER_WINDOW} such mails in the last 15 minutes. Try again later.`

export interface AccountsDeps {
  repo: AccountsRepository
  keys: KeysService
  forms: FormsService
  hasher: PasswordHasher
  mailer: Mailer
  throttle: LoginThrottle
  clock?: () => number
  /** Runs work after the answer is sent, so known and unknown emails answer alike and in the same time. */
  defer?: (work: () => Promise<void>) => void
  mailColors?: (channel: ChannelRow) => Promise<string>
  /** Capabilities the user's passes grant (entitlements). */
  passCapabilities: (userId: number) => Promise<string[]>
  /** Clips the user made and downloads granted to them (the clips module counts). */
  featureCount: (userId: number) => Promise<{ clips: number; downloads: number }>
}

export interface RegisterInput {
  email: string
  password: string
  first_name: string
  last_name: string
  news: boolean
}

/**
 * Accounts: registration with email verification, sign-in, sign-out, password reset, profile, access,
 * deletion. Decisions recorded in docs/decisions/0006-accounts.md.
 */
export class AccountsService {
  private readonly clock: () => number
  private readonly defer: (work: () => Promise<void>) => void
  private readonly mails: AccountMails

  constructor(private readonly d: AccountsDeps) {
    this.clock = d.clock ?? Date.now
    this.defer = d.defer ?? ((work) => void work())
    this.mails = new AccountMails(d, this.clock)
  }

  /** Replaces the request's key with a fresh one bound to the user (no session fixation). A blocked account never gets one. */
  private async signIn(session: Session, user: UserRow): Promise<AuthSession> {
    if (user.blocked_at !== null) throw forbidden(messages.accountBlocked)
    const apiKey = await this.d.keys.issue(session.channel.id, user.id)
    if (session.apiKeyId) await this.d.keys.revoke(session.apiKeyId)
    return { api_key: apiKey, profile: presentProfile(user) }
  }

  /** Signs in a user found by another proof (a social sign-in's session code). */
  async signInUser(session: Session, userId: number): Promise<AuthSession> {
    const user = await this.d.repo.findUser(session.channel.id, userId)
    if (!user) throw unauthorized(messages.userNotFound)
    return this.signIn(session, user)
  }

  /** The account with this address on the channel, if any (operator invitations). */
  userByEmail(channelId: number, email: string) {
    return this.d.repo.findUserByEmail(channelId, email.toLowerCase())
  }

  /** The channel's user, if any. */
  user(channelId: number, userId: number) {
    return this.d.repo.findUser(channelId, userId)
  }

  /**
   * An account whose address an operator invitation proved (the link came to it): made verified and
   * signed in at once, as a verified sign-up would be.
   */
  async createVerifiedAndSignIn(
    session: Session,
    input: { email: string; password: string; first_name: string; last_name: string },
  ): Promise<AuthSession & { userId: number }> {
    if (session.userId) throw conflict(messages.alreadyLoggedIn)
    const now = this.clock()
    const user = await this.d.repo
      .createUser({
        channelId: session.channel.id,
        email: input.email.toLowerCase(),
        passwordHash: await this.d.hasher.hash(input.password),
        firstName: input.first_name,
        lastName: input.last_name,
        news: false,
        temporaryPassword: false,
        emailVerifiedAt: now,
        now,
      })
      .catch(() => {
        throw conflict(messages.emailTaken, { email: [messages.emailTaken] })
      })
    return { ...(await this.signIn(session, user)), userId: user.id }
  }

  /**
   * The account of a provider identity. Linked when known; otherwise a new account when the viewer
   * accepted the terms, linked to an existing one only when both the provider and we have verified
   * the address (never merged on an unverified email).
   */
  async userForIdentity(
    channelId: number,
    provider: string,
    identity: {
      subject: string
      email: string | null
      emailVerified: boolean
      firstName: string
      lastName: string
      mayCreate: boolean
      news: boolean
    },
  ): Promise<UserRow | 'not_registered' | 'email_taken'> {
    const linked = await this.d.repo.findUserByIdentity(channelId, provider, identity.subject)
    if (linked) return linked
    const byEmail = identity.email ? await this.d.repo.findUserByEmail(channelId, identity.email) : undefined
    if (byEmail) {
      if (!identity.emailVerified || byEmail.email_verified_at === null) return 'email_taken'
      await this.d.repo.linkIdentity(byEmail.id, provider, identity.subject)
      return byEmail
    }
    if (!identity.mayCreate || !identity.email) return 'not_registered'
    const now = this.clock()
    const user = await this.d.repo.createUser({
      channelId,
      email: identity.email,
      passwordHash: null,
      firstName: identity.firstName,
      lastName: identity.lastName,
      news: identity.news,
      temporaryPassword: false,
      emailVerifiedAt: identity.emailVerified ? now : null,
      now,
    })
    await this.d.repo.linkIdentity(user.id, provider, identity.subject)
    return user
  }

  private requireUser(session: Session) {
    if (!session.userId) throw unauthorized(messages.loginRequired)
    return session.userId
  }

  private async currentUser(session: Session): Promise<UserRow> {
    const user = await this.d.repo.findUser(session.channel.id, this.requireUser(session))
    if (!user) throw unauthorized(messages.userNotFound)
    return user
  }

  /**
   * `POST v2/auth/register`: the same answer, in the same time, whether or not the address is known.
   * A new address gets an unverified account and a verification link; a known one gets a notice.
   */
  async register(session: Session, input: RegisterInput, origin: string) {
    if (session.userId) throw conflict(messages.alreadyLoggedIn)
    const channel = session.channel
    // Hashed either way: a known address must not answer faster.
    const passwordHash = await this.d.hasher.hash(input.password)
    const existing = await this.d.repo.findUserByEmail(channel.id, input.email)
    if (!existing) {
      const user = await this.d.repo
        .createUser({
          channelId: channel.id,
          email: input.email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          news: input.news,
          temporaryPassword: false,
          emailVerifiedAt: null,
          now: this.clock(),
        })
        .catch(async (error) => {
          // Two sign-ups of one address at once: the second finds the first.
          if (await this.d.repo.findUserByEmail(channel.id, input.email)) return undefined
          throw error
        })
      if (user) this.defer(() => this.mails.verification(channel, user, origin))
    } else {
      this.defer(async () => {
        if (!(await this.mails.mayMail(existing.id, 'verify'))) return
        if (existing.email_verified_at === null) return this.mails.verification(channel, existing, origin)
        await this.mails.alreadyRegistered(channel, existing, origin)
      })
    }
    return { status: 'verification_sent' as const, email: input.email }
  }

  /** `POST auth/email-verify`: a valid link proves the address and signs the user in. */
  async verifyEmail(
    session: Session,
    input: { email: string; expires: number; signature: string },
  ): Promise<AuthSession> {
    const token = await this.d.repo.findToken(session.channel.id, 'verify', hashToken(input.signature))
    const valid =
      token && token.email === input.email && token.expires_at === input.expires && token.expires_at > this.clock()
    if (!valid || token.used_at !== null) {
      // Only the holder of the address's own link learns that it is verified already: a made-up
      // signature answers alike for every address, known or not, verified or not.
      const genuine = token !== undefined && token.email === input.email
      const user = genuine ? await this.d.repo.findUserByEmail(session.channel.id, input.email) : undefined
      if (user?.email_verified_at) throw conflict(messages.emailAlreadyVerified)
      throw invalid({ signature: [messages.verificationFailed] }, messages.verificationFailed)
    }
    if (!(await this.d.repo.useToken(token.token_id, this.clock()))) {
      throw invalid({ signature: [messages.verificationFailed] }, messages.verificationFailed)
    }
    await this.d.repo.markEmailVerified(token.user_id, this.clock())
    const user = await this.d.repo.findUser(session.channel.id, token.user_id)
    if (!user) throw invalid({ email: [messages.userNotFound] }, messages.verificationFailed)
    return this.signIn(session, user)
  }

  /** `POST v2/auth/login` */
  async login(
    session: Session,
    input: Required<Pick<Login, 'email' | 'password'>>,
    origin: string,
  ): Promise<AuthSession> {
    if (session.userId) throw conflict(messages.alreadyLoggedIn)
    const throttleKey = `${session.channel.id}:${input.email.toLowerCase()}`
    // Counted before the hash, in one step: concurrent guesses cannot all be checked.
    const wait = this.d.throttle.begin(throttleKey)
    if (wait > 0) throw new AppError(429, messages.tooManyRequests, undefined, { 'retry-after': String(wait) })
    const user = await this.d.repo.findUserByEmail(session.channel.id, input.email)
    // Verified against a dummy hash when there is no user: the answer takes as long either way.
    const ok = await this.d.hasher.verify(input.password, user?.password_hash ?? null)
    if (!user || !ok) throw unauthorized(messages.wrongAuthData, { email: [messages.wrongAuthData] })
    this.d.throttle.succeed(throttleKey)
    // Blocked by an operator (decision 0038): said only to whoever knows the password, before anything is mailed.
    if (user.blocked_at !== null) throw forbidden(messages.accountBlocked)
    if (user.email_verified_at === null) {
      this.defer(async () => {
        if (await this.mails.mayMail(user.id, 'verify')) await this.mails.verification(session.channel, user, origin)
      })
      throw forbidden(messages.emailNotVerified, { email: [messages.emailNotVerified] })
    }
    return this.signIn(session, user)
  }

  /** `POST auth/logout` (spec §4): only a signed-in user who has selected the basic pass. */
  async logout(session: Session) {
    if (!session.userId || !session.apiKeyId) throw forbidden(messages.cannotLogout)
    if (!(await this.d.forms.basicPassSelected(session.channel.id, session.userId)))
      throw forbidden(messages.cannotLogout)
    await this.d.keys.revoke(session.apiKeyId)
    return { status: 'ok' as const }
  }

  /** `POST auth/password-reset-request`: the same answer for every address. */
  async requestPasswordReset(session: Session, email: string, origin: string) {
    const user = await this.d.repo.findUserByEmail(session.channel.id, email)
    if (user) {
      this.defer(async () => {
        if (!(await this.mails.mayMail(user.id, 'reset'))) return
        await this.mails.passwordReset(session.channel, user, origin)
      })
    }
    return { status: 'sent' as const }
  }

  /**
   * An operator sends the account's mail again (decision 0038): the verification link (not to a
   * verified address) or a password reset link, the very mails sign-up and "forgot password" send,
   * under the same per-account limit. Sent before the answer, so the console learns a failure.
   */
  async mailForOperator(channel: ChannelRow, user: UserRow, mail: 'verify' | 'reset', origin: string) {
    if (mail === 'verify' && user.email_verified_at !== null) throw conflict(messages.emailAlreadyVerified)
    if (!(await this.mails.mayMail(user.id, mail))) throw new AppError(429, operatorMailLimit)
    if (mail === 'verify') await this.mails.verification(channel, user, origin)
    else await this.mails.passwordReset(channel, user, origin)
    return { status: 'sent' as const, email: user.email }
  }

  /** `POST auth/password-reset`: a single-use link of at most an hour sets a new password and ends every session. */
  async resetPassword(session: Session, input: Pick<PasswordReset, 'email' | 'token' | 'password'>) {
    const token = await this.d.repo.findToken(session.channel.id, 'reset', hashToken(input.token))
    if (!token || token.email !== input.email || token.used_at !== null) {
      throw invalid({ token: [messages.resetFailed] }, messages.resetFailed)
    }
    if (token.expires_at <= this.clock()) throw invalid({ token: [messages.resetKeyExpired] }, messages.resetKeyExpired)
    if (!(await this.d.repo.useToken(token.token_id, this.clock()))) {
      throw invalid({ token: [messages.resetFailed] }, messages.resetFailed)
    }
    await this.d.repo.setPassword(token.user_id, await this.d.hasher.hash(input.password), this.clock())
    // The link proved the mailbox.
    await this.d.repo.markEmailVerified(token.user_id, this.clock())
    await this.d.keys.revokeUser(token.user_id)
    return { status: 'ok' as const }
  }

  async profile(session: Session): Promise<Profile> {
    const user = await this.currentUser(session)
    return presentProfile(user, await this.d.repo.identityProviders(user.id))
  }

  /** `POST /profile` `_method=patch`: names, news, and optionally a new password (with the current one). */
  async updateProfile(session: Session, input: ProfileUpdate): Promise<Profile> {
    const user = await this.currentUser(session)
    const now = this.clock()
    if (input.password) {
      if (!input.current_password || !(await this.d.hasher.verify(input.current_password, user.password_hash))) {
        throw invalid({ current_password: [input.current_password ? messages.wrongAuthData : messages.fieldRequired] })
      }
      await this.d.repo.setPassword(user.id, await this.d.hasher.hash(input.password), now)
      await this.d.keys.revokeUser(user.id, session.apiKeyId)
      this.d.keys.forgetUser(user.id)
    } else if (user.temporary_password === 1) {
      throw invalid({ password: [messages.fieldRequired] })
    }
    const fields: { first_name?: string; last_name?: string; news?: number } = {}
    if (input.first_name !== undefined) fields.first_name = input.first_name
    if (input.last_name !== undefined) fields.last_name = input.last_name
    if (input.news !== undefined) fields.news = input.news ? 1 : 0
    if (Object.keys(fields).length) await this.d.repo.updateProfile(user.id, fields, now)
    return this.profile(session)
  }

  /** `GET /user/access`: capability flags (spec §3), counters, trial and geo flags. */
  async access(session: Session, isGeoBlocked = false): Promise<UserAccess> {
    const user = session.userId ? await this.d.repo.findUser(session.channel.id, session.userId) : undefined
    return this.accessOf(user, isGeoBlocked)
  }

  /** What `GET /user/access` answers for this user (the console's customer page shows it too). */
  async accessOf(user: UserRow | undefined, isGeoBlocked = false): Promise<UserAccess> {
    return {
      capabilities: capabilityFlags(user ? [...capabilitiesOf(user), ...(await this.d.passCapabilities(user.id))] : []),
      featureCount: user ? await this.d.featureCount(user.id) : { clips: 0, downloads: 0 },
      trial_period_used: user?.trial_period_used === 1,
      is_geo_blocked: isGeoBlocked,
    }
  }

  /** `POST /delete-account`: mails a single-use confirmation link. */
  async requestDeletion(session: Session, origin: string) {
    const user = await this.currentUser(session)
    if (!(await this.mails.mayMail(user.id, 'delete'))) throw new AppError(429, messages.tooManyRequests)
    await this.mails.deletion(session.channel, user, origin)
    return { status: 'sent' as const }
  }

  /** `POST /delete-account-confirm`: the link deletes the account and ends its sessions. */
  async confirmDeletion(session: Session, input: { email: string; expires: number; signature: string }) {
    const token = await this.d.repo.findToken(session.channel.id, 'delete', hashToken(input.signature))
    const valid =
      token &&
      token.email === input.email &&
      token.expires_at === input.expires &&
      token.expires_at > this.clock() &&
      token.used_at === null
    if (!valid || !(await this.d.repo.useToken(token.token_id, this.clock()))) {
      throw invalid({ signature: [messages.verificationFailed] }, messages.verificationFailed)
    }
    await this.d.keys.revokeUser(token.user_id)
    await this.d.repo.deleteUser(token.user_id, this.clock())
    return { status: 'deleted' as const }
  }
}
