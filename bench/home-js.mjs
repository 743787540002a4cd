import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'
import { launchChromium, root, startProduct } from './lib.mjs'

/**
 * The home page's first-view JavaScript (issue 32): which scripts a phone-sized Chromium loads on `/`,
 * each one's gzipped size (level 9, from apps/web/dist, as `lighthouse.bench.mjs` counts them), and
 * what they are made of by package (from the build's `dist/.vite/modules.json`, the bundle visualizer's
 * data). `node bench/home-js.mjs` (after `npm run build`) starts the product, prints the table and the
 * ratio to a bare React shell built by the same vite; `node bench/home-js.mjs http://host:port` measures
 * a product already running. The functions are exported for the other benchmarks.
 */

export const webDist = path.join(root, 'apps/web/dist')

export const gzipSize = (file) => (fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : 0)

/**
 * The same-origin scripts a page loads on `url`, opened as a new viewer on a phone-sized screen, until
 * the network has been quiet and then `settleMs` more (what the page fetches once idle counts too, as
 * it does for Lighthouse).
 */
export async function scriptsLoadedOn(url, { settleMs = 2000 } = {}) {
  const origin = new URL(url).origin
  const browser = await launchChromium()
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    })
    const page = await context.newPage()
    const scripts = new Set()
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && response.url().startsWith(origin))
        scripts.add(response.url())
    })
    await page.goto(url, { waitUntil: 'networkidle' })
    await page.waitForTimeout(settleMs)
    return [...scripts]
  } finally {
    await browser.close()
  }
}

/** A module's package: its npm name, `@fieldhouse/contract`, or the web app's folder (`web:features/home`). */
export function packageOf(id) {
  const modules = [...id.matchAll(/\/node_modules\/((?:@[^/]+\/)?[^/]+)\//g)]
  if (modules.length > 0) return modules[modules.length - 1][1]
  const workspace = id.match(/\/packages\/([^/]+)\//)
  if (workspace) return `@fieldhouse/${workspace[1]}`
  // The visualizer names the web app's own modules from its root (`/src/…`).
  const web = id.match(/(?:^|\/apps\/web)\/src\/((?:features|app|lib|components)\/[^/]+|[^/]+)/)
  if (web) return `web:${web[1].replace(/\.[tj]sx?$/, '')}`
  return id.startsWith('\0') ? 'vite runtime' : id
}

/** The bundle visualizer's data the build writes (vite.config.ts), or null before a build with it. */
function moduleStats(dist) {
  const file = path.join(dist, '.vite/modules.json')
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null
}

/**
 * What `scripts` (URLs or paths under `dist`) weigh: per chunk (raw and gzipped bytes) and per package.
 * A package's share of a chunk is its modules' gzipped sizes, each gzipped alone by the visualizer,
 * scaled to the chunk's real gzipped size: an estimate, while the chunk totals are exact.
 */
export function firstViewBreakdown(scripts, { dist = webDist } = {}) {
  const stats = moduleStats(dist)
  const chunks = scripts.map((script) => {
    const file = (script.includes('://') ? new URL(script).pathname : script).replace(/^\//, '')
    const full = path.join(dist, file)
    return { file, raw: fs.existsSync(full) ? fs.statSync(full).size : 0, gzip: gzipSize(full) }
  })
  const packages = new Map()
  for (const chunk of chunks) {
    if (!stats) break
    const parts = []
    for (const meta of Object.values(stats.nodeMetas)) {
      const uid = meta.moduleParts[chunk.file]
      if (uid) parts.push({ name: packageOf(meta.id), gzip: stats.nodeParts[uid].gzipLength })
    }
    const sum = parts.reduce((total, p) => total + p.gzip, 0)
    for (const part of parts) {
      const known = packages.get(part.name) ?? { name: part.name, gzip: 0, chunks: new Set() }
      known.gzip += sum > 0 ? (chunk.gzip * part.gzip) / sum : 0
      known.chunks.add(chunk.file)
      packages.set(part.name, known)
    }
  }
  return {
    gzip: chunks.reduce((total, c) => total + c.gzip, 0),
    chunks: chunks.sort((a, b) => b.gzip - a.gzip),
    packages: [...packages.values()]
      .map((p) => ({ name: p.name, gzip: Math.round(p.gzip), chunks: [...p.chunks] }))
      .sort((a, b) => b.gzip - a.gzip),
  }
}

/** A React 19 app with nothing in it, built with the web app's vite and react plugin: its JS, gzipped. */
export async function bareReactShellGzip() {
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

const kib = (bytes) => (bytes / 1024).toFixed(1)

async function main() {
  const given = process.argv[2]
  const product = given ? null : await startProduct({ DEMO_LIVE: '0' })
  try {
    const url = given ?? product.url
    const scripts = await scriptsLoadedOn(`${url}/`)
    const view = firstViewBreakdown(scripts)
    const shell = await bareReactShellGzip()
    console.log('chunk                                        raw KiB  gzip KiB')
    for (const c of view.chunks)
      console.log(`${c.file.padEnd(44)} ${kib(c.raw).padStart(7)}  ${kib(c.gzip).padStart(8)}`)
    console.log('\npackage                                     gzip KiB (estimated share)')
    for (const p of view.packages) console.log(`${p.name.padEnd(44)} ${kib(p.gzip).padStart(7)}`)
    console.log(
      `\nfirst view ${kib(view.gzip)} KiB gzipped in ${view.chunks.length} scripts; bare React shell ${kib(shell)} KiB;` +
        ` ratio ${(view.gzip / shell).toFixed(2)} (goal ≤ 2)`,
    )
  } finally {
    await product?.stop()
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
