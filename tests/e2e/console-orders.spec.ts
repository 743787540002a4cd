import fs from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { seriousFindings } from './axe.js'
import { launchBrowser, newPage } from './browser.js'
import { accountViaApi, apiKey, appReady, newEmail, playUntilMoving, signIn, videoReady } from './helpers.js'
import { operatorViaInvitation } from './operators.js'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')
const PASSWORD = 'a long password 1'
const shots = '/tmp/console-shots'
/** The server's default playback token lifetime (PLAYBACK_TOKEN_TTL_S): the player renews at 80 % of it. */
const RENEWAL_MS = 600_000 * 0.8

/** A viewer who bought the single-event pass of `eventId` with a test card; their email and api key. */
async function buyer(eventId: number) {
  const email = newEmail('buyer')
  await accountViaApi(baseUrl, dataDir, email, PASSWORD)
  const signedIn = await fetch(`${baseUrl}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, api_key: await apiKey(baseUrl) }),
  })
  const key = (await signedIn.json()).data.api_key as string
  const passes = (await (await fetch(`${baseUrl}/api/packages?api_key=${key}`)).json()).data as {
    id: number
    kind: string
    event_id: number | null
  }[]
  const pass = passes.find((p) => p.kind === 'event' && p.event_id === eventId)
  if (!pass) throw new Error(`no pass for event ${eventId}`)
  const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' }
  const bought = await fetch(`${baseUrl}/api/stripe/buy`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ api_key: key, single_event_package_id: pass.id, event_id: eventId, card }),
  })
  const orderId = (await bought.json()).data.id as number
  for (let i = 0; i < 100; i++) {
    const order = (await (await fetch(`${baseUrl}/api/orders/${orderId}?api_key=${key}`)).json()).data
    if (order.status === 'paid') return { email, key, orderId }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`order ${orderId} was not paid`)
}

describe('console: sales', () => {
  let browser: Browser
  beforeAll(async () => {
    fs.mkdirSync(shots, { recursive: true })
    browser = await launchBrowser()
  })
  afterAll(() => browser?.close())

  it('a manager refunds an order and the viewer’s player stops at its next renewal; refunds a cancelled event; revenue shows it', {
    timeout: 300_000,
  }, async () => {
    const events = (
      await (
        await fetch(`${baseUrl}/api/events?stream_status[]=vod&no_limit=1&api_key=${await apiKey(baseUrl)}`)
      ).json()
    ).data as { id: number; type: string; name: string }[]
    const replay = events.find((e) => e.type === 'paid') as { id: number; name: string }
    await videoReady(baseUrl, replay.id)
    const fan = await buyer(replay.id)

    // The viewer watches the replay they paid for, on a phone.
    const viewer = await newPage(browser, 390, 844)
    await viewer.page.clock.install()
    await signIn(viewer.page, baseUrl, fan.email, PASSWORD)
    await viewer.page.waitForURL((url) => !url.pathname.startsWith('/login'))
    await viewer.page.goto(`${baseUrl}/watch/${replay.id}`)
    await appReady(viewer.page)
    await playUntilMoving(viewer.page)

    // The manager finds the order by the viewer's email and refunds all of it.
    const { context, page } = await newPage(browser, 1280, 900)
    await operatorViaInvitation(page, { baseUrl, dataDir, role: 'manager', name: ['Ana', 'Cruz'] })
    const nav = page.getByRole('navigation', { name: 'Console' })
    await nav.getByRole('link', { name: 'Orders', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor()
    await page.getByLabel('Search by email, order number or pass').fill(fan.email)
    await page.getByText('Showing 1–1 of 1').waitFor()
    await page.getByRole('link', { name: `#${fan.orderId}` }).click()
    await page.getByRole('heading', { level: 1, name: `Order #${fan.orderId}` }).waitFor()
    await page.getByText('visa ending 4242').waitFor()
    expect(await seriousFindings(page)).toEqual([])
    await page.screenshot({ path: `${shots}/sales-order-1280.png`, fullPage: true })
    await page.getByLabel('Reason').fill('Stream failed on our side')
    await page.getByRole('button', { name: 'Refund', exact: true }).click()
    await page
      .getByRole('status')
      .getByText(/refunded\.$/)
      .waitFor()
    await page.getByText('Refunded · Closed').waitFor()

    // At the player's next token renewal the stream stops and the viewer is shown what to buy.
    await viewer.page.clock.fastForward(RENEWAL_MS + 5_000)
    await viewer.page.getByTestId('watch-see-passes').waitFor({ timeout: 30_000 })
    await viewer.page.screenshot({ path: `${shots}/sales-viewer-refunded-390.png` })
    await viewer.context.close()

    // The game is called off: every other buyer is refunded in one action, and a second run refunds nobody.
    const other = await buyer(replay.id)
    await nav.getByRole('link', { name: 'Refund an event', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Refund an event' }).waitFor()
    await page.getByLabel('Event', { exact: true }).selectOption(String(replay.id))
    await page.getByText(/^\d+ orders? would be refunded: /).waitFor()
    await page.getByLabel('Reason').fill('Game cancelled')
    expect(await seriousFindings(page)).toEqual([])
    await page.getByRole('button', { name: 'Refund every buyer' }).click()
    await page.getByText(/^\d+ refunded \(/).waitFor()
    await page.getByText('Nobody is left to refund for this event.').waitFor()
    await page.screenshot({ path: `${shots}/sales-event-refunds-1280.png`, fullPage: true })
    const refunded = (await (await fetch(`${baseUrl}/api/orders/${other.orderId}?api_key=${other.key}`)).json()).data
    expect(refunded.status).toBe('refunded')

    // Revenue shows the sales and the refunds of today.
    await nav.getByRole('link', { name: 'Revenue', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Revenue' }).waitFor()
    const totals = page.locator('.console-revenue-totals')
    await totals.waitFor()
    const perEvent = page
      .getByRole('table', { name: 'Per event' })
      .getByRole('row')
      // The game's own row, headed by a link to it: the demo has two games of the same name, and its
      // premiere of this one carries the name too.
      .filter({ has: page.locator(`th a[href="/admin/events/${replay.id}"]`) })
    await perEvent.waitFor()
    const cells = await perEvent.getByRole('cell').allTextContents()
    // Gross and refunds of the game: two sales, both refunded, nothing left.
    expect(cells[0]).toBe(cells[1])
    expect(cells[2]).toMatch(/^\$0\.00$/)
    await page.getByRole('img', { name: /Gross and refunds per day/ }).waitFor()
    expect(await seriousFindings(page)).toEqual([])
    await page.screenshot({ path: `${shots}/sales-revenue-1280.png`, fullPage: true })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: `${shots}/sales-revenue-390.png`, fullPage: true })
    await page.goto(`${baseUrl}/admin/orders`)
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor()
    expect(await seriousFindings(page)).toEqual([])
    await page.screenshot({ path: `${shots}/sales-orders-390.png`, fullPage: true })
    await context.close()
  })
})
