import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

/**
 * Build report of the console's JavaScript budget (issue 16), from Vite's manifest
 * (apps/web/dist/.vite/manifest.json) after `npm run build`:
 *
 *   node bench/console-size.mjs                       the report; exits 1 over budget or on a leak
 *                                                     (`node bench/run.mjs console` records it with the
 *                                                     colour preview's figures in bench/results/console.json)
 *   node bench/console-size.mjs --baseline DIST       writes bench/results/console-baseline.json from
 *                                                     another build's dist (the commit before the console)
 *
 * It follows the chunks each page loads (gzip level 9, as the build ships them):
 * - the viewer's home page: the entry and the home view, with their static imports;
 * - the console: the start it shares with the viewer, the console view with its static imports, and
 *   every page (as if the operator opened them all) with its static imports: the budget's figure;
 *   then, on top, what pages import only when the operator acts (the resumable upload library when an
 *   upload starts, the QR code when a second factor is set up). A lazily loaded chunk that viewer pages
 *   load too (hls.js: the player) is reported apart: a viewer who watched a game has it cached.
 * It checks the budget (≤ 250 KB), that no chunk the home page loads holds console code (from the
 * source maps), and compares the home page's JavaScript with the baseline's: the console must not
 * change what the home page loads.
 */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const BUDGET_KB = 250
const BASELINE = path.join(root, 'bench/results/console-baseline.json')
const CONSOLE_SOURCES = [
  /features\/console\//,
  /contract\/src\/admin\.ts$/,
  /app\/views\/console\.ts$/,
  /@tanstack\/(react-table|table-core)\//,
  /\/tus-js-client\//,
  /\/uplot\//,
]

/** The sizes and sources of one build's pages; `dist` is a built apps/web/dist. */
export function measureBuild(dist) {
  const manifestPath = path.join(dist, '.vite/manifest.json')
  if (!fs.existsSync(path.join(dist, 'index.html')))
    throw new Error(`${dist} is not built: run \`npm run build\` first`)
  // Builds from before the console wrote no manifest: their home page only, from the files themselves.
  if (!fs.existsSync(manifestPath)) return { home: homeFromFiles(dist) }
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'))

  /** A view's chunk by its source, or (when Rollup merged the view into a shared chunk) by its chunk name. */
  const keyOf = (src, name) =>
    Object.keys(manifest).find((k) => k === src || k.endsWith(src)) ??
    Object.keys(manifest).find((k) => manifest[k].name === name && manifest[k].file.endsWith('.js'))

  /**
   * Chunks loaded with `keys`: themselves and their static imports; with `lazy`, their dynamic imports'
   * trees too, but not those of `notLazyFrom` (the entry's views: another page's) nor the `except` ones.
   */
  const closure = (keys, { lazy = false, notLazyFrom = new Set(), except = new Set() } = {}) => {
    const seen = new Set()
    const visit = (key) => {
      if (seen.has(key) || !manifest[key] || except.has(key)) return
      seen.add(key)
      for (const next of manifest[key].imports ?? []) visit(next)
      if (lazy && !notLazyFrom.has(key)) for (const next of manifest[key].dynamicImports ?? []) visit(next)
    }
    for (const key of keys) visit(key)
    return seen
  }
  const gzipOf = (file) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length
  const filesOf = (keys) => [...new Set([...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')))]
  const sizeOf = (files) => files.reduce((sum, file) => sum + gzipOf(file), 0)
  const part = (files) => ({
    gzipBytes: sizeOf(files),
    files: files.map((file) => ({ file, gzipBytes: gzipOf(file) })).sort((a, b) => b.gzipBytes - a.gzipBytes),
  })
  const sourcesOf = (file) => sourcesOf_(dist, file)

  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)
  const homeKey = keyOf('src/app/views/home.ts', 'home')
  const consoleKey = keyOf('src/app/views/console.ts', 'console')
  const homeFiles = filesOf(closure([entryKey, homeKey]))
  const home = {
    ...part(homeFiles),
    sources: [...new Set(homeFiles.flatMap(sourcesOf))].sort(),
    sourceChars: charsOf(dist, homeFiles),
  }
  const result = { home }
  if (!consoleKey) return result

  const startKeys = closure([entryKey])
  const start = filesOf(startKeys)
  // Every viewer page and what it may load (every view but the console's, all their lazy imports).
  const viewerAll = new Set(filesOf(closure([entryKey], { lazy: true, except: new Set([consoleKey]) })))
  const consoleStatic = filesOf(closure([consoleKey]))
  const consoleEverything = filesOf(closure([consoleKey], { lazy: true, notLazyFrom: startKeys }))
  // In the budget: the start, the console's static chunks, and every lazy chunk no viewer page loads.
  const lazy = consoleEverything.filter((f) => !consoleStatic.includes(f) && !start.includes(f))
  const sharedLazy = lazy.filter((f) => viewerAll.has(f))
  const counted = [...new Set([...start, ...consoleStatic, ...lazy.filter((f) => !viewerAll.has(f))])]
  const consoleOnly = consoleEverything.filter((f) => !viewerAll.has(f))
  // In the budget: the console opened and every page of it visited — the start, the console's static
  // chunks, and each page (a lazy import of the console view) with its static imports. What a page
  // loads only when the operator acts (the upload client when an upload starts, the QR code when a
  // second factor is being set up) comes on top and is reported with everything else.
  const pageKeys = [...closure([consoleKey])].flatMap((k) => manifest[k].dynamicImports ?? [])
  const pages = filesOf(closure(pageKeys)).filter((f) => !viewerAll.has(f))
  const opened = [...new Set([...start, ...consoleStatic, ...pages])]
  const leaks = homeFiles.flatMap((file) =>
    sourcesOf(file)
      .filter((source) => CONSOLE_SOURCES.some((pattern) => pattern.test(source)))
      .map((source) => `${file}: ${source}`),
  )
  return {
    ...result,
    console: part(opened),
    everything: part(counted),
    consoleOnly: part(consoleOnly),
    sharedWithViewer: part(sharedLazy),
    leaks,
  }
}

/** Source files of a chunk, from its source map, node_modules paths shortened to the package. */
function sourcesOf_(dist, file) {
  const map = path.join(dist, `${file}.map`)
  if (!fs.existsSync(map)) return []
  return (JSON.parse(fs.readFileSync(map, 'utf8')).sources ?? []).map((s) =>
    s.includes('node_modules/') ? s.replace(/^.*node_modules\//, 'node_modules/') : s.replace(/^(\.\.\/)+/, ''),
  )
}

/** Characters of each source file in `files`, from their source maps: what changed inside a chunk. */
function charsOf(dist, files) {
  const chars = {}
  for (const file of files) {
    const map = path.join(dist, `${file}.map`)
    if (!fs.existsSync(map)) continue
    const { sources = [], sourcesContent = [] } = JSON.parse(fs.readFileSync(map, 'utf8'))
    const names = sourcesOf_(dist, file)
    sources.forEach((_, i) => {
      chars[names[i]] = (chars[names[i]] ?? 0) + (sourcesContent[i]?.length ?? 0)
    })
  }
  return chars
}

/**
 * The home page's chunks of a build without a manifest: the entry index.html names, then the home view's
 * chunk, each with the chunks its static `import … from "./x.js"` statements name (not `import("./x.js")`).
 */
function homeFromFiles(dist) {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8')
  const entry = /<script type="module"[^>]*src="\/(assets\/[^"]+\.js)"/.exec(html)?.[1]
  const homeView = fs.readdirSync(path.join(dist, 'assets')).find((f) => /^home-[\w-]+\.js$/.test(f))
  if (!entry || !homeView) throw new Error(`${dist}: no entry or home view chunk`)
  const seen = new Set()
  const visit = (file) => {
    if (seen.has(file)) return
    seen.add(file)
    const code = fs.readFileSync(path.join(dist, file), 'utf8')
    for (const m of code.matchAll(/import\s*(?:[^"'()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) visit(`assets/${m[1]}`)
  }
  visit(entry)
  visit(`assets/${homeView}`)
  const files = [...seen]
  const gzipOf = (file) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length
  return {
    gzipBytes: files.reduce((sum, f) => sum + gzipOf(f), 0),
    files: files.map((file) => ({ file, gzipBytes: gzipOf(file) })).sort((a, b) => b.gzipBytes - a.gzipBytes),
    sources: [...new Set(files.flatMap((f) => sourcesOf_(dist, f)))].sort(),
    sourceChars: charsOf(dist, files),
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

/** The report of apps/web/dist against the budget and the baseline. */
export function consoleSizes() {
  const now = measureBuild(path.join(root, 'apps/web/dist'))
  const baseline = fs.existsSync(BASELINE) ? JSON.parse(fs.readFileSync(BASELINE, 'utf8')) : null
  const homeChange = baseline
    ? {
        baselineCommit: baseline.commit,
        baselineGzipBytes: baseline.home.gzipBytes,
        gzipBytes: now.home.gzipBytes,
        deltaBytes: now.home.gzipBytes - baseline.home.gzipBytes,
        sourcesAdded: now.home.sources.filter((s) => !baseline.home.sources.includes(s)),
        sourcesRemoved: baseline.home.sources.filter((s) => !now.home.sources.includes(s)),
        // Source files whose code in the home page's chunks grew or shrank (characters before minifying).
        sourcesChanged: Object.keys({ ...baseline.home.sourceChars, ...now.home.sourceChars })
          .map((s) => ({ source: s, chars: (now.home.sourceChars[s] ?? 0) - (baseline.home.sourceChars?.[s] ?? 0) }))
          .filter((c) => c.chars !== 0)
          .sort((a, b) => Math.abs(b.chars) - Math.abs(a.chars)),
      }
    : null
  // Unchanged by the console: no console code in it, and nothing it loads that the baseline did not,
  // but for files of other features (listed, for the reader to judge).
  const consoleAdded =
    homeChange?.sourcesChanged
      .filter((c) => c.chars > 0 && CONSOLE_SOURCES.some((p) => p.test(c.source)))
      .map((c) => c.source) ?? []
  return {
    name: 'console-size',
    budgetKb: BUDGET_KB,
    viewerHome: { gzipBytes: now.home.gzipBytes, files: now.home.files },
    console: now.console,
    everything: now.everything,
    consoleOnly: now.consoleOnly,
    sharedWithViewer: now.sharedWithViewer,
    leaks: now.leaks,
    homeChange: homeChange && { ...homeChange, consoleAdded },
    meetsBudget: now.console.gzipBytes <= BUDGET_KB * 1024,
    homeUnchangedByConsole: now.leaks.length === 0 && consoleAdded.length === 0,
  }
}

export function printConsoleSizes(r) {
  console.log('JavaScript, gzipped (level 9)')
  console.log(`  viewer home page (start + home view)         ${kb(r.viewerHome.gzipBytes).padStart(9)}`)
  console.log(
    `  console opened, every page visited           ${kb(r.console.gzipBytes).padStart(9)}  budget ≤ ${r.budgetKb} KB`,
  )
  console.log(`  + on-demand libraries (upload, QR, plots)    ${kb(r.everything.gzipBytes).padStart(9)}  in all`)
  console.log(`  console, chunks only the console loads       ${kb(r.consoleOnly.gzipBytes).padStart(9)}`)
  for (const { file, gzipBytes } of r.consoleOnly.files) console.log(`    ${kb(gzipBytes).padStart(9)}  ${file}`)
  console.log(`  shared with viewer pages, loaded lazily      ${kb(r.sharedWithViewer.gzipBytes).padStart(9)}`)
  for (const { file, gzipBytes } of r.sharedWithViewer.files) console.log(`    ${kb(gzipBytes).padStart(9)}  ${file}`)
  console.log(
    r.leaks.length === 0
      ? '  viewer home loads no console code'
      : `  CONSOLE CODE IN THE VIEWER:\n    ${r.leaks.join('\n    ')}`,
  )
  if (r.homeChange) {
    const c = r.homeChange
    console.log(
      `  home page vs ${c.baselineCommit}: ${kb(c.gzipBytes)} vs ${kb(c.baselineGzipBytes)} (${c.deltaBytes >= 0 ? '+' : ''}${c.deltaBytes} B)`,
    )
    for (const { source, chars } of c.sourcesChanged)
      console.log(
        `    ${chars > 0 ? '+' : ''}${chars} characters  ${source}${c.sourcesAdded.includes(source) ? ' (new)' : ''}`,
      )
  } else {
    console.log('  no baseline (bench/results/console-baseline.json): home page not compared')
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--baseline')
  if (at > 0) {
    const dist = path.resolve(process.argv[at + 1] ?? '')
    const commit = process.argv[process.argv.indexOf('--commit') + 1] ?? 'unknown'
    const { home } = measureBuild(dist)
    fs.writeFileSync(
      BASELINE,
      `${JSON.stringify({ name: 'console-baseline', commit, at: new Date().toISOString(), home }, null, 2)}\n`,
    )
    console.log(`home page at ${commit}: ${kb(home.gzipBytes)} gzipped, ${home.files.length} files`)
  } else {
    const result = consoleSizes()
    printConsoleSizes(result)
    if (!result.meetsBudget || !result.homeUnchangedByConsole) process.exitCode = 1
  }
}
