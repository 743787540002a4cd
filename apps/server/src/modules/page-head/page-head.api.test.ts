import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { MediaTypeId } from '@fieldhouse/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assetKey } from '../../lib/media-store/index.js'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildOperator } from '../../test/operators.js'
import { buildRecording } from '../../test/premieres.js'
import { ChannelRepository } from '../channel/channel.repository.js'

const HTML = '<!doctype html><html><head><title>Fieldhouse</title></head><body><div id="root"></div></body></html>'
const preload = (href: string) => `<link rel="preload" as="image" href="${href}" fetchpriority="high">`
/** Every image preload in a page's head, by its href as written. */
const preloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="image" href="([^"]*)"/g)].map((m) => m[1])

/**
 * The largest paint asked for by the HTML the server sends (issue 32): the home page's first slide of
 * the host's channel, a watch page's public poster, through the real HTTP layer and the web app's page.
 */
describe.each(testDatabases())('the page head on %s', (kind) => {
  let ctx: TestContext
  let webDist: string
  let apiKey: string
  let demoId: number
  // The product's clock, which a premiere's showing follows; moved on by a test, never waited for.
  let now = Date.now()
  const channels = () => new ChannelRepository(ctx.db.kysely, ctx.db.dialect)
  /** A channel served at `host` with these slides (as the CLI or a seed writes them: unchecked). */
  const channelWith = async (key: string, host: string, slides: { title: string; image: string | null }[]) => {
    const now = Date.now()
    return channels().create(
      {
        ...{ key, name: key, logo: null, language: 'en', currency: 'USD', google_tag: null },
        ...{ yare_analytics_key: null, settings: '{}', created_at: now, updated_at: now },
      },
      {
        domains: [host],
        slides: slides.map((s, position) => ({
          ...{ ...s, subtitle: null, link: null, client_interface: 'web', slidable_type: 'main' as const },
          ...{ slidable_id: null, position },
        })),
      },
    )
  }
  /** The app's page at `url`, as a browser at `host` is sent it. */
  const pageAt = async (host: string, url: string) => {
    const res = await ctx.app.inject({ url, headers: { host } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    return res.body
  }
  /** An asset of the owner, ready, with a poster any visitor may fetch. */
  const withPoster = async (channelId: number, owner: { type: 'event' | 'vod'; id: number }, recording?: number) => {
    const { mediaRepo, store } = ctx.app.services
    const asset =
      recording === undefined
        ? await mediaRepo.createAsset(channelId, owner, 'upload', 'ready')
        : ((await mediaRepo.findAsset(recording)) as NonNullable<Awaited<ReturnType<typeof mediaRepo.findAsset>>>)
    await store.put(assetKey(asset.id, 'poster.jpg'), { bytes: Buffer.from([0xff, 0xd8, 0xff, 0xd9]) })
    await mediaRepo.setMedia(asset, MediaTypeId.image, 'poster.jpg')
    // What the worker does when a video is ready: the channel's caches rebuild.
    await ctx.app.services.contentChanged(channelId)
    return asset
  }

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-web-'))
    fs.writeFileSync(path.join(webDist, 'index.html'), HTML)
    ctx = await createTestContext(kind, { webDist, clock: () => now })
    apiKey = await ctx.apiKey()
    demoId = (await ctx.app.services.channels.findByKey('demo'))?.id as number
  })
  afterAll(async () => {
    await ctx.close()
    fs.rmSync(webDist, { recursive: true, force: true })
  })

  it("preloads the host's channel's first slide picture on the home page, the very address its slide gives", async () => {
    const slides = (await ctx.json(`/api/slides/web?api_key=${apiKey}`)).body.data as { image: string }[]
    expect(slides.length).toBeGreaterThan(1)
    const html = await pageAt('127.0.0.1', '/')
    expect(preloadsOf(html)).toEqual([slides[0]?.image])
    expect(html).toContain(`${preload(slides[0]?.image as string)}\n</head>`)
    // The page is the app's, once.
    expect(html.match(/<\/head>/g)).toHaveLength(1)
    expect(html).toContain('<div id="root">')
    expect(preloadsOf(await pageAt('127.0.0.1', '/?utm_source=mail'))).toEqual([slides[0]?.image])

    await channelWith(`rival-${kind}`, 'rival.example', [
      { title: 'Rival opener', image: '/media/public/rival/opener.jpg' },
      { title: 'Second', image: '/media/public/rival/second.jpg' },
    ])
    expect(preloadsOf(await pageAt('rival.example', '/'))).toEqual(['/media/public/rival/opener.jpg'])
    expect(preloadsOf(await pageAt('127.0.0.1', '/'))).toEqual([slides[0]?.image])
  })

  it('sends the page with its head compressed when the browser takes it, and revalidates it by ETag', async () => {
    const HTML_PADDED = HTML.replace('<body>', `<body>${'<!-- padding -->'.repeat(80)}`)
    fs.writeFileSync(path.join(webDist, 'index.html'), HTML_PADDED)
    // A build replaces the page: the next answer is the new one.
    fs.utimesSync(path.join(webDist, 'index.html'), new Date(), new Date(Date.now() + 5000))
    const slides = (await ctx.json(`/api/slides/web?api_key=${apiKey}`)).body.data as { image: string }[]
    const res = await ctx.app.inject({ url: '/', headers: { host: '127.0.0.1', 'accept-encoding': 'gzip, br' } })
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers.vary).toContain('accept-encoding')
    const html = zlib.brotliDecompressSync(res.rawPayload).toString()
    expect(html).toContain('<!-- padding -->')
    expect(preloadsOf(html)).toEqual([slides[0]?.image])
    const again = await ctx.app.inject({
      url: '/',
      headers: { host: '127.0.0.1', 'accept-encoding': 'br', 'if-none-match': String(res.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
    fs.writeFileSync(path.join(webDist, 'index.html'), HTML)
    fs.utimesSync(path.join(webDist, 'index.html'), new Date(), new Date(Date.now() + 10_000))
    expect(await pageAt('127.0.0.1', '/')).not.toContain('<!-- padding -->')
  })

  it("preloads nothing where the first slide paints no picture, nor on a team's or school's page", async () => {
    await channelWith(`bare-${kind}`, 'bare.example', [])
    await channelWith(`plain-${kind}`, 'plain.example', [
      { title: 'Words only', image: null },
      { title: 'Pictured', image: '/media/public/plain/second.jpg' },
    ])
    for (const host of ['bare.example', 'plain.example']) {
      const html = await pageAt(host, '/')
      expect(html).not.toContain('rel="preload"')
      expect(html).toContain('<div id="root">')
    }
    expect(preloadsOf(await pageAt('127.0.0.1', '/?team=eagles'))).toEqual([])
    expect(preloadsOf(await pageAt('127.0.0.1', '/about'))).toEqual([])
  })

  it('escapes the picture address, so a quote cannot leave the attribute; a script address is not preloaded', async () => {
    await channelWith(`quoted-${kind}`, 'quoted.example', [
      { title: 'Quoted', image: `/media/public/x.jpg" onload="alert(1)"><script>alert('x')</script>` },
    ])
    const html = await pageAt('quoted.example', '/')
    expect(html).toContain(
      preload(
        '/media/public/x.jpg&quot; onload=&quot;alert(1)&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;',
      ),
    )
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('" onload=')

    await channelWith(`scripted-${kind}`, 'scripted.example', [{ title: 'Script', image: 'javascript:alert(1)' }])
    expect(await pageAt('scripted.example', '/')).not.toContain('rel="preload"')
  })

  it("follows an operator's change of the slides at once", async () => {
    const key = `edited-${kind}`
    await channelWith(key, 'edited.example', [{ title: 'First', image: '/media/public/edited/first.jpg' }])
    expect(preloadsOf(await pageAt('edited.example', '/'))).toEqual(['/media/public/edited/first.jpg'])
    const owner = await buildOperator(ctx, key, 'owner')
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/slides',
      headers: { host: 'edited.example', authorization: `Bearer ${owner.key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        slidable_type: 'main',
        title: 'Newer',
        image: '/media/public/edited/new.jpg',
        position: -1,
      }),
    })
    expect(made.statusCode).toBe(201)
    expect(preloadsOf(await pageAt('edited.example', '/'))).toEqual(['/media/public/edited/new.jpg'])
  })

  it("preloads an event's public poster on its watch and embed pages, byte for byte the detail's poster", async () => {
    const events = (await ctx.json(`/api/events?api_key=${apiKey}&no_limit=1`)).body.data as { id: number }[]
    const [withOne, without] = events.map((e) => e.id) as [number, number]
    for (const page of [`/watch/${without}`, `/watch_embed/${without}`]) {
      expect(preloadsOf(await pageAt('127.0.0.1', page))).toEqual([])
    }
    const asset = await withPoster(demoId, { type: 'event', id: withOne })
    const detail = (await ctx.json(`/api/events/${withOne}?api_key=${apiKey}`)).body.data
    expect(detail.poster).toBe(`/media/o/${asset.id}/poster.jpg`)
    // The preload names the very bytes the player's <video poster> asks for, which any visitor may fetch.
    for (const page of [`/watch/${withOne}`, `/watch_embed/${withOne}`, `/watch/${withOne}/?t=3`]) {
      expect(preloadsOf(await pageAt('127.0.0.1', page))).toEqual([detail.poster])
    }
    expect((await ctx.request(detail.poster)).status).toBe(200)
    // Another game, and the same game's id on another channel's host, have no poster of theirs.
    expect(preloadsOf(await pageAt('127.0.0.1', `/watch/${without}`))).toEqual([])
    expect(preloadsOf(await pageAt('rival.example', `/watch/${withOne}`))).toEqual([])
    expect(preloadsOf(await pageAt('127.0.0.1', '/watch/999999'))).toEqual([])
  })

  it("preloads a library video's poster, else its own picture, as its page shows it", async () => {
    const items = (await ctx.json(`/api/vod-media-items?api_key=${apiKey}`)).body.data as {
      id: number
      assets: { type: string; path: string }[]
    }[]
    const [first, second] = items as [(typeof items)[0], (typeof items)[0]]
    const picture = first.assets.find((a) => a.type === 'image')?.path as string
    expect(picture).toBeTruthy()
    expect(preloadsOf(await pageAt('127.0.0.1', `/watch_library/${first.id}`))).toEqual([picture])
    const asset = await withPoster(demoId, { type: 'vod', id: second.id })
    const detail = (await ctx.json(`/api/vod-media-items/${second.id}?api_key=${apiKey}`)).body.data
    expect(detail.poster).toBe(`/media/o/${asset.id}/poster.jpg`)
    expect(preloadsOf(await pageAt('127.0.0.1', `/watch_library/${second.id}`))).toEqual([detail.poster])
    expect(preloadsOf(await pageAt('rival.example', `/watch_library/${first.id}`))).toEqual([])
  })

  it("preloads a premiere's poster while it shows, and nothing before, as the event's detail gives it", async () => {
    const owner = { authorization: `Bearer ${(await buildOperator(ctx, 'demo', 'owner')).key}` }
    const made = async (url: string, body: object) => {
      const res = await ctx.json(url, { method: 'POST', headers: owner, body })
      expect(res.status).toBe(201)
      return res.body.data.id as number
    }
    const start = now + 3_600_000
    const event = await made('/api/admin/events', {
      ...{ name: 'Tigers at Lions', access_mode: 'free', time_zone: 'UTC' },
      event_utc_ts: new Date(start).toISOString(),
    })
    const vod = await made('/api/admin/vod-media-items', { title: 'Season highlights', date: '2026-11-01' })
    const recording = await buildRecording(ctx, demoId, { type: 'vod', id: vod })
    await withPoster(demoId, { type: 'vod', id: vod }, recording)
    const detail = async () => (await ctx.json(`/api/events/${event}?api_key=${apiKey}`)).body.data
    await made('/api/admin/premieres', {
      event_id: event,
      source_vod_media_item_id: vod,
      starts_at: new Date(start).toISOString(),
    })

    expect((await detail()).poster).toBeNull()
    expect(preloadsOf(await pageAt('127.0.0.1', `/watch/${event}`))).toEqual([])
    now = start
    await ctx.container.premieres().settle()
    const live = await detail()
    expect(live).toMatchObject({ stream_status: 'live', poster: `/media/o/${recording}/poster.jpg` })
    expect(preloadsOf(await pageAt('127.0.0.1', `/watch/${event}`))).toEqual([live.poster])
  })
})
