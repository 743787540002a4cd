import { messages } from '@fieldhouse/contract'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, newPage } from './browser.js'

const baseUrl = inject('baseUrl')

describe('start-up', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(() => browser.close())

  it('says the page is loading from its first paint, before any script runs, on a phone', async () => {
    // Scripts off: what the page shows before its scripts arrive, as a slow phone does for a while.
    const { context, page } = await newPage(browser, 390, 844, { javaScriptEnabled: false })
    await page.goto(baseUrl)
    const splash = page.getByRole('status')
    // Drawn where it can be read, not only there for a screen reader (a visually hidden 1-px label).
    const box = await splash.getByText('Loading…', { exact: true }).boundingBox()
    expect(box?.width).toBeGreaterThan(40)
    expect(box?.height).toBeGreaterThan(12)
    expect(await splash.getAttribute('aria-busy')).toBe('true')
    await context.close()
  })

  it('shows the splash until ready, then the themed home page of the channel', async () => {
    const { context, page } = await newPage(browser)
    const sawSplash = page.waitForSelector('[data-testid="splash"]', { state: 'attached', timeout: 5000 })
    await page.goto(baseUrl)
    await sawSplash
    await page.waitForSelector('[data-testid="splash"]', { state: 'detached', timeout: 10_000 })

    await page.getByRole('banner').getByText('Fieldhouse Demo').first().waitFor()
    await page.getByText('Every game. Live and on demand.').first().waitFor()
    expect(await page.title()).toContain('Fieldhouse Demo')

    const theme = await page.evaluate(() => {
      const root = getComputedStyle(document.documentElement)
      const header = document.querySelector('header')
      return {
        headerVar: root.getPropertyValue('--header-background').trim(),
        text50: root.getPropertyValue('--body-text-color-50').trim(),
        footer70: root.getPropertyValue('--footer-background-70').trim(),
        headerBg: header ? getComputedStyle(header).backgroundColor : '',
        bodyBg: getComputedStyle(document.body).backgroundColor,
      }
    })
    expect(theme.headerVar).toBe('#0b1424')
    expect(theme.text50.replace(/\s/g, '')).toBe('rgba(232,237,246,0.5)')
    expect(theme.footer70.replace(/\s/g, '')).toBe('rgba(7,13,24,0.7)')
    expect(theme.headerBg).toBe('rgb(11, 20, 36)')
    expect(theme.bodyBg).toBe('rgb(15, 26, 46)')
    await context.close()
  })

  it('keeps the api key it was given across reloads', async () => {
    const { context, page } = await newPage(browser)
    let keyRequests = 0
    page.on('request', (r) => {
      if (r.url().endsWith('/api/get_api_key')) keyRequests++
    })
    await page.goto(baseUrl)
    await page.getByText('Every game. Live and on demand.').first().waitFor()
    await page.reload()
    await page.getByText('Every game. Live and on demand.').first().waitFor()
    expect(keyRequests).toBe(1)
    await context.close()
  })

  it('recovers by itself when its stored api key has expired', async () => {
    const { context, page } = await newPage(browser)
    await page.goto(baseUrl)
    await page.getByText('Every game. Live and on demand.').first().waitFor()
    // Replace the stored key (spec §9: local storage, prefix rudy_) with one the server does not know.
    const stale = 'A'.repeat(43)
    const replaced = await page.evaluate((staleKey) => {
      const outer = JSON.parse(localStorage.getItem('rudy_app') ?? 'null')
      const inner = JSON.parse(outer.value)
      const before = inner.state.apiKey
      inner.state.apiKey = staleKey
      localStorage.setItem('rudy_app', JSON.stringify({ ...outer, value: JSON.stringify(inner) }))
      return before
    }, stale)
    expect(replaced).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const refused: string[] = []
    page.on('response', (r) => {
      if (r.status() === 401 && r.url().includes(stale)) refused.push(r.url())
    })
    await page.reload()
    await page.getByText('Every game. Live and on demand.').first().waitFor({ timeout: 30_000 })
    expect(await page.locator('[data-testid="api-key-error"]').count()).toBe(0)
    expect(refused.length).toBeGreaterThan(0)
    const now = await page.evaluate(
      () => JSON.parse(JSON.parse(localStorage.getItem('rudy_app') ?? '').value).state.apiKey,
    )
    expect(now).not.toBe(stale)
    await context.close()
  })

  it('shows the api-key error screen with its countdown when no key can be had, and reloads after it', async () => {
    const { context, page } = await newPage(browser)
    await page.clock.install()
    let keyRequests = 0
    await page.route('**/api/get_api_key', (route) => {
      keyRequests++
      return route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({
          message: messages.noChannelOrApiKey,
          errors: { channel_key: [messages.noChannelOrApiKey] },
        }),
      })
    })
    await page.goto(baseUrl)
    const screen = page.locator('[data-testid="api-key-error"]')
    await screen.waitFor({ timeout: 15_000 })
    expect(await screen.innerText()).toContain(messages.apiKeyErrorScreen)
    // The first failure and the one automatic retry (spec §8).
    expect(keyRequests).toBe(2)

    const button = screen.getByRole('button')
    expect(await button.isDisabled()).toBe(true)
    const first = Number((await button.innerText()).match(/^Reload page after (\d+) seconds$/)?.[1])
    expect(first).toBeGreaterThan(55)
    await page.clock.fastForward(5000)
    // The timer has fired; React shows the new count in its own task.
    await expect
      .poll(async () => Number((await button.innerText()).match(/^Reload page after (\d+) seconds$/)?.[1]))
      .toBeLessThanOrEqual(first - 4)

    await page.clock.fastForward(60_000)
    await page.waitForFunction(() => {
      const b = document.querySelector('[data-testid="api-key-error"] button') as HTMLButtonElement | null
      return b && !b.disabled && b.textContent === 'Reload page'
    })
    // The service is back: pressing the button fetches a key and reloads into the app.
    await page.unroute('**/api/get_api_key')
    await button.click()
    await page.getByText('Every game. Live and on demand.').first().waitFor({ timeout: 30_000 })
    expect(await screen.count()).toBe(0)
    await context.close()
  })
})
