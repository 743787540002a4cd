import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { diskState, inputsOf, staleWorkspaces, workspaces, writeStamp } from './build-stamp.mjs'

/** A small tree laid out as the monorepo: two libraries, an app built from one, a server from both. */
const tree = [
  { name: 'lib', dir: 'packages/lib', inputs: ['src', 'package.json'], out: 'dist', main: 'dist/index.js', deps: [] },
  { name: 'media', dir: 'packages/media', inputs: ['src'], out: 'dist', main: 'dist/index.js', deps: [] },
  { name: 'web', dir: 'apps/web', inputs: ['src', 'index.html'], out: 'dist', main: 'dist/index.html', deps: ['lib'] },
  { name: 'server', dir: 'apps/server', inputs: ['src'], out: 'dist', main: 'dist/main.js', deps: ['lib', 'media'] },
]

let root: string
const write = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true })
  fs.writeFileSync(path.join(root, rel), text)
}
/** What a build does: writes the output, then the stamp of the inputs it was built from. */
const build = (name: string) => {
  const ws = tree.find((w) => w.name === name) as (typeof tree)[number]
  write(`${ws.dir}/${ws.main}`, `built ${name} ${Math.random()}`)
  writeStamp(root, ws, inputsOf(root, tree).get(name) as string)
}
const stale = () => staleWorkspaces(tree, diskState(root, inputsOf(root, tree)))
const names = () => stale().map((s) => s.name)

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-stamp-'))
  write('package-lock.json', '{}')
  write('tsconfig.base.json', '{}')
  write('packages/lib/package.json', '{}')
  write('packages/lib/src/index.ts', 'export const a = 1')
  write('packages/media/src/index.ts', 'export const m = 1')
  write('apps/web/index.html', '<div id="root"></div>')
  write('apps/web/src/main.tsx', 'console.log(1)')
  write('apps/server/src/main.ts', 'console.log(2)')
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

describe('which builds are stale', () => {
  it('builds everything on a fresh clone, in build order, and nothing once built', () => {
    expect(stale()).toEqual(tree.map((w) => ({ name: w.name, why: 'not built' })))
    for (const w of tree) build(w.name)
    expect(stale()).toEqual([])
  })

  it('rebuilds a workspace whose sources changed, and those built from it; not the others', () => {
    for (const w of tree) build(w.name)
    write('packages/lib/src/index.ts', 'export const a = 2')
    expect(stale()).toEqual([
      { name: 'lib', why: 'sources changed' },
      { name: 'web', why: 'sources changed' },
      { name: 'server', why: 'sources changed' },
    ])
    write('packages/lib/src/index.ts', 'export const a = 1')
    write('apps/web/src/new-page.tsx', 'export {}')
    expect(names()).toEqual(['web'])
  })

  it('ignores the tests no build reads', () => {
    for (const w of tree) build(w.name)
    write('apps/server/src/main.api.test.ts', 'it()')
    write('apps/server/src/test/context.ts', 'export {}')
    write('apps/web/src/page.test.tsx', 'it()')
    expect(stale()).toEqual([])
  })

  it('rebuilds when the lock file or a config changes, or a file is removed', () => {
    for (const w of tree) build(w.name)
    write('package-lock.json', '{"v":2}')
    expect(names()).toEqual(['lib', 'media', 'web', 'server'])
    for (const w of tree) build(w.name)
    fs.rmSync(path.join(root, 'apps/web/index.html'))
    expect(names()).toEqual(['web'])
  })

  it('is unsure, so rebuilds, when the output was made or touched another way since its stamp', () => {
    for (const w of tree) build(w.name)
    write('apps/web/dist/index.html', 'built by npm run build -w web, a longer text than any build here writes')
    expect(stale()).toEqual([{ name: 'web', why: 'built another way since' }])
    build('web')
    fs.rmSync(path.join(root, 'apps/server/dist/main.js'))
    expect(stale()).toEqual([{ name: 'server', why: 'not built' }])
    build('server')
    fs.rmSync(path.join(root, 'packages/media/dist/.build-stamp.json'))
    expect(stale()).toEqual([{ name: 'media', why: 'no stamp of its last build' }])
    write('packages/lib/dist/.build-stamp.json', 'not json')
    expect(names()).toEqual(['lib', 'media'])
  })

  it('rebuilds everything on another node version', () => {
    for (const w of tree) build(w.name)
    const other = staleWorkspaces(tree, diskState(root, inputsOf(root, tree, 'v99.0.0')))
    expect(new Set(other.map((s) => s.why))).toEqual(new Set(['sources changed']))
    expect(other).toHaveLength(4)
  })

  it('names the repository’s five workspaces in an order that builds dependencies first', () => {
    const order = workspaces.map((w) => w.name)
    for (const [i, w] of workspaces.entries()) for (const d of w.deps) expect(order.indexOf(d)).toBeLessThan(i)
    expect(order).toEqual([
      '@fieldhouse/contract',
      '@fieldhouse/media',
      '@fieldhouse/player',
      '@fieldhouse/web',
      '@fieldhouse/server',
    ])
  })
})
