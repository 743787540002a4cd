import { TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildChannel, buildUser } from '../../test/factories.js'
import { buildOperator, memoryMailer } from '../../test/operators.js'
import { operatorMessages } from './operator-messages.js'

const bearer = (key: string) => ({ authorization: `Bearer ${key}` })

describe.each(testDatabases())('operators and invitations on %s', (kind) => {
  let ctx: TestContext
  const mail = memoryMailer()
  const channel = `league-${kind}`
  let ownerKey: string

  beforeAll(async () => {
    ctx = await createTestContext(kind, { mailer: mail })
    await buildChannel(ctx, channel, { name: 'Eastside League', domains: [`east-${kind}.example`] })
    await buildChannel(ctx, `rival-${kind}`)
    ownerKey = (await buildOperator(ctx, channel, 'owner', `owner-${kind}@example.com`)).key
  })
  afterAll(() => ctx.close())

  const tokenOf = (link: string) => link.split('/admin/invitation/')[1] as string

  it('invites by email, and the new person creates an account from the link and is signed in with the role', async () => {
    const invite = await ctx.json('/api/admin/operators', {
      method: 'POST',
      headers: bearer(ownerKey),
      body: { email: `Producer-${kind}@Example.com`, role: 'producer' },
    })
    expect(invite.status).toBe(201)
    expect(invite.body.data).toMatchObject({ email: `producer-${kind}@example.com`, role: 'producer' })
    expect(invite.body.data.expires_at - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000)
    expect(JSON.stringify(invite.body)).not.toContain('/admin/invitation/')
    const sent = mail.sent.at(-1)
    expect(sent?.to).toBe(`producer-${kind}@example.com`)
    expect(sent?.subject).toBe('You are invited to run Eastside League')
    const token = tokenOf(sent?.link ?? '')
    expect(token.length).toBeGreaterThan(30)

    // The page the link opens, as an anonymous visitor of the channel.
    const visitor = await ctx.apiKey(channel)
    const view = await ctx.json(`/api/admin/invitations/${token}`, { headers: bearer(visitor) })
    expect(view.body.data).toEqual({
      channel: { key: channel, name: 'Eastside League' },
      email: `producer-${kind}@example.com`,
      role: 'producer',
      account_exists: false,
      expires_at: invite.body.data.expires_at,
    })
    // Another channel's visitor learns nothing of it.
    expect(
      (await ctx.json(`/api/admin/invitations/${token}`, { headers: bearer(await ctx.apiKey(`rival-${kind}`)) }))
        .status,
    ).toBe(404)

    const missing = await ctx.json(`/api/admin/invitations/${token}/accept`, {
      method: 'POST',
      headers: bearer(visitor),
      body: {},
    })
    expect(missing.status).toBe(422)
    expect(Object.keys(missing.body.errors).sort()).toEqual(['first_name', 'last_name', 'password'])

    const accepted = await ctx.json(`/api/admin/invitations/${token}/accept`, {
      method: 'POST',
      headers: bearer(visitor),
      body: { password: 'a long passphrase 9', first_name: 'Pat', last_name: 'Lee' },
    })
    expect(accepted.status).toBe(200)
    expect(accepted.body.data.role).toBe('producer')
    const me = await ctx.json('/api/admin/me', { headers: bearer(accepted.body.data.api_key) })
    expect(me.body.data).toMatchObject({
      role: 'producer',
      user: { email: `producer-${kind}@example.com`, first_name: 'Pat' },
    })
    // The anonymous key it replaced is gone (no session fixation), and the link works once.
    expect((await ctx.json('/api/admin/me', { headers: bearer(visitor) })).status).toBe(401)
    const again = await ctx.json(`/api/admin/invitations/${token}/accept`, {
      method: 'POST',
      headers: bearer(await ctx.apiKey(channel)),
      body: { password: 'a long passphrase 9', first_name: 'Pat', last_name: 'Lee' },
    })
    expect(again.status).toBe(404)
    // The same account signs in like any viewer.
    const login = await ctx.json('/api/v2/auth/login', {
      method: 'POST',
      headers: bearer(await ctx.apiKey(channel)),
      body: { email: `producer-${kind}@example.com`, password: 'a long passphrase 9' },
    })
    expect(login.status).toBe(200)

    const audit = await ctx.json('/api/admin/audit-log?resource=operators', { headers: bearer(ownerKey) })
    expect(audit.body.data.map((e: { action: string }) => e.action)).toEqual(['accept', 'invite'])
  })

  it('lets an existing account accept only when signed in with the invited address', async () => {
    const existing = await buildUser(ctx, {
      channelKey: channel,
      email: `viewer-${kind}@example.com`,
      password: 'pass word 123',
    })
    const link = (
      await ctx.app.services.admin.operators.invite(
        (await ctx.app.services.channels.findByKey(channel))!,
        { email: existing.email, role: 'support' },
        null,
        'http://x',
      )
    ).link
    const token = tokenOf(link)
    const visitor = await ctx.apiKey(channel)
    expect(
      (await ctx.json(`/api/admin/invitations/${token}`, { headers: bearer(visitor) })).body.data.account_exists,
    ).toBe(true)
    const anonymous = await ctx.json(`/api/admin/invitations/${token}/accept`, {
      method: 'POST',
      headers: bearer(visitor),
      body: { password: 'x'.repeat(12), first_name: 'A', last_name: 'B' },
    })
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.message).toBe(operatorMessages.signInFirst)
    const someoneElse = await buildOperator(ctx, channel, 'support')
    expect(
      (
        await ctx.json(`/api/admin/invitations/${token}/accept`, {
          method: 'POST',
          headers: bearer(someoneElse.key),
          body: {},
        })
      ).status,
    ).toBe(403)
    const own = await ctx.app.services.keys.issue(existing.channel_id, existing.id)
    const ok = await ctx.json(`/api/admin/invitations/${token}/accept`, {
      method: 'POST',
      headers: bearer(own),
      body: {},
    })
    expect(ok.status).toBe(200)
    expect(ok.body.data.api_key).toBeNull()
    expect((await ctx.json('/api/admin/me', { headers: bearer(own) })).body.data.role).toBe('support')
  })

  it('refuses the only owner an invitation to a lesser role, leaving the link open; of two owners, one steps down', async () => {
    const solo = `solo-${kind}`
    await buildChannel(ctx, solo)
    const soloChannel = (await ctx.app.services.channels.findByKey(solo))!
    const first = await buildOperator(ctx, solo, 'owner')
    const invite = async (email: string) =>
      tokenOf(
        (await ctx.app.services.admin.operators.invite(soloChannel, { email, role: 'support' }, null, 'http://x')).link,
      )
    const accept = (token: string, key: string) =>
      ctx.json(`/api/admin/invitations/${token}/accept`, { method: 'POST', headers: bearer(key), body: {} })

    const token = await invite(first.user.email)
    const refused = await accept(token, first.key)
    expect(refused).toMatchObject({ status: 409, body: { message: operatorMessages.lastOwner } })
    expect((await ctx.json('/api/admin/me', { headers: bearer(first.key) })).body.data.role).toBe('owner')
    // The link is not used up: once someone else is owner, it can be accepted.
    expect((await ctx.json(`/api/admin/invitations/${token}`, { headers: bearer(first.key) })).status).toBe(200)

    // Two owners each accepting a lesser role at once: one of them stays owner.
    const second = await buildOperator(ctx, solo, 'owner')
    const secondToken = await invite(second.user.email)
    const [a, b] = await Promise.all([accept(token, first.key), accept(secondToken, second.key)])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    const roles = await Promise.all(
      [first.key, second.key].map(
        async (k) => (await ctx.json('/api/admin/me', { headers: bearer(k) })).body.data.role,
      ),
    )
    expect(roles.sort()).toEqual(['owner', 'support'])
  })

  it('lists open invitations to owners and withdraws one, whose link then stops working', async () => {
    await ctx.json('/api/admin/operators', {
      method: 'POST',
      headers: bearer(ownerKey),
      body: { email: `pending-${kind}@example.com`, role: 'manager' },
    })
    const token = tokenOf(mail.sent.at(-1)?.link ?? '')
    const pending = await ctx.json('/api/admin/operator-invitations', { headers: bearer(ownerKey) })
    const row = pending.body.data.find((i: { email: string }) => i.email === `pending-${kind}@example.com`)
    expect(row).toMatchObject({ role: 'manager', invited_by_email: `owner-${kind}@example.com` })
    expect(JSON.stringify(pending.body)).not.toContain(token)
    expect(
      (await ctx.request(`/api/admin/operator-invitations/${row.id}`, { method: 'DELETE', headers: bearer(ownerKey) }))
        .status,
    ).toBe(204)
    expect(
      (await ctx.json(`/api/admin/invitations/${token}`, { headers: bearer(await ctx.apiKey(channel)) })).status,
    ).toBe(404)
    const after = await ctx.json('/api/admin/operator-invitations', { headers: bearer(ownerKey) })
    expect(after.body.data.map((i: { id: number }) => i.id)).not.toContain(row.id)
  })

  it('signs operators in as viewers are: the same throttle and the same answer for an unknown address', async () => {
    const op = await buildOperator(ctx, channel, 'manager', `throttled-${kind}@example.com`)
    const attempt = async (email: string) =>
      ctx.json('/api/v2/auth/login', {
        method: 'POST',
        headers: bearer(await ctx.apiKey(channel)),
        body: { email, password: 'not the password' },
      })
    const unknown = await attempt(`nobody-${kind}@example.com`)
    const wrong = await attempt(op.user.email)
    expect(wrong.status).toBe(unknown.status)
    expect(wrong.body).toEqual(unknown.body)
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await attempt(op.user.email)).status)
    expect(statuses).toContain(429)
  })

  it('refuses an expired link', async () => {
    const ch = (await ctx.app.services.channels.findByKey(channel))!
    const { link } = await ctx.app.services.admin.operators.invite(
      ch,
      { email: `late-${kind}@example.com`, role: 'manager' },
      null,
      'http://x',
    )
    await ctx.db.kysely
      .updateTable('operator_invitations')
      .set({ expires_at: Date.now() - 1 })
      .where('email', '=', `late-${kind}@example.com`)
      .execute()
    expect(
      (await ctx.json(`/api/admin/invitations/${tokenOf(link)}`, { headers: bearer(await ctx.apiKey(channel)) }))
        .status,
    ).toBe(404)
  })

  it('changes roles and removes operators, but never the last owner', async () => {
    const list = await ctx.json('/api/admin/operators', { headers: bearer(ownerKey) })
    const me = list.body.data.find((o: { email: string }) => o.email === `owner-${kind}@example.com`)
    const demote = await ctx.json(`/api/admin/operators/${me.id}`, {
      method: 'PATCH',
      headers: bearer(ownerKey),
      body: { role: 'manager' },
    })
    expect(demote.status).toBe(409)
    expect(demote.body.message).toBe(operatorMessages.lastOwner)
    expect(
      (await ctx.request(`/api/admin/operators/${me.id}`, { method: 'DELETE', headers: bearer(ownerKey) })).status,
    ).toBe(409)

    const second = await buildOperator(ctx, channel, 'support')
    const row = (await ctx.json('/api/admin/operators', { headers: bearer(ownerKey) })).body.data.find(
      (o: { user_id: number }) => o.user_id === second.user.id,
    )
    const promoted = await ctx.json(`/api/admin/operators/${row.id}`, {
      method: 'PATCH',
      headers: bearer(ownerKey),
      body: { role: 'owner' },
    })
    expect(promoted.body.data.role).toBe('owner')
    // Now there are two owners: the first may step down.
    expect(
      (
        await ctx.json(`/api/admin/operators/${me.id}`, {
          method: 'PATCH',
          headers: bearer(ownerKey),
          body: { role: 'manager' },
        })
      ).status,
    ).toBe(200)
    expect((await ctx.json('/api/admin/operators', { headers: bearer(ownerKey) })).status).toBe(403)
    expect(
      (await ctx.request(`/api/admin/operators/${me.id}`, { method: 'DELETE', headers: bearer(second.key) })).status,
    ).toBe(204)
    expect((await ctx.json('/api/admin/me', { headers: bearer(ownerKey) })).status).toBe(403)
    const audit = await ctx.json('/api/admin/audit-log?resource=operators&action=update', {
      headers: bearer(second.key),
    })
    expect(audit.body.data[0]).toMatchObject({ before: { role: 'owner' }, after: { role: 'manager' } })
    const bad = await ctx.json(`/api/admin/operators/${row.id}`, {
      method: 'PATCH',
      headers: bearer(second.key),
      body: { role: 'admin' },
    })
    expect(bad.status).toBe(422)
    ownerKey = second.key
  })

  it('turns on a TOTP second factor; then admin calls need a verified session, and codes are throttled', async () => {
    const manager = await buildOperator(ctx, channel, 'manager')
    const setup = await ctx.json('/api/admin/me/totp', { method: 'POST', headers: bearer(manager.key) })
    expect(setup.status).toBe(200)
    expect(setup.body.data.otpauth_uri).toMatch(/^otpauth:\/\/totp\//)
    const totp = new TOTP({ secret: setup.body.data.secret })
    const stored = await ctx.db.kysely
      .selectFrom('operator_totp')
      .select('secret')
      .where('user_id', '=', manager.user.id)
      .executeTakeFirstOrThrow()
    expect(stored.secret).not.toContain(setup.body.data.secret)

    expect(
      (
        await ctx.json('/api/admin/me/totp/confirm', {
          method: 'POST',
          headers: bearer(manager.key),
          body: { code: '12345' },
        })
      ).status,
    ).toBe(422)
    const confirm = await ctx.request('/api/admin/me/totp/confirm', {
      method: 'POST',
      headers: bearer(manager.key),
      body: { code: totp.generate() },
    })
    expect(confirm.status).toBe(204)
    // The session that confirmed is verified; a new sign-in is not until it passes a code.
    expect((await ctx.json('/api/admin/faq', { headers: bearer(manager.key) })).status).toBe(200)
    const fresh = await ctx.app.services.keys.issue(manager.user.channel_id, manager.user.id)
    const blocked = await ctx.json('/api/admin/faq', { headers: bearer(fresh) })
    expect(blocked.status).toBe(403)
    expect(blocked.body.message).toBe(operatorMessages.secondFactorRequired)
    expect((await ctx.json('/api/admin/me', { headers: bearer(fresh) })).body.data.totp).toEqual({
      available: true,
      enabled: true,
      verified: false,
    })
    // The code just used does not work twice.
    const reused = await ctx.json('/api/admin/me/totp/verify', {
      method: 'POST',
      headers: bearer(fresh),
      body: { code: totp.generate() },
    })
    expect(reused.status).toBe(422)
    const next = totp.generate({ timestamp: Date.now() + 30_000 })
    expect(
      (await ctx.request('/api/admin/me/totp/verify', { method: 'POST', headers: bearer(fresh), body: { code: next } }))
        .status,
    ).toBe(204)
    expect((await ctx.json('/api/admin/faq', { headers: bearer(fresh) })).status).toBe(200)

    // Wrong codes: after a few, the operator waits.
    const statuses: number[] = []
    for (let i = 0; i < 7; i++)
      statuses.push(
        (
          await ctx.json('/api/admin/me/totp/verify', {
            method: 'POST',
            headers: bearer(fresh),
            body: { code: '000000' },
          })
        ).status,
      )
    expect(statuses).toContain(429)

    // Turning it off takes a current code; both changes are in the audit log.
    expect(
      (await ctx.json('/api/admin/me/totp', { method: 'DELETE', headers: bearer(fresh), body: { code: '000000' } }))
        .status,
    ).not.toBe(204)
    expect((await ctx.json('/api/admin/me', { headers: bearer(fresh) })).body.data.totp.enabled).toBe(true)
    const owner = await buildOperator(ctx, channel, 'owner')
    const audit = await ctx.json('/api/admin/audit-log?resource=operators&action=totp-on', {
      headers: bearer(owner.key),
    })
    expect(audit.body.data[0]).toMatchObject({ user_id: manager.user.id, after: { second_factor: true } })
    expect(JSON.stringify(audit.body)).not.toContain(setup.body.data.secret)

    // A producer cannot turn one on.
    const producer = await buildOperator(ctx, channel, 'producer')
    expect((await ctx.json('/api/admin/me/totp', { method: 'POST', headers: bearer(producer.key) })).status).toBe(403)
  })
})
