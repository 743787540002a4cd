import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { launchBrowser, newPage } from './browser.js'
import { apiKey, appReady, videoReady } from './helpers.js'

const baseUrl = inject('baseUrl')

/** One record as the analytics service receives it: by its own GET call, or inside a batched POST. */
interface Received {
  path: string
  via: 'get' | 'post'
  fields: Record<string, unknown>
}

/**
 * The analytics service, on loopback at its own origin as a real one is: the channel's settings name
 * it (the page runs on 127.0.0.1, where the client is otherwise skipped) with no pre-roll. Every
 * record is kept, GET or POST, fetch or beacon. The calls go over the network, not through the
 * browser's request interception: a beacon sent as the page is left can outlive the page's
 * interception, and was then lost to the journey though the browser had sent it.
 *
 * The pages' policy names the server's own analytics role, not this stand-in, so the context that
 * uses it is made with `serviceContext` (the policy is not applied; the journeys in
 * `console-analytics.spec.ts` reach the server's own service under the policy).
 */
const serviceContext = { bypassCSP: true }

async function recordAnalytics(context: BrowserContext, settings: { key: string; named: boolean }) {
  const received: Received[] = []
  const hashes: string[] = []
  const service = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://collector')
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const answer = (body: unknown) => {
        res.writeHead(200, {
          'content-type': 'application/json',
          'access-control-allow-origin': '*',
          'access-control-allow-headers': 'content-type',
          'cache-control': 'no-store',
        })
        res.end(JSON.stringify(body))
      }
      if (req.method === 'OPTIONS') return answer(null)
      if (url.pathname === '/datalake/hash/') {
        const hash = randomUUID()
        hashes.push(hash)
        return answer({ data: hash })
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}')
      if (req.method === 'GET') {
        received.push({ path: url.pathname, via: 'get', fields: Object.fromEntries(url.searchParams) })
      } else if (url.pathname === '/datalake/error/') {
        received.push({ path: url.pathname, via: 'post', fields: body })
      } else {
        for (const item of body.records ?? []) {
          received.push({ path: url.pathname, via: 'post', fields: { profile: body.profile, ...item } })
        }
      }
      return answer({ data: null })
    })
  })
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(service.address() as AddressInfo).port}`
  const analytics = { 'yare-analytics-key': settings.key, 'yare-analytics-url': settings.named ? origin : null }
  await context.route(
    (url) => url.pathname === '/api/channel-bootstrap-data',
    async (route) => {
      const response = await route.fetch()
      const body = await response.json()
      const data = { ...body.data, settings: { ...body.data.settings, prerolls: [], 'yare-analytics': analytics } }
      await route.fulfill({ response, json: { ...body, data } })
    },
  )
  return { received, hashes, close: () => new Promise((resolve) => service.close(resolve)) }
}

/** A record's fields the way the GET call sends them (a batched one carries them as JSON values). */
const extrasOf = (r: Received) =>
  (typeof r.fields.extras === 'string' ? JSON.parse(r.fields.extras) : r.fields.extras) as Record<string, unknown>
const eventName = (r: Received) => r.fields.event

describe('product analytics from the browser', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(() => browser.close())

  it('a viewer on a phone arriving from a campaign: the session, visits, video events, viewing time, failures and errors reach the service', {
    timeout: 240_000,
  }, async () => {
    const key = await apiKey(baseUrl)
    const replays = (await (await fetch(`${baseUrl}/api/events?stream_status[]=vod&no_limit=1&api_key=${key}`)).json())
      .data as Array<{ id: number; type: string }>
    const replay = replays.find((e) => e.type === 'free') as { id: number }
    await videoReady(baseUrl, replay.id)

    const { context, page } = await newPage(browser, 390, 844, serviceContext)
    const { received, hashes, close } = await recordAnalytics(context, { key: 'yak_journey', named: true })
    const visits = () => received.filter((r) => r.path === '/datalake/event/' && r.fields.event === 'visit_page')

    await page.goto(`${baseUrl}/?trk=spring-promo`)
    await appReady(page)
    await vi.waitFor(() => expect(visits()).toHaveLength(1), { timeout: 15_000 })
    const session = received.find((r) => r.path === '/datalake/session/')
    expect(session?.fields).toMatchObject({
      profile: 'yak_journey',
      session: hashes[0],
      platform: 'web',
      resolution: '390x844',
    })
    expect(visits()[0]?.fields).toMatchObject({
      profile: 'yak_journey',
      session_uuid: hashes[0],
      trk: 'spring-promo',
    })
    expect(extrasOf(visits()[0] as Received)).toMatchObject({
      page: '/?trk=spring-promo',
      authorized: false,
      from_page: null,
    })

    // A route change inside the app: visit_page from the page before.
    await page.getByRole('link', { name: 'Sign in' }).first().click()
    await vi.waitFor(() => expect(visits()).toHaveLength(2), { timeout: 15_000 })
    expect(extrasOf(visits()[1] as Received)).toMatchObject({ page: '/login', from_page: '/?trk=spring-promo' })

    // The passes page is the funnel's second step: view_item_list, by the name the reports count.
    await page.goto(`${baseUrl}/packages`)
    await appReady(page)
    const itemLists = () => received.filter((r) => eventName(r) === 'view_item_list')
    await vi.waitFor(() => expect(itemLists().length).toBeGreaterThan(0), { timeout: 15_000 })
    expect(itemLists()[0]?.fields).toMatchObject({ profile: 'yak_journey', session_uuid: hashes[0] })
    expect(extrasOf(itemLists()[0] as Received)).toEqual({ item_id: 'packages', item_name: 'Packages' })

    // A new page load the same day: the same session and tracking value, no new hash.
    await page.goto(`${baseUrl}/watch/${replay.id}`)
    await appReady(page)
    await page.getByTestId('player-start').click()
    // Viewing time is the whole seconds of the stream the video has played (its `played` ranges), however
    // late a busy page runs its handlers: 2.2 s played is 2 s, and the pause still comes before this
    // short replay ends.
    await page.waitForFunction(
      () => (document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')?.currentTime ?? 0) > 2.2,
      undefined,
      { timeout: 60_000 },
    )
    await page.getByTestId('player-play').click()
    const videoEvents = () =>
      received.filter((r) => r.path === '/datalake/video/event/' || r.fields.kind === 'video_event')
    await vi.waitFor(
      () => expect(videoEvents().map(eventName)).toEqual(expect.arrayContaining(['play', 'first_frame', 'pause'])),
      {
        timeout: 15_000,
      },
    )
    // Leaving the page: its last viewing time goes by beacon as the page hides.
    await page.goto(`${baseUrl}/watch/99999999`)
    await appReady(page)
    const viewing = () =>
      received.filter((r) => r.path === '/datalake/video/viewing/' || r.fields.kind === 'video_viewing')
    await vi.waitFor(() => expect(viewing().length).toBeGreaterThan(0), { timeout: 15_000 })
    const firstFrame = videoEvents().find((r) => r.fields.event === 'first_frame') as Received
    expect(firstFrame.fields).toMatchObject({
      stream_id: expect.anything(),
      stream_type: 'replay',
      session_uuid: hashes[0],
    })
    expect(String(firstFrame.fields.stream_id)).toBe(String(replay.id))
    const watched = viewing().reduce((sum, r) => sum + Number(r.fields.viewing_time), 0)
    expect(watched).toBeGreaterThanOrEqual(2)
    expect(viewing()[0]?.fields).toMatchObject({
      video_view_uuid: firstFrame.fields.video_view_uuid,
      sport: expect.stringMatching(/\w/),
      category: expect.stringMatching(/\w/),
    })
    expect(hashes).toHaveLength(1)
    expect(await page.evaluate(() => localStorage.getItem('rudy_trk'))).toContain('spring-promo')

    // The missing game's 404 is a failed API call; an uncaught error, thrown twice, is reported once.
    const failed = () => received.filter((r) => r.fields.event === 'api_request')
    await vi.waitFor(() => expect(failed().length).toBeGreaterThan(0), { timeout: 15_000 })
    expect(extrasOf(failed()[0] as Received)).toMatchObject({ request_url: `/api/events/99999999`, status: 404 })
    expect(JSON.stringify(failed()[0]?.fields)).not.toContain(key)
    await page.evaluate(() => {
      for (let i = 0; i < 2; i++) {
        setTimeout(() => {
          throw new Error('journey boom')
        }, 0)
      }
    })
    const errors = () => received.filter((r) => r.path === '/datalake/error/')
    await vi.waitFor(() => expect(errors().map((r) => r.fields.message)).toContain('Error: journey boom'), {
      timeout: 15_000,
    })
    expect(errors().filter((r) => r.fields.message === 'Error: journey boom')).toHaveLength(1)

    // Every record has its own id: the service counts each once, however often it was sent.
    const records = received.filter((r) => r.path !== '/datalake/session/' && r.path !== '/datalake/error/')
    for (const r of records) expect(r.fields.record_id).toMatch(/^[0-9a-f-]{36}$/)
    const byId = new Map<unknown, Received[]>()
    for (const r of records) byId.set(r.fields.record_id, [...(byId.get(r.fields.record_id) ?? []), r])
    for (const same of byId.values()) expect(new Set(same.map((r) => String(r.fields.ts))).size).toBe(1)
    await context.close()
    await close()
  })

  it('on localhost without a service named in the settings, nothing is loaded or sent', async () => {
    const { context, page } = await newPage(browser, 390, 844)
    const { received, close } = await recordAnalytics(context, { key: 'yak_journey', named: false })
    await page.goto(`${baseUrl}/`)
    await appReady(page)
    await page.getByRole('link', { name: 'Sign in' }).first().click()
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    // Past the moment the client would have loaded: after the first paint and an idle period.
    const loaded = await page.evaluate(
      () =>
        new Promise<string[]>((resolve) =>
          requestIdleCallback(() =>
            requestIdleCallback(() =>
              resolve(
                performance
                  .getEntriesByType('resource')
                  .map((e) => e.name)
                  .filter((n) => /start-tracker|datalake/.test(n)),
              ),
            ),
          ),
        ),
    )
    expect(loaded).toEqual([])
    expect(received).toEqual([])
    await context.close()
    await close()
  })
})
