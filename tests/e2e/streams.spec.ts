import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { seriousFindings } from './axe.js'
import { launchBrowser, newPage } from './browser.js'
import { accountViaApi, apiKey, appReady, newEmail, signIn, videoReady } from './helpers.js'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')
const PASSWORD = 'a long password 1'
const shots = path.resolve('test-results/screenshots')

const cli = (...args: string[]) =>
  execFileSync(process.execPath, [path.resolve('apps/server/dist/cli.js'), ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  })

/** A manager of the demo channel from a CLI invitation, on the console's channel settings page. */
async function managerSettings(page: Page) {
  const printed = cli('channel', 'invite', '--channel', 'demo', '--email', newEmail('manager'), '--role', 'manager')
  const link = /\/admin\/invitation\/[A-Za-z0-9_-]+/.exec(printed)?.[0]
  if (!link) throw new Error(`no invitation in ${printed}`)
  await page.goto(`${baseUrl}${link}`)
  await appReady(page)
  for (const [label, text] of [
    ['First name', 'Kim'],
    ['Last name', 'Ortega'],
    ['Password', PASSWORD],
    ['Password confirmation', PASSWORD],
  ] as const) {
    await page.getByLabel(label, { exact: true }).fill(text)
  }
  await page.keyboard.press('Enter')
  await page.getByRole('navigation', { name: 'Console' }).waitFor({ timeout: 15_000 })
  await page.goto(`${baseUrl}/admin/settings`)
  await page.getByLabel('Streams per account').waitFor()
}

async function setStreams(page: Page, limit: string, mode: string) {
  await page.getByLabel('Streams per account').fill(limit)
  await page.getByLabel('Over the limit').selectOption(mode)
  await page.getByRole('button', { name: 'Save changes' }).click()
  await page.getByText('Logo and analytics saved.').waitFor()
}

/**
 * Simultaneous streams per account (issue 19, decision 0031): a manager sets the limit to 2 in the
 * console; a third browser on the account is told it watches on too many devices, sees the other two
 * by device and start time, stops one and plays; the stopped browser says why at its next heartbeat.
 */
describe('streams per account', () => {
  let browser: Browser
  beforeAll(async () => {
    fs.mkdirSync(shots, { recursive: true })
    browser = await launchBrowser()
  })
  afterAll(() => browser?.close())

  it('limit 2: the third browser (a 390 px phone) is refused, stops one of the others and plays; the stopped one says why', {
    timeout: 240_000,
  }, async () => {
    const key = await apiKey(baseUrl)
    const events: Array<{ id: number; type: string; stream_status: string }> = (
      await (await fetch(`${baseUrl}/api/events?stream_status[]=vod&no_limit=1&api_key=${key}`)).json()
    ).data
    const replay = events.find((e) => e.type === 'free') as { id: number }
    await videoReady(baseUrl, replay.id)
    const email = newEmail('streams')
    await accountViaApi(baseUrl, dataDir, email, PASSWORD)

    const console_ = await newPage(browser, 1280, 900)
    await managerSettings(console_.page)
    await setStreams(console_.page, '2', 'refuse')

    const devices = []
    for (const width of [1280, 1280, 390]) {
      const device = await newPage(browser, width, width === 390 ? 844 : 900)
      // The first browser keeps a clock it can move on, to reach its next heartbeat without waiting 30 s.
      if (devices.length === 0) await device.page.clock.install()
      await signIn(device.page, baseUrl, email, PASSWORD)
      await device.page.waitForURL((url) => !url.pathname.startsWith('/login'))
      await device.page.goto(`${baseUrl}/watch/${replay.id}`)
      await appReady(device.page)
      devices.push(device)
    }
    const [first, second, phone] = devices as [(typeof devices)[0], (typeof devices)[0], (typeof devices)[0]]
    await first.page.getByTestId('player').waitFor()
    await second.page.getByTestId('player').waitFor()

    const screen = phone.page.locator('[data-testid="watch-stage"][data-screen="too_many_streams"]')
    await screen.getByText('You are watching on too many devices').waitFor()
    const others = screen.getByTestId('streams-list').getByRole('listitem')
    await expect.poll(() => others.count()).toBe(2)
    expect(await others.first().textContent()).toContain('Chrome on Linux')
    expect(await others.first().textContent()).toMatch(/Started \w{3} \d{1,2}:\d{2}/)
    expect(await seriousFindings(phone.page)).toEqual([])
    await phone.page.screenshot({ path: path.join(shots, '390-too-many-devices.png'), fullPage: true })
    await phone.page.setViewportSize({ width: 1280, height: 900 })
    expect(await seriousFindings(phone.page)).toEqual([])
    await phone.page.screenshot({ path: path.join(shots, '1280-too-many-devices.png'), fullPage: true })
    await phone.page.setViewportSize({ width: 390, height: 844 })

    // Stop the oldest (the first browser) by keyboard; the phone plays.
    await others
      .first()
      .getByRole('button', { name: /^Stop watching on Chrome on Linux/ })
      .focus()
    await phone.page.keyboard.press('Enter')
    await phone.page.getByTestId('player').waitFor()

    // At the first browser's next heartbeat its renewal is refused: the player stops and says why.
    await first.page.clock.fastForward('00:31')
    const stopped = first.page.locator('[data-testid="watch-stage"][data-screen="stream_stopped"]')
    await stopped.getByText('Playback stopped: it was stopped from another of your devices.').waitFor()
    await expect.poll(() => first.page.getByTestId('player').count()).toBe(0)
    // Watching here again: the account has two streams (the second browser and the phone), so it is refused.
    await stopped.getByRole('button', { name: 'Watch here' }).click()
    await first.page.locator('[data-testid="watch-stage"][data-screen="too_many_streams"]').waitFor()

    await setStreams(console_.page, '3', 'refuse')
    for (const d of [console_, ...devices]) await d.context.close()
  })
})
