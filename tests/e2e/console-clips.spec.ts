import fs from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { seriousFindings } from './axe.js'
import { launchBrowser, newPage } from './browser.js'
import { accountViaApi, apiKey, appReady, newEmail, signIn, videoReady } from './helpers.js'
import { operatorViaInvitation } from './operators.js'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')
const PASSWORD = 'a long password 1'
const shots = '/tmp/console-shots'

/** A viewer with the Season Pass (clipping) cuts a clip of a replay on the watch page, and waits until it is ready. */
async function viewerClip(browser: Browser, name: string) {
  const replay = (
    await (await fetch(`${baseUrl}/api/events?stream_status[]=vod&no_limit=1&api_key=${await apiKey(baseUrl)}`)).json()
  ).data.find((e: { type: string }) => e.type === 'paid') as { id: number; name: string }
  await videoReady(baseUrl, replay.id)
  const email = newEmail('clipper')
  await accountViaApi(baseUrl, dataDir, email, PASSWORD)
  const viewer = await newPage(browser, 1280, 900)
  const { page } = viewer
  await signIn(page, baseUrl, email, PASSWORD)
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  await page.goto(`${baseUrl}/packages`)
  await appReady(page)
  await page.getByRole('link', { name: 'Choose: Season Pass' }).click()
  await page.getByLabel('A new card').check()
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiry (MM/YY)').fill('12/34')
  await page.getByLabel('Security code (CVC)').fill('123')
  await page.getByTestId('checkout-pay').click()
  await page.getByTestId('purchase-success').waitFor({ timeout: 30_000 })

  await page.goto(`${baseUrl}/watch/${replay.id}`)
  await appReady(page)
  await page.getByTestId('clip-toggle').click()
  await page.getByTestId('clip-start').fill('00:00:00.5')
  await page.getByTestId('clip-end').fill('00:00:10.5')
  await page.getByTestId('clip-name').fill(name)
  await page.getByTestId('clip-tags').locator('input[type="checkbox"]').first().check()
  await page.getByTestId('clip-create').click()
  const item = page.getByTestId('clip-tool-item').filter({ hasText: name })
  await item.locator('[data-status="ready"]').waitFor({ timeout: 180_000 })
  return { ...viewer, replay }
}

/** A producer of the demo channel from a CLI invitation, signed in to the console. */
const producer = (page: Page) =>
  operatorViaInvitation(page, { baseUrl, dataDir, role: 'producer', name: ['Sam', 'Reyes'] })

describe('console: clips moderation', () => {
  let browser: Browser
  beforeAll(async () => {
    fs.mkdirSync(shots, { recursive: true })
    browser = await launchBrowser()
  })
  afterAll(() => browser?.close())

  it('a producer finds a viewer’s clip by name, sees its poster and share link, deletes it, and Moments no longer shows it', {
    timeout: 600_000,
  }, async () => {
    const name = `Moderated moment ${Date.now()}`
    const viewer = await viewerClip(browser, name)
    await viewer.page.goto(`${baseUrl}/moments`)
    await appReady(viewer.page)
    await viewer.page.getByTestId('moment').filter({ hasText: name }).waitFor()

    const { context, page } = await newPage(browser, 1280, 900)
    await producer(page)
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Clips', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Clips' }).waitFor()
    await page.getByLabel('Search by clip name or author email').focus()
    await page.keyboard.type(name)
    // By its id: two games may share a name.
    await page.getByLabel('Game', { exact: true }).selectOption(String(viewer.replay.id))
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Ready' })
    const row = page.getByRole('row').filter({ hasText: name })
    await row.waitFor().catch(async (error) => {
      await page.screenshot({ path: `${shots}/clips-missing-row.png`, fullPage: true })
      throw error
    })
    await page.getByText('Showing 1–1 of 1').waitFor()
    const share = row.getByRole('link', { name: new RegExp(name) })
    const shareHref = (await share.getAttribute('href')) ?? ''
    expect(shareHref).toMatch(/^\/share\/\d+\/[0-9a-f-]{36}$/)
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll<HTMLImageElement>('img.console-clip-poster')).some(
          (i) => i.naturalWidth > 0,
        ),
      undefined,
      { timeout: 10_000 },
    )
    await page.screenshot({ path: `${shots}/clips-1280.png`, fullPage: true })
    expect(await seriousFindings(page)).toEqual([])
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: `${shots}/clips-390.png`, fullPage: true })
    await page.setViewportSize({ width: 1280, height: 900 })

    // Delete asks first (focus on the confirmation), Keep takes it back, then Delete for good.
    await row.getByRole('button', { name: `Delete ${name}` }).click()
    await row.getByRole('button', { name: 'Keep' }).click()
    await row.getByRole('button', { name: `Delete ${name}` }).click()
    await page.screenshot({ path: `${shots}/clips-confirm-1280.png`, fullPage: true })
    expect(await seriousFindings(page)).toEqual([])
    await page.keyboard.press('Enter')
    await page
      .getByRole('status')
      .filter({ hasText: `“${name}” deleted.` })
      .waitFor()
    await row.waitFor({ state: 'detached' })
    await page.getByText('No clips match.').waitFor()
    await context.close()

    // The viewer's feed and the share link lose it.
    const feed = viewer.page.waitForResponse((r) => r.url().includes('/api/clips/moments') && r.ok())
    await viewer.page.goto(`${baseUrl}/moments`)
    const shown = ((await (await feed).json()).data as { name: string }[]).map((c) => c.name)
    expect(shown).not.toContain(name)
    await appReady(viewer.page)
    // The feed has drawn the moments it was sent, and the deleted one is not among them.
    if (shown.length > 0) await viewer.page.getByTestId('moment').first().waitFor()
    expect(await viewer.page.getByTestId('moment').filter({ hasText: name }).count()).toBe(0)
    await viewer.page.goto(`${baseUrl}${shareHref}`)
    await appReady(viewer.page)
    await viewer.page.getByText('This clip does not exist or was deleted.', { exact: false }).waitFor()
    await viewer.context.close()
  })

  it('a manager keeps shared clips of paid games to their viewers in Clip settings, and opens them again', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await newPage(browser, 1280, 900)
    await operatorViaInvitation(page, { baseUrl, dataDir, role: 'manager', name: ['Kim', 'Ortiz'] })
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Clip settings' }).click()
    await page.getByRole('heading', { level: 1, name: 'Clip settings' }).waitFor()
    const shared = page.getByLabel('Shared clips of paid games play for anyone with the link')
    expect(await shared.isChecked()).toBe(true)
    expect(await page.getByLabel('Longest clip (seconds)').inputValue()).toBe('120')
    expect(await page.getByLabel('Room for one viewer’s clips (MB)').inputValue()).toBe('2048')
    expect(await seriousFindings(page)).toEqual([])
    const save = async () => {
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/admin/settings') && r.request().method() === 'PATCH',
      )
      await page.getByRole('button', { name: 'Save changes' }).click()
      const res = await saved
      expect(res.status()).toBe(200)
      await page.getByText('Clip settings saved.').waitFor()
      return ((await res.json()) as { data: { clips: Record<string, unknown> } }).data.clips
    }
    await shared.uncheck()
    expect(await save()).toEqual({
      max_duration_sec: 120,
      per_user_per_hour: 30,
      storage_per_user_bytes: 2 * 1024 ** 3,
      share_public: false,
    })
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Clip settings' }).waitFor()
    expect(await shared.isChecked()).toBe(false)
    await shared.check()
    expect((await save()).share_public).toBe(true)
    await context.close()
  })
})
