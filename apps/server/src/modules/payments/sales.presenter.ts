import type { AdminOrder, AdminRefund } from '@fieldhouse/contract'
import type { RefundRow } from './refunds.repository.js'
import type { SalesRepository } from './sales.repository.js'

type OrderListRow = Awaited<ReturnType<SalesRepository['list']>>['rows'][number]

/** An order as the console's lists show it (decision 0036). */
export function presentAdminOrder(r: OrderListRow): AdminOrder {
  return {
    id: r.id,
    created_at: Number(r.created_at),
    user: { id: r.user_id, email: r.email },
    pass: { id: r.pass_id, name: r.pass_name, kind: r.pass_kind },
    event: r.event_id !== null && r.event_name !== null ? { id: r.event_id, name: r.event_name } : null,
    type: r.type,
    status: r.status,
    activity_status: r.activity_status,
    amount: r.amount,
    refunded: Number(r.refunded ?? 0),
    currency: r.currency,
    coupon_code: r.coupon_code,
    gateway: r.gateway,
    complimentary: r.complimentary === 1,
    auto_renew: r.auto_renew === 1,
    period_end: r.period_end === null ? null : Number(r.period_end),
  }
}

/** A refund as an order's story shows it. */
export function presentAdminRefund(r: RefundRow): AdminRefund {
  return {
    id: r.id,
    amount: r.amount,
    currency: r.currency,
    reason: r.reason,
    status: r.status,
    failure_message: r.failure_message,
    operator_email: r.user_email,
    created_at: Number(r.created_at),
  }
}
