import {
  dayOf,
  dayStart,
  nextDay,
  REVENUE_DEFAULT_DAYS,
  type Revenue,
  type RevenueQuery,
  salesMessages,
} from '@fieldhouse/contract'
import { invalid } from '../../lib/errors.js'
import type { Operator } from '../../lib/operator.js'
import type { SalesRepository } from './sales.repository.js'

type Sums = { gross: number; refunds: number; net: number; orders: number }
const zero = (): Sums & { ids: Set<number> } => ({ gross: 0, refunds: 0, net: 0, orders: 0, ids: new Set() })

/**
 * The revenue page (decision 0036): over days of the channel's time zone, the money taken (every
 * payment: purchases, first payments and renewals), the console's refunds, what is left, and the
 * orders paid for — per day, per pass and per event.
 */
export class RevenueService {
  constructor(
    private readonly repo: SalesRepository,
    private readonly clock: () => number,
  ) {}

  async revenue(op: Operator, query: RevenueQuery): Promise<Revenue> {
    const tz = op.session.channel.time_zone
    const to = query.to ?? dayOf(this.clock(), tz)
    const from = query.from ?? dayOf(dayStart(to, tz) - (REVENUE_DEFAULT_DAYS - 1) * 86_400_000 + 43_200_000, tz)
    const q = { from, to }
    if (q.to < q.from) throw invalid({ to: [salesMessages.rangeBackwards] })
    const days: string[] = []
    for (let d = q.from; d <= q.to; d = nextDay(d)) {
      days.push(d)
      if (days.length > 366) throw invalid({ to: [salesMessages.rangeTooLong] })
    }
    const start = dayStart(q.from, tz)
    const end = dayStart(nextDay(q.to), tz)
    const channelId = op.session.channel.id
    const [inflow, outflow] = await Promise.all([
      this.repo.moneyIn(channelId, start, end),
      this.repo.moneyOut(channelId, start, end),
    ])
    const total = zero()
    const byDay = new Map(days.map((d) => [d, zero()]))
    const byPass = new Map<number, ReturnType<typeof zero> & { name: string }>()
    const byEvent = new Map<number, ReturnType<typeof zero> & { name: string }>()
    const bucketsOf = (r: {
      created_at: number
      pass_id: number
      pass_name: string
      event_id: number | null
      event_name: string | null
    }) => {
      const pass = byPass.get(r.pass_id) ?? { ...zero(), name: r.pass_name }
      byPass.set(r.pass_id, pass)
      const out = [total, byDay.get(dayOf(Number(r.created_at), tz)), pass]
      if (r.event_id !== null) {
        const event = byEvent.get(r.event_id) ?? { ...zero(), name: r.event_name ?? '' }
        byEvent.set(r.event_id, event)
        out.push(event)
      }
      return out.filter((b): b is ReturnType<typeof zero> => b !== undefined)
    }
    for (const r of inflow) {
      for (const b of bucketsOf(r)) {
        b.gross += r.amount
        if (r.amount > 0) b.ids.add(r.order_id)
      }
    }
    for (const r of outflow) for (const b of bucketsOf(r)) b.refunds += r.amount
    const sums = (b: ReturnType<typeof zero>): Sums => ({
      gross: b.gross,
      refunds: b.refunds,
      net: b.gross - b.refunds,
      orders: b.ids.size,
    })
    return {
      from: q.from,
      to: q.to,
      currency: op.session.channel.currency,
      time_zone: tz,
      totals: sums(total),
      days: days.map((day) => ({ day, ...sums(byDay.get(day) ?? zero()) })),
      passes: [...byPass]
        .map(([pass_id, b]) => ({ pass_id, name: b.name, ...sums(b) }))
        .sort((a, b) => b.gross - a.gross),
      events: [...byEvent]
        .map(([event_id, b]) => ({ event_id, name: b.name, ...sums(b) }))
        .sort((a, b) => b.gross - a.gross),
    }
  }
}
