import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
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

const gzipSize = (file) => (fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : 0)

/** A React 19 app with nothing in it, built with the web app's vite and react plugin: its JS, gzipped. */
async function bareReactShellGzip() {
  const { build } = await import(path.join(root, 'node_modules/vite/dist/node/index.js'))
  const react = (await import(path.join(root, 'node_modules/@vitejs/plugin-react/dist/index.js'))).default
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-bare-react-'))
  try {
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.jsx"></script></body></html>',
    )
    fs.writeFileSync(
      path.join(dir, 'main.jsx'),
      "import { createRoot } from 'react-dom/client'\ncreateRoot(document.getElementById('root')).render(<h1>Hello</h1>)\n",
    )
    await build({
      root: dir,
      logLevel: 'silent',
      configFile: false,
      plugins: [react()],
      resolve: {
        alias: { react: path.join(root, 'node_modules/react'), 'react-dom': path.join(root, 'node_modules/react-dom') },
      },
      build: { outDir: path.join(dir, 'dist'), target: 'es2022' },
    })
    const assets = path.join(dir, 'dist/assets')
    return fs
      .readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .reduce((sum, f) => sum + gzipSize(path.join(assets, f)), 0)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
