import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, newPage } from './browser.js'
import { accountViaApi, appReady, newEmail, signIn } from './helpers.js'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')
const PASSWORD = 'a long password 1'

async function paidReplays(): Promise<{ id: number; type: string; name: string }[]> {
  const res = await fetch(`${baseUrl}/api/get_api_key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel_key: 'demo' }),
  })
  const key = (await res.json()).data.api_key
  const events = (await (await fetch(`${baseUrl}/api/events?stream_status[]=vod&no_limit=1&api_key=${key}`)).json())
    .data
  return events.filter((e: { type: string }) => e.type === 'paid')
}

/** A signed-in viewer with the basic pass, on a fresh page. */
async function viewer(browser: Browser) {
  const email = newEmail('buyer')
  await accountViaApi(baseUrl, dataDir, email, PASSWORD)
  const { context, page } = await newPage(browser)
  await signIn(page, baseUrl, email, PASSWORD)
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  return { context, page }
}

async function payWithCard(page: Page, number: string) {
  await page.getByLabel('A new card').check()
  await page.getByLabel('Card number').fill(number)
  await page.getByLabel('Expiry (MM/YY)').fill('12/34')
  await page.getByLabel('Security code (CVC)').fill('123')
  await page.getByTestId('checkout-pay').click()
}

const stage = (page: Page) => page.getByTestId('watch-stage')

describe('buying passes (test gateway)', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(() => browser.close())

  it('buys a single game from its watch page with 4242…, and the game opens', { timeout: 120_000 }, async () => {
    const [game] = await paidReplays()
    const { context, page } = await viewer(browser)
    await page.goto(`${baseUrl}/watch/${game?.id}`)
    await appReady(page)
    await page.locator('[data-testid="watch-stage"][data-screen="no_access"]').waitFor()
    const offers = page.getByTestId('watch-offer')
    await offers.first().waitFor()
    expect(await offers.allTextContents()).toContainEqual(expect.stringContaining('Game Pass'))
    await offers.filter({ hasText: 'Game Pass' }).first().click()
    await page.waitForURL(/\/buy\?single_event_package_id=\d+&event_id=\d+/)
    await page.getByTestId('test-mode').waitFor()
    await payWithCard(page, '4242 4242 4242 4242')
    await page.getByTestId('purchase-processing').or(page.getByTestId('purchase-success')).first().waitFor()
    await page.getByTestId('purchase-success').waitFor({ timeout: 30_000 })
    await page.getByRole('link', { name: 'Watch now' }).click()
    await page.waitForURL(`${baseUrl}/watch/${game?.id}`)
    await stage(page).or(page.getByTestId('player')).first().waitFor()
    await page.waitForFunction(() => {
      const s = document.querySelector('[data-testid="watch-stage"]')
      return s === null || !['no_access', 'sign_in'].includes(s.getAttribute('data-screen') ?? '')
    })
    await context.close()
  })

  it('a declined card ends on the failure page, and nothing opens', { timeout: 120_000 }, async () => {
    const [, game] = await paidReplays()
    const { context, page } = await viewer(browser)
    await page.goto(`${baseUrl}/watch/${game?.id}`)
    await appReady(page)
    await page.getByTestId('watch-offer').filter({ hasText: 'Game Pass' }).first().click()
    await payWithCard(page, '4000 0000 0000 0002')
    const failure = page.getByTestId('purchase-failure')
    await failure.waitFor({ timeout: 30_000 })
    expect(await failure.textContent()).toContain('Your card was declined.')
    await page.goto(`${baseUrl}/watch/${game?.id}`)
    await page.locator('[data-testid="watch-stage"][data-screen="no_access"]').waitFor()
    await context.close()
  })

  it('a coupon lowers the total, and the package bought with it shows as purchased', { timeout: 120_000 }, async () => {
    const { context, page } = await viewer(browser)
    await page.goto(`${baseUrl}/packages`)
    await appReady(page)
    await page.getByRole('link', { name: 'Choose: Basketball Package' }).click()
    const total = page.getByTestId('checkout-total')
    await total.waitFor()
    expect(await total.textContent()).toBe('$51.49')
    await page.getByLabel('Promo code').fill('fieldhouse20')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.getByText('Code FIELDHOUSE20 applied.').waitFor()
    expect(await total.textContent()).toBe('$41.49')
    await page.getByLabel('Promo code').fill('NOT-A-CODE')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.getByText('Wrong promo code').waitFor()
    // Back to the good code, and buy the package with it.
    await page.getByLabel('Promo code').fill('FIELDHOUSE20')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.getByText('Code FIELDHOUSE20 applied.').waitFor()
    await payWithCard(page, '4242 4242 4242 4242')
    await page.getByTestId('purchase-success').waitFor({ timeout: 30_000 })
    await page.goto(`${baseUrl}/packages`)
    const card = page.getByTestId('pass-card').filter({ hasText: 'Basketball Package' })
    await card.getByText('Purchased').waitFor()
    await context.close()
  })

  it('a bundle buys its passes together, and both show in the orders', { timeout: 120_000 }, async () => {
    const { context, page } = await viewer(browser)
    await page.goto(`${baseUrl}/packages`)
    await appReady(page)
    await page.getByRole('link', { name: 'Choose: Basketball + Video Library' }).click()
    await payWithCard(page, '4242 4242 4242 4242')
    await page.getByTestId('purchase-success').waitFor({ timeout: 30_000 })
    await page.goto(`${baseUrl}/profile`)
    await page.getByTestId('order-item').filter({ hasText: 'Video Library Add-on' }).waitFor()
    await page.getByTestId('order-item').filter({ hasText: 'Basketball Package' }).waitFor()
    await context.close()
  })

  it('a subscription with a trial opens games now; cancelling auto-renewal keeps access; orders and transactions show', {
    timeout: 120_000,
  }, async () => {
    const [game] = await paidReplays()
    const { context, page } = await viewer(browser)
    await page.goto(`${baseUrl}/packages`)
    await appReady(page)
    await page.getByRole('link', { name: 'Choose: Monthly Pass' }).click()
    await page
      .getByText('Your card is charged automatically when the free trial ends unless you cancel before.')
      .waitFor()
    expect(await page.getByTestId('checkout-pay').textContent()).toBe('Start my free trial')
    await payWithCard(page, '4242424242424242')
    const success = page.getByTestId('purchase-success')
    await success.waitFor({ timeout: 30_000 })
    expect(await success.textContent()).toContain('Free trial until')

    await page.goto(`${baseUrl}/watch/${game?.id}`)
    await page.waitForFunction(() => {
      const s = document.querySelector('[data-testid="watch-stage"]')
      return s === null || s.getAttribute('data-screen') !== 'no_access'
    })

    await page.goto(`${baseUrl}/profile`)
    const order = page.getByTestId('order-item').filter({ hasText: 'Monthly Pass' })
    await order.waitFor()
    expect(await order.textContent()).toContain('Free trial until')
    expect(await order.getByTestId('renewal-label').textContent()).toBe('Auto-Renewal')
    await order.getByRole('button', { name: 'Cancel auto-renewal' }).click()
    await page.getByRole('button', { name: 'OK' }).click()
    await order.getByText('Auto-Renewal Cancelled').waitFor()

    await page.goto(`${baseUrl}/watch/${game?.id}`)
    await page.waitForFunction(() => {
      const s = document.querySelector('[data-testid="watch-stage"]')
      return s === null || s.getAttribute('data-screen') !== 'no_access'
    })

    await page.goto(`${baseUrl}/profile/transactions`)
    const table = page.getByTestId('transactions')
    await table.waitFor()
    expect(await table.textContent()).toContain('New subscription')
    await context.close()
  })
})
