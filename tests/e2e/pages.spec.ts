import { messages } from '@fieldhouse/contract'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, newPage } from './browser.js'

const baseUrl = inject('baseUrl')

describe('channel pages', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(() => browser.close())

  it('turns a CMS page into a route with its name as title, scrolled to the top', async () => {
    const { context, page } = await newPage(browser, 1280, 700)
    await page.goto(baseUrl)
    await page.getByText('Every game. Live and on demand.').first().waitFor()
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await page.getByRole('contentinfo').getByRole('link', { name: 'Tickets help' }).click()
    await page.waitForURL(`${baseUrl}/tickets-help`)
    await page.getByRole('heading', { name: 'Which pass do I need?' }).waitFor()
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Tickets help')
    expect(await page.title()).toBe('Tickets help · Fieldhouse Demo')
    expect(await page.getByRole('listitem').filter({ hasText: 'A single-event pass covers one game' }).count()).toBe(1)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await context.close()
  })

  it('opens a CMS page directly by its address', async () => {
    const { context, page } = await newPage(browser)
    await page.goto(`${baseUrl}/about`)
    await page.getByText('Fieldhouse Demo brings the games of our conference to fans wherever they are.').waitFor()
    await context.close()
  })

  it('sends an unknown path to the not-found page, whose link goes home', async () => {
    const { context, page } = await newPage(browser)
    await page.goto(`${baseUrl}/nope`)
    await page.waitForURL(`${baseUrl}/404`)
    await page.getByText(messages.notFoundTitle).waitFor()
    await page.getByRole('main').getByRole('link').first().click()
    await page.waitForURL(`${baseUrl}/`)
    await page.getByText('Every game. Live and on demand.').first().waitFor()
    await context.close()
  })

  it('follows channel routes from the settings', async () => {
    const { context, page } = await newPage(browser)
    await page.goto(`${baseUrl}/tickets`)
    await page.waitForURL(`${baseUrl}/packages`)
    await context.close()
  })

  it('shows the FAQ and opens an answer', async () => {
    const { context, page } = await newPage(browser)
    await page.goto(`${baseUrl}/faq`)
    const question = page.getByText('Can I watch a game after it ends?')
    await question.click()
    await page.getByText('Every game is available as a full replay').waitFor()
    await context.close()
  })

  it('shows the contact details of the channel', async () => {
    const { context, page } = await newPage(browser)
    await page.goto(`${baseUrl}/contacts`)
    await page.getByText('support@fieldhouse.example').first().waitFor()
    await page.getByText('400 Arena Way, Springfield, IL 62701').first().waitFor()
    await context.close()
  })
})
