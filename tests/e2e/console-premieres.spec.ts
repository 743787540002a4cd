import fs from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { seriousFindings } from './axe.js'
import { launchBrowser, newPage } from './browser.js'
import { apiKey, appReady } from './helpers.js'
import { operatorViaInvitation } from './operators.js'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')
const shots = '/tmp/console-shots'

/** Screenshots of the page at 1280 and 390 px, each checked with axe. */
async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true })
    expect(await seriousFindings(page)).toEqual([])
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

/** The signed-in operator's api key, as the app keeps it (`rudy_app`: zustand's JSON in an entry with a lifetime). */
const operatorKey = (page: Page) =>
  page.evaluate(() => {
    const entry = JSON.parse(localStorage.getItem('rudy_app') ?? '{}') as { value?: string }
    return (JSON.parse(entry.value ?? '{}') as { state?: { apiKey?: string } }).state?.apiKey ?? ''
  })

/** The demo premiere's event, once the demo has scheduled it. */
async function demoPremiere() {
  const key = await apiKey(baseUrl)
  for (let i = 0; i < 240; i++) {
    const list = (await (await fetch(`${baseUrl}/api/premieres?api_key=${key}`)).json()).data as {
      event: { id: number; name: string }
    }[]
    if (list[0]) return list[0].event
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error('the demo premiere was not scheduled')
}

describe('console: premieres', () => {
  let browser: Browser
  beforeAll(async () => {
    fs.mkdirSync(shots, { recursive: true })
    browser = await launchBrowser()
  })
  afterAll(() => browser?.close())

  it('a manager schedules a finished recording as a premiere; viewers see it coming on /simulate; the manager calls it off', {
    timeout: 240_000,
  }, async () => {
    // The demo schedules its premiere once a free game's replay is encoded: then a replay is ready to show.
    const demo = await demoPremiere()
    const { context, page } = await newPage(browser, 1280, 900)
    try {
      await operatorViaInvitation(page, { baseUrl, dataDir, role: 'manager', name: ['Mia', 'Chen'] })
      // The event it premieres as: a new free game (made through the admin API; the Events page has its own journey).
      const name = `Premiere night ${Date.now()}`
      const made = await fetch(`${baseUrl}/api/admin/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await operatorKey(page)}` },
        body: JSON.stringify({
          name,
          access_mode: 'free',
          event_utc_ts: new Date(Date.now() + 7 * 86_400_000).toISOString(),
          time_zone: 'UTC',
        }),
      })
      expect(made.status).toBe(201)
      const eventId = ((await made.json()) as { data: { id: number } }).data.id

      const nav = page.getByRole('navigation', { name: 'Console' })
      await nav.getByRole('link', { name: 'Premieres', exact: true }).click()
      await page.getByRole('heading', { level: 1, name: 'Premieres' }).waitFor()
      // The demo's premiere repeats every few seconds (a fraction of a minute): listed, read in seconds.
      await page
        .getByRole('row')
        .filter({ hasText: demo.name })
        .filter({ hasText: /Every \d+ s/ })
        .waitFor()
      await shoot(page, 'premieres-demo')
      await page.getByRole('link', { name: 'Schedule a premiere' }).click()
      await page.getByRole('heading', { level: 1, name: 'Schedule a premiere' }).waitFor()

      // Nothing chosen: the API's words, by the field; nothing is scheduled.
      await page.getByLabel('Event it premieres as').selectOption(String(eventId))
      await page.getByRole('button', { name: 'Schedule premiere' }).click()
      await page.getByText('Choose the recording to premiere: an event with a replay or a library video.').waitFor()
      await page.getByText('Nothing was scheduled: see what is marked above.').waitFor()
      await shoot(page, 'premiere-form-error')

      // A finished game's replay, from the recordings that are ready; the start a couple of minutes ahead.
      const source = page.getByLabel('Recording it shows')
      const replay = await source.locator('optgroup[label="Replays of events"] option').first().getAttribute('value')
      expect(replay).toMatch(/^event:\d+$/)
      await source.selectOption(replay as string)
      // The field's error goes once it is changed.
      await expect(page.getByText('Choose the recording to premiere').count()).resolves.toBe(0)
      expect(await page.getByLabel(/^Start \(/).inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
      await shoot(page, 'premiere-form')
      await page.getByRole('button', { name: 'Schedule premiere' }).click()

      await page.getByRole('heading', { level: 1, name: 'Premieres' }).waitFor()
      const row = page.getByRole('row').filter({ hasText: name })
      await row.waitFor()
      const text = (await row.textContent()) ?? ''
      expect(text).toContain('Coming')
      expect(text).toContain('Replay of ')
      expect(text).toContain('Once')
      await shoot(page, 'premieres')

      // A viewer finds it on /simulate, coming.
      const viewer = await newPage(browser, 390, 844)
      try {
        await viewer.page.goto(`${baseUrl}/simulate`)
        await appReady(viewer.page)
        await viewer.page.locator(`a[href="/watch/${eventId}"]`).first().waitFor({ timeout: 15_000 })
      } finally {
        await viewer.context.close()
      }

      // Called off: gone from the list, and from /simulate.
      await row.getByRole('button', { name: `Call off the premiere of ${name}` }).click()
      await page.getByRole('button', { name: 'Call off the premiere', exact: true }).click()
      await page.getByText(`The premiere of ${name} is called off.`).waitFor()
      await page.getByRole('row').filter({ hasText: name }).waitFor({ state: 'detached' })
      const key = await operatorKey(page)
      const coming = (await (await fetch(`${baseUrl}/api/premieres?api_key=${key}`)).json()) as {
        data: { event: { id: number } }[]
      }
      expect(coming.data.map((p) => p.event.id)).not.toContain(eventId)
    } finally {
      await context.close()
    }
  })

  it('a producer has no Premieres page', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser, 1280, 900)
    try {
      await operatorViaInvitation(page, { baseUrl, dataDir, role: 'producer', name: ['Sam', 'Ortiz'] })
      const nav = page.getByRole('navigation', { name: 'Console' })
      await nav.getByRole('link', { name: 'Go live', exact: true }).waitFor()
      await expect(nav.getByRole('link', { name: 'Premieres', exact: true }).count()).resolves.toBe(0)
      await page.goto(`${baseUrl}/admin/premieres`)
      await page.getByRole('heading', { level: 1, name: 'Not available' }).waitFor()
    } finally {
      await context.close()
    }
  })
})
