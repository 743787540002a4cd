/**
 * Which workspaces' builds are stale. A workspace's build is current when the stamp its last
 * successful build wrote says (1) the same inputs — the content of its sources and configuration, the
 * lock file, the base tsconfig, node's version, and the inputs of the workspaces it is built from — and
 * (2) the same output — the names, sizes and times of the files in its output folder, so a build made
 * another way since (`npm run build`, a `tsc -b`, a deleted file) makes it unsure. Anything unsure is
 * stale. A dependency's change reaches the workspaces built from it through their inputs hash.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** A package of packages/: its sources compiled by its tsconfig into dist/, led by dist/index.js. */
const tsPackage = (name, deps) => ({
  name: `@fieldhouse/${name}`,
  dir: `packages/${name}`,
  inputs: ['src', 'package.json', 'tsconfig.json'],
  out: 'dist',
  main: 'dist/index.js',
  deps,
})

/** What each workspace is built from (in build order), and what its build writes. */
export const workspaces = [
  tsPackage('contract', []),
  tsPackage('media', []),
  tsPackage('player', ['@fieldhouse/contract']),
  {
    name: '@fieldhouse/web',
    dir: 'apps/web',
    inputs: ['src', 'public', 'index.html', 'package.json', 'tsconfig.json', 'tsconfig.node.json', 'vite.config.ts'],
    out: 'dist',
    main: 'dist/index.html',
    deps: ['@fieldhouse/contract', '@fieldhouse/player'],
  },
  {
    name: '@fieldhouse/server',
    dir: 'apps/server',
    inputs: ['src', 'package.json', 'tsconfig.json'],
    out: 'dist',
    main: 'dist/main.js',
    deps: ['@fieldhouse/contract', '@fieldhouse/media'],
  },
]

/** Inputs of every workspace: what installs and compiles them. */
export const sharedInputs = ['package-lock.json', 'tsconfig.base.json']

/** Files no build reads: tests and their helpers (each tsconfig excludes them; no app code imports them). */
export const ignored = (rel) => /\.test\.tsx?$|\.test-support\.ts$|(^|\/)src\/test\//.test(rel)

export const STAMP_FILE = '.build-stamp.json'

/** Every file under `rel` (a file or a folder), as sorted paths relative to `root`; none when absent. */
export function filesUnder(root, rel) {
  const full = path.join(root, rel)
  let stat
  try {
    stat = fs.statSync(full)
  } catch {
    return []
  }
  if (!stat.isDirectory()) return [rel]
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) =>
      path
        .relative(root, path.join(e.parentPath ?? e.path, e.name))
        .split(path.sep)
        .join('/'),
    )
    .sort()
}

/** The hash of the named inputs' paths and contents. */
export function hashInputs(root, rels) {
  const hash = createHash('sha256')
  for (const rel of rels.flatMap((r) => filesUnder(root, r)).filter((r) => !ignored(r))) {
    hash.update(`${rel}\0`)
    hash.update(fs.readFileSync(path.join(root, rel)))
    hash.update('\0')
  }
  return hash.digest('hex')
}

/** The output folder as it stands (names, sizes, times; the stamp aside), or null when it is missing. */
export function fingerprintOutput(dir) {
  if (!fs.existsSync(dir)) return null
  const hash = createHash('sha256')
  for (const rel of filesUnder(dir, '.').filter((r) => r !== STAMP_FILE)) {
    const s = fs.statSync(path.join(dir, rel))
    hash.update(`${rel}\0${s.size}\0${Math.trunc(s.mtimeMs)}\n`)
  }
  return hash.digest('hex')
}

/**
 * Each workspace's inputs hash: its own files, the shared ones, node's version, and its dependencies'
 * inputs hashes (a change to the contract is a change to what the web and the server are built from).
 */
export function inputsOf(root, list = workspaces, node = process.version) {
  const shared = hashInputs(root, sharedInputs)
  const out = new Map()
  for (const ws of list) {
    const own = hashInputs(
      root,
      ws.inputs.map((i) => `${ws.dir}/${i}`),
    )
    const deps = ws.deps.map((d) => out.get(d)).join(',')
    out.set(ws.name, createHash('sha256').update(`${node}|${shared}|${own}|${deps}`).digest('hex'))
  }
  return out
}

/**
 * Pure: the workspaces to build, in build order, each with why. `state(ws)` gives what is on disk:
 * `{ inputs, output, hasMain, stamp }` (stamp: what the last successful build wrote, or null).
 */
export function staleWorkspaces(list, state) {
  const stale = []
  for (const ws of list) {
    const { inputs, output, hasMain, stamp } = state(ws)
    const why = !hasMain
      ? 'not built'
      : !stamp
        ? 'no stamp of its last build'
        : stamp.inputs !== inputs
          ? 'sources changed'
          : stamp.output !== output
            ? 'built another way since'
            : null
    if (why) stale.push({ name: ws.name, why })
  }
  return stale
}

export function readStamp(root, ws) {
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(root, ws.dir, ws.out, STAMP_FILE), 'utf8'))
    return typeof stamp?.inputs === 'string' && typeof stamp?.output === 'string' ? stamp : null
  } catch {
    return null
  }
}

/** What `staleWorkspaces` needs of a workspace, read from disk. */
export function diskState(root, inputs) {
  return (ws) => ({
    inputs: inputs.get(ws.name),
    output: fingerprintOutput(path.join(root, ws.dir, ws.out)),
    hasMain: fs.existsSync(path.join(root, ws.dir, ws.main)),
    stamp: readStamp(root, ws),
  })
}

/** Written after a successful build: these inputs made the output as it now stands. */
export function writeStamp(root, ws, inputs) {
  const out = path.join(root, ws.dir, ws.out)
  const stamp = { inputs, output: fingerprintOutput(out), built_at: new Date().toISOString() }
  fs.writeFileSync(path.join(out, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`)
}
