import fs from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { seriousFindings } from './axe.js'
import { launchBrowser, newPage } from './browser.js'
import { accountViaApi, apiKey, appReady, newEmail, signIn } from './helpers.js'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')
const PASSWORD = 'a long password 1'
const shots = path.resolve('test-results/screenshots')

interface EventRow {
  id: number
  type: string
  stream_status: string
}

async function events(): Promise<EventRow[]> {
  const key = await apiKey(baseUrl)
  return (await (await fetch(`${baseUrl}/api/events?no_limit=1&api_key=${key}`)).json()).data
}

/**
 * Every control of the watch screen is on screen and would take the tap (visible, not covered, inside
 * the player area and the viewport once scrolled to), and the panel is not cut off by the player box.
 */
async function everyActionTappable(page: Page, screen: string) {
  const stage = page.locator(`[data-testid="watch-stage"][data-screen="${screen}"]`)
  await stage.waitFor({ timeout: 20_000 })
  const stageBox = await stage.boundingBox()
  const panelBox = await stage.locator('.stage__panel').boundingBox()
  expect(stageBox && panelBox).toBeTruthy()
  if (!stageBox || !panelBox) return []
  expect(panelBox.y, `${screen}: panel top`).toBeGreaterThanOrEqual(stageBox.y - 1)
  expect(panelBox.y + panelBox.height, `${screen}: panel bottom`).toBeLessThanOrEqual(stageBox.y + stageBox.height + 1)
  expect(panelBox.width, `${screen}: panel width`).toBeLessThanOrEqual(390)
  const actions = stage.locator('a, button')
  const count = await actions.count()
  const names: string[] = []
  for (let i = 0; i < count; i++) {
    const action = actions.nth(i)
    // A trial click runs every check a real tap needs (visible, stable, enabled, hit-tested) without acting.
    await action.click({ trial: true, timeout: 5_000 })
    const box = await action.boundingBox()
    expect(box && box.height >= 24, `${screen}: "${await action.textContent()}" is a usable target`).toBe(true)
    names.push((await action.textContent())?.trim() ?? '')
  }
  return names
}

/** Replaces fields of the real `GET /api/events/{id}` answer, to reach states the demo has no game in. */
async function withDetail(page: Page, id: number, patch: Record<string, unknown>) {
  await page.route(
    (url) => url.pathname === `/api/events/${id}`,
    async (route) => {
      const response = await route.fetch()
      const body = await response.json()
      await route.fulfill({ response, json: { ...body, data: { ...body.data, ...patch } } })
    },
  )
}

describe('the watch page on a phone (390 × 844)', () => {
  let browser: Browser
  let all: EventRow[]
  beforeAll(async () => {
    browser = await launchBrowser()
    all = await events()
    fs.mkdirSync(shots, { recursive: true })
  })
  afterAll(() => browser.close())

  const paidReplay = () => all.find((e) => e.type === 'paid' && e.stream_status === 'vod') as EventRow
  const upcoming = () => all.find((e) => e.stream_status === 'upcoming') as EventRow

  it('signed out on a paid game: the passes, "Sign in" and "Create an account" fit and work', async () => {
    const { context, page } = await newPage(browser, 390, 844)
    await page.goto(`${baseUrl}/watch/${paidReplay().id}`)
    await appReady(page)
    await page.getByTestId('watch-offer').first().waitFor()
    const names = await everyActionTappable(page, 'sign_in')
    expect(names).toEqual(expect.arrayContaining(['Sign in', 'Create an account']))
    expect(names.some((n) => n.includes('Game Pass'))).toBe(true)
    await page.screenshot({ path: path.join(shots, '390-watch-sign-in.png'), fullPage: true })
    await page.getByTestId('watch-sign-in').click()
    await page.waitForURL(`${baseUrl}/login`)
    await page.goBack()
    await page.getByRole('link', { name: 'Create an account' }).click()
    await page.waitForURL(`${baseUrl}/registration`)
    await page.goBack()
    await page.getByTestId('watch-offer').filter({ hasText: 'Game Pass' }).click()
    await page.waitForURL(/\/buy\?single_event_package_id=\d+&event_id=\d+/)
    await context.close()
  })

  it('signed in without a pass: the passes and "See passes" fit and work', async () => {
    const email = newEmail('phone')
    await accountViaApi(baseUrl, dataDir, email, PASSWORD)
    const { context, page } = await newPage(browser, 390, 844)
    await signIn(page, baseUrl, email, PASSWORD)
    await page.waitForURL((url) => !url.pathname.startsWith('/login'))
    await page.goto(`${baseUrl}/watch/${paidReplay().id}`)
    await appReady(page)
    await page.getByTestId('watch-offer').first().waitFor()
    expect(await everyActionTappable(page, 'no_access')).toContain('See passes')
    await page.screenshot({ path: path.join(shots, '390-watch-buy.png'), fullPage: true })
    await page.getByTestId('watch-see-passes').click()
    await page.waitForURL(/\/packages\?event_id=\d+/)
    await context.close()
  })

  it('upcoming: the countdown and what the viewer will need fit', async () => {
    const { context, page } = await newPage(browser, 390, 844)
    await page.goto(`${baseUrl}/watch/${upcoming().id}`)
    await appReady(page)
    await everyActionTappable(page, 'upcoming')
    await page.getByTestId('watch-countdown').waitFor()
    await page.screenshot({ path: path.join(shots, '390-watch-upcoming.png'), fullPage: true })
    await context.close()
  })

  for (const [screen, patch] of [
    ['geo_blocked', { is_geo_blocked: true, denial: 'geo_blocked' }],
    ['processing', { media_status: 'processing', media_progress: 40, playback: null, denial: null }],
    ['unavailable', { media_status: 'ready', playback: null, denial: null }],
    ['starting', { stream_status: 'live', media_status: 'none', playback: null, denial: 'sign_in', has_access: false }],
  ] as const) {
    it(`${screen}: the screen fits and its buttons work`, async () => {
      const { context, page } = await newPage(browser, 390, 844)
      const id = paidReplay().id
      await withDetail(page, id, patch)
      await page.goto(`${baseUrl}/watch/${id}`)
      await appReady(page)
      const names = await everyActionTappable(page, screen)
      await page.screenshot({ path: path.join(shots, `390-watch-${screen}.png`), fullPage: true })
      if (screen === 'unavailable') {
        expect(names).toEqual(['Retry'])
        await page.getByTestId('watch-retry').click()
        await page.locator('[data-testid="watch-stage"][data-screen="unavailable"]').waitFor()
      }
      if (screen === 'starting') {
        await page.getByText('Live — the broadcast has not begun yet').waitFor()
        expect(await page.getByText('Starting soon').count()).toBe(0)
        await page.getByTestId('watch-sign-in').click()
        await page.waitForURL(`${baseUrl}/login`)
      }
      // An answer still being patched when the page goes is dropped, not reported as an error.
      await page.unrouteAll({ behavior: 'ignoreErrors' })
      await context.close()
    })
  }

  it('a viewer in a region the channel keeps out is told before playing, and where the server places them', async () => {
    const { context, page } = await newPage(browser, 390, 844)
    const id = paidReplay().id
    // The demo has no GeoIP database: the geo answer and the game's detail say what a blocked country gets.
    await page.route(
      (url) => url.pathname === '/api/geo',
      (route) =>
        route.fulfill({
          json: { data: { country: 'France', country_code: 'FR', ip: '203.0.113.7', is_geo_blocked: true } },
        }),
    )
    await withDetail(page, id, { is_geo_blocked: true, denial: 'geo_blocked' })
    await page.goto(`${baseUrl}/watch/${id}`)
    await appReady(page)
    const notice = page.getByTestId('geo-notice')
    await notice.getByText('We place your connection in France.').waitFor()
    await notice.getByText('If you are somewhere else, a VPN or proxy may be the reason.').waitFor()
    // The spec's sentence once, on the player's place; no play button.
    expect(await page.getByText("We're sorry, but this content is not available in your region").count()).toBe(1)
    expect(await page.getByTestId('player-start').count()).toBe(0)
    await page.screenshot({ path: path.join(shots, '390-watch-geo.png'), fullPage: true })
    expect(await seriousFindings(page)).toEqual([])
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    await context.close()
  })

  it('a game that does not exist says so and offers the schedule, not "Try again"', async () => {
    const { context, page } = await newPage(browser, 390, 844)
    await page.goto(`${baseUrl}/watch/999999`)
    await appReady(page)
    await page.getByText('This game could not be found. It may have been removed.').waitFor()
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0)
    await page.getByRole('link', { name: 'See the schedule' }).click()
    await page.waitForURL(`${baseUrl}/schedule`)
    await context.close()
  })
})
