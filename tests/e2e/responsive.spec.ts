import fs from 'node:fs'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, newPage } from './browser.js'

const baseUrl = inject('baseUrl')
const shots = path.resolve('test-results/screenshots')

describe('layout from phone to desktop', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
    fs.mkdirSync(shots, { recursive: true })
  })
  afterAll(() => browser.close())

  for (const width of [390, 1280]) {
    it(`fits a ${width} px screen without sideways scrolling`, async () => {
      const { context, page } = await newPage(browser, width, 844)
      for (const p of [
        '/',
        '/faq',
        '/tickets-help',
        '/404',
        '/schedule?view=list',
        '/?team=summit-mens-hockey',
        '/vod_library',
      ]) {
        await page.goto(baseUrl + p)
        await page.waitForSelector('[data-testid="splash"]', { state: 'detached', timeout: 10_000 })
        await page.locator('main').first().waitFor()
        // Rails and lists arrive after the page: measure once they are in.
        await page.waitForLoadState('networkidle')
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        expect(overflow, p).toBeLessThanOrEqual(0)
        await page.screenshot({
          path: path.join(shots, `${width}${p === '/' ? '-home' : p.replace(/[^a-z0-9]+/gi, '-')}.png`),
          fullPage: true,
        })
      }
      await context.close()
    })
  }

  it('opens the header menu from its toggle on a phone', async () => {
    const { context, page } = await newPage(browser, 390, 844)
    await page.goto(baseUrl)
    const live = page.getByRole('banner').getByRole('link', { name: 'Live', exact: true })
    const toggle = page.getByRole('banner').getByRole('button', { name: /menu/i })
    await toggle.waitFor()
    // The header is drawn: on a phone its links stay hidden until the toggle opens the menu.
    expect(await live.isVisible()).toBe(false)
    await toggle.click()
    await live.waitFor({ state: 'visible' })
    await live.click()
    await page.waitForURL(`${baseUrl}/live`)
    await context.close()
  })
})
