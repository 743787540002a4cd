import { spawnSync } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { consoleSizes } from './console-size.mjs'
import { launchChromium, median, newViewerHeaders, root, startProduct, writeResult } from './lib.mjs'

const CHANGES = Number(process.env.BENCH_PREVIEW_CHANGES ?? 20)
const PASSWORD = 'a long password 1'
/** Issue 16: the colour preview updates within 100 ms of a change. */
const PREVIEW_GOAL_MS = 100

/** The value below which `p` of the sorted values lie (nearest rank). */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]
}

/**
 * The console's budgets (issue 16): its JavaScript (bench/console-size.mjs: ≤ 250 KB gzipped, and the
 * viewer home page's JavaScript unchanged by it, against the baseline build of the commit before the
 * console), and the colour preview's update time in headless Chromium: a new owner of the demo channel
 * (an invitation from the CLI, accepted in the browser) opens Colours and picks CHANGES colours; each is
 * timed from the input event to the first frame the preview iframe paints after its CSS variables
 * changed (a requestAnimationFrame inside the iframe, then the task after that frame: the paint is done).
 */
export async function benchConsole() {
  const sizes = consoleSizes()
  const product = await startProduct({ SERVICES: 'api', DEMO_LIVE: '0', DEMO_VIDEOS: '0' })
  let browser = null
  try {
    const email = `bench-owner-${Date.now()}@example.com`
    const invited = spawnSync(
      process.execPath,
      [
        path.join(root, 'apps/server/dist/cli.js'),
        'channel',
        'invite',
        '--channel',
        'demo',
        '--email',
        email,
        '--role',
        'owner',
      ],
      { env: { ...process.env, DATA_DIR: product.dataDir, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
    )
    const link = /\/admin\/invitation\/[A-Za-z0-9_-]+/.exec(invited.stdout)?.[0]
    if (invited.status !== 0 || !link) throw new Error(`channel invite failed: ${invited.stdout}${invited.stderr}`)

    browser = await launchChromium()
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: newViewerHeaders(),
    })
    const page = await context.newPage()
    await page.goto(product.url + link)
    await page.getByRole('heading', { name: 'Your invitation' }).waitFor({ timeout: 30_000 })
    for (const [label, text] of [
      ['First name', 'Bench'],
      ['Last name', 'Owner'],
      ['Password', PASSWORD],
      ['Password confirmation', PASSWORD],
    ])
      await page.getByLabel(label, { exact: true }).fill(text)
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { level: 1, name: 'Channel' }).waitFor({ timeout: 30_000 })

    await page.goto(`${product.url}/admin/colours`)
    await page.getByRole('heading', { level: 1, name: 'Colours' }).waitFor({ timeout: 30_000 })
    await page
      .frameLocator('.console-preview__frame')
      .locator('#root header, #root main')
      .first()
      .waitFor({ timeout: 30_000 })
    // Instruments the page: the input event's time, then (when the preview's root style changes) the
    // preview's next animation frame and the task after it, all on the console window's clock.
    await page.evaluate(() => {
      const frame = document.querySelector('.console-preview__frame')
      const preview = frame.contentWindow
      const marks = []
      let pending = null
      window.__previewMarks = marks
      addEventListener(
        'input',
        (event) => {
          pending = { inputAt: event.timeStamp }
        },
        true,
      )
      new preview.MutationObserver(() => {
        const p = pending
        if (!p || p.appliedAt) return
        p.appliedAt = performance.now()
        preview.requestAnimationFrame(() => {
          p.frameAt = performance.now()
          preview.setTimeout(() => {
            p.paintedAt = performance.now()
            marks.push(p)
            pending = null
          }, 0)
        })
      }).observe(frame.contentDocument.documentElement, { attributes: true, attributeFilter: ['style'] })
    })
    const picker = page.getByLabel('Primary (buttons, links)', { exact: true })
    const runs = []
    // One change first, not counted: the first style recalculation of the preview.
    for (let i = -1; i < CHANGES; i++) {
      const colour = `#${(0x204080 + (i + 1) * 0x0a1b2c).toString(16).slice(-6)}`
      const before = await page.evaluate(() => window.__previewMarks.length)
      await picker.fill(colour)
      await page.waitForFunction((n) => window.__previewMarks.length > n, before, { timeout: 10_000 })
      const mark = await page.evaluate(() => window.__previewMarks.at(-1))
      const applied = await page
        .frameLocator('.console-preview__frame')
        .locator(':root')
        .evaluate((el) => el.style.getPropertyValue('--primary-color'))
      if (applied.trim().toLowerCase() !== colour) throw new Error(`the preview shows ${applied}, not ${colour}`)
      if (i >= 0) runs.push(mark)
    }
    const stat = (key) => {
      const values = runs.map((m) => m[key] - m.inputAt)
      return {
        p50Ms: Math.round(median(values) * 10) / 10,
        p95Ms: Math.round(percentile(values, 0.95) * 10) / 10,
        runsMs: values.map((v) => Math.round(v * 10) / 10),
      }
    }
    const painted = stat('paintedAt')
    const preview = {
      changes: CHANGES,
      goalMs: PREVIEW_GOAL_MS,
      toPainted: painted,
      toFrame: stat('frameAt'),
      toApplied: stat('appliedAt'),
      meetsGoal: painted.p95Ms <= PREVIEW_GOAL_MS,
    }
    await context.close()
    const result = {
      ...sizes,
      name: 'console',
      what: "the console's JavaScript (gzip 9) against its budget and the viewer home page against the build before the console; the colour preview's update, input event to the preview iframe's next painted frame, headless Chromium",
      loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
      preview,
    }
    writeResult('console', result)
    return result
  } finally {
    await browser?.close()
    await product.stop()
  }
}
