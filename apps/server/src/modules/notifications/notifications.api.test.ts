import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Worker } from '../../jobs/worker.js'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildChannel, buildUser } from '../../test/factories.js'
import { type Mailbox, startMailbox } from '../../test/mailbox.js'
import { buildOperator } from '../../test/operators.js'
import { type PushService, startPushService } from '../../test/push-service.js'
import { notificationsModule } from './notifications.module.js'

/** The header lines of a received mail, unfolded. */
const headerOf = (raw: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'mi')
    .exec(raw)?.[1]
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .trim()

describe.each(testDatabases())('alerts for followed games on %s', (kind) => {
  let ctx: TestContext
  let mailbox: Mailbox
  let push: PushService
  let channelId: number
  const channelKey = `alerts-${kind}`
  const ids = { sport: 0, school: 0, owls: 0, jays: 0, game: 0, later: 0 }
  const admin = () => ctx.app.services.catalogAdmin
  const as = (key: string) => ({ headers: { authorization: `Bearer ${key}` } })

  /** Runs every due job (fan-outs, batches) to the end, as the worker role would. */
  async function runJobs() {
    const worker = new Worker({
      queue: ctx.app.services.queue,
      handlers: ctx.container.jobs.handlers,
      concurrency: 1,
      log: ctx.container.log,
      pollMs: 50,
    })
    worker.start()
    await worker.idle(30_000)
    await worker.stop()
  }
  const goLive = (eventId: number) =>
    notificationsModule.announceGoLive(() => ctx.app.services.queue)({ eventId, channelId })

  async function viewer(
    email: string,
    follows: [type: 'participant' | 'group' | 'category', id: number][],
    verified = true,
  ) {
    const user = await buildUser(ctx, { channelKey, email, verified })
    const key = await ctx.app.services.keys.issue(user.channel_id, user.id)
    for (const [type, id] of follows) {
      const res = await ctx.json('/api/favorite', {
        method: 'POST',
        body: { favoritable_type: type, favoritable_id: id },
        ...as(key),
      })
      expect(res.status).toBe(200)
    }
    return { id: user.id, key, email }
  }

  beforeAll(async () => {
    mailbox = await startMailbox()
    push = await startPushService()
    ctx = await createTestContext(kind, {
      env: { SMTP_URL: mailbox.url, PUSH_ENDPOINT_ORIGINS: push.url, PUBLIC_URL: 'https://tv.example.com' },
      pushAgent: push.agent,
    })
    channelId = await buildChannel(ctx, channelKey, { name: 'County League' })
    ids.sport = await admin().createCategory(channelId, { name: 'Volleyball', alias: 'volleyball' })
    ids.school = await admin().createGroup(channelId, { name: 'Austin Tech', short_name: 'ATX', alias: 'austin-tech' })
    ids.owls = await admin().createParticipant(channelId, {
      name: 'Austin Owls',
      short_name: 'OWL',
      alias: 'owls',
      group_id: ids.school,
    })
    ids.jays = await admin().createParticipant(channelId, { name: 'Dallas Jays', short_name: 'JAY', alias: 'jays' })
    const game = (name: string, at: number) => ({
      name,
      access_mode: 'free',
      event_utc_ts: new Date(at).toISOString(),
      time_zone: 'America/Chicago',
      event_category_id: ids.sport,
      base_price: 0,
      participants: [
        { participant_id: ids.owls, side: 'home' },
        { participant_id: ids.jays, side: 'away' },
      ],
    })
    ids.game = await admin().saveEvent(channelId, null, game('Owls v Jays', Date.now() + 3_600_000))
    ids.later = await admin().saveEvent(channelId, null, game('Owls v Jays again', Date.now() + 22 * 60_000))
  })
  afterAll(async () => {
    await ctx?.close()
    await mailbox?.close()
    await push?.close()
  })

  it('keeps a viewer’s settings, refuses bad ones field by field, and needs a signed-in viewer', async () => {
    const v = await viewer(`settings-${kind}@example.com`, [['participant', ids.owls]])
    const first = await ctx.json('/api/notifications/settings', as(v.key))
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('private, no-store')
    expect(first.body.data).toMatchObject({
      email: true,
      push: true,
      go_live: true,
      reminder_minutes: 30,
      spoiler_free: false,
      quiet_start: null,
      time_zone: 'UTC',
      push_devices: 0,
    })
    expect(first.body.data.vapid_public_key).toMatch(/^[A-Za-z0-9_-]{80,}$/)
    expect(first.body.data.follows).toEqual([
      {
        id: expect.any(Number),
        favoritable_type: 'participant',
        favoritable_id: ids.owls,
        name: 'Austin Owls',
        alerts: true,
      },
    ])

    const follow = first.body.data.follows[0].id
    const saved = await ctx.json('/api/notifications/settings', {
      method: 'PATCH',
      body: {
        reminder_minutes: 60,
        spoiler_free: true,
        quiet_start: '22:00',
        quiet_end: '07:00',
        time_zone: 'America/Chicago',
        follows: [{ id: follow, alerts: false }],
      },
      ...as(v.key),
    })
    expect(saved.status).toBe(200)
    expect(saved.body.data).toMatchObject({ reminder_minutes: 60, spoiler_free: true, quiet_start: '22:00' })
    expect(saved.body.data.follows[0].alerts).toBe(false)

    const bad = await ctx.json('/api/notifications/settings', {
      method: 'PATCH',
      body: { reminder_minutes: 17, time_zone: 'Mars/Olympus', quiet_start: '25:00', quiet_end: '07:00' },
      ...as(v.key),
    })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['quiet_start', 'reminder_minutes', 'time_zone'])
    const oneEnd = await ctx.json('/api/notifications/settings', {
      method: 'PATCH',
      body: { quiet_start: '22:00', quiet_end: null },
      ...as(v.key),
    })
    expect(oneEnd.status).toBe(422)
    expect(oneEnd.body.errors.quiet_end).toBeDefined()
    // Another viewer's follow is not this viewer's to change.
    const other = await viewer(`settings-other-${kind}@example.com`, [])
    const theirs = await ctx.json('/api/notifications/settings', {
      method: 'PATCH',
      body: { follows: [{ id: follow, alerts: true }] },
      ...as(other.key),
    })
    expect(theirs.status).toBe(404)

    const anonymous = await ctx.json(`/api/notifications/settings?api_key=${await ctx.apiKey(channelKey)}`)
    expect(anonymous.status).toBe(401)
  })

  it('takes a browser’s push subscription only on an allowed push service', async () => {
    const v = await viewer(`browser-${kind}@example.com`, [])
    const subscription = push.subscribe()
    const elsewhere = await ctx.json('/api/notifications/push', {
      method: 'POST',
      body: { ...subscription, endpoint: 'http://10.0.0.7/admin' },
      ...as(v.key),
    })
    expect(elsewhere.status).toBe(422)
    expect(elsewhere.body.errors.endpoint).toBeDefined()
    const added = await ctx.json('/api/notifications/push', { method: 'POST', body: subscription, ...as(v.key) })
    expect(added.body.data).toEqual({ subscribed: true, push_devices: 1 })
    const status = await ctx.json(
      `/api/notifications/push?endpoint=${encodeURIComponent(subscription.endpoint)}`,
      as(v.key),
    )
    expect(status.body.data.subscribed).toBe(true)
    const removed = await ctx.json(`/api/notifications/push?endpoint=${encodeURIComponent(subscription.endpoint)}`, {
      method: 'DELETE',
      ...as(v.key),
    })
    expect(removed.body.data).toEqual({ subscribed: false, push_devices: 0 })
  })

  it('a go-live mails each follower once, whatever they follow of the game, with one-click unsubscribe', async () => {
    const both = await viewer(`both-${kind}@example.com`, [
      ['participant', ids.owls],
      ['group', ids.school],
      ['category', ids.sport],
    ])
    const school = await viewer(`school-${kind}@example.com`, [['group', ids.school]])
    const quiet = await viewer(`quiet-${kind}@example.com`, [['participant', ids.jays]])
    const night = await viewer(`night-${kind}@example.com`, [['category', ids.sport]])
    const unverified = await viewer(`unverified-${kind}@example.com`, [['participant', ids.owls]], false)
    const pushOnly = await viewer(`push-${kind}@example.com`, [['participant', ids.jays]])
    // A follow set to quiet, quiet hours around the clock, and a viewer who takes push only.
    const quietFollow = (await ctx.json('/api/notifications/settings', as(quiet.key))).body.data.follows[0].id
    await ctx.json('/api/notifications/settings', {
      method: 'PATCH',
      body: { follows: [{ id: quietFollow, alerts: false }] },
      ...as(quiet.key),
    })
    await ctx.json('/api/notifications/settings', {
      method: 'PATCH',
      body: { quiet_start: '00:00', quiet_end: '23:59', time_zone: 'Europe/Sofia' },
      ...as(night.key),
    })
    await ctx.json('/api/notifications/settings', { method: 'PATCH', body: { email: false }, ...as(pushOnly.key) })
    const browser = push.subscribe()
    await ctx.json('/api/notifications/push', { method: 'POST', body: browser, ...as(pushOnly.key) })

    await goLive(ids.game)
    await runJobs()

    const mail = await mailbox.next(both.email, /Dallas Jays @ Austin Owls is live now/)
    await mailbox.next(school.email, /is live now/)
    const pushed = await push.next(browser.endpoint)
    expect(JSON.parse(pushed.payload)).toMatchObject({
      title: 'Dallas Jays @ Austin Owls is live now',
      tag: `go_live-${ids.game}`,
      url: expect.stringMatching(/^https:\/\/tv\.example\.com\/api\/alerts\/c\//),
    })
    expect(pushed.topic).toBe(`live-${ids.game}`)
    expect(pushed.urgency).toBe('high')
    // A retried fan-out (a restart, a second publish) sends nothing more.
    await goLive(ids.game)
    await runJobs()
    for (const v of [both, school]) expect(mailbox.to(v.email)).toHaveLength(0)
    for (const v of [quiet, night, unverified, pushOnly]) expect(mailbox.to(v.email)).toHaveLength(0)
    expect(push.to(browser.endpoint)).toHaveLength(1)

    // The mail: the channel's name, a link to the game, RFC 8058's headers, its own Message-ID.
    expect(mail.text).toContain('County League')
    expect(mail.text).toContain('because you follow Austin Owls, Austin Tech, Volleyball.')
    expect(headerOf(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    const unsubscribe = /<(https:\/\/tv\.example\.com\/api\/alerts\/unsubscribe\/[^>]+)>/.exec(
      headerOf(mail.raw, 'List-Unsubscribe') ?? '',
    )?.[1]
    expect(unsubscribe).toBeDefined()
    expect(headerOf(mail.raw, 'Message-ID')).toMatch(/^<alert-\d+@tv\.example\.com>$/)

    // The link in the mail counts the click and leads to the game.
    const watch = /https:\/\/tv\.example\.com\/api\/alerts\/c\/\S+/.exec(mail.text)?.[0] as string
    const redirect = await fetch(ctx.baseUrl + new URL(watch).pathname, { redirect: 'manual' })
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('location')).toBe(`https://tv.example.com/watch/${ids.game}`)

    // One click on the mail app's Unsubscribe: signed out, a form post, and mail alerts are off.
    const token = (unsubscribe as string).split('/').at(-1) as string
    const forged = await fetch(`${ctx.baseUrl}/api/alerts/unsubscribe/${token.slice(0, -2)}xx`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(forged.status).toBe(404)
    // The click link's token is for counting only: it unsubscribes no one.
    const clickToken = new URL(watch).pathname.split('/').at(-1) as string
    const wrongPurpose = await fetch(`${ctx.baseUrl}/api/alerts/unsubscribe/${clickToken}`, { method: 'POST' })
    expect(wrongPurpose.status).toBe(404)
    const oneClick = await fetch(`${ctx.baseUrl}/api/alerts/unsubscribe/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.status).toBe(200)
    const after = await ctx.json('/api/notifications/settings', as(both.key))
    expect(after.body.data).toMatchObject({ email: false, go_live: true })

    // The console: what the game's alerts did.
    const owner = await buildOperator(ctx, channelKey, 'owner')
    const producer = await buildOperator(ctx, channelKey, 'producer')
    const support = await buildOperator(ctx, channelKey, 'support')
    const stats = await ctx.json('/api/admin/alerts', as(owner.key))
    expect(stats.status).toBe(200)
    expect(stats.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event_id: ids.game, kind: 'go_live', via: 'email', sent: 2, clicked: 1, opened: 1 }),
        expect.objectContaining({ event_id: ids.game, kind: 'go_live', via: 'push', sent: 1, clicked: 0 }),
      ]),
    )
    expect((await ctx.json('/api/admin/alerts', as(producer.key))).status).toBe(200)
    expect((await ctx.json('/api/admin/alerts', as(support.key))).status).toBe(403)
  })

  it('a reminder goes to who asked for that lead, and a push service that says gone drops the browser', async () => {
    const soon = await viewer(`soon-${kind}@example.com`, [['participant', ids.owls]])
    await ctx.json('/api/notifications/settings', {
      method: 'PATCH',
      body: { reminder_minutes: 15, email: false },
      ...as(soon.key),
    })
    const early = await viewer(`early-${kind}@example.com`, [['participant', ids.owls]])
    await ctx.json('/api/notifications/settings', { method: 'PATCH', body: { reminder_minutes: 30 }, ...as(early.key) })
    const browser = push.subscribe()
    await ctx.json('/api/notifications/push', { method: 'POST', body: browser, ...as(soon.key) })
    push.expire(browser.endpoint)

    // `later` starts in about 22 minutes: the 30-minute lead is due, the 15-minute one not yet.
    await ctx.container.jobs.handlers['alerts.reminders'](
      { id: 0, kind: 'alerts.reminders', payload: {}, attempts: 1, maxAttempts: 1, channelId: null },
      { signal: new AbortController().signal, progress: () => {} },
    )
    await runJobs()
    const reminder = await mailbox.next(early.email, /Dallas Jays @ Austin Owls starts in 2[12] minutes/)
    expect(reminder.text).toContain('/api/alerts/c/')
    expect(push.requests.filter((r) => r.endpoint === browser.endpoint)).toHaveLength(0)
    expect((await ctx.json('/api/notifications/settings', as(soon.key))).body.data.push_devices).toBe(1)

    // Its go-live then: the push service answers 410, and the browser is dropped.
    await goLive(ids.later)
    await runJobs()
    expect(push.requests.some((r) => r.endpoint === browser.endpoint && r.status === 410)).toBe(true)
    expect((await ctx.json('/api/notifications/settings', as(soon.key))).body.data.push_devices).toBe(0)
  })
})
