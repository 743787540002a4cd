import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * On a machine with two or more cores, the server under test runs on core 0 and the load generator
 * (this process) on core 1, so the two never fight for one core and runs are repeatable. Without
 * taskset, both float.
 */
const canPin = os.cpus().length >= 2 && fs.existsSync('/usr/bin/taskset')
export function pinLoadGenerator() {
  if (canPin) spawnSync('/usr/bin/taskset', ['-p', '-c', '1', String(process.pid)], { stdio: 'ignore' })
}
export const serverCommand = (args) =>
  canPin ? ['/usr/bin/taskset', ['-c', '0', process.execPath, ...args]] : [process.execPath, args]

export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
    srv.on('error', reject)
  })

export async function waitFor(url, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

/** Starts the built product as `npm start` does, on a fresh data folder. */
export async function startProduct(env = {}) {
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-bench-'))
  const [cmd, args] = serverCommand([path.join(root, 'apps/server/dist/main.js')])
  const child = spawn(cmd, args, {
    // The API alone unless a benchmark asks for more: the worker's encodes and the demo's live feed
    // would run ffmpeg on the server's core while it is measured.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SERVICES: 'api',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  await waitFor(`${url}/api/health`)
  return {
    url,
    dataDir,
    async stop() {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Starts bench/ref-server.mjs serving `body` with `headers` for every request. */
export async function startReference(body, headers) {
  const port = await freePort()
  const file = path.join(os.tmpdir(), `fh-bench-ref-${port}.json`)
  fs.writeFileSync(file, JSON.stringify({ body, headers }))
  const [cmd, args] = serverCommand([path.join(root, 'bench/ref-server.mjs'), String(port), file])
  const child = spawn(cmd, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  await waitFor(url)
  return {
    url,
    async stop() {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
      fs.rmSync(file, { force: true })
    },
  }
}

/**
 * Requests per second for `url` under `connections` concurrent keep-alive clients. `unique` adds a
 * different `n=` parameter to every request, so no cache keyed on the URL can answer.
 */
export async function load(url, { duration = 5, connections = 10, unique = false } = {}) {
  let n = 0
  const requests = unique ? [{ setupRequest: (req) => ({ ...req, path: `${req.path}&n=${++n}` }) }] : undefined
  const result = await autocannon({ url, duration, connections, pipelining: 1, ...(requests ? { requests } : {}) })
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`)
  }
  return { rps: result.requests.average, p99: result.latency.p99, bytes: result.throughput.average }
}

export function writeResult(name, result) {
  const dir = path.join(root, 'bench/results')
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(
    path.join(dir, `${name}.json`),
    `${JSON.stringify({ ...result, node: process.version, cpus: os.cpus().length, at: new Date().toISOString() }, null, 2)}\n`,
  )
}

const REFERENCE_HEADERS = [
  'content-type',
  'etag',
  'cache-control',
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
]

/** A fresh anonymous api key of the demo channel, and one answer of `path` (with `{key}` filled in). */
export async function sampleAnswer(product, pathTemplate) {
  const keyRes = await fetch(`${product.url}/api/get_api_key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel_key: 'demo' }),
  })
  const { data } = await keyRes.json()
  const path = pathTemplate.replace('{key}', data.api_key)
  const sample = await fetch(product.url + path)
  const body = await sample.text()
  const headers = {}
  for (const h of REFERENCE_HEADERS) {
    const v = sample.headers.get(h)
    if (v) headers[h] = v
  }
  return { path, body, headers }
}
