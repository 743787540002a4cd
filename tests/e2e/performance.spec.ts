import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, newPage } from './browser.js'
import { apiKey, appReady, playUntilMoving, videoReady } from './helpers.js'

const baseUrl = inject('baseUrl')

/** Every content-security-policy violation the page reports, as the browser and its console see it. */
async function watchPolicy(page: Page) {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text())
  })
  await page.exposeFunction('__reportViolation', (text: string) => violations.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportViolation: (t: string) => void }).__reportViolation
      report(`${e.violatedDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`)
    })
  })
  return violations
}

/** The page's layout shifts so far, by the browser's Layout Instability API (what CLS adds up). */
const layoutShifts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ value: number; nodes: string[] }[]>((resolve) => {
        new PerformanceObserver((list) => {
          resolve(
            list.getEntries().map((entry) => {
              const shift = entry as PerformanceEntry & { value: number; sources?: { node?: Node }[] }
              return {
                value: shift.value,
                nodes: (shift.sources ?? []).map((s) => (s.node as Element | undefined)?.className ?? '?'),
              }
            }),
          )
        }).observe({ type: 'layout-shift', buffered: true })
        // No shift at all: the observer is never called.
        setTimeout(() => resolve([]), 500)
      }),
  )

describe('page performance a viewer notices', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(() => browser.close())

  it('no page breaks the content security policy, the watch page playing included', { timeout: 180_000 }, async () => {
    const key = await apiKey(baseUrl)
    const replays = (await (await fetch(`${baseUrl}/api/events?stream_status[]=vod&no_limit=1&api_key=${key}`)).json())
      .data as { id: number; type: string }[]
    const replay = replays.find((e) => e.type === 'free')
    if (!replay) throw new Error('the demo has no free replay')
    await videoReady(baseUrl, replay.id)
    for (const path of ['/', '/schedule', '/vod_library', '/packages', '/faq', '/login', '/registration']) {
      const { context, page } = await newPage(browser, 390, 844)
      const violations = await watchPolicy(page)
      await page.goto(`${baseUrl}${path}`)
      await appReady(page)
      await page.waitForLoadState('networkidle')
      expect(violations, path).toEqual([])
      await context.close()
    }
    const { context, page } = await newPage(browser, 390, 844)
    const violations = await watchPolicy(page)
    await page.goto(`${baseUrl}/watch/${replay.id}`)
    await appReady(page)
    await playUntilMoving(page)
    expect(violations).toEqual([])
    await context.close()
  })

  it('the home page on a phone does not move under the viewer while it loads', async () => {
    const { context, page } = await newPage(browser, 390, 844)
    await page.goto(baseUrl)
    await appReady(page)
    await page.getByText('Every game. Live and on demand.').first().waitFor()
    await page.waitForLoadState('networkidle')
    const shifts = await layoutShifts(page)
    const total = shifts.reduce((sum, s) => sum + s.value, 0)
    expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(0.05)
    // The footer is below the first screen: it was never painted there to be pushed down.
    const footerTop = await page
      .locator('footer')
      .first()
      .evaluate((f) => f.getBoundingClientRect().top)
    expect(footerTop).toBeGreaterThanOrEqual(844)
    await context.close()
  })

  it("the app's scripts and answers reach the browser compressed", async () => {
    const { context, page } = await newPage(browser, 390, 844)
    const encodings = new Map<string, string | undefined>()
    page.on('response', async (response) => {
      const url = new URL(response.url())
      if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) {
        const headers = await response.allHeaders()
        encodings.set(url.pathname, headers['content-encoding'])
      }
      if (url.pathname === '/api/channel-bootstrap-data') {
        encodings.set('bootstrap', (await response.allHeaders())['content-encoding'])
      }
    })
    await page.goto(baseUrl)
    await appReady(page)
    await page.waitForLoadState('networkidle')
    expect(encodings.get('bootstrap')).toBe('br')
    const scripts = [...encodings].filter(([name]) => name !== 'bootstrap')
    expect(scripts.length).toBeGreaterThan(2)
    for (const [name, encoding] of scripts) expect(encoding, name).toBe('br')
    await context.close()
  })
})
