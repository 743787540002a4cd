import fs from 'node:fs'
import path from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, newPage } from './browser.js'
import { apiKey, appReady, playUntilMoving } from './helpers.js'

const baseUrl = inject('baseUrl')
const shots = path.resolve('test-results/screenshots')

/** The demo premiere, once the demo has scheduled it (its replay must be encoded first). */
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

/**
 * A newcomer on a phone opens /simulate, finds the demo premiere (a replay shown as live, decision 30)
 * and watches it as live: the live badge, and the picture moving.
 */
describe('premieres', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
    fs.mkdirSync(shots, { recursive: true })
  })
  afterAll(() => browser?.close())

  it('the demo premiere plays as live from /simulate, on a phone', { timeout: 180_000 }, async () => {
    const premiere = await demoPremiere()
    const { context, page } = await newPage(browser, 390, 844)
    try {
      await page.goto(`${baseUrl}/simulate`)
      await appReady(page)
      await page.getByRole('heading', { name: 'Simulation', level: 1 }).waitFor()
      await page.locator(`a[href="/watch/${premiere.id}"]`).first().click()
      await page.waitForURL(`**/watch/${premiere.id}`)
      // The demo shows its 12-s replay back to back: a showing may end before the pre-roll has; the
      // viewer then reloads, and joins the next one (the pre-roll rests after its first play).
      for (let attempt = 1; ; attempt++) {
        try {
          await page.getByTestId('player-start').waitFor({ timeout: 30_000 })
          await playUntilMoving(page)
          break
        } catch (error) {
          if (attempt === 3) throw error
          await page.reload()
          await appReady(page)
        }
      }
      await page.getByTestId('player-live').or(page.getByTestId('player-go-live')).first().waitFor()
    } finally {
      await context.close()
    }
  })

  it('/simulate reads well at 390 and 1280 px, with no serious accessibility finding', async () => {
    const premiere = await demoPremiere()
    for (const width of [390, 1280]) {
      const { context, page } = await newPage(browser, width, 900)
      try {
        await page.goto(`${baseUrl}/simulate`)
        await appReady(page)
        await page.locator(`a[href="/watch/${premiere.id}"]`).first().waitFor()
        await page.screenshot({ path: path.join(shots, `simulate-${width}.png`), fullPage: true })
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        expect(serious.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([])
      } finally {
        await context.close()
      }
    }
  })
})
