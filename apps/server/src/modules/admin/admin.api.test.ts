import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildChannel } from '../../test/factories.js'
import { buildOperator, memoryMailer, tinyPng } from '../../test/operators.js'

const bearer = (key: string) => ({ authorization: `Bearer ${key}` })

/** The console's content and catalogue routes: what they take, refuse, answer and record. */
describe.each(testDatabases())('admin content and catalogue on %s', (kind) => {
  let ctx: TestContext
  const channel = `club-${kind}`
  let key: string
  let ownerEmail: string
  const call = (path: string, method = 'GET', body?: unknown) =>
    ctx.json(path, { method, headers: bearer(key), ...(body !== undefined ? { body } : {}) })

  beforeAll(async () => {
    ctx = await createTestContext(kind, { mailer: memoryMailer() })
    await buildChannel(ctx, channel, { name: 'Club', domains: [`club-${kind}.example`] })
    await buildChannel(ctx, `rival-${kind}`, { domains: [`rival-${kind}.example`] })
    const owner = await buildOperator(ctx, channel, 'owner')
    key = owner.key
    ownerEmail = owner.user.email
  })
  afterAll(() => ctx.close())

  it('builds a catalogue: sport with a division, venue, school, two teams and a paid game the viewer site shows', async () => {
    const sport = await call('/api/admin/events-categories', 'POST', { name: 'Volleyball', alias: 'volleyball' })
    expect(sport.status).toBe(201)
    const division = await call('/api/admin/events-categories', 'POST', {
      name: "Women's Volleyball",
      alias: 'womens-volleyball',
      parent_id: sport.body.data.id,
    })
    expect(division.body.data.parent_id).toBe(sport.body.data.id)
    const venue = await call('/api/admin/events-locations', 'POST', {
      name: 'Dome',
      city: 'Austin',
      state: 'TX',
      time_zone: 'America/Chicago',
    })
    const school = await call('/api/admin/participant-groups', 'POST', {
      name: 'Central High',
      short_name: 'CHS',
      alias: 'central',
    })
    const teams = []
    for (const [name, color] of [
      ['Tigers', '#ff8800'],
      ['Lions', '#0044aa'],
    ] as const) {
      const team = await call('/api/admin/participants', 'POST', {
        name,
        short_name: name.slice(0, 3).toUpperCase(),
        alias: name.toLowerCase(),
        group_id: school.body.data.id,
        category_id: division.body.data.id,
        color,
        gender: 'W',
        images: [`https://cdn.example.org/${name}.png`],
      })
      expect(team.status).toBe(201)
      teams.push(team.body.data)
    }
    const game = await call('/api/admin/events', 'POST', {
      name: 'Tigers at Lions',
      access_mode: 'ppv',
      event_utc_ts: '2026-12-01T18:00:00-06:00',
      time_zone: 'America/Chicago',
      event_category_id: division.body.data.id,
      location_id: venue.body.data.id,
      base_price: 799,
      participants: [
        { participant_id: teams[1].id, side: 'home' },
        { participant_id: teams[0].id, side: 'away' },
      ],
    })
    expect(game.status).toBe(201)
    expect(game.body.data).toMatchObject({
      event_utc_ts: '2026-12-02T00:00:00.000Z',
      base_price: 799,
      access_mode: 'ppv',
    })
    expect(game.body.data.participants).toHaveLength(2)
    expect(JSON.stringify(game.body)).not.toContain('stream_key')

    const viewerKey = await ctx.apiKey(channel)
    const events = await ctx.json(`/api/events?api_key=${viewerKey}`)
    expect(events.body.data.map((e: { name: string }) => e.name)).toContain('Tigers at Lions')

    const renamed = await call(`/api/admin/events/${game.body.data.id}`, 'PATCH', { name: 'Lions host Tigers' })
    expect(renamed.body.data.name).toBe('Lions host Tigers')
    expect(renamed.body.data.participants).toHaveLength(2)
    const events2 = await ctx.json(`/api/events?api_key=${viewerKey}`)
    expect(events2.body.data.map((e: { name: string }) => e.name)).toContain('Lions host Tigers')

    // Audit: who, what, before → after.
    const audit = await call(`/api/admin/audit-log?resource=events&resource_id=${game.body.data.id}`)
    expect(audit.body.data.map((e: { action: string }) => e.action)).toEqual(['update', 'create'])
    expect(audit.body.data[0]).toMatchObject({
      user_email: ownerEmail,
      before: { name: 'Tigers at Lions' },
      after: { name: 'Lions host Tigers' },
    })
    expect(JSON.stringify(audit.body)).not.toContain('stream_key')

    // Search, sort and paging.
    const page = await call('/api/admin/participants?search=tig&sort=name&direction=desc&limit=1')
    expect(page.body).toMatchObject({ meta: { total: 1, offset: 0, limit: 1 }, data: [{ name: 'Tigers' }] })
    const sorted = await call('/api/admin/participants?sort=name')
    expect(sorted.body.data.map((t: { name: string }) => t.name)).toEqual(['Lions', 'Tigers'])
    expect((await call('/api/admin/participants?sort=password')).status).toBe(422)
  })

  it('refuses bad input field by field and writes nothing', async () => {
    const before = (await call('/api/admin/audit-log')).body.meta.total
    const bad = await call('/api/admin/events', 'POST', {
      name: '',
      access_mode: 'sometimes',
      event_utc_ts: 'tomorrow',
      time_zone: 'Mars/Olympus',
    })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['access_mode', 'event_utc_ts', 'name', 'time_zone'])
    // Another channel's team cannot be put in a game here.
    const rivalOwner = await buildOperator(ctx, `rival-${kind}`, 'owner')
    const theirTeam = await ctx.json('/api/admin/participants', {
      method: 'POST',
      headers: bearer(rivalOwner.key),
      body: { name: 'Rivals', short_name: 'RIV', alias: 'rivals' },
    })
    const foreign = await call('/api/admin/events', 'POST', {
      name: 'Game',
      access_mode: 'free',
      event_utc_ts: '2026-12-01T18:00:00Z',
      time_zone: 'UTC',
      participants: [{ participant_id: theirTeam.body.data.id, side: 'home' }],
    })
    expect(foreign.status).toBe(422)
    expect(foreign.body.errors.participants[0]).toMatch(/^Unknown participant/)
    // A duplicate alias is a field error, not a crash.
    await call('/api/admin/static-blocks', 'POST', { alias: 'notice', title: 'A' })
    const dup = await call('/api/admin/static-blocks', 'POST', { alias: 'notice', title: 'B' })
    expect(dup.status).toBe(422)
    expect(dup.body.errors.alias).toBeDefined()
    expect((await call('/api/admin/faq/1', 'PATCH', {})).status).toBe(422)
    expect((await call('/api/admin/faq/999999', 'PATCH', { answer: 'x' })).status).toBe(404)
    expect((await call('/api/admin/faq/abc')).status).toBe(422)
    // Only the one good static block was written.
    expect((await call('/api/admin/audit-log')).body.meta.total).toBe(before + 1)
  })

  it('runs the content: menu, slides, pages, FAQ, static blocks and pre-rolls, as the viewer site reads them', async () => {
    const menu = await call('/api/admin/menu', 'POST', { name: 'Tickets', url: '/tickets', placement: 'header' })
    const slide = await call('/api/admin/slides', 'POST', { slidable_type: 'main', title: 'Season opener' })
    const page = await call('/api/admin/pages', 'POST', { url: 'about', name: 'About', content: '<p>Hi</p>' })
    const faq = await call('/api/admin/faq', 'POST', { question: 'Price?', answer: 'Free.' })
    const preroll = await call('/api/admin/prerolls', 'POST', {
      url: 'https://cdn.example.org/ad.mp4',
      weight: 3,
      for_vod: false,
    })
    for (const r of [menu, slide, page, faq, preroll]) expect(r.status).toBe(201)
    expect(preroll.body.data).toMatchObject({ weight: 3, for_vod: false, for_live: true, event_categories: [] })
    const viewer = await ctx.apiKey(channel)
    const boot = await ctx.json(`/api/channel-bootstrap-data?api_key=${viewer}`)
    expect(boot.body.data.menu.map((m: { name: string }) => m.name)).toContain('Tickets')
    expect(boot.body.data.slides.map((s: { title: string }) => s.title)).toContain('Season opener')
    expect(boot.body.data.faq.map((f: { question: string }) => f.question)).toContain('Price?')
    expect(boot.body.data.settings.prerolls.map((p: { weight: number }) => p.weight)).toContain(3)
    expect((await call(`/api/admin/faq/${faq.body.data.id}`, 'DELETE')).status).toBe(204)
    const after = await ctx.json(`/api/channel-bootstrap-data?api_key=${viewer}`)
    expect(after.body.data.faq.map((f: { question: string }) => f.question)).not.toContain('Price?')
    const audit = await call(`/api/admin/audit-log?resource=faq&action=delete`)
    expect(audit.body.data[0]).toMatchObject({ before: { question: 'Price?' }, after: null })
  })

  it('sets the clip settings, share_public among them, one or all at once; the others keep theirs', async () => {
    const before = await call('/api/admin/settings')
    expect(before.body.data.clips).toEqual({
      max_duration_sec: 120,
      per_user_per_hour: 30,
      storage_per_user_bytes: 2 * 1024 ** 3,
      share_public: true,
    })
    const closed = await call('/api/admin/settings', 'PATCH', { clips: { share_public: false } })
    expect(closed.status).toBe(200)
    expect(closed.body.data.clips).toMatchObject({ share_public: false, max_duration_sec: 120 })
    const limits = await call('/api/admin/settings', 'PATCH', {
      clips: { max_duration_sec: 60, per_user_per_hour: 5, storage_per_user_bytes: 512 * 1024 ** 2 },
    })
    expect(limits.body.data.clips).toEqual({
      max_duration_sec: 60,
      per_user_per_hour: 5,
      storage_per_user_bytes: 512 * 1024 ** 2,
      share_public: false,
    })
    expect((await call('/api/admin/settings')).body.data.clips.share_public).toBe(false)
    // What viewers' clip tool is told.
    const viewer = await ctx.apiKey(channel)
    expect((await ctx.json(`/api/settings?api_key=${viewer}`)).body.data.clips.max_duration_sec).toBe(60)
    const bad = await call('/api/admin/settings', 'PATCH', { clips: { max_duration_sec: 0, share_public: 'no' } })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['clips.max_duration_sec', 'clips.share_public'])
    await call('/api/admin/settings', 'PATCH', { clips: { share_public: true, max_duration_sec: 120 } })
  })

  it('sets the upload limits, one or both at once; a producer may not', async () => {
    expect((await call('/api/admin/settings')).body.data.uploads).toEqual({
      max_duration_sec: 6 * 3600,
      open_bytes: 50 * 1024 ** 3,
    })
    const shorter = await call('/api/admin/settings', 'PATCH', { uploads: { max_duration_sec: 3 * 3600 } })
    expect(shorter.status).toBe(200)
    expect(shorter.body.data.uploads).toEqual({ max_duration_sec: 3 * 3600, open_bytes: 50 * 1024 ** 3 })
    const both = await call('/api/admin/settings', 'PATCH', {
      uploads: { max_duration_sec: 600, open_bytes: 5 * 1024 ** 3 },
    })
    expect(both.body.data.uploads).toEqual({ max_duration_sec: 600, open_bytes: 5 * 1024 ** 3 })
    // The clip settings keep theirs.
    expect(both.body.data.clips.max_duration_sec).toBe(120)
    const bad = await call('/api/admin/settings', 'PATCH', { uploads: { max_duration_sec: 30, open_bytes: 1 } })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['uploads.max_duration_sec', 'uploads.open_bytes'])
    const producer = (await buildOperator(ctx, channel, 'producer')).key
    const refused = await ctx.json('/api/admin/settings', {
      method: 'PATCH',
      headers: { authorization: `Bearer ${producer}` },
      body: { uploads: { max_duration_sec: 24 * 3600 } },
    })
    expect(refused.status).toBe(403)
    await call('/api/admin/settings', 'PATCH', { uploads: { max_duration_sec: 6 * 3600, open_bytes: 50 * 1024 ** 3 } })
  })

  it('edits the channel, its settings and colours; colours say what the accessible theme adjusts', async () => {
    const ch = await call('/api/admin/channel', 'PATCH', {
      name: 'Club TV',
      time_zone: 'Europe/Sofia',
      currency: 'eur',
    })
    expect(ch.status).toBe(200)
    expect(ch.body.data).toMatchObject({ name: 'Club TV', time_zone: 'Europe/Sofia', currency: 'EUR' })
    expect(ch.body.data.domains).toEqual([`club-${kind}.example`])
    // Domains have their own routes, the owners' (decision 0041; domains.api.test.ts).
    const domains = await call('/api/admin/channel', 'PATCH', { domains: [`rival-${kind}.example`] })
    expect(domains.status).toBe(422)
    expect(domains.body.errors.domains).toBeDefined()
    expect((await call('/api/admin/channel', 'PATCH', { time_zone: 'Nowhere' })).status).toBe(422)

    const settings = await call('/api/admin/settings', 'PATCH', {
      google_tag: 'G-ABC123',
      yare_analytics_key: 'yak_1234',
      contact: { email: 'hi@club.example', phone: null, address: null },
    })
    expect(settings.body.data).toMatchObject({
      google_tag: 'G-ABC123',
      yare_analytics_key: 'yak_1234',
      contact: { email: 'hi@club.example' },
    })
    const viewer = await ctx.apiKey(channel)
    const public_ = await ctx.json(`/api/settings?api_key=${viewer}`)
    expect(public_.body.data['google-analytics']['google-tag']).toBe('G-ABC123')
    expect(public_.body.data['yare-analytics']['yare-analytics-key']).toBe('yak_1234')
    expect(public_.body.data.name).toBe('Club TV')
    expect((await call('/api/admin/settings', 'PATCH', { google_tag: '<script>' })).status).toBe(422)
    // The demo channel's analytics key names the demo channel only.
    const takenKey = await call('/api/admin/settings', 'PATCH', { yare_analytics_key: 'yak_demo' })
    expect(takenKey.status).toBe(422)
    expect(takenKey.body.errors.yare_analytics_key).toEqual(['Another channel uses this analytics key'])

    const colors = await call('/api/admin/color-settings', 'PATCH', {
      'body-background': '#ffffff',
      'primary-color': '#ff5a1f',
      'primary-text-color': '#ffffff',
    })
    expect(colors.status).toBe(200)
    expect(colors.body.data.colors['primary-color']).toBe('#ff5a1f')
    expect(colors.body.data.adjustments.join('\n')).toMatch(/primary-text-color: #ffffff is adjusted to #[0-9a-f]{6}/)
    expect((await call('/api/admin/color-settings', 'PATCH', { 'primary-color': 'orange' })).status).toBe(422)
    // The api key in the body (as the web client sends it on a PATCH) is the session's, not a colour.
    const inBody = await ctx.json('/api/admin/color-settings', {
      method: 'PATCH',
      body: { api_key: key, 'primary-color': '#ff5a1f' },
    })
    expect(inBody.status).toBe(200)
    expect(Object.keys(inBody.body.data.colors)).not.toContain('api_key')
    const publicColors = await ctx.json(`/api/color-settings/web?api_key=${viewer}`)
    expect(publicColors.body.data['primary-color']).toBe('#ff5a1f')
    const audit = await call('/api/admin/audit-log?resource=color-settings')
    expect(audit.body.data[0].after['primary-color']).toBe('#ff5a1f')
  })

  it('keeps the library: items with their category and rails', async () => {
    const category = await call('/api/admin/vod-categories', 'POST', { name: 'Highlights', alias: 'highlights' })
    const rail = await call('/api/admin/vod-rails', 'POST', { title: 'Top plays', position: 1 })
    const item = await call('/api/admin/vod-media-items', 'POST', {
      title: 'Best of 2026',
      date: '2026-11-01',
      access_mode: 'register',
      category_id: category.body.data.id,
      rail_ids: [rail.body.data.id],
    })
    expect(item.status).toBe(201)
    expect(item.body.data).toMatchObject({
      title: 'Best of 2026',
      access_mode: 'register',
      category_id: category.body.data.id,
      rail_ids: [rail.body.data.id],
      duration: 0,
      date: '2026-11-01T00:00:00.000Z',
    })
    const viewer = await ctx.apiKey(channel)
    const categories = await ctx.json(`/api/vod-media-categories?api_key=${viewer}`)
    expect(JSON.stringify(categories.body)).toContain('Highlights')
    const moved = await call(`/api/admin/vod-media-items/${item.body.data.id}`, 'PATCH', { rail_ids: [] })
    expect(moved.body.data.rail_ids).toEqual([])
    expect(
      (await call('/api/admin/vod-media-items', 'POST', { title: 'X', date: '2026-11-01', rail_ids: [999999] })).status,
    ).toBe(422)
  })

  it('takes an image upload checked by its bytes, stores it in the media store and serves it', async () => {
    const upload = (body: Uint8Array, type: string) =>
      fetch(`${ctx.baseUrl}/api/admin/images`, {
        method: 'POST',
        headers: { ...bearer(key), 'content-type': type },
        body,
      })
    const res = await upload(new Uint8Array(tinyPng), 'image/png')
    expect(res.status).toBe(201)
    const { data } = (await res.json()) as { data: { url: string } }
    expect(data.url).toMatch(/^\/media\/i\/\d+\/[0-9a-f]{32}\.png$/)
    const served = await fetch(ctx.baseUrl + data.url)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await served.arrayBuffer()).equals(tinyPng)).toBe(true)
    // The URL goes into a team as any image URL would.
    const team = await call('/api/admin/participants', 'POST', {
      name: 'Owls',
      short_name: 'OWL',
      alias: 'owls',
      images: [data.url],
    })
    expect(team.body.data.images).toEqual([data.url])

    const html = await upload(new TextEncoder().encode('<html><script>alert(1)</script>'), 'image/png')
    expect(html.status).toBe(422)
    expect((await upload(new Uint8Array(tinyPng), 'image/gif')).status).toBe(415)
    expect((await upload(new Uint8Array(6 * 1024 * 1024), 'image/png')).status).toBe(413)
    expect((await fetch(`${ctx.baseUrl}/media/i/1/..%2F..%2Fsecrets.png`)).status).toBe(404)
    const audit = await call('/api/admin/audit-log?resource=uploads')
    expect(audit.body.data[0].after).toMatchObject({ url: data.url, type: 'image/png' })
  })

  it('pages the audit log and lets only owners read it', async () => {
    const page = await call('/api/admin/audit-log?limit=2&offset=1')
    expect(page.body.data).toHaveLength(2)
    expect(page.body.meta.offset).toBe(1)
    expect(page.body.data[0].created_at).toBeGreaterThanOrEqual(page.body.data[1].created_at)
    const manager = await buildOperator(ctx, channel, 'manager')
    expect((await ctx.json('/api/admin/audit-log', { headers: bearer(manager.key) })).status).toBe(403)
  })
})
