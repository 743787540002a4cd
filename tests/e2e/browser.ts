import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium } from './chromium.mjs'

export const launchBrowser = (): Promise<Browser> => launchChromium()

/** A fresh page (own storage) at a given viewport width. */
export async function newPage(
  browser: Browser,
  width = 1280,
  height = 900,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'en-US', timezoneId: 'UTC' })
  const page = await context.newPage()
  return { context, page }
}
