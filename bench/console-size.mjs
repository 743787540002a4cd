import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

/**
 * Build report of the console's JavaScript budget (issue 16): run after `npm run build`.
 *
 *   node bench/console-size.mjs
 *
 * From Vite's manifest (apps/web/dist/.vite/manifest.json) it follows the chunks each page loads:
 * - the viewer's home page: the entry and the home view, with their static imports;
 * - the console: the console view with its static imports and every page it loads lazily (all of them,
 *   as if the operator opened every page), on top of the start it shares with the viewer.
 * It prints the gzipped sizes (gzip level 9, as the build ships them), checks the budget (console
 * ≤ 250 KB gzipped, everything /admin loads counted) and, from the source maps, that no chunk the
 * viewer's home page loads holds any console code. Exits 1 when either fails; writes
 * bench/results/console-size.json.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dist = path.join(root, 'apps/web/dist')
const manifestPath = path.join(dist, '.vite/manifest.json')
if (!fs.existsSync(manifestPath))
  throw new Error('apps/web/dist/.vite/manifest.json is missing: run `npm run build` first')
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'))

const BUDGET_KB = 250
const CONSOLE_SOURCES = [
  /features\/console\//,
  /contract\/src\/admin\.ts$/,
  /app\/views\/console\.ts$/,
  /@tanstack\/(react-table|table-core)\//,
]

/** A view's chunk by its source, or (when Rollup merged the view into a shared chunk) by its chunk name. */
const keyOf = (src, name) => {
  const key =
    Object.keys(manifest).find((k) => k === src || k.endsWith(src)) ??
    Object.keys(manifest).find((k) => manifest[k].name === name && manifest[k].file.endsWith('.js'))
  if (!key) throw new Error(`${src} is not in the build manifest`)
  return key
}

/** Chunks loaded with `key`: itself and its static imports; with `lazy`, its dynamic imports' trees too. */
function closure(keys, { lazy = false } = {}) {
  const seen = new Set()
  const visit = (key) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    for (const next of chunk.imports ?? []) visit(next)
    if (lazy) for (const next of chunk.dynamicImports ?? []) visit(next)
  }
  for (const key of keys) visit(key)
  return seen
}

const gzipOf = (file) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length
const filesOf = (keys) => [...new Set([...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')))]
const sizeOf = (files) => files.reduce((sum, file) => sum + gzipOf(file), 0)
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)
const homeKey = keyOf('src/app/views/home.ts', 'home')
const consoleKey = keyOf('src/app/views/console.ts', 'console')

const viewerHome = filesOf(closure([entryKey, homeKey]))
const start = filesOf(closure([entryKey]))
// The console view's own tree, every lazily loaded console page included (not the viewer's views it
// might link to: only chunks whose code is the console's or that only the console needs).
const consoleStatic = closure([consoleKey])
const consolePages = [...consoleStatic].flatMap((k) =>
  (manifest[k].dynamicImports ?? []).filter((d) => /features\/console\//.test(d)),
)
const consoleAll = new Set([...consoleStatic, ...closure(consolePages)])
const consoleFiles = filesOf(consoleAll)
const consoleOwn = consoleFiles.filter((f) => !start.includes(f))
const consoleTotal = [...new Set([...start, ...consoleFiles])]

/** Source files of a chunk, from its source map. */
function sourcesOf(file) {
  const map = path.join(dist, `${file}.map`)
  if (!fs.existsSync(map)) return []
  return JSON.parse(fs.readFileSync(map, 'utf8')).sources ?? []
}
const leaks = viewerHome.flatMap((file) =>
  sourcesOf(file)
    .filter((source) => CONSOLE_SOURCES.some((pattern) => pattern.test(source)))
    .map((source) => `${file}: ${source}`),
)

const result = {
  name: 'console-size',
  at: new Date().toISOString(),
  viewerHome: { files: viewerHome.length, gzipBytes: sizeOf(viewerHome) },
  consoleOwn: { files: consoleOwn.length, gzipBytes: sizeOf(consoleOwn) },
  consoleTotal: { files: consoleTotal.length, gzipBytes: sizeOf(consoleTotal) },
  budgetKb: BUDGET_KB,
  leaks,
}

console.log('JavaScript, gzipped (level 9)')
console.log(
  `  viewer home page (start + home view)      ${kb(result.viewerHome.gzipBytes).padStart(9)}  ${viewerHome.length} files`,
)
console.log(
  `  console, its own chunks (all its pages)   ${kb(result.consoleOwn.gzipBytes).padStart(9)}  ${consoleOwn.length} files`,
)
console.log(
  `  console, everything /admin loads          ${kb(result.consoleTotal.gzipBytes).padStart(9)}  budget ≤ ${BUDGET_KB} KB`,
)
for (const file of consoleOwn) console.log(`    ${kb(gzipOf(file)).padStart(9)}  ${file}`)
console.log(
  leaks.length === 0
    ? '  viewer home loads no console code'
    : `  CONSOLE CODE IN THE VIEWER:\n    ${leaks.join('\n    ')}`,
)

fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true })
fs.writeFileSync(path.join(root, 'bench/results/console-size.json'), `${JSON.stringify(result, null, 2)}\n`)
if (leaks.length > 0 || result.consoleTotal.gzipBytes > BUDGET_KB * 1024) process.exitCode = 1
