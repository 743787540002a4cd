import type { Insertable, Kysely } from 'kysely'
import { findInChannel } from '../../db/channel-rows.js'
import { type Dialect, writeTransaction } from '../../db/dialect.js'
import type { Database, TokenPurpose, UserRow } from '../../db/schema.js'

export interface NewUser {
  channelId: number
  email: string
  passwordHash: string | null
  firstName: string
  lastName: string
  news: boolean
  temporaryPassword: boolean
  emailVerifiedAt: number | null
  now: number
}

/** The only code that queries users, their tokens and identities. */
export class AccountsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  findUser(channelId: number, userId: number) {
    return findInChannel(this.db, 'users', channelId, { id: userId })
  }

  findUserByEmail(channelId: number, email: string) {
    return findInChannel(this.db, 'users', channelId, { email })
  }

  async createUser(u: NewUser): Promise<UserRow> {
    return this.db
      .insertInto('users')
      .values({
        channel_id: u.channelId,
        email: u.email,
        password_hash: u.passwordHash,
        first_name: u.firstName,
        last_name: u.lastName,
        news: u.news ? 1 : 0,
        temporary_password: u.temporaryPassword ? 1 : 0,
        email_verified_at: u.emailVerifiedAt,
        capabilities: '[]',
        trial_period_used: 0,
        created_at: u.now,
        updated_at: u.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
  }

  updateProfile(userId: number, fields: { first_name?: string; last_name?: string; news?: number }, now: number) {
    return this.db
      .updateTable('users')
      .set({ ...fields, updated_at: now })
      .where('id', '=', userId)
      .execute()
  }

  /** A new password ends a temporary one. */
  setPassword(userId: number, passwordHash: string, now: number) {
    return this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, temporary_password: 0, updated_at: now })
      .where('id', '=', userId)
      .execute()
  }

  markEmailVerified(userId: number, now: number) {
    return this.db
      .updateTable('users')
      .set({ email_verified_at: now, updated_at: now })
      .where('id', '=', userId)
      .where('email_verified_at', 'is', null)
      .execute()
  }

  /** A one-time token of `purpose` for the user; earlier unused ones of the same purpose stop working. */
  async createToken(userId: number, purpose: TokenPurpose, tokenHash: string, now: number, expiresAt: number) {
    await writeTransaction(this.db, this.dialect, async (trx) => {
      await trx
        .updateTable('auth_tokens')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute()
      await trx
        .insertInto('auth_tokens')
        .values({ user_id: userId, purpose, token_hash: tokenHash, created_at: now, expires_at: expiresAt })
        .execute()
    })
  }

  /** The token with this hash and purpose on this channel, with its user. */
  findToken(channelId: number, purpose: TokenPurpose, tokenHash: string) {
    return this.db
      .selectFrom('auth_tokens')
      .innerJoin('users', 'users.id', 'auth_tokens.user_id')
      .select([
        'auth_tokens.id as token_id',
        'auth_tokens.expires_at',
        'auth_tokens.used_at',
        'auth_tokens.created_at as token_created_at',
        'users.id as user_id',
        'users.email',
        'users.email_verified_at',
      ])
      .where('users.channel_id', '=', channelId)
      .where('auth_tokens.purpose', '=', purpose)
      .where('auth_tokens.token_hash', '=', tokenHash)
      .executeTakeFirst()
  }

  /** Uses a token once: true only for the caller that flipped it. */
  async useToken(tokenId: number, now: number) {
    const result = await this.db
      .updateTable('auth_tokens')
      .set({ used_at: now })
      .where('id', '=', tokenId)
      .where('used_at', 'is', null)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) === 1
  }

  countRecentTokens(userId: number, purpose: TokenPurpose, since: number) {
    return this.db
      .selectFrom('auth_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n))
  }

  /** Deletes the user with everything that hangs on them, in one transaction. */
  deleteUser(userId: number, now: number) {
    return writeTransaction(this.db, this.dialect, async (trx) => {
      await trx.updateTable('api_keys').set({ revoked_at: now, user_id: null }).where('user_id', '=', userId).execute()
      await trx.deleteFrom('users').where('id', '=', userId).execute()
    })
  }

  findUserByIdentity(channelId: number, provider: string, subject: string) {
    return this.db
      .selectFrom('user_identities')
      .innerJoin('users', 'users.id', 'user_identities.user_id')
      .selectAll('users')
      .where('users.channel_id', '=', channelId)
      .where('user_identities.provider', '=', provider)
      .where('user_identities.subject', '=', subject)
      .executeTakeFirst()
  }

  linkIdentity(userId: number, provider: string, subject: string) {
    return this.db
      .insertInto('user_identities')
      .values({ user_id: userId, provider, subject })
      .onConflict((oc) => oc.columns(['provider', 'subject', 'user_id']).doNothing())
      .execute()
  }

  async identityProviders(userId: number) {
    const rows = await this.db.selectFrom('user_identities').select('provider').where('user_id', '=', userId).execute()
    return rows.map((r) => r.provider)
  }

  startFlow(flow: Insertable<Database['oauth_flows']>) {
    return this.db.insertInto('oauth_flows').values(flow).execute()
  }

  /** Takes the flow of this state once: a replayed callback finds nothing. */
  async takeFlow(provider: string, stateHash: string, now: number) {
    const flow = await this.db
      .selectFrom('oauth_flows')
      .selectAll()
      .where('provider', '=', provider)
      .where('state_hash', '=', stateHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst()
    if (!flow) return undefined
    return (await this.takeOnce(flow.id, 'used_at', now)) ? flow : undefined
  }

  /** Marks a flow's state (`used_at`) or its session code used, once: true only for the caller that flipped it. */
  private async takeOnce(flowId: number, column: 'used_at' | 'session_code_used_at', now: number) {
    const taken = await this.db
      .updateTable('oauth_flows')
      .set(column === 'used_at' ? { used_at: now } : { session_code_used_at: now })
      .where('id', '=', flowId)
      .where(column, 'is', null)
      .executeTakeFirst()
    return Number(taken.numUpdatedRows) === 1
  }

  finishFlow(flowId: number, userId: number, codeHash: string, expiresAt: number) {
    return this.db
      .updateTable('oauth_flows')
      .set({ user_id: userId, session_code_hash: codeHash, session_code_expires_at: expiresAt })
      .where('id', '=', flowId)
      .execute()
  }

  /** Turns a session code into its user once, for the api key that started the flow. */
  async takeSessionCode(channelId: number, apiKeyId: number, codeHash: string, now: number) {
    const flow = await this.db
      .selectFrom('oauth_flows')
      .select(['id', 'user_id'])
      .where('channel_id', '=', channelId)
      .where('api_key_id', '=', apiKeyId)
      .where('session_code_hash', '=', codeHash)
      .where('session_code_used_at', 'is', null)
      .where('session_code_expires_at', '>', now)
      .executeTakeFirst()
    if (!flow?.user_id) return undefined
    return (await this.takeOnce(flow.id, 'session_code_used_at', now)) ? flow.user_id : undefined
  }
}
