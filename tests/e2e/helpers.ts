import type { Page } from 'playwright-core'
import { linkFromOutbox } from './mail.js'

let n = 0
/** An address no other journey uses. */
export const newEmail = (prefix = 'journey') => `${prefix}${++n}-${Date.now()}@example.com`

/** Waits until the splash is gone and the app is on screen. */
export async function appReady(page: Page) {
  await page.waitForSelector('[data-testid="splash"]', { state: 'detached', timeout: 15_000 })
}

/** Fills and sends the sign-in form the page is on. */
export async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

export async function signIn(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/login`)
  await submitSignIn(page, email, password)
}

/**
 * A verified account with the basic pass chosen, made through the API, for journeys that are about
 * something else.
 */
export async function accountViaApi(baseUrl: string, dataDir: string, email: string, password: string) {
  const key = async () =>
    (
      await (
        await fetch(`${baseUrl}/api/get_api_key`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ channel_key: 'demo' }),
        })
      ).json()
    ).data.api_key
  const post = (p: string, body: object) =>
    fetch(baseUrl + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  await post('/api/v2/auth/register', {
    email,
    password,
    password_confirmation: password,
    first_name: 'Robin',
    last_name: 'Lee',
    terms: true,
    api_key: await key(),
  })
  const link = await linkFromOutbox(dataDir, email, /Confirm your email address/)
  const verified = await post('/api/auth/email-verify', {
    ...Object.fromEntries(link.searchParams),
    api_key: await key(),
  })
  const { api_key } = (await verified.json()).data
  await post('/api/custom-forms/passes', { api_key, fields: [] })
}
