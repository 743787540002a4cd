import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { onTestFailed } from 'vitest'
import { launchChromium } from './chromium.mjs'

export const launchBrowser = (): Promise<Browser> => launchChromium()

/**
 * Should the test this page belongs to fail, what its viewer had in front of them: the address, the
 * page's text and the answers that were not ok, printed beside the failure.
 */
function reportOnFailure(page: Page) {
  const refused: string[] = []
  page.on('response', (r) => {
    if (r.status() >= 400 && refused.length < 20) refused.push(`${r.status()} ${r.request().method()} ${r.url()}`)
  })
  page.on('pageerror', (e) => refused.length < 20 && refused.push(`page error: ${e.message}`))
  try {
    onTestFailed(async () => {
      if (page.isClosed()) return
      const text = await page
        .locator('body')
        .innerText({ timeout: 2_000 })
        .catch(() => '(no text)')
      console.error(
        `— the page at ${page.url()} —\n${text.replace(/\n+/g, ' ⏎ ').slice(0, 1500)}\n— answers not ok —\n${refused.join('\n') || '(none)'}`,
      )
    })
  } catch {
    // Made outside a test (in a hook): nothing to report to.
  }
}

/** A fresh page (own storage) at a given viewport width; `options` adds to the context's. */
export async function newPage(
  browser: Browser,
  width = 1280,
  height = 900,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width, height },
    locale: 'en-US',
    timezoneId: 'UTC',
    ...options,
  })
  const page = await context.newPage()
  reportOnFailure(page)
  return { context, page }
}
