import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, newPage } from './browser.js'
import {
  accountViaApi,
  apiKey,
  appReady,
  newEmail,
  playUntilMoving,
  signIn,
  submitSignIn,
  videoReady,
} from './helpers.js'
import { linkFromOutbox } from './mail.js'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')
const PASSWORD = 'a long password 1'

/** Finished paid games of the demo channel (each has its own Game Pass). */
async function paidReplays(): Promise<{ id: number; type: string; name: string }[]> {
  const key = await apiKey(baseUrl)
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
  return { context, page, email }
}

async function payWithCard(page: Page, number: string) {
  await page.getByLabel('A new card').check()
  await page.getByLabel('Card number').fill(number)
  await page.getByLabel('Expiry (MM/YY)').fill('12/34')
  await page.getByLabel('Security code (CVC)').fill('123')
  await page.getByTestId('checkout-pay').click()
}

/** The game really plays for this viewer: its page opens on the player and the picture moves. */
async function watchOpens(page: Page, eventId: number | undefined) {
  await videoReady(baseUrl, eventId as number)
  await page.goto(`${baseUrl}/watch/${eventId}`)
  await playUntilMoving(page)
}

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
    // Exactly the passes that open this game: the subscriptions and its own Game Pass.
    const offered = await offers.allTextContents()
    expect(offered.filter((text) => text.includes('Game Pass'))).toHaveLength(1)
    expect(offered).toContainEqual(expect.stringContaining('$99.99/year annual'))
    await offers.filter({ hasText: 'Game Pass' }).click()
    await page.waitForURL(/\/buy\?single_event_package_id=\d+&event_id=\d+/)
    await page.getByTestId('test-mode').waitFor()
    expect(await page.getByText('Sales are final: passes are not refunded.').count()).toBe(1)
    await payWithCard(page, '4242 4242 4242 4242')
    await page.getByTestId('purchase-processing').or(page.getByTestId('purchase-success')).first().waitFor()
    await page.getByTestId('purchase-success').waitFor({ timeout: 30_000 })
    await page.getByRole('link', { name: 'Watch now' }).click()
    await page.waitForURL(`${baseUrl}/watch/${game?.id}`)
    await videoReady(baseUrl, game?.id as number)
    await page.reload()
    await playUntilMoving(page)
    await context.close()
  })

  it('a declined card ends on the failure page and nothing opens; "Try again" is a new checkout', {
    timeout: 120_000,
  }, async () => {
    const [, game] = await paidReplays()
    const { context, page } = await viewer(browser)
    await page.goto(`${baseUrl}/watch/${game?.id}`)
    await appReady(page)
    await page.getByTestId('watch-offer').filter({ hasText: 'Game Pass' }).click()
    // Nothing chosen nor typed: the spec's sentence.
    await page.getByTestId('checkout-pay').click()
    await page.getByText('Please select one of your saved cards or enter new one.').waitFor()
    await payWithCard(page, '4000 0000 0000 0002')
    const failure = page.getByTestId('purchase-failure')
    await failure.waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('purchase-failure-reason').textContent()).toBe('Your card was declined.')
    await page.goto(`${baseUrl}/watch/${game?.id}`)
    await page.locator('[data-testid="watch-stage"][data-screen="no_access"]').waitFor()

    // The same checkout again, after the failure: a new key, so a new order that can succeed.
    await page.getByTestId('watch-offer').filter({ hasText: 'Game Pass' }).click()
    await payWithCard(page, '4000 0000 0000 0002')
    await failure.waitFor({ timeout: 30_000 })
    await page.getByTestId('checkout-try-again').click()
    await payWithCard(page, '4242 4242 4242 4242')
    await page.getByTestId('purchase-success').waitFor({ timeout: 30_000 })
    await watchOpens(page, game?.id)
    await context.close()
  })

  it('a coupon lowers the total, a wrong one says so, and the package bought with it shows as purchased', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await viewer(browser)
    await page.goto(`${baseUrl}/packages`)
    await appReady(page)
    // A package covering sports shows what it covers first.
    await page.getByRole('link', { name: 'Choose: Basketball Package' }).click()
    await page.waitForURL(/\/select-package\/\d+$/)
    await page.getByTestId('covered-categories').waitFor()
    await page.getByRole('link', { name: 'Continue to checkout' }).click()
    await page.waitForURL(/\/buy\?package_id=\d+/)
    const total = page.getByTestId('checkout-total')
    await total.waitFor()
    expect(await total.textContent()).toBe('$51.49')
    await page.getByLabel('Promo code').fill('fieldhouse20')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.getByText('Code FIELDHOUSE20 applied.').waitFor()
    expect(await total.textContent()).toBe('$41.49')
    expect(await page.getByTestId('checkout-discount').textContent()).toBe('−$10.00')
    expect(await page.getByTestId('checkout-pay').textContent()).toBe('Pay $41.49')
    await page.getByLabel('Promo code').fill('NOT-A-CODE')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.getByText('Wrong promo code').waitFor()
    expect(await total.textContent()).toBe('$51.49')
    // No code is that short: refused at once, in the spec's length rule.
    await page.getByLabel('Promo code').fill('FH')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.getByText('The field length must be greater than 2').waitFor()
    // Back to the good code, and buy the package with it.
    await page.getByLabel('Promo code').fill('FIELDHOUSE20')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.getByText('Code FIELDHOUSE20 applied.').waitFor()
    await payWithCard(page, '4242 4242 4242 4242')
    await page.getByTestId('purchase-success').waitFor({ timeout: 30_000 })
    await page.goto(`${baseUrl}/packages`)
    const card = page.getByTestId('pass-card').filter({ hasText: 'Basketball Package' })
    await card.getByText('Purchased').waitFor()
    expect(await card.getByTestId('pass-purchased').isDisabled()).toBe(true)
    await page.goto(`${baseUrl}/profile`)
    const order = page.getByTestId('order-item').filter({ hasText: 'Basketball Package' })
    expect(await order.textContent()).toContain('$41.49')
    expect(await order.textContent()).toContain('Promo code FIELDHOUSE20')
    await context.close()
  })

  it('a bundle buys its passes together, and both show in the orders', { timeout: 120_000 }, async () => {
    const { context, page } = await viewer(browser)
    await page.goto(`${baseUrl}/packages`)
    await appReady(page)
    await page.getByRole('link', { name: 'Choose: Basketball + Video Library' }).click()
    await page.getByTestId('checkout-item').filter({ hasText: 'Basketball + Video Library' }).waitFor()
    await payWithCard(page, '4242 4242 4242 4242')
    await page.getByTestId('purchase-success').waitFor({ timeout: 30_000 })
    await page.goto(`${baseUrl}/profile`)
    await page.getByTestId('order-item').filter({ hasText: 'Video Library Add-on' }).waitFor()
    await page.getByTestId('order-item').filter({ hasText: 'Basketball Package' }).waitFor()
    // Both are now held: the bundle shows as purchased.
    await page.goto(`${baseUrl}/packages`)
    await page.getByTestId('bundle-card').getByTestId('pass-purchased').waitFor()
    await context.close()
  })

  it('a Monthly Pass with a free trial opens games now and shows "Free trial until …" in the orders', {
    timeout: 120_000,
  }, async () => {
    const [game] = await paidReplays()
    const { context, page } = await viewer(browser)
    await page.goto(`${baseUrl}/packages`)
    await appReady(page)
    const card = page.getByTestId('pass-card').filter({ hasText: 'Monthly Pass' })
    expect(await card.textContent()).toContain('7-day free trial')
    expect(await card.getByTestId('pass-price').textContent()).toBe('$14.99/month monthly')
    await page.getByRole('link', { name: 'Choose: Monthly Pass' }).click()
    await page.waitForURL(/\/buy\?subscription_id=\d+/)
    await page
      .getByText('Your card is charged automatically when the free trial ends unless you cancel before.')
      .waitFor()
    expect(await page.getByTestId('checkout-total').textContent()).toBe('$0.00')
    expect(await page.getByTestId('checkout-pay').textContent()).toBe('Start my free trial')
    await payWithCard(page, '4242424242424242')
    const success = page.getByTestId('purchase-success')
    await success.waitFor({ timeout: 30_000 })
    expect(await success.textContent()).toContain('Free trial until')

    await watchOpens(page, game?.id)

    await page.goto(`${baseUrl}/profile`)
    const order = page.getByTestId('order-item').filter({ hasText: 'Monthly Pass' })
    await order.waitFor()
    expect(await order.getByTestId('order-trial').textContent()).toMatch(/^Free trial until \w{3} \d{1,2}, \d{4}$/)
    expect(await order.getByTestId('renewal-label').textContent()).toBe('Auto-Renewal')
    // The pass is now shown as purchased, disabled.
    await page.goto(`${baseUrl}/packages`)
    const purchased = page.getByTestId('pass-card').filter({ hasText: 'Monthly Pass' }).getByTestId('pass-purchased')
    await purchased.waitFor()
    expect(await purchased.isDisabled()).toBe(true)
    await context.close()
  })

  it('cancelling auto-renewal shows "Auto-Renewal Cancelled" and the games still open', {
    timeout: 120_000,
  }, async () => {
    const [game] = await paidReplays()
    const { context, page } = await viewer(browser)
    await page.goto(`${baseUrl}/packages`)
    await appReady(page)
    await page.getByRole('link', { name: 'Choose: Season Pass' }).click()
    await page.getByTestId('checkout-item').waitFor()
    const name = await page.getByTestId('checkout-item').textContent()
    await payWithCard(page, '4242 4242 4242 4242')
    await page.getByTestId('purchase-success').waitFor({ timeout: 30_000 })

    await page.goto(`${baseUrl}/profile`)
    const order = page.getByTestId('order-item').filter({ hasText: name ?? '' })
    await order.waitFor()
    expect(await order.getByTestId('renewal-label').textContent()).toBe('Auto-Renewal')
    await order.getByRole('button', { name: 'Cancel auto-renewal' }).click()
    await page.getByRole('button', { name: 'OK' }).click()
    await order.getByTestId('renewal-label').getByText('Auto-Renewal Cancelled', { exact: true }).waitFor()
    await order.getByTestId('cancel-finished').waitFor()
    expect(await order.getByRole('button', { name: 'Cancel auto-renewal' }).count()).toBe(0)
    // Still active after a reload: the server's answer, not only the page's.
    await page.reload()
    await page
      .getByTestId('order-item')
      .filter({ hasText: name ?? '' })
      .getByText('Auto-Renewal Cancelled')
      .waitFor()
    // The subscription's first charge is its "New subscription" transaction.
    await page.getByRole('link', { name: 'Transactions' }).click()
    const started = page.getByTestId('transaction').filter({ hasText: name ?? '' })
    await started.first().waitFor()
    expect(await started.first().getAttribute('data-type')).toBe('New subscription')

    await watchOpens(page, game?.id)
    await context.close()
  })

  it('orders and transactions are in the profile: purchases, the failed one, new subscriptions', {
    timeout: 120_000,
  }, async () => {
    const games = await paidReplays()
    const { context, page } = await viewer(browser)
    await page.goto(`${baseUrl}/watch/${games[2]?.id}`)
    await appReady(page)
    await page.getByTestId('watch-offer').filter({ hasText: 'Game Pass' }).click()
    await payWithCard(page, '4000 0000 0000 9995')
    await page.getByTestId('purchase-failure').waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('purchase-failure-reason').textContent()).toBe('Your card has insufficient funds.')
    await page.getByTestId('checkout-try-again').click()
    await payWithCard(page, '4242 4242 4242 4242')
    await page.getByTestId('purchase-success').waitFor({ timeout: 30_000 })

    // A second purchase offers the saved card first.
    await page.goto(`${baseUrl}/packages`)
    await page.getByRole('link', { name: 'Choose: Video Library Add-on' }).click()
    const saved = page.getByLabel(/VISA ending 4242, expires 12\/34/)
    await saved.waitFor()
    // The first saved card is chosen for the buyer.
    await page
      .getByRole('radio', { name: /VISA ending 4242, expires 12\/34/, checked: true })
      .first()
      .waitFor()
    expect(await page.locator('input[name="choice"]').first().isChecked()).toBe(true)
    await saved.check()
    await page.getByTestId('checkout-pay').click()
    await page.getByTestId('purchase-success').waitFor({ timeout: 30_000 })

    await page.goto(`${baseUrl}/profile`)
    const active = page.getByTestId('orders-list').getByTestId('order-item')
    await active.first().waitFor()
    const activeText = (await active.allTextContents()).join('\n')
    expect(activeText).toContain('Video Library Add-on')
    expect(activeText).toContain('Game Pass')
    const past = page.getByTestId('past-orders').getByTestId('order-item')
    expect(await past.first().textContent()).toContain('Failed')
    expect(await past.first().textContent()).toContain('Your card has insufficient funds.')
    expect(await page.getByTestId('payment-cards').textContent()).toContain('saved cards are offered at checkout')

    await page.getByRole('link', { name: 'Transactions' }).click()
    const rows = page.getByTestId('transaction')
    await rows.first().waitFor()
    const types = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-type')))
    expect(types.filter((t) => t === 'Purchase').length).toBeGreaterThanOrEqual(2)
    expect(await page.getByTestId('transactions').textContent()).toContain('Video Library Add-on')
    await context.close()
  })

  it('an anonymous viewer choosing a pass is asked to sign in, and comes back to the same checkout', {
    timeout: 120_000,
  }, async () => {
    const email = newEmail('anon-buyer')
    await accountViaApi(baseUrl, dataDir, email, PASSWORD)
    const { context, page } = await newPage(browser)
    await page.goto(`${baseUrl}/packages`)
    await appReady(page)
    await page.getByRole('link', { name: 'Choose: Season Pass' }).click()
    await page.waitForURL(/\/buy\?subscription_id=\d+$/)
    const target = page.url()
    await page.getByTestId('checkout-sign-in').waitFor()
    expect(await page.getByTestId('checkout-item').textContent()).toBe('Season Pass')
    await page.getByTestId('checkout-sign-in').getByRole('link', { name: 'Sign in' }).click()
    await page.waitForURL(/\/login$/)
    await submitSignIn(page, email, PASSWORD)
    await page.waitForURL(target)
    await page.getByTestId('checkout-pay').waitFor()
    await context.close()
  })

  it('a new viewer who buys a pass first goes straight to the games, never back to /packages', {
    timeout: 120_000,
  }, async () => {
    const [game] = await paidReplays()
    const { context, page } = await newPage(browser)
    const email = newEmail('first-buyer')
    await page.goto(`${baseUrl}/registration`)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('First name').fill('Casey')
    await page.getByLabel('Last name').fill('Nguyen')
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByLabel('Confirm password').fill(PASSWORD)
    await page.getByRole('checkbox', { name: /I accept the terms/ }).check()
    await page.getByRole('button', { name: 'Register', exact: true }).click()
    await page.waitForURL(/\/verify-notice/)
    const link = await linkFromOutbox(dataDir, email, /Confirm your email address/)
    await page.goto(baseUrl + link.pathname + link.search)
    // Signed in without the basic pass: the passes page. The viewer buys instead of taking the free pass.
    await page.waitForURL(`${baseUrl}/packages`, { timeout: 15_000 })
    await page.getByRole('link', { name: 'Choose: Season Pass' }).click()
    await page.getByTestId('checkout-item').waitFor()
    await payWithCard(page, '4242 4242 4242 4242')
    await page.getByTestId('purchase-success').waitFor({ timeout: 30_000 })
    await page.getByRole('link', { name: 'Start watching' }).click()
    await page.waitForURL(`${baseUrl}/`)
    await page.getByRole('heading', { name: 'Upcoming' }).first().waitFor()
    expect(new URL(page.url()).pathname).toBe('/')
    // A fresh load asks the server again: the purchase recorded the choice there too.
    await videoReady(baseUrl, game?.id as number)
    await page.goto(`${baseUrl}/watch/${game?.id}`)
    await appReady(page)
    await page.getByTestId('player-start').waitFor({ timeout: 30_000 })
    expect(new URL(page.url()).pathname).toBe(`/watch/${game?.id}`)
    await page.goto(`${baseUrl}/faq`)
    await page.getByText('How do I watch a live game?').waitFor()
    expect(new URL(page.url()).pathname).toBe('/faq')
    await context.close()
  })
})
