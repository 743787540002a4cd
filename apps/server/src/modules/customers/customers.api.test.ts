import { messages } from '@fieldhouse/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildChannel, buildUser } from '../../test/factories.js'
import { buildOperator, memoryMailer } from '../../test/operators.js'
import { customerMessages } from './customers.service.js'

const PASSWORD = 'correct horse 42'

/** The console's customers (decision 0038) through HTTP: search, one viewer's page, mails, block and unblock. */
describe.each(testDatabases())('the console’s customers on %s', (kind) => {
  let ctx: TestContext
  const mailer = memoryMailer()
  const keys = {} as Record<'owner' | 'manager' | 'producer' | 'support', string>
  let n = 0
  const email = (name: string) => `${name}-${++n}-${kind}@example.com`
  const auth = (k: string) => ({ authorization: `Bearer ${k}` })
  const get = (k: string, path: string) => ctx.json(path, { headers: auth(k) })
  const post = (k: string, path: string) => ctx.json(path, { method: 'POST', headers: auth(k) })
  const login = async (address: string, password = PASSWORD) =>
    ctx.json('/api/v2/auth/login', { method: 'POST', body: { email: address, password, api_key: await ctx.apiKey() } })

  beforeAll(async () => {
    ctx = await createTestContext(kind, { mailer })
    await buildChannel(ctx, `elsewhere-${kind}`)
    for (const role of ['owner', 'manager', 'producer', 'support'] as const)
      keys[role] = (await buildOperator(ctx, 'demo', role)).key
  })
  afterAll(() => ctx.close())

  /** A pass of the demo channel granting watch and clipping, and a paid, active order of it for the user. */
  async function holdPass(userId: number, channelId: number) {
    const now = Date.now()
    const db = ctx.db.kysely
    const pass = await db
      .insertInto('passes')
      .values({
        ...{ channel_id: channelId, kind: 'subscription', name: `Season ${n}`, description: null, price: 999 },
        ...{ base_price: 999, service_fee: 0, image: null, offer: null, period: 'month', trial_period: 0 },
        ...{ pass_type: 'regular', is_team_pass: 0, event_categories: '[]', participants: '[]', event_id: null },
        ...{ capabilities: '["watch","clipping"]', weight: 0, created_at: now },
      })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow()
    const order = (status: 'paid' | 'failed', activity: 'active' | 'inactive', key: string) =>
      db
        .insertInto('orders')
        .values({
          ...{ channel_id: channelId, user_id: userId, pass_id: pass.id, bundle_id: null, type: 'subscription' },
          ...{ status, activity_status: activity, amount: 999, discount: 0, service_fee: 0, currency: 'USD' },
          ...{ coupon_code: null, event_id: null, event_category_id: null, participant_id: null, gateway: 'test' },
          ...{ idempotency_key: key, provider_payment_id: null, provider_subscription_id: null },
          ...{ period_end: now + 86_400_000, trial_ends_at: null, auto_renew: 1, failure_message: null },
          ...{ provider_updated_at: 0, checkout_terms: null, created_at: now, updated_at: now },
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    const failed = await order('failed', 'inactive', `customers-f-${userId}`)
    const paid = await order('paid', 'active', `customers-p-${userId}`)
    return { pass, paidId: paid.id, failedId: failed.id }
  }

  it('finds viewers by email or name, page by page, only of the operator’s channel', async () => {
    const who = await buildUser(ctx, { email: email('searchable'), firstName: 'Quentin' })
    const theirs = await buildUser(ctx, { channelKey: `elsewhere-${kind}`, email: email('searchable') })
    for (const role of ['manager', 'support', 'owner'] as const) {
      const byEmail = await get(keys[role], `/api/admin/customers?search=${encodeURIComponent(who.email)}`)
      expect(byEmail.status).toBe(200)
      expect(byEmail.body).toMatchObject({ meta: { total: 1 }, data: [{ id: who.id, email: who.email }] })
    }
    const byName = await get(keys.manager, '/api/admin/customers?search=quentin%20viewer')
    expect(byName.body.data.map((c: { id: number }) => c.id)).toEqual([who.id])
    expect(byName.body.data[0]).toMatchObject({ verified: true, blocked_at: null, operator_role: null })
    const all = await get(keys.manager, '/api/admin/customers?search=searchable&limit=100')
    expect(all.body.data.map((c: { id: number }) => c.id)).not.toContain(theirs.id)
    const page = await get(keys.manager, '/api/admin/customers?limit=2&offset=1&sort=email&direction=asc')
    expect(page.body.data).toHaveLength(2)
    expect(page.body.meta).toMatchObject({ offset: 1, limit: 2 })
    expect(page.body.meta.total).toBeGreaterThan(3)
    const bad = await get(keys.manager, '/api/admin/customers?limit=0&blocked=maybe')
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['blocked', 'limit'])
    expect((await get(keys.producer, '/api/admin/customers')).status).toBe(403)
  })

  it('shows one viewer: the account, the pass held, the orders, clips and capabilities; another channel’s is 404', async () => {
    const viewer = await buildUser(ctx, { email: email('holder') })
    const { pass, paidId, failedId } = await holdPass(viewer.id, viewer.channel_id)
    const res = await get(keys.support, `/api/admin/customers/${viewer.id}`)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      id: viewer.id,
      email: viewer.email,
      verified: true,
      blocked_at: null,
      passes: [{ order_id: paidId, pass: { id: pass.id, name: pass.name }, activity_status: 'active' }],
      orders: [
        { id: paidId, status: 'paid', pass_name: pass.name },
        { id: failedId, status: 'failed' },
      ],
      orders_total: 2,
      capabilities: { watch: true, clipping: true, download: false, no_ads: false },
      feature_count: { clips: 0, downloads: 0 },
      trial_period_used: false,
    })
    expect(res.body.data.passes[0].period_end).toBeGreaterThan(Date.now())
    const stranger = await buildUser(ctx, { channelKey: `elsewhere-${kind}` })
    for (const path of ['', '/verification', '/password-reset', '/block', '/unblock']) {
      const method = path ? 'POST' : 'GET'
      const r = await ctx.json(`/api/admin/customers/${stranger.id}${path}`, { method, headers: auth(keys.owner) })
      expect([path, r.status]).toEqual([path, 404])
    }
    expect((await get(keys.manager, '/api/admin/customers/999999')).status).toBe(404)
    expect((await get(keys.manager, '/api/admin/customers/abc')).status).toBe(422)
  })

  it('resends the verification mail to an unverified viewer only, within the per-account limit, audited', async () => {
    const viewer = await buildUser(ctx, { email: email('unverified'), verified: false })
    const sent = await post(keys.support, `/api/admin/customers/${viewer.id}/verification`)
    expect(sent).toMatchObject({ status: 200, body: { data: { status: 'sent', email: viewer.email } } })
    const mail = mailer.sent.filter((m) => m.to === viewer.email).at(-1)
    expect(mail?.subject).toMatch(/Confirm your email address/)
    expect(mail?.link).toMatch(/\/verify-email\?email=/)
    // The link verifies the address and signs the viewer in, as sign-up's does.
    const link = new URL(mail?.link as string)
    const verified = await ctx.json('/api/auth/email-verify', {
      method: 'POST',
      body: { ...Object.fromEntries(link.searchParams), api_key: await ctx.apiKey() },
    })
    expect(verified.status).toBe(200)
    const again = await post(keys.manager, `/api/admin/customers/${viewer.id}/verification`)
    expect(again).toMatchObject({ status: 409, body: { message: messages.emailAlreadyVerified } })

    const other = await buildUser(ctx, { email: email('limited'), verified: false })
    for (let i = 0; i < 3; i++)
      expect((await post(keys.manager, `/api/admin/customers/${other.id}/verification`)).status).toBe(200)
    const limited = await post(keys.manager, `/api/admin/customers/${other.id}/verification`)
    expect(limited.status).toBe(429)
    expect(limited.body.message).toMatch(/sent 3 such mails in the last 15 minutes/)
    const audit = await get(keys.owner, `/api/admin/audit-log?resource=users&resource_id=${viewer.id}`)
    expect(audit.body.data.map((e: { action: string }) => e.action)).toContain('resend-verification')
  })

  it('sends a password reset whose link sets a new password; support may, producers may not', async () => {
    const viewer = await buildUser(ctx, { email: email('forgetful'), password: PASSWORD })
    expect((await post(keys.producer, `/api/admin/customers/${viewer.id}/password-reset`)).status).toBe(403)
    const sent = await post(keys.support, `/api/admin/customers/${viewer.id}/password-reset`)
    expect(sent).toMatchObject({ status: 200, body: { data: { status: 'sent', email: viewer.email } } })
    const mail = mailer.sent.filter((m) => m.to === viewer.email).at(-1)
    expect(mail?.subject).toMatch(/Reset/)
    const { token } = Object.fromEntries(new URL(mail?.link as string).searchParams)
    const reset = await ctx.json('/api/auth/password-reset', {
      method: 'POST',
      body: {
        email: viewer.email,
        token,
        password: 'fresh-start-99',
        password_confirmation: 'fresh-start-99',
        api_key: await ctx.apiKey(),
      },
    })
    expect(reset.status).toBe(200)
    expect((await login(viewer.email, 'fresh-start-99')).status).toBe(200)
    const audit = await get(keys.owner, `/api/admin/audit-log?resource=users&resource_id=${viewer.id}`)
    expect(audit.body.data.map((e: { action: string }) => e.action)).toContain('send-password-reset')
  })

  it('blocks a viewer: sign-in refused with its message, their key stops at once; unblocking lets them in', async () => {
    const viewer = await buildUser(ctx, { email: email('blocked'), password: PASSWORD })
    const { paidId } = await holdPass(viewer.id, viewer.channel_id)
    const key = await ctx.app.services.keys.issue(viewer.channel_id, viewer.id)
    expect((await ctx.json(`/api/profile?api_key=${key}`)).status).toBe(200)

    expect((await post(keys.support, `/api/admin/customers/${viewer.id}/block`)).status).toBe(403)
    const blocked = await post(keys.manager, `/api/admin/customers/${viewer.id}/block`)
    expect(blocked.status).toBe(200)
    expect(blocked.body.data.blocked_at).toBeGreaterThan(0)
    // Their key is refused at once, and a sign-in with the right password is told why.
    const profile = await ctx.json(`/api/profile?api_key=${key}`)
    expect(profile.status).toBe(401)
    expect(profile.body.errors.api_key).toBeDefined()
    const refused = await login(viewer.email)
    expect(refused).toMatchObject({ status: 403, body: { message: messages.accountBlocked } })
    // A wrong password says nothing of the block.
    expect((await login(viewer.email, 'not the password')).body.message).not.toBe(messages.accountBlocked)
    // Blocking again keeps the first time; the page says it; their orders are untouched.
    const twice = await post(keys.owner, `/api/admin/customers/${viewer.id}/block`)
    expect(twice.body.data.blocked_at).toBe(blocked.body.data.blocked_at)
    const page = await get(keys.support, `/api/admin/customers/${viewer.id}`)
    expect(page.body.data).toMatchObject({ blocked_at: blocked.body.data.blocked_at, orders: [{ id: paidId }, {}] })
    const onlyBlocked = await get(keys.manager, `/api/admin/customers?blocked=yes&search=${viewer.email}`)
    expect(onlyBlocked.body.meta.total).toBe(1)

    expect((await post(keys.support, `/api/admin/customers/${viewer.id}/unblock`)).status).toBe(403)
    const unblocked = await post(keys.manager, `/api/admin/customers/${viewer.id}/unblock`)
    expect(unblocked).toMatchObject({ status: 200, body: { data: { blocked_at: null } } })
    expect((await post(keys.manager, `/api/admin/customers/${viewer.id}/unblock`)).status).toBe(200)
    // The old key stays ended; a new sign-in works.
    expect((await ctx.json(`/api/profile?api_key=${key}`)).status).toBe(401)
    expect((await login(viewer.email)).status).toBe(200)

    const audit = await get(keys.owner, `/api/admin/audit-log?resource=users&resource_id=${viewer.id}`)
    const actions = audit.body.data.map((e: { action: string }) => e.action)
    // Once each: repeating a block or an unblock records nothing more.
    expect(actions.filter((a: string) => a === 'block')).toHaveLength(1)
    expect(actions.filter((a: string) => a === 'unblock')).toHaveLength(1)
  })

  it('gives a blocked viewer no session through their verification link either', async () => {
    const viewer = await buildUser(ctx, { email: email('blocked-unverified'), verified: false, password: PASSWORD })
    expect((await post(keys.manager, `/api/admin/customers/${viewer.id}/block`)).status).toBe(200)
    // Refused before anything is mailed: a blocked sign-in does not send a new link.
    const before = mailer.sent.length
    expect((await login(viewer.email)).body.message).toBe(messages.accountBlocked)
    expect(mailer.sent.length).toBe(before)
    expect((await post(keys.support, `/api/admin/customers/${viewer.id}/verification`)).status).toBe(200)
    const link = new URL(mailer.sent.filter((m) => m.to === viewer.email).at(-1)?.link as string)
    const verified = await ctx.json('/api/auth/email-verify', {
      method: 'POST',
      body: { ...Object.fromEntries(link.searchParams), api_key: await ctx.apiKey() },
    })
    expect(verified).toMatchObject({ status: 403, body: { message: messages.accountBlocked } })
  })

  it('sends no account mail to an operator of a role above the sender’s (a manager cannot reset the owner)', async () => {
    const ranks = ['owner', 'manager', 'producer', 'support'] as const
    for (const [rank, target] of ranks.entries()) {
      const operator = await buildOperator(ctx, 'demo', target)
      for (const sender of ['owner', 'manager', 'support'] as const) {
        const above = rank < ranks.indexOf(sender)
        for (const path of ['password-reset', 'verification']) {
          const before = mailer.sent.filter((m) => m.to === operator.user.email).length
          const res = await post(keys[sender], `/api/admin/customers/${operator.user.id}/${path}`)
          const mailed = mailer.sent.filter((m) => m.to === operator.user.email).length - before
          if (above) {
            const refused = [sender, target, path, 403, customerMessages.operatorAbove, 0]
            expect([sender, target, path, res.status, res.body.message, mailed]).toEqual(refused)
          } else if (path === 'password-reset') {
            // The same role or one below: sent (verification answers that the address is verified).
            expect([sender, target, path, res.status, mailed]).toEqual([sender, target, path, 200, 1])
          }
        }
      }
    }
  })

  it('never blocks an operator of the channel', async () => {
    const support = await buildOperator(ctx, 'demo', 'support')
    const res = await post(keys.owner, `/api/admin/customers/${support.user.id}/block`)
    expect(res).toMatchObject({ status: 409, body: { message: customerMessages.operatorNotBlocked } })
    const listed = await get(keys.owner, `/api/admin/customers?search=${encodeURIComponent(support.user.email)}`)
    expect(listed.body.data[0]).toMatchObject({ operator_role: 'support', blocked_at: null })
    expect((await ctx.json(`/api/profile?api_key=${support.key}`)).status).toBe(200)
  })
})
