import fs from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { seriousFindings } from './axe.js'
import { launchBrowser, newPage } from './browser.js'
import { accountViaApi, apiKey, appReady, newEmail, playUntilMoving, signIn, videoReady } from './helpers.js'
import { operatorViaInvitation } from './operators.js'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')
const PASSWORD = 'a long password 1'
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

describe('console: passes and coupons', () => {
  let browser: Browser
  beforeAll(async () => {
    fs.mkdirSync(shots, { recursive: true })
    browser = await launchBrowser()
  })
  afterAll(() => browser?.close())

  it('a manager creates a game pass with a coupon; a viewer on a phone buys it with the code and watches', {
    timeout: 300_000,
  }, async () => {
    const key = await apiKey(baseUrl)
    const replays = (await (await fetch(`${baseUrl}/api/events?stream_status[]=vod&no_limit=1&api_key=${key}`)).json())
      .data as { id: number; type: string; name: string }[]
    // The last paid replay: the other journeys buy the first.
    const game = replays.filter((e) => e.type === 'paid').at(-1) as { id: number; name: string }
    const passName = `Rivalry Night ${Date.now()}`
    const code = `RIVAL${Date.now() % 100000}`

    const { context, page } = await newPage(browser, 1280, 900)
    await operatorViaInvitation(page, { baseUrl, dataDir, role: 'manager', name: ['Ana', 'Lopez'] })
    const nav = page.getByRole('navigation', { name: 'Console' })
    await nav.getByRole('link', { name: 'Passes', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Passes' }).waitFor()
    await page.getByRole('link', { name: 'New pass' }).click()
    await page.getByRole('heading', { level: 1, name: 'New pass' }).waitFor()
    await page.getByLabel('Kind', { exact: true }).selectOption('event')
    await page.getByLabel('Name', { exact: true }).fill(passName)
    await page.getByLabel('Price', { exact: true }).fill('8.00')
    await page.getByLabel('Game it opens').selectOption(String(game.id))
    await shoot(page, 'pass-editor')
    await page.getByRole('button', { name: 'Create' }).click()
    await page.getByRole('heading', { level: 1, name: 'Passes' }).waitFor()
    // The list says the pass was made, as every console list does after a create.
    await page
      .getByRole('status')
      .filter({ hasText: `Pass “${passName}” created.` })
      .waitFor()
    await page.getByLabel('Search by name').fill(passName)
    const row = page.getByRole('row').filter({ hasText: passName })
    await row.waitFor()
    expect(await row.textContent()).toContain('$8.00')
    await shoot(page, 'passes')

    await nav.getByRole('link', { name: 'Coupons', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor()
    await page.getByRole('link', { name: 'New coupon' }).click()
    await page.getByLabel('Code', { exact: true }).fill(code)
    await page.getByLabel('Percent off', { exact: true }).fill('50')
    await page.getByLabel(passName).check()
    await page.getByLabel('Redemptions per viewer (empty: no limit)').fill('1')
    await shoot(page, 'coupon-editor')
    await page.getByRole('button', { name: 'Create' }).click()
    await page.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor()
    await page
      .getByRole('status')
      .filter({ hasText: `Coupon ${code} created.` })
      .waitFor()
    const couponRow = page.getByRole('row').filter({ hasText: code })
    await couponRow.waitFor()
    await shoot(page, 'coupons')

    // The viewer, on a phone: the game's page offers the new pass; the code halves it; the game plays.
    const email = newEmail('coupon')
    await accountViaApi(baseUrl, dataDir, email, PASSWORD)
    const phone = await newPage(browser, 390, 844)
    const v = phone.page
    await signIn(v, baseUrl, email, PASSWORD)
    await v.waitForURL((url) => !url.pathname.startsWith('/login'))
    await v.goto(`${baseUrl}/watch/${game.id}`)
    await appReady(v)
    await v.getByTestId('watch-offer').filter({ hasText: passName }).click()
    const total = v.getByTestId('checkout-total')
    await total.waitFor()
    expect(await total.textContent()).toBe('$8.00')
    await v.getByLabel('Promo code').fill(code.toLowerCase())
    await v.getByRole('button', { name: 'Apply' }).click()
    await v.getByText(`Code ${code} applied.`).waitFor()
    expect(await total.textContent()).toBe('$4.00')
    await v.getByLabel('A new card').check()
    await v.getByLabel('Card number').fill('4242 4242 4242 4242')
    await v.getByLabel('Expiry (MM/YY)').fill('12/34')
    await v.getByLabel('Security code (CVC)').fill('123')
    await v.getByTestId('checkout-pay').click()
    await v.getByTestId('purchase-success').waitFor({ timeout: 30_000 })
    await videoReady(baseUrl, game.id)
    await v.goto(`${baseUrl}/watch/${game.id}`)
    await playUntilMoving(v)
    await phone.context.close()

    // The console counts the redemption; the manager retires the sold pass (it cannot be deleted).
    await page.reload()
    await page.getByRole('row').filter({ hasText: code }).getByRole('cell', { name: '1', exact: true }).waitFor()
    await nav.getByRole('link', { name: 'Passes', exact: true }).click()
    await page.getByLabel('Search by name').fill(passName)
    await page.getByRole('link', { name: passName }).click()
    await page.getByText('This pass has been sold 1 times: it can be retired, never deleted.').waitFor()
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0)
    await page.getByRole('button', { name: 'Retire (take off sale)' }).click()
    await page.getByRole('button', { name: 'Put back on sale' }).waitFor()
    await context.close()
  })
})
