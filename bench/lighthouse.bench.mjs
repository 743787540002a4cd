import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { bareReactShellGzip, gzipSize } from './home-js.mjs'
import { median, onEveryCore, root, startProduct, waitForDemoVideos, writeResult } from './lib.mjs'

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'

/**
 * Lighthouse 12's mobile audit (its default: a mid-range phone on slow 4G, simulated throttling, CPU
 * slowed 4×) of `/`, `/watch/{id}` and `/watch_embed/{id}` (a free replay, full page and embedded) on a
 * fresh product, as a new viewer opens them:
 * median of RUNS runs each (performance score, LCP, TBT, CLS, JavaScript bytes over the wire). And
 * the JavaScript the home page's first view loads, gzipped, against a bare React shell (react,
 * react-dom, one component) built by the same vite in the same run.
 */
export async function benchLighthouse() {
  const product = await startProduct({
    SERVICES: 'api,worker',
    DEMO_LIVE: '0',
    DEMO_VIDEO_SECONDS: '8',
    ENCODE_PRESET: 'ultrafast',
  })
  let chrome = null
  try {
    const replay = await waitForDemoVideos(product)
    chrome = await onEveryCore(() =>
      chromeLauncher.launch({
        chromePath: CHROME_PATH,
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      }),
    )
    const pages = { home: '/', watch: `/watch/${replay.id}`, embed: `/watch_embed/${replay.id}` }
    const result = { name: 'lighthouse', what: 'Lighthouse 12 mobile preset, median of runs', pages: {} }
    let homeScripts = []
    for (const [name, p] of Object.entries(pages)) {
      // One run first, not counted: the server's first-time work (caches, JIT).
      await audit(chrome.port, product.url + p)
      const runs = []
      for (let i = 0; i < RUNS; i++) runs.push(await audit(chrome.port, product.url + p))
      const mid = (key) => median(runs.map((r) => r[key]))
      result.pages[name] = {
        path: p,
        performance: mid('performance'),
        lcpMs: Math.round(mid('lcpMs')),
        tbtMs: Math.round(mid('tbtMs')),
        cls: Number(mid('cls').toFixed(3)),
        jsBytes: Math.round(mid('jsBytes')),
        runs,
      }
      if (name === 'home') homeScripts = runs[0].scripts
    }
    // The home page's first-view scripts, gzipped as the build wrote them, against the bare shell's.
    const dist = path.join(root, 'apps/web/dist')
    const homeGzip = homeScripts.reduce((sum, url) => sum + gzipSize(path.join(dist, new URL(url).pathname)), 0)
    const shellGzip = await bareReactShellGzip()
    result.homeJsGzip = homeGzip
    result.bareReactShellGzip = shellGzip
    result.jsRatio = Number((homeGzip / shellGzip).toFixed(2))
    result.goal = { performance: 0.9, cls: 0.05, lcpMs: 2500, tbtMs: 200, jsRatio: 2 }
    result.treemap = 'bench/results/web-bundle.html'
    writeResult('lighthouse', result)
    return result
  } finally {
    if (chrome) await chrome.kill()
    await product.stop()
  }
}

async function audit(port, url) {
  const { lhr } = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    undefined,
  )
  const numeric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN
  const requests = lhr.audits['network-requests']?.details?.items ?? []
  const scripts = requests.filter((r) => r.resourceType === 'Script' && r.url.startsWith(new URL(url).origin))
  return {
    performance: lhr.categories.performance.score,
    // Lighthouse's measure of this machine's speed (a mid-range phone is about 1,000).
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    // What Lighthouse names as the largest paint (its markup, cut short), and where its time goes
    // (TTFB, load delay, load time, render delay: a late request is load delay, a late render the last).
    lcpElement: lcpDetails(lhr)?.[0]?.items?.[0]?.node?.snippet ?? null,
    lcpPhases: Object.fromEntries(
      (lcpDetails(lhr)?.[1]?.items ?? []).map((phase) => [phase.phase, Math.round(phase.timing)]),
    ),
    jsBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    scripts: scripts.map((r) => r.url),
  }
}

const lcpDetails = (lhr) => lhr.audits['largest-contentful-paint-element']?.details?.items
