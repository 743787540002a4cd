import fs from 'node:fs'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'

/**
 * Debian's Chromium (CHROMIUM_PATH to use another), headless, with the flags this closed network
 * needs (no background connections to Google's hosts).
 */
export const chromiumPath = () =>
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p))

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath()
  if (!executablePath) throw new Error('Chromium not found: install Debian\'s "chromium" package or set CHROMIUM_PATH')
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

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
