import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, newPage } from './browser.js'
import { appReady, newEmail, submitSignIn } from './helpers.js'
import { linkFromOutbox } from './mail.js'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')
const PASSWORD = 'a long password 1'

/**
 * The console's passes form (decision 0023), on a channel of its own made with the command line: the
 * owner switches the form on and off, and a viewer who signs up next is asked to choose a pass, or not.
 */
const KEY = 'passclub'
const siteUrl = baseUrl.replace('127.0.0.1', `${KEY}.localhost`)
const shots = '/tmp/console-shots'

const cli = (...args: string[]) =>
  execFileSync(process.execPath, [path.resolve('apps/server/dist/cli.js'), ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  })

/** A verified viewer account of the channel, made through the API; the pass is not chosen. */
async function viewerAccount(email: string) {
  const key = async () =>
    (
      await (
        await fetch(`${baseUrl}/api/get_api_key`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ channel_key: KEY }),
        })
      ).json()
    ).data.api_key
  const post = (p: string, body: object) =>
    fetch(baseUrl + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const registered = await post('/api/v2/auth/register', {
    ...{ email, password: PASSWORD, password_confirmation: PASSWORD },
    ...{ first_name: 'Robin', last_name: 'Lee', terms: true, api_key: await key() },
  })
  expect(registered.status).toBe(200)
  const link = await linkFromOutbox(dataDir, email, /Confirm your email address/)
  await post('/api/auth/email-verify', { ...Object.fromEntries(link.searchParams), api_key: await key() })
}

/** Signs a new viewer in on the channel's site; whether the site then sends them to choose a pass. */
async function askedToChoose(browser: Browser): Promise<boolean> {
  const email = newEmail('viewer')
  await viewerAccount(email)
  const { context, page } = await newPage(browser, 1280, 900)
  try {
    await page.goto(`${siteUrl}/login`)
    await appReady(page)
    await submitSignIn(page, email, PASSWORD)
    await page.getByRole('banner').getByText('Robin').first().waitFor({ timeout: 15_000 })
    // The FAQ is closed to a viewer who still has to choose a pass (spec §2): they land on /packages.
    await page.goto(`${siteUrl}/faq`)
    await appReady(page)
    // Either end state: sent on to /packages, or the FAQ's own heading (drawn once the guard lets them stay).
    const landed = await Promise.race([
      page.waitForURL(/\/packages$/).then(() => 'packages'),
      page
        .getByRole('heading', { level: 1, name: 'Frequently asked questions' })
        .waitFor()
        .then(() => 'faq'),
    ])
    return landed === 'packages' && new URL(page.url()).pathname === '/packages'
  } finally {
    await context.close()
  }
}

/** Sets the switch as asked and saves; waits for the console to say so. */
async function switchForm(page: Page, on: boolean) {
  const toggle = page.getByLabel('Ask signed-in viewers to choose a pass')
  if ((await toggle.isChecked()) !== on) {
    await toggle.focus()
    await page.keyboard.press('Space')
  }
  await page.getByRole('button', { name: 'Save changes' }).click()
  await page.getByRole('status').filter({ hasText: 'Passes form saved.' }).waitFor({ timeout: 10_000 })
}

describe('the passes form in the console', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('an owner switches the passes form off and on: new viewers are asked to choose a pass only while it is on', async () => {
    const printed = cli(
      ...['channel', 'create', '--key', KEY, '--name', 'Pass Club', '--domain', `${KEY}.localhost`],
      ...['--owner', newEmail('passowner')],
    )
    const invitation = /\/admin\/invitation\/[A-Za-z0-9_-]+/.exec(printed)?.[0]
    if (!invitation) throw new Error(`no invitation link in: ${printed}`)
    const { context, page } = await newPage(browser, 1280, 900)
    try {
      await page.goto(`${siteUrl}${invitation}`)
      await appReady(page)
      await page.getByLabel('First name', { exact: true }).fill('Avery')
      await page.getByLabel('Last name', { exact: true }).fill('Stone')
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
      await page.getByLabel('Password confirmation', { exact: true }).fill(PASSWORD)
      await page.keyboard.press('Enter')
      await page.getByRole('heading', { level: 1, name: 'Game day' }).waitFor({ timeout: 15_000 })

      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Passes form' }).click()
      await page.getByRole('heading', { level: 1, name: 'Passes form' }).waitFor()
      // A new channel has no passes form: it is off, and only the basic-pass flag is listed.
      await expect(page.getByLabel('Ask signed-in viewers to choose a pass').isChecked()).resolves.toBe(false)
      await page.getByText('Viewers are not asked to choose a pass').waitFor()

      // On, with an extra field typed in.
      await page.getByRole('button', { name: 'Add a field' }).click()
      await page.keyboard.type('school')
      await page.getByLabel('Field 1 default value').fill('Central High')
      await switchForm(page, true)
      await page.getByText('Signed-in viewers who have not chosen a pass are taken to the passes page first').waitFor()
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
      expect(
        results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
      ).toEqual([])
      await page.screenshot({ path: `${shots}/1280-passes-form-on.png`, fullPage: true })
      await page.setViewportSize({ width: 390, height: 844 })
      await page.screenshot({ path: `${shots}/390-passes-form-on.png`, fullPage: true })
      await page.setViewportSize({ width: 1280, height: 900 })

      // Off: the next viewer goes straight to the site.
      await switchForm(page, false)
      await expect(askedToChoose(browser)).resolves.toBe(false)

      // On again: the next viewer is sent to choose a pass.
      await switchForm(page, true)
      await expect(askedToChoose(browser)).resolves.toBe(true)
      await page.reload()
      await page.getByRole('heading', { level: 1, name: 'Passes form' }).waitFor()
      await expect(page.getByLabel('Field 1 name').inputValue()).resolves.toBe('school')
    } catch (error) {
      await page.screenshot({ path: `${shots}/failed-passes-form.png`, fullPage: true })
      throw error
    } finally {
      await context.close()
    }
  }, 120_000)
})
