import fs from 'node:fs'
import { AxeBuilder } from '@axe-core/playwright'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { launchBrowser, newPage } from './browser.js'
import { apiKey, appReady, playUntilMoving, videoReady } from './helpers.js'
import { operatorViaInvitation } from './operators.js'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')
const shots = '/tmp/console-shots'

async function seriousFindings(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')} — ${v.nodes[0]?.failureSummary}`)
}

/** Screenshots of the page at 1280 and 390 px, each checked with axe. */
async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    // uPlot follows its box's width: the plot is redrawn before the picture is taken.
    await page.waitForTimeout(300)
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true })
    expect(await seriousFindings(page)).toEqual([])
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

/** Every chunk file the page has loaded so far. */
const scripts = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => n.endsWith('.js')),
  )

describe('console: analytics', () => {
  let browser: Browser
  beforeAll(async () => {
    fs.mkdirSync(shots, { recursive: true })
    browser = await launchBrowser()
  })
  afterAll(() => browser?.close())

  it('a viewer watches the live demo for half a minute; the Analytics page shows one viewer now and the minutes watched', {
    timeout: 300_000,
  }, async () => {
    const key = await apiKey(baseUrl)
    const live = (
      (await (await fetch(`${baseUrl}/api/events?stream_status[]=live&no_limit=1&api_key=${key}`)).json()).data as {
        id: number
        type: string
        name: string
      }[]
    ).find((e) => e.type === 'free') as { id: number; name: string }
    await videoReady(baseUrl, live.id)

    // The viewer: the real web client sends to the real analytics service (the settings name it).
    const viewer = await newPage(browser, 1280, 800)
    await viewer.page.goto(`${baseUrl}/watch/${live.id}`)
    await appReady(viewer.page)
    await playUntilMoving(viewer.page)
    expect(await scripts(viewer.page)).not.toEqual(expect.arrayContaining([expect.stringMatching(/\/uplot-/)]))
    const started = Date.now()

    // The operator, meanwhile: a manager of the demo channel in another browser.
    const { page } = await newPage(browser, 1280, 900)
    await operatorViaInvitation(page, { baseUrl, dataDir, role: 'manager', name: ['Dana', 'Okafor'] })
    const nav = page.getByRole('navigation', { name: 'Console' })
    // Another console page does not load the plots' library.
    await nav.getByRole('link', { name: 'Go live', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Go live' }).waitFor()
    expect(await scripts(page)).not.toEqual(expect.arrayContaining([expect.stringMatching(/\/uplot-/)]))

    await nav.getByRole('link', { name: 'Analytics', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor()
    await page.getByLabel('Event', { exact: true }).selectOption(String(live.id))
    await page.getByTestId('analytics-live').waitFor()

    // About 30 s of watching, then the page (asking again every 15 s) shows the one viewer.
    const left = 30_000 - (Date.now() - started)
    if (left > 0) await page.waitForTimeout(left)
    const viewersNow = page.getByTestId('analytics-viewers-now')
    await vi.waitFor(async () => expect(await viewersNow.textContent()).toBe('1'), { timeout: 45_000, interval: 1000 })
    await vi.waitFor(
      async () =>
        expect(Number(await page.getByTestId('analytics-viewing-minutes').textContent())).toBeGreaterThan(0.3),
      { timeout: 30_000, interval: 1000 },
    )
    expect(Number(await page.getByTestId('analytics-unique-viewers').textContent())).toBeGreaterThanOrEqual(1)

    // The plot is drawn (uPlot, its own chunk) with a name, and its numbers are in a table.
    const plot = page.getByRole('img', { name: /Concurrent viewers per minute/ })
    await plot.locator('canvas').first().waitFor()
    expect(await scripts(page)).toEqual(expect.arrayContaining([expect.stringMatching(/\/uplot-/)]))
    await page.getByText(/Every minute as a table/).click()
    const table = page.getByRole('table', { name: /Viewers and viewing minutes per minute/ })
    expect(await table.getByRole('row').count()).toBeGreaterThan(1)
    expect(await table.textContent()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/)
    await page.getByRole('table', { name: /The funnel/ }).waitFor()
    await shoot(page, 'analytics')

    // The go-live page shows the same viewers now for the live event.
    await nav.getByRole('link', { name: 'Go live', exact: true }).click()
    // Analytics has an "Event" select too: choose once the go-live page is the one shown.
    await page.getByRole('heading', { level: 1, name: 'Go live' }).waitFor()
    await page.getByLabel('Event', { exact: true }).selectOption(String(live.id))
    await vi.waitFor(async () => expect(await page.getByTestId('live-viewers').textContent()).toBe('1 now'), {
      timeout: 30_000,
      interval: 1000,
    })
    await nav.getByRole('link', { name: 'Analytics', exact: true }).click()

    // The retention: a manager sets it.
    const days = page.getByLabel('Days the records are kept')
    expect(await days.inputValue()).toBe('400')
    await days.fill('90')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByRole('status').filter({ hasText: 'Saved: records are kept 90 days.' }).waitFor()
    await viewer.context.close()
  })
})
