import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateTo, migrateToLatest } from '../../db/migrate.js'
import { createTestContext, openTestDatabase, type TestContext, testDatabases } from '../../test/context.js'
import { type DnsServer, startDnsServer } from '../../test/dns-server.js'
import { buildChannel, buildUser } from '../../test/factories.js'
import { buildOperator, memoryMailer } from '../../test/operators.js'
import { CHECK_SPACING_MS, domainMessages } from './domains.service.js'
import { operatorMessages } from './operator-messages.js'

/**
 * The channel's domains (decision 0041) through HTTP, with a DNS server on loopback standing in for
 * the domains' DNS: owners alone add, verify and remove them; a new one serves nothing until its TXT
 * record is found; account mails link to the primary verified domain whatever host a request names.
 */
describe.each(testDatabases())('channel domains on %s', (kind) => {
  let ctx: TestContext
  let dns: DnsServer
  const mailer = memoryMailer()
  // The clock the service spaces checks by: a test moves it on rather than waiting.
  let offset = 0
  const later = () => {
    offset += CHECK_SPACING_MS + 1000
  }
  const club = `club-${kind}`
  const rival = `rival-${kind}`
  const primary = `${club}.example`
  const keys = {} as Record<'owner' | 'manager' | 'producer' | 'support' | 'rival', string>
  const auth = (key: string) => ({ authorization: `Bearer ${key}` })
  const call = (key: string, url: string, method = 'GET', body?: unknown) =>
    ctx.json(url, { method, headers: auth(key), ...(body !== undefined ? { body } : {}) })
  /** What a browser at `host` is told its channel is (the keys file the runtime config names). */
  const channelAt = async (host: string) => {
    const config = await ctx.app.inject({ url: '/runtime-config.json', headers: { host } })
    const file = await ctx.app.inject({ url: config.json().keysUrl, headers: { host } })
    return file.statusCode === 200 ? (file.json().channel_key as string) : null
  }

  beforeAll(async () => {
    dns = await startDnsServer()
    ctx = await createTestContext(kind, {
      mailer,
      clock: () => Date.now() + offset,
      env: { DOMAIN_DNS_SERVERS: dns.address, PUBLIC_URL: 'https://fieldhouse.example' },
    })
    await buildChannel(ctx, club, { name: 'Club', domains: [primary, `www.${club}.example`] })
    await buildChannel(ctx, rival, { domains: [`${rival}.example`] })
    for (const role of ['owner', 'manager', 'producer', 'support'] as const)
      keys[role] = (await buildOperator(ctx, club, role)).key
    keys.rival = (await buildOperator(ctx, rival, 'owner')).key
  })
  afterAll(async () => {
    await ctx.close()
    await dns.close()
  })

  it('lets every operator read the domains with their state, and only owners change them (403 for a manager)', async () => {
    for (const role of ['owner', 'manager', 'producer', 'support'] as const) {
      const list = await call(keys[role], '/api/admin/domains')
      expect(list.status).toBe(200)
      expect(list.body.data).toMatchObject([
        { host: primary, state: 'verified', primary: true, record: null },
        { host: `www.${club}.example`, state: 'verified', primary: false, record: null },
      ])
    }
    const { id } = (await call(keys.owner, '/api/admin/domains')).body.data[1]
    for (const role of ['manager', 'producer', 'support'] as const) {
      const add = await call(keys[role], '/api/admin/domains', 'POST', { host: `${role}.attacker.example` })
      expect(add).toMatchObject({ status: 403, body: { message: operatorMessages.notAllowed } })
      expect((await call(keys[role], `/api/admin/domains/${id}/verify`, 'POST')).status).toBe(403)
      expect((await call(keys[role], `/api/admin/domains/${id}`, 'DELETE')).status).toBe(403)
    }
    // Nor through the channel's own form: it no longer takes domains from anyone.
    const patch = await call(keys.manager, '/api/admin/channel', 'PATCH', { domains: ['attacker.example'] })
    expect(patch.status).toBe(422)
    expect(patch.body.errors.domains[0]).toMatch(/by an owner, under Domains/)
    const owners = await call(keys.owner, '/api/admin/channel', 'PATCH', { name: 'Club TV', domains: ['x.example'] })
    expect(owners.status).toBe(422)
    expect((await call(keys.owner, '/api/admin/channel')).body.data).toMatchObject({
      name: 'Club',
      domains: [primary, `www.${club}.example`],
    })
  })

  it('keeps a new domain pending, serving nothing, until its DNS holds the TXT record; says what is wrong', async () => {
    const host = `watch.${club}.example`
    const added = await call(keys.owner, '/api/admin/domains', 'POST', { host: `Watch.${club}.example` })
    expect(added.status).toBe(201)
    expect(added.body.data).toMatchObject({ host, state: 'pending', primary: false, verified_at: null })
    const record = added.body.data.record as { type: string; name: string; value: string }
    expect(record).toMatchObject({ type: 'TXT', name: `_fieldhouse-challenge.${host}` })
    expect(record.value).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // Pending: the host is not the channel's (the default channel answers it), and mails never go there.
    expect(await channelAt(host)).toBe('demo')
    expect(await channelAt(primary)).toBe(club)

    const verify = () => call(keys.owner, `/api/admin/domains/${added.body.data.id}/verify`, 'POST')
    const missing = await verify()
    expect(missing).toMatchObject({ status: 422, body: { message: domainMessages.missing(record.name) } })
    // Checks are spaced: at once again is a 429 with its wait, and the DNS is not asked.
    const asked = dns.asked.length
    const soon = await ctx.request(`/api/admin/domains/${added.body.data.id}/verify`, {
      method: 'POST',
      headers: auth(keys.owner),
    })
    expect(soon.status).toBe(429)
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(((await soon.json()) as { message: string }).message).toMatch(/checked a moment ago/)
    expect(dns.asked.length).toBe(asked)

    later()
    dns.txt.set(record.name, ['google-site-verification=abc', 'not-the-value'])
    expect(await verify()).toMatchObject({ status: 422, body: { message: domainMessages.wrong(record.name) } })
    later()
    dns.failing.add(record.name)
    expect(await verify()).toMatchObject({ status: 422, body: { message: domainMessages.unanswered(record.name) } })
    dns.failing.delete(record.name)
    expect(await channelAt(host)).toBe('demo')

    later()
    dns.txt.set(record.name, ['google-site-verification=abc', record.value])
    const verified = await verify()
    expect(verified.status).toBe(200)
    expect(verified.body.data).toMatchObject({ host, state: 'verified', primary: false, record: null })
    expect(verified.body.data.verified_at).toBeGreaterThan(0)
    expect(await channelAt(host)).toBe(club)
    // Verifying a verified domain asks nothing and says so.
    const again = dns.asked.length
    expect((await verify()).body.data.state).toBe('verified')
    expect(dns.asked.length).toBe(again)

    const audit = await call(keys.owner, `/api/admin/audit-log?resource=domains&resource_id=${added.body.data.id}`)
    expect(audit.body.data.map((e: { action: string }) => e.action)).toEqual(['verify', 'create'])
    expect(audit.body.data[1].after).toEqual({ host, verified_at: null })
  })

  it("refuses a host another channel serves; another channel's mere claim blocks no one, and the first to prove it wins", async () => {
    const served = await call(keys.owner, '/api/admin/domains', 'POST', { host: `${rival}.example` })
    expect(served).toMatchObject({
      status: 422,
      body: { errors: { host: [`Another channel serves ${rival}.example`] } },
    })
    const same = await call(keys.owner, '/api/admin/domains', 'POST', { host: primary })
    expect(same).toMatchObject({ status: 422, body: { message: domainMessages.exists } })
    expect((await call(keys.owner, '/api/admin/domains', 'POST', { host: 'not a host' })).status).toBe(422)

    // The rival's owner claims a host first; the club's owner may claim it too.
    const host = `contested-${kind}.example`
    const theirs = await call(keys.rival, '/api/admin/domains', 'POST', { host })
    const ours = await call(keys.owner, '/api/admin/domains', 'POST', { host })
    expect([theirs.status, ours.status]).toEqual([201, 201])
    expect(ours.body.data.record.value).not.toBe(theirs.body.data.record.value)
    // Whoever runs the DNS publishes the club's value (and, say, left the rival's there too).
    dns.txt.set(ours.body.data.record.name, [ours.body.data.record.value, theirs.body.data.record.value])
    expect((await call(keys.owner, `/api/admin/domains/${ours.body.data.id}/verify`, 'POST')).status).toBe(200)
    const late = await call(keys.rival, `/api/admin/domains/${theirs.body.data.id}/verify`, 'POST')
    expect(late).toMatchObject({ status: 409, body: { message: domainMessages.takenMeanwhile } })
    expect(await channelAt(host)).toBe(club)
    // Another channel's domain id is not found.
    expect((await call(keys.rival, `/api/admin/domains/${ours.body.data.id}/verify`, 'POST')).status).toBe(404)
    expect((await call(keys.rival, `/api/admin/domains/${ours.body.data.id}`, 'DELETE')).status).toBe(404)
  })

  it('removes a domain at once; the last verified one stays', async () => {
    const lonely = `lonely-${kind}`
    await buildChannel(ctx, lonely, { domains: [`${lonely}.example`] })
    const key = (await buildOperator(ctx, lonely, 'owner')).key
    const pending = await call(key, '/api/admin/domains', 'POST', { host: `next.${lonely}.example` })
    const [only] = (await call(key, '/api/admin/domains')).body.data
    const refused = await call(key, `/api/admin/domains/${only.id}`, 'DELETE')
    expect(refused).toMatchObject({ status: 409, body: { message: domainMessages.lastVerified } })
    expect((await call(key, `/api/admin/domains/${pending.body.data.id}`, 'DELETE')).status).toBe(204)
    expect((await call(key, '/api/admin/domains')).body.data.map((d: { host: string }) => d.host)).toEqual([
      `${lonely}.example`,
    ])
    // With a second verified domain the first may go, and the second becomes the primary.
    const second = await call(key, '/api/admin/domains', 'POST', { host: `tv.${lonely}.example` })
    dns.txt.set(second.body.data.record.name, [second.body.data.record.value])
    expect((await call(key, `/api/admin/domains/${second.body.data.id}/verify`, 'POST')).status).toBe(200)
    expect((await call(key, `/api/admin/domains/${only.id}`, 'DELETE')).status).toBe(204)
    expect((await call(key, '/api/admin/domains')).body.data).toMatchObject([
      { host: `tv.${lonely}.example`, primary: true },
    ])
    expect(await channelAt(`${lonely}.example`)).toBe('demo')
  })

  it("links account mails to the primary verified domain on PUBLIC_URL's scheme, whatever host the request names", async () => {
    const viewer = await buildUser(ctx, { channelKey: club })
    const anonymous = await ctx.apiKey(club)
    const pending = await call(keys.owner, '/api/admin/domains', 'POST', { host: `pending.${club}.example` })
    expect(pending.status).toBe(201)
    const linkFor = async (host: string) => {
      const before = mailer.sent.length
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset-request',
        headers: { host, 'content-type': 'application/json' },
        payload: JSON.stringify({ email: viewer.email, api_key: anonymous }),
      })
      expect(res.statusCode).toBe(200)
      for (let i = 0; i < 50 && mailer.sent.length === before; i++) await new Promise((r) => setTimeout(r, 20))
      return new URL(mailer.sent.at(-1)?.link as string)
    }
    // The channel's second verified domain, its pending one, a stranger's host: each the primary.
    for (const host of [`www.${club}.example`, `pending.${club}.example`, 'attacker.example', `${primary}:8443`]) {
      const link = await linkFor(host)
      expect([host, link.origin]).toEqual([host, `https://${primary}`])
      expect(link.pathname).toBe('/password-reset')
    }
    // A channel with no verified domain: PUBLIC_URL.
    const bare = `bare-${kind}`
    await buildChannel(ctx, bare)
    const other = await buildUser(ctx, { channelKey: bare })
    const sent = mailer.sent.length
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset-request',
      headers: { host: 'attacker.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: other.email, api_key: await ctx.apiKey(bare) }),
    })
    expect(res.statusCode).toBe(200)
    for (let i = 0; i < 50 && mailer.sent.length === sent; i++) await new Promise((r) => setTimeout(r, 20))
    expect(new URL(mailer.sent.at(-1)?.link as string).origin).toBe('https://fieldhouse.example')
  })
})

describe.each(testDatabases())('the verified-domains migration on %s', (kind) => {
  it('counts the domains already there as verified; a host is verified for one channel only', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-migrate-'))
    const { db, dropSchema } = await openTestDatabase(kind, path.join(dir, 'db.sqlite'))
    try {
      await migrateTo(db, '0021_console_bundles')
      // The tables as they were before the migration: no verified state yet.
      const before = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>
      const now = Date.now()
      const channel = async (key: string) =>
        (
          (await before
            .insertInto('channels')
            .values({
              key,
              name: key,
              language: 'en',
              currency: 'USD',
              settings: '{}',
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow()) as { id: number }
        ).id
      const [old, other] = [await channel('old'), await channel('other')]
      await before
        .insertInto('channel_domains')
        .values([
          { channel_id: old, host: 'old.example' },
          { channel_id: old, host: 'www.old.example' },
        ])
        .execute()
      await migrateToLatest(db)
      const rows = await db.kysely.selectFrom('channel_domains').selectAll().orderBy('id').execute()
      expect(rows.map((r) => [r.host, r.channel_id, r.verified_at !== null, r.challenge])).toEqual([
        ['old.example', old, true, null],
        ['www.old.example', old, true, null],
      ])
      const row = (host: string, verified: boolean) => ({
        channel_id: other,
        host,
        challenge: verified ? null : 'token',
        verified_at: verified ? now : null,
        created_at: now,
      })
      // Another channel may claim the host (pending), not have it verified too; nor claim it twice.
      await db.kysely.insertInto('channel_domains').values(row('old.example', false)).execute()
      await expect(db.kysely.insertInto('channel_domains').values(row('old.example', true)).execute()).rejects.toThrow(
        /unique|duplicate/i,
      )
      await expect(db.kysely.insertInto('channel_domains').values(row('old.example', false)).execute()).rejects.toThrow(
        /unique|duplicate/i,
      )
    } finally {
      await db.close()
      await dropSchema()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
