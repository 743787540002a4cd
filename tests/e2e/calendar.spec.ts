import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { seriousFindings } from './axe.js'
import { launchBrowser, newPage } from './browser.js'
import { accountViaApi, appReady, newEmail, signIn } from './helpers.js'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')

/** The games' summaries of an iCalendar document, in order (the feed's own test parses it fully). */
const summaries = (ics: string) => [...ics.matchAll(/^SUMMARY:(.*)$/gm)].map((m) => m[1]?.trim())

describe('calendar feeds', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(() => browser.close())

  it('on a phone: a team page offers its schedule to a calendar app, and the profile makes, renews and turns off the link of what the viewer follows', async () => {
    const email = newEmail('calendar')
    await accountViaApi(baseUrl, dataDir, email, 'Passw0rd!x')
    const { context, page } = await newPage(browser, 390, 844, { permissions: ['clipboard-read', 'clipboard-write'] })
    await signIn(page, baseUrl, email, 'Passw0rd!x')
    await page.waitForURL((url) => url.pathname === '/')

    await page.goto(`${baseUrl}/?team=summit-mens-hockey`)
    await appReady(page)
    const main = page.getByRole('main')
    await main.getByRole('button', { name: /^Favourite Summit/ }).click()
    await expect
      .poll(() => main.getByRole('button', { name: /^Favourite Summit/ }).getAttribute('aria-pressed'))
      .toBe('true')

    await main.getByText('Add to calendar').click()
    const subscribe = main.getByRole('link', { name: 'Subscribe in your calendar app' })
    const webcal = (await subscribe.getAttribute('href')) ?? ''
    expect(webcal).toMatch(/^webcal:\/\/[^/]+\/api\/calendar\/teams\/\d+\.ics\?channel_key=demo$/)
    const address = main.getByRole('textbox', { name: /calendar address of Summit/ })
    const https = await address.inputValue()
    expect(https).toBe(webcal.replace(/^webcal:/, 'http:'))
    await main.getByRole('button', { name: 'Copy', exact: true }).click()
    await page.getByText('Calendar link copied.').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(https)
    const teamFeed = await fetch(https)
    expect(teamFeed.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    const teamIcs = await teamFeed.text()
    const teamGames = summaries(teamIcs)
    expect(teamGames.length).toBeGreaterThan(0)
    await page.screenshot({ path: 'test-results/screenshots/team-calendar-390.png', fullPage: true })
    expect(await seriousFindings(page)).toEqual([])
    // Escape closes the panel, as a menu's would, and the focus is back on its button.
    await main.getByRole('button', { name: 'Copy', exact: true }).focus()
    await page.keyboard.press('Escape')
    await subscribe.waitFor({ state: 'hidden' })
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Add to calendar')

    // Each entry links to its game's page, where the teams can be followed too: this one already is.
    const watchLink = /^URL;VALUE=URI:(.*)$/m.exec(teamIcs)?.[1]?.trim() ?? ''
    expect(new URL(watchLink).pathname).toMatch(/^\/watch\/\d+$/)
    await page.goto(`${baseUrl}${new URL(watchLink).pathname}`)
    const teams = page.getByRole('region', { name: 'Follow the teams' })
    await teams.waitFor()
    expect(await teams.getByRole('button', { name: /^Favourite Summit/ }).getAttribute('aria-pressed')).toBe('true')
    expect(await teams.getByRole('button', { name: /^Favourite/ }).count()).toBe(2)
    await teams.screenshot({ path: 'test-results/screenshots/watch-follow-teams-390.png' })

    await page.goto(`${baseUrl}/profile`)
    await page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Calendar' }).click()
    await page.waitForURL(/\/profile\/calendar$/)
    await page.getByText('You have no calendar link yet.').waitFor()
    await page.getByRole('button', { name: 'Make my calendar link' }).click()
    const own = page.getByRole('textbox', { name: /calendar address of the games you follow/ })
    await own.waitFor()
    const first = await own.inputValue()
    expect(first).toMatch(/\/api\/calendar\/follows\/\d+\.\d+\.[\w-]{32}\.ics$/)
    expect(await page.getByRole('link', { name: 'Subscribe in your calendar app' }).getAttribute('href')).toBe(
      first.replace(/^http:/, 'webcal:'),
    )
    // The followed team's games, signed out: a calendar app has no session.
    expect(summaries(await (await fetch(first)).text())).toEqual(teamGames)
    await page.screenshot({ path: 'test-results/screenshots/profile-calendar-390.png', fullPage: true })
    expect(await seriousFindings(page)).toEqual([])

    await page.getByRole('button', { name: 'Make a new link' }).click()
    await page.getByText('A new link is ready. The old one no longer works.').waitFor()
    await expect.poll(() => own.inputValue()).not.toBe(first)
    expect((await fetch(first)).status).toBe(404)
    const second = await own.inputValue()
    expect((await fetch(second)).status).toBe(200)

    await page.getByRole('button', { name: 'Turn off the link' }).click()
    await page.getByText('You have no calendar link yet.').waitFor()
    expect((await fetch(second)).status).toBe(404)
    await page.reload()
    await page.getByText('You have no calendar link yet.').waitFor()
    await context.close()
  })
})
