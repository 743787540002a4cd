import { randomUUID } from 'node:crypto'
import { minuteText, moneyInput } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { testDatabases } from '../../test/context.js'
import { buildChannel, buildUser } from '../../test/factories.js'
import { buildOperator, sampleInput } from '../../test/operators.js'
import { createSale, samplePass } from '../../test/sales.js'
import {
  byKind,
  ctx,
  eventPass,
  paidEvent,
  post,
  settled,
  until,
  usePaymentsContext,
  VISA,
} from './payments.test-support.js'

const key = () => randomUUID()
const auth = (k: string) => ({ authorization: `Bearer ${k}` })

/** The cells a spreadsheet reads from a CSV line splitting on `separator`: quotes count at a cell's start only. */
function cellsOf(line: string, separator: string): string[] {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string
    if (quoted && c === '"' && line[i + 1] === '"') {
      cell += '"'
      i += 1
    } else if (quoted && c === '"') quoted = false
    else if (quoted) cell += c
    else if (c === '"' && cell === '') quoted = true
    else if (c === separator) {
      cells.push(cell)
      cell = ''
    } else cell += c
  }
  cells.push(cell)
  return cells
}

/** The console's orders, refunds, complimentary passes and revenue, on the offline test gateway. */
describe.each(testDatabases())('the console’s sales on %s', (kind) => {
  usePaymentsContext(kind)

  async function viewer() {
    const user = await buildUser(ctx)
    return { user, key: await ctx.app.services.keys.issue(user.channel_id, user.id) }
  }
  /** A viewer who bought `passId` with a Visa: the paid order. */
  async function bought(passId: number) {
    const v = await viewer()
    const placed = await post('/api/stripe/buy', v.key, { id: passId, card: VISA })
    expect(placed.status).toBeLessThan(300)
    const order = await settled(v.key, placed.body.data.id)
    expect(order.status).toBe('paid')
    return { ...v, orderId: order.id as number }
  }
  const manager = () => buildOperator(ctx, 'demo', 'manager').then((m) => m.key)
  const refund = (op: string, orderId: number, body: object) =>
    ctx.json(`/api/admin/orders/${orderId}/refunds`, { method: 'POST', headers: auth(op), body })
  const playback = (k: string, eventId: number) => ctx.json(`/api/events/${eventId}/playback?api_key=${k}`)

  it('lists orders with search and filters, exports what is shown, and tells an order’s story with its card', async () => {
    const op = await manager()
    const a = await bought(eventPass(paidEvent.id).id)
    const list = await ctx.json(`/api/admin/orders?search=${encodeURIComponent(a.user.email)}`, { headers: auth(op) })
    expect(list.status).toBe(200)
    expect(list.body.meta.total).toBe(1)
    expect(list.body.data[0]).toMatchObject({
      id: a.orderId,
      user: { email: a.user.email },
      status: 'paid',
      activity_status: 'active',
      refunded: 0,
      complimentary: false,
    })
    const byId = await ctx.json(`/api/admin/orders?search=${a.orderId}`, { headers: auth(op) })
    expect(byId.body.data.map((o: { id: number }) => o.id)).toContain(a.orderId)
    const refundedOnly = await ctx.json('/api/admin/orders?status=refunded', { headers: auth(op) })
    expect(refundedOnly.body.data.every((o: { status: string }) => o.status === 'refunded')).toBe(true)
    const future = await ctx.json('/api/admin/orders?from=2099-01-01', { headers: auth(op) })
    expect(future.body.meta.total).toBe(0)
    const bad = await ctx.json('/api/admin/orders?status=gone&from=yesterday', { headers: auth(op) })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['from', 'status'])

    const csv = await ctx.request(`/api/admin/orders/export?search=${encodeURIComponent(a.user.email)}`, {
      headers: auth(op),
    })
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const lines = (await csv.text()).trim().split('\r\n')
    expect(lines).toHaveLength(2)
    expect(lines[0]).toBe('id,created_at,email,pass,event,status,access,amount,refunded,currency')
    expect(lines[1]).toContain(`${a.orderId},`)
    expect(lines[1]).toContain(a.user.email)
    // The time on the channel's clock, as the list's day filters read it (decision 0019); amounts as
    // plain numbers in the currency's own digits.
    const channel = await ctx.db.kysely
      .selectFrom('channels')
      .select(['time_zone', 'currency'])
      .where('key', '=', 'demo')
      .executeTakeFirstOrThrow()
    const [, createdAt, , , , , , amount, refunded, currency] = cellsOf(lines[1] as string, ',')
    expect(createdAt).toBe(minuteText(list.body.data[0].created_at, channel.time_zone))
    expect(amount).toBe(moneyInput(list.body.data[0].amount, channel.currency))
    expect(amount).toMatch(/^\d+\.\d{2}$/)
    expect(refunded).toBe('0.00')
    expect(currency).toBe(channel.currency)

    const story = await ctx.json(`/api/admin/orders/${a.orderId}`, { headers: auth(op) })
    expect(story.body.data).toMatchObject({
      id: a.orderId,
      card: { brand: 'visa', last4: '4242' },
      refunds: [],
      transactions: [{ type: 'Purchase' }],
    })
    expect(story.body.data.events.map((e: { type: string }) => e.type)).toContain('payment_intent.succeeded')
    expect(story.body.data.refundable).toBe(story.body.data.amount)
    // The card is the brand and last four: no number, expiry or provider id anywhere in the answer.
    expect(JSON.stringify(story.body)).not.toMatch(/4242424242424242|2034|pi_test_/)
  })

  it('exports a pass named like a formula as text, whatever separator the spreadsheet splits on', async () => {
    const op = await manager()
    const name = "Final;=cmd|' /C calc'!A0"
    const pass = await createSale(ctx, op, 'passes', samplePass({ name }))
    const v = await viewer()
    const granted = await ctx.json('/api/admin/orders', {
      method: 'POST',
      headers: auth(op),
      body: { user_id: v.user.id, pass_id: pass.id, idempotency_key: key() },
    })
    expect(granted.status).toBe(201)
    const csv = await ctx.request(`/api/admin/orders/export?search=${encodeURIComponent(v.user.email)}`, {
      headers: auth(op),
    })
    const line = (await csv.text()).trim().split('\r\n')[1] as string
    // Read with the file's own separator: the name is one cell, as given (but for the mark that keeps it text).
    const cells = cellsOf(line, ',')
    expect(cells).toHaveLength(10)
    expect(cells[3]?.replaceAll("'=", '=')).toBe(name)
    // Read in a locale whose separator is `;` (or tab): no cell is a formula.
    for (const separator of [',', ';', '\t'])
      for (const cell of cellsOf(line, separator))
        expect([separator, cell]).not.toEqual([separator, expect.stringMatching(/^[=+\-@\t\r]/)])
  })

  it('refunds part, then the rest once however often asked; the full refund shuts the player at its next renewal', async () => {
    const op = await manager()
    const a = await bought(eventPass(paidEvent.id).id)
    expect((await playback(a.key, paidEvent.id)).status).not.toBe(403)
    const amount = (await ctx.json(`/api/admin/orders/${a.orderId}`, { headers: auth(op) })).body.data.amount as number

    const part = await refund(op, a.orderId, {
      amount: 100,
      reason: 'Stream dropped in the 3rd',
      idempotency_key: key(),
    })
    expect(part.status).toBe(201)
    expect(part.body.data).toMatchObject({ amount: 100, status: 'succeeded' })
    // A partial refund leaves the pass open.
    expect((await playback(a.key, paidEvent.id)).status).not.toBe(403)
    const tooMuch = await refund(op, a.orderId, { amount, reason: 'Cancelled', idempotency_key: key() })
    expect(tooMuch.status).toBe(422)
    expect(tooMuch.body.errors.amount[0]).toMatch(/^At most .* can still be refunded\.$/)

    const k = key()
    const [one, two] = await Promise.all([
      refund(op, a.orderId, { reason: 'Game cancelled', idempotency_key: k }),
      refund(op, a.orderId, { reason: 'Game cancelled', idempotency_key: k }),
    ])
    // One of them asks the provider; the other answers the same refund, made or still being made (202).
    expect([one.status, two.status]).toContain(201)
    expect([201, 202]).toContain(one.status)
    expect([201, 202]).toContain(two.status)
    expect(one.body.data.id).toBe(two.body.data.id)
    expect(one.body.data.amount).toBe(amount - 100)
    const again = await refund(op, a.orderId, { reason: 'Game cancelled', idempotency_key: k })
    expect(again.status).toBe(201)
    expect(again.body.data).toMatchObject({ id: one.body.data.id, status: 'succeeded' })
    // Another key on a refunded order: nothing left.
    const more = await refund(op, a.orderId, { reason: 'Game cancelled', idempotency_key: key() })
    expect(more.status).toBe(409)
    expect(more.body.message).toBe('This order has been refunded in full already.')

    // The gateway refunded once per key: two refunds in all, summing to the order.
    const atGateway = await ctx.db.kysely.selectFrom('test_gateway_refunds').selectAll().execute()
    const order = await ctx.db.kysely
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', a.orderId)
      .executeTakeFirstOrThrow()
    const mine = atGateway.filter((r) => r.payment_id === order.provider_payment_id)
    expect(mine.map((r) => r.amount).reduce((s, n) => s + n, 0)).toBe(amount)
    expect(mine).toHaveLength(2)
    expect(order).toMatchObject({ status: 'refunded', activity_status: 'inactive' })
    // The player's next renewal is refused, and the event offers its passes again.
    const renewal = await playback(a.key, paidEvent.id)
    expect(renewal.status).toBe(403)
    // The provider's charge.refunded event arrives after the console's answer: nothing changes.
    await until(
      async () =>
        (
          await ctx.db.kysely
            .selectFrom('payment_events')
            .select('id')
            .where('order_id', '=', a.orderId)
            .where('type', '=', 'charge.refunded')
            .execute()
        ).length === 2,
      'both charge.refunded events',
    )
    const after = await ctx.json(`/api/admin/orders/${a.orderId}`, { headers: auth(op) })
    expect(after.body.data).toMatchObject({ status: 'refunded', refunded: amount, refundable: 0 })
    expect(after.body.data.refunds.map((r: { status: string }) => r.status)).toEqual(['succeeded', 'succeeded'])
    // Audited, with the operator.
    const audit = await ctx.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('resource', '=', 'refunds')
      .where('resource_id', '=', String(a.orderId))
      .execute()
    expect(audit).toHaveLength(2)
  })

  it('shows the gateway’s refusal and leaves the order as it was', async () => {
    const op = await manager()
    const a = await bought(byKind('addon').id)
    const order = await ctx.db.kysely
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', a.orderId)
      .executeTakeFirstOrThrow()
    // Someone refunded it at the provider's dashboard already: the provider refuses another full refund.
    await ctx.app.services.gateway.refund({
      paymentId: order.provider_payment_id as string,
      amount: order.amount,
      currency: order.currency,
      orderId: order.id,
      reason: 'dashboard',
      idempotencyKey: 'dashboard-refund',
    })
    const res = await refund(op, a.orderId, { reason: 'Duplicate purchase', idempotency_key: key() })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(`Refund amount (${order.amount}) is greater than what is left on the charge.`)
    const story = (await ctx.json(`/api/admin/orders/${a.orderId}`, { headers: auth(op) })).body.data
    expect(story.refunds).toMatchObject([{ status: 'failed', failure_message: res.body.message }])
    const row = await ctx.db.kysely
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', a.orderId)
      .executeTakeFirstOrThrow()
    // The console changed nothing on the order (the dashboard's own event may close it in its time).
    expect(row.amount).toBe(order.amount)
    expect(story.refunded).toBe(0)
  })

  it('refuses what cannot be refunded, and another channel’s orders are not found', async () => {
    const op = await manager()
    const support = (await buildOperator(ctx, 'demo', 'support')).key
    const a = await bought(byKind('addon').id)
    expect((await refund(support, a.orderId, { reason: 'Because', idempotency_key: key() })).status).toBe(403)
    expect((await ctx.json(`/api/admin/orders/${a.orderId}`, { headers: auth(support) })).status).toBe(200)
    const bad = await refund(op, a.orderId, { amount: -5, reason: '', idempotency_key: 'x' })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['amount', 'idempotency_key', 'reason'])
    expect((await refund(op, 999_999, { reason: 'Because', idempotency_key: key() })).status).toBe(404)
  })

  it('refunds every buyer of a cancelled event with a preview and a report, safely twice', async () => {
    const op = await manager()
    const pass = eventPass(paidEvent.id)
    const buyers = [await bought(pass.id), await bought(pass.id)]
    const preview = await ctx.json(`/api/admin/events/${paidEvent.id}/refunds`, { headers: auth(op) })
    expect(preview.status).toBe(200)
    const due = preview.body.data.orders as number
    expect(due).toBeGreaterThanOrEqual(2)
    const body = { reason: 'Game cancelled: weather', idempotency_key: key() }
    const first = await ctx.json(`/api/admin/events/${paidEvent.id}/refunds`, {
      method: 'POST',
      headers: auth(op),
      body,
    })
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ refunded: due, failed: [] })
    expect(first.body.data.totals).toEqual(preview.body.data.totals)
    for (const b of buyers) expect((await playback(b.key, paidEvent.id)).status).toBe(403)
    const twice = await ctx.json(`/api/admin/events/${paidEvent.id}/refunds`, {
      method: 'POST',
      headers: auth(op),
      body,
    })
    expect(twice.body.data).toMatchObject({ refunded: 0, failed: [], totals: [] })
    const fresh = { ...body, idempotency_key: key() }
    const third = await ctx.json(`/api/admin/events/${paidEvent.id}/refunds`, {
      method: 'POST',
      headers: auth(op),
      body: fresh,
    })
    expect(third.body.data.refunded).toBe(0)
    expect((await ctx.json(`/api/admin/events/${paidEvent.id}/refunds`, { headers: auth(op) })).body.data.orders).toBe(
      0,
    )
  })

  it('grants a complimentary pass that opens the event, once per key, and revokes it', async () => {
    const op = await manager()
    const v = await viewer()
    expect((await playback(v.key, paidEvent.id)).status).toBe(403)
    const body = { user_id: v.user.id, pass_id: eventPass(paidEvent.id).id, reason: 'Coach', idempotency_key: key() }
    const granted = await ctx.json('/api/admin/orders', { method: 'POST', headers: auth(op), body })
    expect(granted.status).toBe(201)
    expect(granted.body.data).toMatchObject({ amount: 0, complimentary: true, status: 'paid', refundable: 0 })
    const again = await ctx.json('/api/admin/orders', { method: 'POST', headers: auth(op), body })
    expect(again.body.data.id).toBe(granted.body.data.id)
    expect((await playback(v.key, paidEvent.id)).status).not.toBe(403)
    const refused = await refund(op, granted.body.data.id, { reason: 'Not owed', idempotency_key: key() })
    expect(refused.status).toBe(409)
    const revoke = await ctx.json(`/api/admin/orders/${granted.body.data.id}/revoke`, {
      method: 'POST',
      headers: auth(op),
      body: { idempotency_key: key() },
    })
    expect(revoke.status).toBe(200)
    expect(revoke.body.data.activity_status).toBe('canceled')
    expect((await playback(v.key, paidEvent.id)).status).toBe(403)
    // By the viewer's email too.
    const byEmail = await ctx.json('/api/admin/orders', {
      method: 'POST',
      headers: auth(op),
      body: { email: v.user.email.toUpperCase(), pass_id: byKind('addon').id, idempotency_key: key() },
    })
    expect(byEmail.status).toBe(201)
    expect(byEmail.body.data).toMatchObject({ user: { id: v.user.id }, complimentary: true })
    const unknown = await ctx.json('/api/admin/orders', {
      method: 'POST',
      headers: auth(op),
      body: { email: 'nobody@example.com', pass_id: byKind('addon').id, idempotency_key: key() },
    })
    expect(unknown.status).toBe(422)
    expect(unknown.body.errors.email).toEqual(['No viewer of this channel signed up with this email'])
    const stranger = await ctx.json('/api/admin/orders', {
      method: 'POST',
      headers: auth(op),
      body: { ...body, user_id: 999_999, idempotency_key: key() },
    })
    expect(stranger.status).toBe(422)
  })

  it('grants no complimentary pass naming another channel’s pass or event: not found', async () => {
    const op = await manager()
    const v = await viewer()
    await buildChannel(ctx, 'elsewhere')
    const theirs = (await buildOperator(ctx, 'elsewhere', 'owner')).key
    const made = await ctx.json('/api/admin/events', {
      method: 'POST',
      headers: auth(theirs),
      body: { ...sampleInput('events'), access_mode: 'paid' },
    })
    expect(made.status).toBe(201)
    const theirEvent = made.body.data.id as number
    const theirPass = await createSale(ctx, theirs, 'passes', {
      kind: 'event',
      name: 'Their final',
      price: 500,
      event_id: theirEvent,
    })
    const grant = (body: object) =>
      ctx.json('/api/admin/orders', {
        method: 'POST',
        headers: auth(op),
        body: { user_id: v.user.id, reason: 'Coach', idempotency_key: key(), ...body },
      })
    expect(await grant({ pass_id: theirPass.id })).toMatchObject({ status: 404 })
    // A package of this channel, naming their event.
    expect(await grant({ pass_id: byKind('package').id, event_id: theirEvent })).toMatchObject({ status: 404 })
    expect(await grant({ pass_id: byKind('package').id, event_id: 999_999 })).toMatchObject({ status: 404 })
    const list = await ctx.json(`/api/admin/orders?search=${encodeURIComponent(v.user.email)}`, { headers: auth(op) })
    expect(list.body.meta.total).toBe(0)
    // This channel's package and event still make one.
    expect(await grant({ pass_id: byKind('package').id, event_id: paidEvent.id })).toMatchObject({
      status: 201,
      body: { data: { event: { id: paidEvent.id }, complimentary: true } },
    })
  })

  it('cancels a subscription at the end of its period, or now', async () => {
    const op = await manager()
    const season = byKind('subscription')
    const a = await bought(season.id)
    const cancel = (when: string) =>
      ctx.json(`/api/admin/orders/${a.orderId}/cancel`, {
        method: 'POST',
        headers: auth(op),
        body: { when, idempotency_key: key() },
      })
    const later = await cancel('period_end')
    expect(later.status).toBe(200)
    expect(later.body.data).toMatchObject({ auto_renew: false, activity_status: 'active' })
    const now = await cancel('now')
    expect(now.body.data).toMatchObject({ auto_renew: false, activity_status: 'canceled' })
    expect((await cancel('now')).status).toBe(409)
    const addon = await bought(byKind('addon').id)
    const notSub = await ctx.json(`/api/admin/orders/${addon.orderId}/cancel`, {
      method: 'POST',
      headers: auth(op),
      body: { when: 'now', idempotency_key: key() },
    })
    expect(notSub.status).toBe(409)
  })

  it('sums revenue per day, pass and event to the orders and refunds of the range', async () => {
    const op = await manager()
    const a = await bought(byKind('package').id)
    await refund(op, a.orderId, { amount: 50, reason: 'Goodwill', idempotency_key: key() })
    const today = new Date().toISOString().slice(0, 10)
    const from = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10)
    const to = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)
    const res = await ctx.json(`/api/admin/revenue?from=${from}&to=${to}`, { headers: auth(op) })
    expect(res.status).toBe(200)
    const r = res.body.data
    expect(r.days).toHaveLength(5)
    expect(r.days.some((d: { day: string }) => d.day === today)).toBe(true)
    // The sums are those of the ledger: every payment taken and every refund made on the channel.
    const paid = await ctx.db.kysely.selectFrom('transactions').select(['amount', 'order_id']).execute()
    const back = await ctx.db.kysely.selectFrom('refunds').select('amount').where('status', '=', 'succeeded').execute()
    const gross = paid.reduce((s, t) => s + t.amount, 0)
    const refunds = back.reduce((s, t) => s + t.amount, 0)
    expect(r.totals).toEqual({
      gross,
      refunds,
      net: gross - refunds,
      orders: new Set(paid.filter((t) => t.amount > 0).map((t) => t.order_id)).size,
    })
    const sum = (rows: { gross: number; refunds: number }[], k: 'gross' | 'refunds') =>
      rows.reduce((s, d) => s + d[k], 0)
    expect(sum(r.days, 'gross')).toBe(gross)
    expect(sum(r.days, 'refunds')).toBe(refunds)
    expect(sum(r.passes, 'gross')).toBe(gross)
    const pkg = r.passes.find((p: { pass_id: number }) => p.pass_id === byKind('package').id)
    expect(pkg.refunds).toBeGreaterThanOrEqual(50)
    const backwards = await ctx.json(`/api/admin/revenue?from=${to}&to=${from}`, { headers: auth(op) })
    expect(backwards.status).toBe(422)
    const support = (await buildOperator(ctx, 'demo', 'support')).key
    expect((await ctx.json(`/api/admin/revenue?from=${from}&to=${to}`, { headers: auth(support) })).status).toBe(403)
  })
})
