import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, newPage } from './browser.js'
import { accountViaApi, apiKey, appReady, newEmail, signIn } from './helpers.js'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')
const PASSWORD = 'a long password 1'
const shots = '/tmp/console-shots'

const cli = (...args: string[]) =>
  execFileSync(process.execPath, [path.resolve('apps/server/dist/cli.js'), ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  })

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
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true })
    expect(await seriousFindings(page)).toEqual([])
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

/** A manager of the demo channel from a CLI invitation, signed in to the console. */
async function manager(page: Page) {
  const printed = cli('channel', 'invite', '--channel', 'demo', '--email', newEmail('bundler'), '--role', 'manager')
  const link = /\/admin\/invitation\/[A-Za-z0-9_-]+/.exec(printed)?.[0]
  if (!link) throw new Error(`no invitation in ${printed}`)
  await page.goto(`${baseUrl}${link}`)
  await appReady(page)
  await page.getByRole('heading', { name: 'Your invitation' }).waitFor()
  for (const [label, text] of [
    ['First name', 'Bea'],
    ['Last name', 'Moreau'],
    ['Password', PASSWORD],
    ['Password confirmation', PASSWORD],
  ] as const) {
    await page.getByLabel(label, { exact: true }).fill(text)
  }
  await page.keyboard.press('Enter')
  await page.getByRole('navigation', { name: 'Console' }).waitFor({ timeout: 15_000 })
}

describe('console: bundles', () => {
  let browser: Browser
  beforeAll(async () => {
    fs.mkdirSync(shots, { recursive: true })
    browser = await launchBrowser()
  })
  afterAll(() => browser?.close())

  it('a manager bundles two passes; a viewer on a phone finds the bundle and its checkout asks its price; never sold, it is deleted after a confirmation', {
    timeout: 180_000,
  }, async () => {
    const key = await apiKey(baseUrl)
    const packages = (await (await fetch(`${baseUrl}/api/packages?api_key=${key}`)).json()).data as {
      name: string
      kind: string
    }[]
    // Two passes on sale paid once, each with a name of its own (a game's pass shares its name with its rematch).
    const once = packages.filter((p) => p.kind !== 'subscription')
    const unique = once.filter((p) => once.filter((q) => q.name === p.name).length === 1)
    const [first, second] = unique.slice(0, 2) as [(typeof packages)[0], (typeof packages)[0]]
    const bundleName = `Doubleheader ${Date.now()}`

    const { context, page } = await newPage(browser, 1280, 900)
    await manager(page)
    const nav = page.getByRole('navigation', { name: 'Console' })
    await nav.getByRole('link', { name: 'Bundles', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Bundles' }).waitFor()
    await page.getByRole('link', { name: 'New bundle' }).click()
    await page.getByRole('heading', { level: 1, name: 'New bundle' }).waitFor()
    await page.getByLabel('Name', { exact: true }).fill(bundleName)
    // One pass is not a bundle: the server says so next to the passes.
    await page.getByRole('checkbox', { name: first.name }).check()
    await page.getByLabel('Price', { exact: true }).fill('12.00')
    await page.getByRole('button', { name: 'Create' }).click()
    await page.getByText('Choose at least two passes').waitFor()
    await page.getByRole('checkbox', { name: second.name }).check()
    await page.getByLabel('Base price (shown struck through when higher)').fill('16.00')
    await page.getByLabel('Service fee per purchase').fill('0.50')
    await page.getByLabel('Weight (higher shows first)').fill('900')
    await shoot(page, 'bundle-editor')
    await page.getByRole('button', { name: 'Create' }).click()
    await page.getByRole('heading', { level: 1, name: 'Bundles' }).waitFor()
    await page
      .getByRole('status')
      .filter({ hasText: `Bundle “${bundleName}” created.` })
      .waitFor()
    await page.getByLabel('Search by name').fill(bundleName)
    const row = page.getByRole('row').filter({ hasText: bundleName })
    await row.waitFor()
    expect(await row.textContent()).toContain('$12.00')
    expect(await row.textContent()).toContain('On sale')
    await shoot(page, 'bundles')

    // The viewer, on a phone: the passes page shows the bundle; its checkout asks the bundle's price.
    const email = newEmail('bundle')
    await accountViaApi(baseUrl, dataDir, email, PASSWORD)
    const phone = await newPage(browser, 390, 844)
    const v = phone.page
    await signIn(v, baseUrl, email, PASSWORD)
    await v.waitForURL((url) => !url.pathname.startsWith('/login'))
    await v.goto(`${baseUrl}/packages`)
    await appReady(v)
    const card = v.getByTestId('bundle-card').filter({ hasText: bundleName })
    await card.waitFor()
    expect(await card.textContent()).toContain('$12.00')
    expect(await card.textContent()).toContain(first.name)
    expect(await card.textContent()).toContain(second.name)
    await v.screenshot({ path: `${shots}/bundle-packages-390.png`, fullPage: true })
    expect(await seriousFindings(v)).toEqual([])
    await card.getByRole('link', { name: `Choose: ${bundleName}` }).click()
    const total = v.getByTestId('checkout-total')
    await total.waitFor()
    expect(await v.getByTestId('checkout-item').textContent()).toBe(bundleName)
    expect(await total.textContent()).toBe('$12.50')
    await v.screenshot({ path: `${shots}/bundle-checkout-390.png`, fullPage: true })
    expect(await seriousFindings(v)).toEqual([])
    await phone.context.close()

    // Taken off sale, it leaves the viewer's list.
    await page.getByRole('link', { name: bundleName }).click()
    await page.getByRole('button', { name: 'Retire (take off sale)' }).click()
    await page.getByRole('button', { name: 'Put back on sale' }).waitFor()
    const listed = (await (await fetch(`${baseUrl}/api/bundles?api_key=${key}`)).json()).data as { name: string }[]
    expect(listed.map((b) => b.name)).not.toContain(bundleName)

    // Never sold, it can be deleted: the manager is asked first, keeps it once, then deletes it.
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    const confirm = page.getByRole('group', { name: `Delete “${bundleName}” for good?` })
    await confirm.waitFor()
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Delete for good')
    await confirm.getByRole('button', { name: 'Keep' }).click()
    await confirm.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await confirm.getByRole('button', { name: 'Delete for good' }).click()
    await page.getByRole('heading', { level: 1, name: 'Bundles' }).waitFor()
    await page.getByLabel('Search by name').fill(bundleName)
    await page.getByRole('cell', { name: 'Nothing here yet.' }).waitFor()
    expect(await page.getByRole('row').filter({ hasText: bundleName }).count()).toBe(0)
    await context.close()
  })
})
