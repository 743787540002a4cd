import fs from 'node:fs'
import { messages } from '@fieldhouse/contract'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { seriousFindings } from './axe.js'
import { launchBrowser, newPage } from './browser.js'
import { accountViaApi, apiKey, appReady, newEmail, signIn } from './helpers.js'
import { linkFromOutbox } from './mail.js'
import { operatorViaInvitation } from './operators.js'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')
const PASSWORD = 'a long password 1'
const shots = '/tmp/console-shots'

/** A viewer who bought a single-event pass with a test card: their email, api key and the pass's name. */
async function viewerWithPass() {
  const email = newEmail('customer')
  await accountViaApi(baseUrl, dataDir, email, PASSWORD)
  const signedIn = await fetch(`${baseUrl}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, api_key: await apiKey(baseUrl) }),
  })
  const key = (await signedIn.json()).data.api_key as string
  const passes = (await (await fetch(`${baseUrl}/api/packages?api_key=${key}`)).json()).data as {
    id: number
    name: string
    kind: string
    event_id: number | null
  }[]
  const pass = passes.find((p) => p.kind === 'event' && p.event_id !== null)
  if (!pass) throw new Error('no single-event pass')
  const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' }
  const bought = await fetch(`${baseUrl}/api/stripe/buy`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ api_key: key, single_event_package_id: pass.id, event_id: pass.event_id, card }),
  })
  const orderId = (await bought.json()).data.id as number
  for (let i = 0; i < 100; i++) {
    const order = (await (await fetch(`${baseUrl}/api/orders/${orderId}?api_key=${key}`)).json()).data
    if (order.status === 'paid') return { email, key, passName: pass.name, orderId }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`order ${orderId} was not paid`)
}

describe('console: customers', () => {
  let browser: Browser
  beforeAll(async () => {
    fs.mkdirSync(shots, { recursive: true })
    browser = await launchBrowser()
  })
  afterAll(() => browser?.close())

  it('a manager finds a viewer, sees their pass, sends a password reset, blocks them (their sign-in is refused) and unblocks them', {
    timeout: 180_000,
  }, async () => {
    const fan = await viewerWithPass()
    const { context, page } = await newPage(browser, 1280, 900)
    await operatorViaInvitation(page, { baseUrl, dataDir, role: 'manager' })
    const nav = page.getByRole('navigation', { name: 'Console' })
    await nav.getByRole('link', { name: 'Customers', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor()
    await page.getByLabel('Search by email or name').fill(fan.email)
    await page.getByText('Showing 1–1 of 1').waitFor()
    expect(await seriousFindings(page)).toEqual([])
    await page.screenshot({ path: `${shots}/customers-list-1280.png`, fullPage: true })
    await page.getByRole('link', { name: fan.email }).click()

    // The viewer's page: the account, the pass they bought (linking to its order), their capabilities.
    await page.getByRole('heading', { level: 1, name: fan.email }).waitFor()
    const passes = page.getByRole('table', { name: 'Passes this viewer holds' })
    await passes.getByRole('cell', { name: fan.passName }).waitFor()
    await passes.getByRole('link', { name: `#${fan.orderId}` }).waitFor()
    await expect.poll(() => page.getByTestId('customer-state').textContent()).toBe('Verified')
    expect(await seriousFindings(page)).toEqual([])
    await page.screenshot({ path: `${shots}/customers-detail-1280.png`, fullPage: true })

    // A password reset mail goes out, with the reset page's link.
    await page.getByRole('button', { name: 'Send password reset' }).click()
    await page.getByRole('status').getByText(`Password reset mail sent to ${fan.email}.`).waitFor()
    expect((await linkFromOutbox(dataDir, fan.email, /Reset/)).pathname).toBe('/password-reset')

    // Blocked, after a confirmation: the viewer's key stops at once and their sign-in is refused with the message.
    await page.getByRole('button', { name: 'Block…' }).click()
    const confirm = page.getByRole('alertdialog')
    await confirm.getByText(`Block ${fan.email}?`, { exact: false }).waitFor()
    expect(await seriousFindings(page)).toEqual([])
    await confirm.getByRole('button', { name: 'Block viewer' }).click()
    await page.getByRole('status').getByText(`${fan.email} is blocked.`).waitFor()
    await expect.poll(() => page.getByTestId('customer-state').textContent()).toMatch(/^Blocked since /)
    await page.screenshot({ path: `${shots}/customers-blocked-1280.png`, fullPage: true })
    expect((await fetch(`${baseUrl}/api/profile?api_key=${fan.key}`)).status).toBe(401)

    const viewer = await newPage(browser, 390, 844)
    await signIn(viewer.page, baseUrl, fan.email, PASSWORD)
    await appReady(viewer.page)
    await viewer.page.getByText(messages.accountBlocked).waitFor()
    expect(new URL(viewer.page.url()).pathname).toBe('/login')
    expect(await seriousFindings(viewer.page)).toEqual([])
    await viewer.page.screenshot({ path: `${shots}/customers-viewer-blocked-390.png`, fullPage: true })

    // Unblocked: the viewer signs in again.
    await page.getByRole('button', { name: 'Unblock…' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Unblock viewer' }).click()
    await page.getByRole('status').getByText(`${fan.email} is unblocked.`).waitFor()
    await expect.poll(() => page.getByTestId('customer-state').textContent()).toBe('Verified')
    await viewer.page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await viewer.page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 })
    await viewer.context.close()

    await page.setViewportSize({ width: 390, height: 844 })
    expect(await seriousFindings(page)).toEqual([])
    await page.screenshot({ path: `${shots}/customers-detail-390.png`, fullPage: true })
    await page.goto(`${baseUrl}/admin/customers`)
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor()
    expect(await seriousFindings(page)).toEqual([])
    await page.screenshot({ path: `${shots}/customers-list-390.png`, fullPage: true })
    await context.close()
  })
})
