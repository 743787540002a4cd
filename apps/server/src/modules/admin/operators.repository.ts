import type { Insertable, Kysely } from 'kysely'
import { findInChannel } from '../../db/channel-rows.js'
import { type Dialect, writeTransaction } from '../../db/dialect.js'
import type { Database, OperatorInvitationTable, OperatorRoleColumn } from '../../db/schema.js'
import { type AuditRecord, insertAudit } from './audit.repository.js'

/** Gives the user the role on the channel (a new operator, or a changed role); answers the row's id and what it was. */
async function upsertRole(
  trx: Kysely<Database>,
  channelId: number,
  userId: number,
  role: OperatorRoleColumn,
  now: number,
) {
  const before = await findInChannel(trx, 'channel_operators', channelId, { user_id: userId }, ['id', 'role'])
  if (before) {
    await trx.updateTable('channel_operators').set({ role, updated_at: now }).where('id', '=', before.id).execute()
    return { id: before.id, before }
  }
  const inserted = await trx
    .insertInto('channel_operators')
    .values({ channel_id: channelId, user_id: userId, role, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: inserted.id, before: null }
}

/**
 * How many owners the channel has, their rows locked until the transaction ends on PostgreSQL (SQLite's
 * write transaction holds the whole database): of two concurrent demotions of its two owners, the
 * second counts what the first left and is refused.
 */
async function ownersOf(trx: Kysely<Database>, dialect: Dialect, channelId: number) {
  let q = trx
    .selectFrom('channel_operators')
    .select('id')
    .where('channel_id', '=', channelId)
    .where('role', '=', 'owner')
  if (dialect === 'postgres') q = q.forUpdate()
  return (await q.execute()).length
}

/** What the console and the invitation page show of an invitation. */
const invitationColumns = [
  'operator_invitations.id',
  'operator_invitations.email',
  'operator_invitations.role',
  'operator_invitations.expires_at',
] as const

/** The only code that queries operators, invitations, second factors and the sessions that passed one. */
export class OperatorsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** The user's role on the channel, with what the console shows of the person. */
  operator(channelId: number, userId: number) {
    return this.operatorsOf(channelId)
      .where('channel_operators.user_id', '=', userId)
      .where('users.channel_id', '=', channelId)
      .executeTakeFirst()
  }

  findOperator(channelId: number, id: number) {
    return this.operatorsOf(channelId).where('channel_operators.id', '=', id).executeTakeFirst()
  }

  listOperators(channelId: number) {
    return this.operatorsOf(channelId).orderBy('channel_operators.id').execute()
  }

  /** The channel's operators, each with what the console shows of the person. */
  private operatorsOf(channelId: number) {
    return this.db
      .selectFrom('channel_operators')
      .innerJoin('users', 'users.id', 'channel_operators.user_id')
      .select([
        'channel_operators.id',
        'channel_operators.role',
        'channel_operators.created_at',
        'users.id as user_id',
        'users.email',
        'users.first_name',
        'users.last_name',
      ])
      .where('channel_operators.channel_id', '=', channelId)
  }

  /** Gives the user the role (or changes it), recording it. */
  setRole(channelId: number, userId: number, role: OperatorRoleColumn, now: number, audit?: AuditRecord) {
    return writeTransaction(this.db, this.dialect, async (trx) => {
      const { id } = await upsertRole(trx, channelId, userId, role, now)
      if (audit) await insertAudit(trx, { ...audit, resource_id: String(id) })
      return id
    })
  }

  /**
   * Changes an operator's role or removes them (role null), unless that leaves the channel without an
   * owner: the check and the write are one transaction. Answers 'gone', 'last-owner' or the row before.
   */
  changeOperator(channelId: number, id: number, role: OperatorRoleColumn | null, now: number, audit: AuditRecord) {
    return writeTransaction(this.db, this.dialect, async (trx) => {
      const row = await findInChannel(trx, 'channel_operators', channelId, { id }, ['id', 'role', 'user_id'])
      if (!row) return 'gone' as const
      if (row.role === 'owner' && role !== 'owner' && (await ownersOf(trx, this.dialect, channelId)) <= 1)
        return 'last-owner' as const
      if (role === null) await trx.deleteFrom('channel_operators').where('id', '=', id).execute()
      else await trx.updateTable('channel_operators').set({ role, updated_at: now }).where('id', '=', id).execute()
      await insertAudit(trx, {
        ...audit,
        resource_id: String(id),
        before: { ...row },
        after: role === null ? null : { ...row, role },
      })
      return row
    })
  }

  async createInvitation(values: Omit<Insertable<OperatorInvitationTable>, 'id' | 'used_at'>, audit?: AuditRecord) {
    return writeTransaction(this.db, this.dialect, async (trx) => {
      const { id } = await trx
        .insertInto('operator_invitations')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow()
      if (audit)
        await insertAudit(trx, {
          ...audit,
          resource_id: String(id),
          after: { email: values.email, role: values.role, expires_at: values.expires_at },
        })
      return id
    })
  }

  /** The channel's invitations still open, newest first. */
  pendingInvitations(channelId: number, now: number) {
    return this.openInvitations(now)
      .leftJoin('users', 'users.id', 'operator_invitations.invited_by')
      .select([...invitationColumns, 'operator_invitations.created_at', 'users.email as invited_by_email'])
      .where('operator_invitations.channel_id', '=', channelId)
      .orderBy('operator_invitations.id', 'desc')
      .execute()
  }

  /** Withdraws an open invitation (its link stops working), recording it. False when there is none. */
  revokeInvitation(channelId: number, id: number, now: number, audit: AuditRecord) {
    return writeTransaction(this.db, this.dialect, async (trx) => {
      const row = await trx
        .selectFrom('operator_invitations')
        .select(['id', 'email', 'role', 'expires_at'])
        .where('channel_id', '=', channelId)
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst()
      if (!row) return false
      await trx
        .updateTable('operator_invitations')
        .set({ used_at: now, expires_at: now })
        .where('id', '=', id)
        .execute()
      await insertAudit(trx, { ...audit, resource_id: String(id), before: { ...row }, after: null })
      return true
    })
  }

  /** An invitation still open (not used, not expired), by its token's hash. */
  openInvitation(tokenHash: string, now: number) {
    return this.openInvitations(now)
      .innerJoin('channels', 'channels.id', 'operator_invitations.channel_id')
      .select([
        ...invitationColumns,
        'operator_invitations.channel_id',
        'channels.key as channel_key',
        'channels.name as channel_name',
      ])
      .where('operator_invitations.token_hash', '=', tokenHash)
      .executeTakeFirst()
  }

  /** Invitations still open: not used, not expired. */
  private openInvitations(now: number) {
    return this.db
      .selectFrom('operator_invitations')
      .where('operator_invitations.used_at', 'is', null)
      .where('operator_invitations.expires_at', '>', now)
  }

  /**
   * Uses the invitation once and gives the user its role, in one transaction: of two concurrent
   * accepts exactly one wins. The invitation's role is what an owner chose, so it replaces a role the
   * user had, unless that leaves the channel without an owner (the check, as `changeOperator`'s, in the
   * same transaction; the invitation stays open). Answers 'used' when the link was used already,
   * 'last-owner', or 'accepted'.
   */
  acceptInvitation(id: number, channelId: number, userId: number, role: OperatorRoleColumn, now: number) {
    return writeTransaction(this.db, this.dialect, async (trx) => {
      const current = await findInChannel(trx, 'channel_operators', channelId, { user_id: userId }, ['role'])
      if (current?.role === 'owner' && role !== 'owner' && (await ownersOf(trx, this.dialect, channelId)) <= 1)
        return 'last-owner' as const
      const used = await trx
        .updateTable('operator_invitations')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst()
      if (Number(used.numUpdatedRows) === 0) return 'used' as const
      const { id: opId, before: existing } = await upsertRole(trx, channelId, userId, role, now)
      const before = existing ? { id: existing.id } : null
      const user = await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst()
      await insertAudit(trx, {
        channel_id: channelId,
        user_id: userId,
        user_email: user?.email ?? null,
        resource: 'operators',
        resource_id: String(opId),
        action: 'accept',
        before,
        after: { user_id: userId, role, invitation_id: id },
        created_at: now,
      })
      return 'accepted' as const
    })
  }

  // TOTP

  totp(userId: number) {
    return this.db.selectFrom('operator_totp').selectAll().where('user_id', '=', userId).executeTakeFirst()
  }

  async saveTotpSecret(userId: number, secret: string, now: number) {
    await this.db.deleteFrom('operator_totp').where('user_id', '=', userId).where('enabled_at', 'is', null).execute()
    await this.db
      .insertInto('operator_totp')
      .values({ user_id: userId, secret, enabled_at: null, created_at: now })
      .execute()
  }

  /** Takes time step `step` for the user, once: false when it (or a later one) was used already. */
  async useStep(userId: number, step: number) {
    const res = await this.db
      .updateTable('operator_totp')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where('last_step', '<', step)
      .executeTakeFirst()
    return Number(res.numUpdatedRows) > 0
  }

  /** Turns the second factor on (a date) or off (null), recording it (never the secret). */
  setTotp(userId: number, enabledAt: number | null, audit: AuditRecord) {
    return writeTransaction(this.db, this.dialect, async (trx) => {
      if (enabledAt === null) await trx.deleteFrom('operator_totp').where('user_id', '=', userId).execute()
      else await trx.updateTable('operator_totp').set({ enabled_at: enabledAt }).where('user_id', '=', userId).execute()
      await insertAudit(trx, {
        ...audit,
        resource_id: String(userId),
        before: { second_factor: enabledAt === null },
        after: { second_factor: enabledAt !== null },
      })
    })
  }

  async sessionVerified(apiKeyId: number) {
    const row = await this.db
      .selectFrom('operator_session_factors')
      .select('verified_at')
      .where('api_key_id', '=', apiKeyId)
      .executeTakeFirst()
    return row !== undefined
  }

  async markSessionVerified(apiKeyId: number, now: number) {
    await this.db
      .insertInto('operator_session_factors')
      .values({ api_key_id: apiKeyId, verified_at: now })
      .onConflict((oc) => oc.column('api_key_id').doUpdateSet({ verified_at: now }))
      .execute()
  }
}
