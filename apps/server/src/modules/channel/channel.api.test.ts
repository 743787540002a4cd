import { BootstrapSchema, messages } from '@fieldhouse/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { ChannelRepository } from './channel.repository.js'

describe.each(testDatabases())('channel API on %s', (kind) => {
  let ctx: TestContext
  let key: string
  let otherKey: string
  beforeAll(async () => {
    ctx = await createTestContext(kind)
    const now = Date.now()
    await new ChannelRepository(ctx.db.kysely, ctx.db.dialect).create(
      {
        key: 'northside',
        name: 'Northside League',
        logo: null,
        language: 'fr',
        currency: 'CAD',
        google_tag: 'G-NORTH',
        yare_analytics_key: null,
        settings: '{}',
        created_at: now,
        updated_at: now,
      },
      {
        domains: ['northside.example'],
        colors: { 'header-background': '#112233' },
        pages: [{ url: '/about', alt_name: 'about', name: 'À propos', content: 'Ligue du nord.', position: 0 }],
        faqs: [{ question: 'Q?', answer: 'A.', position: 0 }],
      },
    )
    key = await ctx.apiKey('demo')
    otherKey = await ctx.apiKey('northside')
  })
  afterAll(() => ctx.close())

  it('GET /api/settings shows the channel settings of the spec', async () => {
    const { status, body } = await ctx.json(`/api/settings?api_key=${key}`)
    expect(status).toBe(200)
    expect(body.data).toMatchObject({
      name: 'Fieldhouse Demo',
      channel_key: 'demo',
      language: 'en',
      currency: 'USD',
      'google-analytics': { 'google-tag': null },
      'yare-analytics': { 'yare-analytics-key': 'yak_demo', 'yare-analytics-url': null },
      prerolls: [
        {
          id: expect.any(Number),
          url: '/media/public/demo/preroll.mp4',
          weight: 10,
          location_id: null,
          event_categories: [],
          for_vod: true,
          for_live: true,
        },
      ],
    })
    expect(body.data.static_blocks.map((b: { alias: string }) => b.alias)).toEqual(['home_intro', 'footer_about'])
    expect(body.data.routes).toContainEqual({ path: '/tickets', redirect: '/packages' })
  })

  it('serves each channel its own settings, by api key or by channel key', async () => {
    expect((await ctx.json(`/api/settings?api_key=${otherKey}`)).body.data).toMatchObject({
      name: 'Northside League',
      language: 'fr',
      currency: 'CAD',
      'google-analytics': { 'google-tag': 'G-NORTH' },
    })
    expect((await ctx.json('/api/settings?channel_key=northside')).body.data.name).toBe('Northside League')
    // The api key's channel wins over a channel_key naming another one.
    expect((await ctx.json(`/api/settings?channel_key=northside&api_key=${key}`)).body.data.name).toBe(
      'Fieldhouse Demo',
    )
  })

  it('GET /api/menu lists header and footer items in order', async () => {
    const { body } = await ctx.json(`/api/menu?api_key=${key}`)
    const header = body.data.filter((m: { placement: string }) => m.placement !== 'footer')
    const footer = body.data.filter((m: { placement: string }) => m.placement !== 'header')
    expect(header.map((m: { url: string }) => m.url)).toEqual([
      '/live',
      '/upcoming',
      '/vod',
      '/schedule',
      '/vod_library',
      '/packages',
    ])
    expect(footer.map((m: { name: string }) => m.name)).toContain('Tickets help')
    expect(body.data[0]).toMatchObject({
      id: expect.any(Number),
      name: 'Live',
      alias: null,
      images: [],
      menuable_type: 'link',
    })
  })

  it('GET /api/slides/web returns the slides, filtered by an optional type', async () => {
    const all = await ctx.json(`/api/slides/web?api_key=${key}`)
    expect(all.body.data).toHaveLength(3)
    expect(all.body.data[0]).toMatchObject({
      slidable_type: 'main',
      slidable_id: null,
      title: 'Every game. Live and on demand.',
    })
    expect((await ctx.json(`/api/slides/web?type=main&api_key=${key}`)).body.data).toHaveLength(3)
    expect((await ctx.json(`/api/slides/web?type=group&api_key=${key}`)).body.data).toEqual([])
    const bad = await ctx.json(`/api/slides/web?type=banner&api_key=${key}`)
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors)).toEqual(['type'])
  })

  it('serves slide artwork that exists', async () => {
    const { body } = await ctx.json(`/api/slides/web?api_key=${key}`)
    const res = await ctx.request(body.data[0].image)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('image/svg+xml')
  })

  it('GET /api/pages lists pages without content; /api/pages/{id} shows one by id or alt_name', async () => {
    const list = await ctx.json(`/api/pages?api_key=${key}`)
    expect(list.body.data.map((p: { url: string }) => p.url)).toEqual([
      '/about',
      '/contacts',
      '/tickets-help',
      '/privacy_policy',
      '/terms_conditions',
    ])
    expect(list.body.data[0]).toEqual({ id: expect.any(Number), url: '/about', alt_name: 'about', name: 'About us' })
    const help = list.body.data.find((p: { url: string }) => p.url === '/tickets-help')
    const byId = await ctx.json(`/api/pages/${help.id}?api_key=${key}`)
    expect(byId.body.data).toMatchObject({ name: 'Tickets help', url: '/tickets-help' })
    expect(byId.body.data.content).toContain('## Which pass do I need?')
    expect((await ctx.json(`/api/pages/tickets-help?api_key=${key}`)).body.data.id).toBe(help.id)
  })

  it('never shows one channel a page of another', async () => {
    const demoAbout = (await ctx.json(`/api/pages/about?api_key=${key}`)).body.data
    const res = await ctx.json(`/api/pages/${demoAbout.id}?api_key=${otherKey}`)
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: messages.notFound })
    expect((await ctx.json(`/api/pages/999999?api_key=${key}`)).status).toBe(404)
  })

  it('GET /api/color-settings/web returns the channel colours', async () => {
    const { body } = await ctx.json(`/api/color-settings/web?api_key=${key}`)
    expect(body.data).toMatchObject({ 'header-background': '#0b1424', 'primary-color': '#ff5a1f' })
    expect((await ctx.json(`/api/color-settings/web?api_key=${otherKey}`)).body.data).toEqual({
      'header-background': '#112233',
    })
  })

  it('GET /api/faq returns the questions in order', async () => {
    const { body } = await ctx.json(`/api/faq?api_key=${key}`)
    expect(body.data).toHaveLength(6)
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      question: 'How do I watch a live game?',
      answer: expect.any(String),
    })
  })

  it('GET /api/channel-bootstrap-data carries every part, with an ETag', async () => {
    const res = await ctx.json(
      `/api/channel-bootstrap-data?color-settings[client_interface]=web&slides[client_interface]=web&api_key=${key}`,
    )
    expect(res.status).toBe(200)
    const data = BootstrapSchema.parse(res.body.data)
    expect(Object.keys(res.body.data).sort()).toEqual(
      [
        'color-settings',
        'events-categories',
        'events-locations',
        'faq',
        'menu',
        'packages',
        'pages',
        'participant-group-properties',
        'participant-groups',
        'settings',
        'slides',
        'static_blocks',
        'subscriptions',
      ].sort(),
    )
    expect(data.settings.name).toBe('Fieldhouse Demo')
    // The same passes as their own calls answer.
    expect(res.body.data.packages).toEqual((await ctx.json(`/api/packages?no_limit=1&api_key=${key}`)).body.data)
    expect(res.body.data.subscriptions).toEqual(
      (await ctx.json(`/api/subscriptions?no_limit=1&api_key=${key}`)).body.data,
    )
    expect(res.body.data.subscriptions.map((p: { name: string }) => p.name)).toContain('Season Pass')
    expect(data.slides).toHaveLength(3)
    const etag = res.headers.get('etag')
    expect(etag).toBeTruthy()
    const again = await ctx.request(`/api/channel-bootstrap-data?api_key=${key}`, {
      headers: { 'if-none-match': etag as string },
    })
    expect(again.status).toBe(304)
  })

  it('rebuilds the bootstrap document when the channel changes', async () => {
    const before = await ctx.json('/api/channel-bootstrap-data?channel_key=northside')
    const channel = await ctx.app.services.channels.findByKey('northside')
    await ctx.app.services.channels.setColors(channel!, { 'header-background': '#445566' })
    const after = await ctx.json('/api/channel-bootstrap-data?channel_key=northside')
    expect(after.body.data['color-settings']['header-background']).toBe('#445566')
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'))
  })

  it('rejects a malformed bootstrap query by field', async () => {
    const res = await ctx.json(`/api/channel-bootstrap-data?color-settings[client_interface]=tv&api_key=${key}`)
    expect(res.status).toBe(422)
    expect(res.body.errors['color-settings.client_interface']).toBeDefined()
  })

  it('needs a channel for exempt calls and an api key for the others', async () => {
    const none = await ctx.json('/api/faq')
    expect(none.status).toBe(401)
    expect(none.body.errors).toEqual({ channel_key: [messages.noChannelOrApiKey] })
    const unknownChannel = await ctx.json('/api/faq?channel_key=nope')
    expect(unknownChannel.body.errors.channel_key).toBeDefined()
    expect((await ctx.json('/api/faq?channel_key=demo')).status).toBe(200)
  })
})
