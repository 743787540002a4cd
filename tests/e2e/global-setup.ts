import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'

/**
 * Starts the built product exactly as `npm start` starts it (node apps/server/dist/main.js, embedded
 * SQLite, demo seed) on a free port and a fresh data folder, and hands its URL to the journeys.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer()
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
    srv.on('error', reject)
  })

let child: ChildProcess | undefined
let dataDir: string | undefined

export async function setup(project: TestProject) {
  for (const built of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
    if (!fs.existsSync(path.join(root, built))) throw new Error(`${built} is missing: run \`npm run build\` first`)
  }
  const port = await freePort()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-e2e-'))
  child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const baseUrl = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break
    } catch {}
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`)
    if (Date.now() > deadline) throw new Error('the server did not become healthy within 30 s')
    await new Promise((r) => setTimeout(r, 100))
  }
  project.provide('baseUrl', baseUrl)
}

export async function teardown() {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM')
    await new Promise((r) => child?.once('exit', r))
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
}
