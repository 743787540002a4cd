import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, newPage } from './browser.js'
import { appReady } from './helpers.js'

const baseUrl = inject('baseUrl')

describe('video library', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(() => browser.close())

  it('searches as you type, filters by category and opens a video', async () => {
    const { context, page } = await newPage(browser)
    await page.goto(`${baseUrl}/vod_library`)
    await appReady(page)
    await page.getByRole('region', { name: 'Latest highlights' }).getByRole('listitem').first().waitFor()

    // Search as you type (debounced): one match.
    await page.getByLabel('Search videos').pressSequentially('overtime', { delay: 40 })
    const results = page.getByRole('region', { name: 'Results for “overtime”' })
    await results.waitFor()
    await results.getByText('Showing 1 of 1 video').waitFor()
    expect(await results.getByRole('listitem').count()).toBe(1)
    await results.getByRole('link', { name: 'Overtime thriller at Summit Ice Center' }).waitFor()
    expect(page.url()).toContain('search=overtime')

    // A category chip: only that category's videos.
    await page.getByLabel('Search videos').fill('')
    await page.getByRole('region', { name: 'Latest highlights' }).waitFor()
    const interviews = page.getByRole('button', { name: 'Interviews', exact: true })
    await interviews.click()
    // The chip shows pressed once the address has moved (the router renders the change in a transition).
    await page.getByRole('button', { name: 'Interviews', exact: true, pressed: true }).waitFor()
    const category = page.getByRole('region', { name: 'Interviews' })
    await category.getByRole('listitem').first().waitFor()
    const cards = await category.getByRole('listitem').allTextContents()
    expect(cards.length).toBeGreaterThan(0)
    for (const card of cards) {
      expect(card).toContain('Interviews')
      expect(card).not.toMatch(/Highlights|Features/)
    }
    expect(cards.join(' ')).not.toContain('Top 10 plays of the week')

    // A video opens on its own named route with its id (spec §2).
    const firstCard = category.getByRole('listitem').first()
    const first = firstCard.getByRole('link')
    const title = (await firstCard.getByRole('heading').textContent()) ?? ''
    await first.click()
    await page.waitForURL(/\/watch_library\/\d+$/)
    await page.getByRole('heading', { level: 1, name: title }).waitFor()
    await context.close()
  })
})
