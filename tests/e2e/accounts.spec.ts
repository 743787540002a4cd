import { execFileSync } from 'node:child_process'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, newPage } from './browser.js'
import { accountViaApi as accountAt, newEmail, signIn as signInAt } from './helpers.js'
import { linkFromOutbox, setOidcIdentity } from './mail.js'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')

/** The mailed link, opened on the server under test (the link's host is the one the browser used). */
const sameOrigin = (link: URL) => baseUrl + link.pathname + link.search

async function fillRegistration(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('First name').fill('Jamie')
  await page.getByLabel('Last name').fill('Rivera')
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm password').fill(password)
  await page.getByRole('checkbox', { name: /I accept the terms/ }).check()
}

const signIn = (page: Page, email: string, password: string) => signInAt(page, baseUrl, email, password)

/** A verified account made through the API, for journeys that are about something else. */
const accountViaApi = (email: string, password: string) => accountAt(baseUrl, dataDir, email, password)

describe('accounts', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(() => browser.close())

  it('register → confirm from the mail → basic pass → edit profile → sign out → sign in', async () => {
    const { context, page } = await newPage(browser)
    const email = newEmail()
    await page.goto(`${baseUrl}/registration`)
    // The spec's messages on an empty form.
    await page.getByRole('button', { name: 'Register', exact: true }).click()
    await page.getByText('Enter your Email').waitFor()
    await page.getByText('Please accept terms & conditions').waitFor()
    // A confirmation that goes astray says so as it is typed; on submit the long form, as the server.
    await page.reload()
    await page.getByLabel('Password', { exact: true }).fill('goal-line-2026')
    await page.getByLabel('Confirm password').fill('goal-lime')
    await page.getByText("PASSWORDS DON'T MATCH").waitFor()
    await page.getByLabel('Confirm password').fill('goal-line')
    expect(await page.getByText("PASSWORDS DON'T MATCH").count()).toBe(0)

    await fillRegistration(page, email, 'goal-line-2026')
    await page.getByLabel('Confirm password').fill('goal-line-2027')
    await page.getByRole('button', { name: 'Register', exact: true }).click()
    await page.getByText('The password and password confirmation do not match').waitFor()
    await page.getByLabel('Confirm password').fill('goal-line-2026')
    await page.getByRole('button', { name: 'Register', exact: true }).click()
    await page.waitForURL(/\/verify-notice/)
    await page.getByText(email).first().waitFor()

    const link = await linkFromOutbox(dataDir, email, /Confirm your email address/)
    await page.goto(sameOrigin(link))
    // Signed in, but the basic pass is not chosen yet: only packages and the legal pages are open.
    await page.waitForURL(`${baseUrl}/packages`, { timeout: 15_000 })
    await page.goto(`${baseUrl}/faq`)
    await page.waitForURL(`${baseUrl}/packages`)
    await page.goto(`${baseUrl}/privacy_policy`)
    await page.getByRole('heading', { name: 'Privacy policy' }).first().waitFor()
    await page.goto(`${baseUrl}/packages`)
    await page.getByRole('button', { name: 'Continue with the free basic pass' }).click()
    await page.getByText('Your free basic pass is active.').first().waitFor()
    await page.goto(`${baseUrl}/faq`)
    await page.getByText('How do I watch a live game?').waitFor()

    await page.goto(`${baseUrl}/profile/edit`)
    const firstName = page.getByLabel('First name')
    expect(await firstName.inputValue()).toBe('Jamie')
    await firstName.fill('Sam')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText('Your profile has been saved.').first().waitFor()
    await page.getByRole('banner').getByText('Sam').first().waitFor()

    await page
      .getByRole('banner')
      .getByRole('button', { name: /Account menu|Sam/ })
      .first()
      .click()
    await page
      .getByRole('menuitem', { name: 'Sign out' })
      .or(page.getByRole('button', { name: 'Sign out' }))
      .first()
      .click()
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor()

    // And back in with the password.
    await signIn(page, email, 'goal-line-2026')
    await page.getByRole('banner').getByText('Sam').first().waitFor({ timeout: 15_000 })
    await context.close()
  })

  it('shows the spec message for wrong credentials', async () => {
    const { context, page } = await newPage(browser)
    await signIn(page, newEmail(), 'not-a-password')
    await page.getByText('Invalid email or password. Please try again.').waitFor()
    await context.close()
  })

  it('forgot password → link → new password → sign in', async () => {
    const email = newEmail()
    await accountViaApi(email, 'first-password-1')
    const { context, page } = await newPage(browser)
    await page.goto(`${baseUrl}/password-reset-request`)
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send link' }).click()
    await page.getByText(`If an account exists for ${email}`).waitFor()

    const link = await linkFromOutbox(dataDir, email, /Reset your Fieldhouse Demo password/)
    await page.goto(sameOrigin(link))
    await page.getByLabel('Password', { exact: true }).fill('second-password-2')
    await page.getByLabel('Confirm password').fill('second-password-2')
    await page.getByRole('button', { name: 'Save new password' }).click()
    await page.waitForURL(/\/login/)

    await signIn(page, email, 'first-password-1')
    await page.getByText('Invalid email or password. Please try again.').waitFor()
    await signIn(page, email, 'second-password-2')
    await page.getByRole('banner').getByText('Robin').first().waitFor({ timeout: 15_000 })
    await context.close()
  })

  it('signs in with Google (a real OpenID Connect provider on loopback)', async () => {
    const { context, page } = await newPage(browser)
    const email = newEmail()
    setOidcIdentity(dataDir, {
      sub: `google-${email}`,
      email,
      email_verified: true,
      given_name: 'Alex',
      family_name: 'Kim',
    })
    await page.goto(`${baseUrl}/login`)
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    // No account yet: back on registration with the spec's message.
    await page.waitForURL(/\/registration/)
    await page
      .getByText('You are not registered yet. Please accept terms and conditions and click Register to continue.')
      .waitFor()
    await page.getByRole('checkbox', { name: /I accept the terms/ }).check()
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    await page.getByRole('banner').getByText('Alex').first().waitFor({ timeout: 15_000 })
    await context.close()
  })

  it('keeps a user with a temporary password on the profile until they choose a new one', async () => {
    const email = newEmail()
    const out = execFileSync(
      process.execPath,
      [
        path.resolve('apps/server/dist/cli.js'),
        'user',
        'create',
        '--channel',
        'demo',
        '--email',
        email,
        '--first-name',
        'Pat',
        '--temporary-password',
      ],
      { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
    )
    const temporary = /shown once\): (\S+)/.exec(out)?.[1] as string
    expect(temporary).toBeTruthy()
    const { context, page } = await newPage(browser)
    await signIn(page, email, temporary)
    await page.waitForURL(`${baseUrl}/profile/edit`, { timeout: 15_000 })
    await page.getByText('You signed in with a temporary password. Choose a new password to continue.').waitFor()
    await page.goto(`${baseUrl}/faq`)
    await page.waitForURL(`${baseUrl}/profile/edit`)

    await page.getByLabel('Current password').fill(temporary)
    await page.getByLabel('New password', { exact: true }).fill('my-own-pass-1')
    await page.getByLabel('Confirm new password').fill('my-own-pass-1')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText('Your profile has been saved.').first().waitFor()
    await page.goto(`${baseUrl}/privacy_policy`)
    await page.getByRole('heading', { name: 'Privacy policy' }).first().waitFor()
    await context.close()
  })
})
