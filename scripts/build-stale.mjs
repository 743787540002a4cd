#!/usr/bin/env node
/**
 * `npm start`'s build: builds only the workspaces whose build is stale (scripts/build-stamp.mjs), in
 * order, each with `npm run build -w`, and stamps each one that succeeds. A fresh clone builds
 * everything; a start with a current build builds nothing. `--all` builds everything (and stamps it).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { diskState, inputsOf, staleWorkspaces, workspaces, writeStamp } from './build-stamp.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const inputs = inputsOf(root)
const stale = process.argv.includes('--all')
  ? workspaces.map((ws) => ({ name: ws.name, why: 'asked for' }))
  : staleWorkspaces(workspaces, diskState(root, inputs))

if (stale.length === 0) console.log('build: current, nothing to build')
for (const { name, why } of stale) {
  console.log(`build: ${name} (${why})`)
  const ws = workspaces.find((w) => w.name === name)
  // tsc -b trusts file times: a source changed under an older time (cp -p, rsync -a, an unpacked
  // archive) would be taken as built. The stamp says it is stale, so the workspace's build info goes.
  for (const file of fs.readdirSync(path.join(root, ws.dir))) {
    if (file.endsWith('.tsbuildinfo')) fs.rmSync(path.join(root, ws.dir, file), { force: true })
  }
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const run = spawnSync(npm, ['run', 'build', '--silent', '-w', name], { cwd: root, stdio: 'inherit' })
  if (run.status !== 0) process.exit(run.status ?? 1)
  writeStamp(root, ws, inputs.get(name))
}
