import {
  type AdminCustomer,
  type AdminCustomerDetail,
  type AdminCustomersQuery,
  type OperatorRole,
  outranks,
} from '@fieldhouse/contract'
import { conflict, forbidden, found, notFound } from '../../lib/errors.js'
import type { AuditSink, Operator } from '../../lib/operator.js'
import type { AccountsService } from '../accounts/accounts.service.js'
import type { KeysService } from '../keys/keys.service.js'
import type { CustomersRepository } from './customers.repository.js'

type CustomerRow = NonNullable<Awaited<ReturnType<CustomersRepository['find']>>>

/** The console's words for what it refuses to do to a customer. */
export const customerMessages = {
  operatorNotBlocked: 'An operator of this channel cannot be blocked. Take away their role first.',
  operatorAbove: 'This customer is an operator of a role above yours: only their role or a higher one may mail them.',
} as const

function present(r: CustomerRow): AdminCustomer {
  return {
    id: r.id,
    email: r.email,
    first_name: r.first_name,
    last_name: r.last_name,
    verified: r.email_verified_at !== null,
    created_at: Number(r.created_at),
    blocked_at: r.blocked_at === null ? null : Number(r.blocked_at),
    operator_role: (r.operator_role as OperatorRole | null) ?? null,
  }
}

/**
 * The console's customers (decision 0038): the viewers of the operator's channel, what they hold and
 * bought, and what an operator does for one. The route's role was checked by the session plugin; every
 * read and write here is scoped to the operator's channel (another channel's viewer is not found), and
 * every action is written to the audit log.
 */
export class CustomersService {
  constructor(
    private readonly repo: CustomersRepository,
    private readonly deps: {
      accounts: AccountsService
      keys: KeysService
      audit: AuditSink
      clock: () => number
    },
  ) {}

  async list(op: Operator, q: AdminCustomersQuery) {
    const { rows, total } = await this.repo.list(op.session.channel.id, q)
    return { data: rows.map(present), meta: { total, offset: q.offset, limit: q.limit } }
  }

  private async customer(op: Operator, id: number) {
    return found(await this.repo.find(op.session.channel.id, id), 'customer')
  }

  /** One viewer: the account, the passes held, the latest orders, clips and the capabilities. */
  async detail(op: Operator, id: number): Promise<AdminCustomerDetail> {
    const row = await this.customer(op, id)
    const user = await this.deps.accounts.user(op.session.channel.id, id)
    if (!user) throw notFound('customer')
    const [passes, orders, access] = await Promise.all([
      this.repo.heldPasses(id, this.deps.clock()),
      this.repo.orders(op.session.channel.id, id),
      this.deps.accounts.accessOf(user),
    ])
    return {
      ...present(row),
      passes: passes.map((p) => ({
        order_id: p.order_id,
        pass: { id: p.pass_id, name: p.pass_name, kind: p.pass_kind },
        activity_status: p.activity_status,
        period_end: p.period_end === null ? null : Number(p.period_end),
        auto_renew: p.auto_renew === 1,
        complimentary: p.complimentary === 1,
      })),
      orders: orders.rows.map((o) => ({
        id: o.id,
        created_at: Number(o.created_at),
        pass_name: o.pass_name,
        status: o.status,
        activity_status: o.activity_status,
        amount: o.amount,
        currency: o.currency,
        complimentary: o.complimentary === 1,
      })),
      orders_total: orders.total,
      capabilities: access.capabilities,
      feature_count: access.featureCount,
      trial_period_used: access.trial_period_used,
    }
  }

  /**
   * Mails the viewer their verification link again, or a password reset link (the limits of sign-up's).
   * An operator of the channel whose role is above the sender's is refused (decision 0041): a manager
   * does not set off the owner's password reset.
   */
  async mail(op: Operator, id: number, mail: 'verify' | 'reset', origin: string) {
    const row = await this.customer(op, id)
    const role = row.operator_role as OperatorRole | null
    if (role !== null && outranks(role, op.role)) throw forbidden(customerMessages.operatorAbove)
    const user = await this.deps.accounts.user(op.session.channel.id, id)
    if (!user) throw notFound('customer')
    const sent = await this.deps.accounts.mailForOperator(op.session.channel, user, mail, origin)
    await this.deps.audit(op, {
      action: mail === 'verify' ? 'resend-verification' : 'send-password-reset',
      resource: 'users',
      resourceId: id,
      after: { email: user.email },
    })
    return sent
  }

  /**
   * Blocks the viewer: no sign-in from now on, every session and api key ends at once (and with them
   * the streams they play; a player's next token renewal is refused). Blocking a blocked viewer ends
   * their sessions again and keeps the first time. An operator of the channel is not blocked here.
   */
  async block(op: Operator, id: number): Promise<AdminCustomer> {
    const before = await this.customer(op, id)
    if (before.operator_role !== null) throw conflict(customerMessages.operatorNotBlocked)
    const now = this.deps.clock()
    const blockedAt = before.blocked_at === null ? now : Number(before.blocked_at)
    if (before.blocked_at === null) await this.repo.setBlocked(op.session.channel.id, id, blockedAt, now)
    await this.deps.keys.revokeUser(id)
    if (before.blocked_at === null) {
      await this.deps.audit(op, {
        action: 'block',
        resource: 'users',
        resourceId: id,
        before: { blocked_at: null },
        after: { email: before.email, blocked_at: blockedAt },
      })
    }
    return present(await this.customer(op, id))
  }

  /** Lets the viewer sign in again (their old sessions stay ended). Unblocking one not blocked changes nothing. */
  async unblock(op: Operator, id: number): Promise<AdminCustomer> {
    const before = await this.customer(op, id)
    if (before.blocked_at !== null) {
      await this.repo.setBlocked(op.session.channel.id, id, null, this.deps.clock())
      await this.deps.audit(op, {
        action: 'unblock',
        resource: 'users',
        resourceId: id,
        before: { blocked_at: Number(before.blocked_at) },
        after: { email: before.email, blocked_at: null },
      })
    }
    return present(await this.customer(op, id))
  }
}
