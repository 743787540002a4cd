import { randomUUID } from 'node:crypto'
import {
  type AdminAction,
  type AdminCollection,
  AdminInputSchemas,
  type AdminResource,
  AdminSingletons,
  can,
  type OperatorRole,
  OperatorRoles,
} from '@fieldhouse/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildClip } from '../../test/clips.js'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { type DnsServer, startDnsServer } from '../../test/dns-server.js'
import { buildChannel, buildUser } from '../../test/factories.js'
import { buildOperator, memoryMailer, sampleInput, sampleUpdate, tinyPng } from '../../test/operators.js'
import { buildRecording } from '../../test/premieres.js'
import { bundlePasses, createSale, sampleBundle, sampleCoupon, samplePass } from '../../test/sales.js'
import { OperatorsRepository } from './operators.repository.js'
import type { Operator } from './operators.service.js'

/**
 * Every `/api/admin` route the app registered × every role × own and other channel: the answer is what
 * `can` says (2xx or 403), and another channel's ids are never reached (404). The routes come from the
 * app itself, so a route added later is walked too; one that declares no resource fails at start-up.
 * Every request names a host of the channel's other than its primary domain: whatever the walk mails
 * links to the primary (decision 0041); and no route aimed at a user mails an operator above the caller.
 */
describe.each(testDatabases())('the admin role matrix on %s', (kind) => {
  let ctx: TestContext
  const own = `own-${kind}`
  const other = `other-${kind}`
  const keys = {} as Record<OperatorRole, string>
  let ownOwner: Operator
  let otherOwner: Operator
  let ownOwnerKey: string
  let otherOwnerKey: string
  let premiereBody: { event_id: number; source_event_id: number; starts_at: string }
  const mailer = memoryMailer()
  let dns: DnsServer
  /** The own channel's primary domain, and a second one every request of the walk names as its host. */
  const primary = `${own}.example`
  const requestHost = `alias.${own}.example`

  beforeAll(async () => {
    dns = await startDnsServer()
    ctx = await createTestContext(kind, {
      mailer,
      env: { DOMAIN_DNS_SERVERS: dns.address, PUBLIC_URL: 'https://fieldhouse.example' },
    })
    await buildChannel(ctx, own, { domains: [primary, requestHost] })
    await buildChannel(ctx, other)
    for (const role of OperatorRoles) keys[role] = (await buildOperator(ctx, own, role)).key
    ;({ operator: ownOwner, key: ownOwnerKey } = await buildOperator(ctx, own, 'owner'))
    ;({ operator: otherOwner, key: otherOwnerKey } = await buildOperator(ctx, other, 'owner'))
    premiereBody = await premiereOf(ownOwner)
  })
  afterAll(async () => {
    await ctx.close()
    await dns.close()
  })

  /** A request as `ctx.request` makes it, through the app, naming `host` (fetch would not send one). */
  async function requestAt(
    host: string,
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<Response> {
    const res = await ctx.app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: path,
      headers: { host, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
      ...(init.body !== undefined ? { payload: JSON.stringify(init.body) } : {}),
    })
    const body = res.statusCode === 204 || res.rawPayload.length === 0 ? null : res.rawPayload
    return new Response(body, { status: res.statusCode, headers: res.headers as Record<string, string> })
  }

  const collections = Object.keys(AdminInputSchemas) as AdminCollection[]
  const resourceOf = (url: string) => url.split('/')[3] as string

  const b64 = (v: string | number) => Buffer.from(String(v)).toString('base64')
  const tusHeaders = (key: string, extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${key}`,
    'tus-resumable': '1.0.0',
    ...extra,
  })
  /** A tus upload of `owner`'s channel begun (for an event of that channel); its id. */
  async function upload(owner: Operator): Promise<string> {
    const eventId = await target('events', owner)
    const res = await fetch(`${ctx.baseUrl}/api/admin/uploads`, {
      method: 'POST',
      headers: tusHeaders(owner === ownOwner ? ownOwnerKey : otherOwnerKey, {
        'upload-length': '100',
        'upload-metadata': `target ${b64('event')},event_id ${b64(eventId)},filename ${b64('game.mp4')}`,
      }),
    })
    const location = res.headers.get('location')
    if (res.status !== 201 || !location) throw new Error(`no upload: ${res.status} ${await res.text()}`)
    return location.split('/').pop() as string
  }

  /**
   * A viewer of `owner`'s channel, a pass there and the viewer's paid order of it, paid at the test
   * gateway (so a refund of it is made).
   */
  async function sale(owner: Operator) {
    const channelKey = owner.channelId === ownOwner.channelId ? own : other
    const user = await buildUser(ctx, { channelKey })
    const now = Date.now()
    const db = ctx.db.kysely
    const pass = await db
      .insertInto('passes')
      .values({
        ...{ channel_id: owner.channelId, kind: 'subscription', name: 'Season', description: null, price: 999 },
        ...{ base_price: 999, service_fee: 0, image: null, offer: null, period: 'month', trial_period: 0 },
        ...{ pass_type: 'regular', is_team_pass: 0, event_categories: '[]', participants: '[]', event_id: null },
        ...{ capabilities: '["watch"]', weight: 0, created_at: now },
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const paymentId = `pi_test_matrix_${Math.random().toString(36).slice(2)}`
    const order = await db
      .insertInto('orders')
      .values({
        ...{ channel_id: owner.channelId, user_id: user.id, pass_id: pass.id, bundle_id: null, type: 'subscription' },
        ...{ status: 'paid', activity_status: 'active', amount: 999, discount: 0, service_fee: 0, currency: 'USD' },
        ...{ coupon_code: null, event_id: null, event_category_id: null, participant_id: null, gateway: 'test' },
        ...{ idempotency_key: `matrix-${paymentId}`, provider_payment_id: paymentId, provider_subscription_id: null },
        ...{ period_end: now + 86_400_000, trial_ends_at: null, auto_renew: 1, failure_message: null },
        ...{ provider_updated_at: 0, checkout_terms: null, complimentary: 1, created_at: now, updated_at: now },
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('test_gateway_payments')
      .values({
        id: paymentId,
        idempotency_key: paymentId,
        order_id: order.id,
        amount: 999,
        status: 'succeeded',
        failure_message: null,
        currency: 'USD',
        created_at: now,
      })
      .execute()
    return { orderId: order.id, userId: user.id, passId: pass.id }
  }

  /** A premiere's body (decision 30): an event of the owner's channel and a finished recording to show. */
  async function premiereOf(owner: Operator) {
    const [eventId, sourceId] = [await target('events', owner), await target('events', owner)]
    await buildRecording(ctx, owner.channelId, { type: 'event', id: sourceId })
    return { event_id: eventId, source_event_id: sourceId, starts_at: new Date(Date.now() + 3_600_000).toISOString() }
  }

  /** A fresh row of the route's resource on the channel of `owner`, for :id routes. */
  async function target(resource: string, owner: Operator): Promise<number> {
    if (resource === 'domains') {
      // A pending domain whose DNS holds its record: the owner's Verify proves it.
      const host = `d-${Math.random().toString(36).slice(2)}.example`
      const added = await ctx.app.services.admin.domains.add(owner, { host })
      if (added.record) dns.txt.set(added.record.name, [added.record.value])
      return added.id
    }
    // A game's score is kept on its event.
    if (resource === 'scores') return target('events', owner)
    // A key play of one of the owner's games (decision 0058), as a scorer's tag makes one.
    if (resource === 'key-plays') {
      const eventId = await target('events', owner)
      const now = Date.now()
      const row = await ctx.db.kysely
        .insertInto('key_plays')
        .values({
          ...{ channel_id: owner.channelId, event_id: eventId, action_uid: randomUUID(), kind: 'tag', label: 'Dunk' },
          ...{ tag: 'Dunk', side: 'home', moment_ms: now, before_s: 10, after_s: 5, position: null },
          ...{ home: 0, away: 0, period: 1, clip_id: null, status: 'waiting', created_at: now, updated_at: now },
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return row.id
    }
    if (resource === 'premieres') {
      return (await ctx.container.premieres().place(owner.channelId, await premiereOf(owner), null)).id
    }
    if (resource === 'media') {
      const eventId = await target('events', owner)
      return (
        await ctx.app.services.mediaRepo.createAsset(owner.channelId, { type: 'event', id: eventId }, 'upload', 'ready')
      ).id
    }
    if (resource === 'clips') {
      const user = await buildUser(ctx, { channelKey: owner.channelId === ownOwner.channelId ? own : other })
      const eventId = await target('events', owner)
      return (await buildClip(ctx, { channelId: owner.channelId, userId: user.id, eventId })).id
    }
    if (resource === 'operator-invitations') {
      const channel = await ctx.app.services.channels.findByKey(owner.channelId === ownOwner.channelId ? own : other)
      if (!channel) throw new Error('no channel')
      const email = `pending-${Math.random().toString(36).slice(2)}@example.com`
      return (await ctx.app.services.admin.operators.invite(channel, { email, role: 'support' }, null, 'http://x')).id
    }
    if (resource === 'orders') return (await sale(owner)).orderId
    if (resource === 'customers') {
      // Unverified, so resending the verification mail has something to do; a fresh one per call, within the mail limit.
      return (
        await buildUser(ctx, { channelKey: owner.channelId === ownOwner.channelId ? own : other, verified: false })
      ).id
    }
    if (resource === 'operators') {
      const channel = await ctx.app.services.channels.findByKey(owner.channelId === ownOwner.channelId ? own : other)
      const user = await buildUser(ctx, { channelKey: channel?.key as string })
      return new OperatorsRepository(ctx.db.kysely, ctx.db.dialect).setRole(
        owner.channelId,
        user.id,
        'support',
        Date.now(),
      )
    }
    if (resource === 'bundles') {
      const key = owner === ownOwner ? ownOwnerKey : otherOwnerKey
      const passIds = await bundlePasses(ctx, key, await target('events', owner))
      return (await createSale(ctx, key, 'bundles', sampleBundle(passIds))).id
    }
    if (resource === 'passes' || resource === 'coupons') {
      const key = owner === ownOwner ? ownOwnerKey : otherOwnerKey
      return (await createSale(ctx, key, resource, resource === 'passes' ? samplePass() : sampleCoupon())).id
    }
    const created = await ctx.app.services.admin.service.create(
      owner,
      resource as AdminCollection,
      sampleInput(resource as AdminCollection),
    )
    return created.id as number
  }

  const actionKey = () => `matrix-${Math.random().toString(36).slice(2)}`
  /**
   * The body of a call. The rows it names (a pass, an event, the passes of a bundle) are those of
   * `rows`' channel: another channel's, for the walk's cross-channel case of a route without an id in
   * its path.
   */
  async function bodyFor(method: string, resource: string, url = '', rows: Operator = ownOwner): Promise<unknown> {
    const rowsKey = rows === ownOwner ? ownOwnerKey : otherOwnerKey
    if (method === 'POST' && /\/(refunds|cancel|revoke)$/.test(url)) {
      const reason = 'Game cancelled'
      if (url.endsWith('/cancel')) return { when: 'period_end', idempotency_key: actionKey() }
      if (url.endsWith('/revoke')) return { idempotency_key: actionKey() }
      return { reason, idempotency_key: actionKey() }
    }
    if (method === 'POST' && url === '/api/admin/orders') {
      // A complimentary pass for a viewer of the own channel, of a pass and for an event of `rows`' channel.
      const { userId, passId } = await sale(ownOwner)
      return {
        user_id: userId,
        pass_id: rows === ownOwner ? passId : (await sale(rows)).passId,
        event_id: await target('events', rows),
        idempotency_key: actionKey(),
      }
    }
    // A suggestion's decision (decision 0057): dismissing needs none of the channel's clip tags.
    if (method === 'POST' && url.endsWith('/suggestions/:suggestion')) return { decision: 'dismiss' }
    if (method === 'POST' && resource === 'scores') {
      const now = Date.now()
      return { sent_at: now, actions: [{ id: randomUUID(), at: now, type: 'period', period: 1 }] }
    }
    if (method === 'POST' && resource === 'score-feed') return undefined
    if (method === 'POST') {
      if (resource === 'premieres') return rows === ownOwner ? premiereBody : premiereOf(rows)
      if (resource === 'operators')
        return { email: `invitee-${Math.random().toString(36).slice(2)}@example.com`, role: 'support' }
      if (resource === 'passes') return samplePass()
      if (resource === 'coupons') return sampleCoupon()
      if (resource === 'domains') return { host: `new-${Math.random().toString(36).slice(2)}.example` }
      if (resource === 'bundles') return sampleBundle(await bundlePasses(ctx, rowsKey, await target('events', rows)))
      return sampleInput(resource as AdminCollection)
    }
    if (method === 'PATCH') {
      if (resource === 'operators') return { role: 'producer' }
      if (resource === 'channel') return { name: 'Renamed' }
      if (resource === 'settings') return { google_tag: 'G-ABC123' }
      if (resource === 'color-settings') return { 'primary-color': '#ff5a1f' }
      if (resource === 'custom-forms') return { enabled: true, fields: [{ name: 'school', default: null }] }
      if (resource === 'passes') return { price: 1299, weight: 3 }
      if (resource === 'coupons') return { percent_off: 25 }
      if (resource === 'bundles') return { price: 900, weight: 2 }
      if (resource === 'analytics') return { days: 90 }
      if (resource === 'scores') return { offset_ms: 1500 }
      if (resource === 'key-plays') return { before: 3, after: 2 }
      return sampleUpdate(resource as AdminCollection)
    }
    return undefined
  }

  // Some 1,000 requests and the rows they need: on PostgreSQL on a busy machine, more than the default 30 s.
  it('walks every admin route for every role, on its own channel and on another', { timeout: 180_000 }, async () => {
    const routes = ctx.app.adminRoutes
    // Go live and uploads speak their own protocols (an event id; tus): their calls are walked too,
    // and where a call has preconditions (End stream of an event that is not live: 409; a tus PATCH
    // at the wrong offset) an answer past the gate counts (not 401, 403 or 404).
    // A money action on an order has preconditions too (a complimentary pass refunds nothing: 409).
    const gated = (url: string) =>
      /^\/api\/admin\/(live\/|uploads|media\/|(events|vod-media-items|prerolls)\/:id\/media$|orders\/:id\/(refunds|cancel)$)/.test(
        url,
      )
    const salesAction = (url: string) => /^\/api\/admin\/orders\/:id\/(refunds|cancel)$/.test(url)
    const declared = routes.filter((r) => typeof r.admin === 'object')
    // Every collection's five routes, the singletons' two, operators' five, invitations' two, the audit
    // log and images; go live's three, tus's five (its HEAD among them), an event's, a VOD item's and a
    // pre-roll's videos, deleting one; clips moderation's list and delete; the passes form's two;
    // passes', coupons' and bundles' five each; sales' ten (orders: list, export, one, grant, refund, cancel, revoke;
    // an event's refund preview and run; revenue); analytics' stream and channel reports and its retention's two;
    // premieres' list, recordings to choose from, scheduling and calling off; customers' six (list, one,
    // resend verification, send a password reset, block, unblock); domains' four (list, add, verify, remove);
    // the alerts' figures per game; game day's scores (the games, one's board, its sport and offset, a
    // batch of actions, a suggestion's decision) and score feed (its settings, rotating its secret);
    // the game-day home; key plays (the recent ones, a clip's window moved, one removed).
    expect(declared.length).toBe(
      collections.length * 5 +
        AdminSingletons.length * 2 +
        5 +
        2 +
        1 +
        1 +
        3 +
        5 +
        3 +
        1 +
        2 +
        2 +
        5 +
        5 +
        5 +
        10 +
        4 +
        4 +
        6 +
        4 +
        1 +
        5 +
        2 +
        1 +
        3,
    )
    expect(declared.filter((r) => gated(r.url)).length).toBe(3 + 5 + 3 + 1 + 2)
    // The rest are the operator's own page and second factor, open to every role.
    expect(
      routes
        .filter((r) => typeof r.admin !== 'object')
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([
      'DELETE /api/admin/me/totp',
      'GET /api/admin/me',
      'POST /api/admin/me/totp',
      'POST /api/admin/me/totp/confirm',
      'POST /api/admin/me/totp/verify',
    ])

    let crossChannel = 0
    let crossRefused = 0
    const failures: string[] = []
    for (const route of declared) {
      const check = route.admin as { resource: AdminResource; action: AdminAction }
      const resource = resourceOf(route.url)
      const hasId = route.url.includes(':id') || route.url.includes(':eventId')
      const isTus = resource === 'uploads'
      /** The id in the route's path: a live panel's event, a tus upload, an owner's or a media row. */
      const idOf = async (owner: Operator) =>
        resource === 'live' ? target('events', owner) : isTus ? upload(owner) : target(resource, owner)
      for (const role of OperatorRoles) {
        const allowed = can(role, check.action, check.resource)
        const cases: { channel: 'own' | 'other'; path: string; eventId?: number; body?: unknown }[] = []
        if (hasId) {
          for (const [channel, owner] of [
            ['own', ownOwner],
            ['other', otherOwner],
          ] as const) {
            const id = await idOf(owner)
            let path = route.url.replace(/:(?:id|eventId)/, String(id))
            // A game's suggestion: one heard for it (another channel's game's, for the other case).
            if (path.includes(':suggestion')) {
              const cheer = { eventId: Number(id), channelId: owner.channelId, at: Date.now(), riseLu: 6 }
              path = path.replace(':suggestion', String(await ctx.container.services.scores.suggestions.suggest(cheer)))
            }
            cases.push({ channel, path })
          }
        } else if (isTus) {
          // Creating an upload names its event in the metadata: another channel's is never found.
          cases.push({ channel: 'own', path: route.url, eventId: await target('events', ownOwner) })
          cases.push({ channel: 'other', path: route.url, eventId: await target('events', otherOwner) })
        } else {
          cases.push({ channel: 'own', path: route.url })
          // A body that names rows by id (`…_id`, `…_ids`): the same call naming another channel's rows.
          const own = route.method === 'GET' ? undefined : await bodyFor(route.method, resource, route.url)
          const namesRows =
            typeof own === 'object' &&
            own !== null &&
            Object.entries(own).some(([k, v]) => /_ids?$/.test(k) && (typeof v === 'number' || Array.isArray(v)))
          if (namesRows)
            cases.push({
              channel: 'other',
              path: route.url,
              body: await bodyFor(route.method, resource, route.url, otherOwner),
            })
        }
        for (const c of cases) {
          const res = isTus
            ? await fetch(ctx.baseUrl + c.path, {
                method: route.method,
                headers: tusHeaders(
                  keys[role],
                  route.method === 'POST'
                    ? {
                        'upload-length': '100',
                        'upload-metadata': `target ${b64('event')},event_id ${b64(c.eventId as number)}`,
                      }
                    : route.method === 'PATCH'
                      ? { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }
                      : {},
                ),
                ...(route.method === 'PATCH' ? { body: new Uint8Array(10) } : {}),
              })
            : resource === 'images'
              ? await fetch(ctx.baseUrl + c.path, {
                  method: 'POST',
                  headers: { authorization: `Bearer ${keys[role]}`, 'content-type': 'image/png' },
                  body: new Uint8Array(tinyPng),
                })
              : await (async () => {
                  const body = c.body ?? (await bodyFor(route.method, resource, route.url))
                  return requestAt(requestHost, c.path, {
                    method: route.method,
                    headers: { authorization: `Bearer ${keys[role]}` },
                    ...((!gated(route.url) || salesAction(route.url)) && body !== undefined ? { body } : {}),
                  })
                })()
          const expected = !allowed ? [403] : c.channel === 'other' ? [404] : [200, 201, 204]
          const pastTheGate = (status: number) => status < 500 && ![401, 403, 404].includes(status)
          // A list of ids with another channel's among them is that field's error (a bundle's passes).
          const listRefused = async () =>
            res.status === 422 &&
            Object.keys(((await res.clone().json()) as { errors?: object }).errors ?? {}).some((k) =>
              k.endsWith('_ids'),
            )
          const ok =
            gated(route.url) && allowed && c.channel === 'own'
              ? pastTheGate(res.status)
              : expected.includes(res.status) ||
                (allowed && c.channel === 'other' && c.body !== undefined && (await listRefused()))
          if (!ok) failures.push(`${role} ${route.method} ${c.path} (${c.channel}): ${res.status} ${await res.text()}`)
          if (c.channel === 'other') {
            crossChannel += 1
            if (ok) crossRefused += 1
          }
          // A list on the own channel never shows another channel's rows.
          if (
            allowed &&
            !hasId &&
            route.method === 'GET' &&
            res.status === 200 &&
            collections.includes(resource as AdminCollection)
          ) {
            const body = (await res.json()) as { data: { id: number }[] }
            const theirs = await ctx.app.services.admin.service.list(otherOwner, resource as AdminCollection, {
              direction: 'asc',
              offset: 0,
              limit: 100,
            })
            const theirIds = new Set(theirs.data.map((r) => r.id))
            for (const row of body.data)
              if (theirIds.has(row.id)) failures.push(`${role} ${route.url} lists row ${row.id} of ${other}`)
          }
        }
      }
    }
    expect(failures).toEqual([])
    expect(crossChannel).toBeGreaterThan(0)
    expect(crossRefused / crossChannel).toBe(1)
    // Mails went out (invitations, verification and reset links), each linking to the primary domain
    // on PUBLIC_URL's scheme, never to the host the request named.
    const links = mailer.sent.map((m) => m.link).filter((l): l is string => typeof l === 'string')
    expect(links.length).toBeGreaterThan(0)
    expect(links.filter((l) => new URL(l).origin !== `https://${primary}`)).toEqual([])
  })

  it('mails no operator above the caller from any route aimed at a user', { timeout: 60_000 }, async () => {
    // Every route that takes a user's id (today the customers' page and its actions), by each role,
    // aimed at an operator of each role above it: nothing reaches their mailbox.
    const userRoutes = ctx.app.adminRoutes.filter(
      (r) => typeof r.admin === 'object' && r.admin.resource === 'users' && r.url.includes(':id'),
    )
    expect(userRoutes.length).toBeGreaterThan(0)
    const failures: string[] = []
    for (const [rank, role] of OperatorRoles.entries()) {
      for (const above of OperatorRoles.slice(0, rank)) {
        const { user } = await buildOperator(ctx, own, above)
        for (const route of userRoutes) {
          const before = mailer.sent.filter((m) => m.to === user.email).length
          const res = await requestAt(requestHost, route.url.replace(':id', String(user.id)), {
            method: route.method,
            headers: { authorization: `Bearer ${keys[role]}` },
          })
          const after = mailer.sent.filter((m) => m.to === user.email).length
          if (after !== before) failures.push(`${role} ${route.method} ${route.url} mailed a ${above}: ${res.status}`)
        }
      }
    }
    expect(failures).toEqual([])
  })

  it('refuses every admin route without a signed-in user (401), and a viewer with no role (403)', async () => {
    const anonymous = await ctx.apiKey(own)
    const viewer = await ctx.app.services.keys.issue(ownOwner.channelId, (await buildUser(ctx, { channelKey: own })).id)
    for (const route of ctx.app.adminRoutes) {
      const path = route.url.replace(':id', '1')
      const body = await bodyFor(route.method, resourceOf(route.url), route.url)
      const init = (key: string) => ({
        method: route.method,
        headers: { authorization: `Bearer ${key}` },
        ...(body !== undefined ? { body } : {}),
      })
      expect([route.url, (await ctx.request(path, init(anonymous))).status]).toEqual([route.url, 401])
      expect([route.url, (await ctx.request(path, init(viewer))).status]).toEqual([route.url, 403])
      expect([route.url, (await ctx.request(path, { method: route.method })).status]).toEqual([route.url, 401])
    }
  })

  it('lets every role read its own page with what it may do', async () => {
    for (const role of OperatorRoles) {
      const me = await ctx.json('/api/admin/me', { headers: { authorization: `Bearer ${keys[role]}` } })
      expect(me.status).toBe(200)
      expect(me.body.data.role).toBe(role)
      expect(me.body.data.channel.key).toBe(own)
      expect(me.body.data.can.events?.includes('create') ?? false).toBe(can(role, 'create', 'events'))
    }
  })
})
