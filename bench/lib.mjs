import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
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
  // -a: every thread (V8's and libuv's helpers too), not only the main one.
  if (canPin) spawnSync('/usr/bin/taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' })
}
/**
 * Runs `start` (which launches a browser) with this process allowed on every core, then pins it back:
 * the browser it starts keeps every core. For Lighthouse, whose simulated phone multiplies the page's
 * observed main-thread tasks: squeezed with the browser's other processes onto one core, those tasks
 * take longer than on the several cores a phone has, and the slow-down multiplies that too.
 */
export async function onEveryCore(start) {
  if (!canPin) return start()
  const all = `0-${os.cpus().length - 1}`
  spawnSync('/usr/bin/taskset', ['-a', '-p', '-c', all, String(process.pid)], { stdio: 'ignore' })
  try {
    return await start()
  } finally {
    pinLoadGenerator()
  }
}
/** `command` with `args`, on the server's core. */
export const pinnedCommand = (command, args) =>
  canPin ? ['/usr/bin/taskset', ['-c', '0', command, ...args]] : [command, args]
export const serverCommand = (args) => pinnedCommand(process.execPath, args)

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

/**
 * Starts the built product as `npm start` does, on a fresh data folder — or, with `shareDataDir`, a
 * second process on another product's folder (its database, media and secrets), left in place at stop.
 * On the server's core unless `pinned: false` (then it and its ffmpeg children take every core).
 */
export async function startProduct(env = {}, { shareDataDir, pinned = true } = {}) {
  const port = await freePort()
  const dataDir = shareDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'fh-bench-'))
  const removeData = () => {
    if (!shareDataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  }
  const main = path.join(root, 'apps/server/dist/main.js')
  const [cmd, args] = pinned ? serverCommand([main]) : [process.execPath, [main]]
  // The API alone unless a benchmark asks for more: the worker's encodes and the demo's live feed
  // would run ffmpeg on the server's core while it is measured.
  const childEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SERVICES: 'api',
    // Each viewer a benchmark models comes from its own address, as on the internet, never by raising a
    // limit: the benchmark stands in for the one trusted proxy hop and names the viewer's address in
    // X-Forwarded-For (`viewerAddress`). Test-only: loopback, nobody else can reach this server.
    TRUST_PROXY_HOPS: '1',
    ...env,
  }
  // `undefined` in `env` takes a setting out: the product's default applies.
  for (const [name, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[name]
  const child = spawn(cmd, args, {
    env: childEnv,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  try {
    await waitFor(`${url}/api/health`)
  } catch (error) {
    child.kill('SIGKILL')
    removeData()
    throw error
  }
  return {
    url,
    dataDir,
    // taskset execs node: the same process.
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
      removeData()
    },
  }
}

/** Starts bench/ref-server.mjs serving `body` with `headers` for every request. */
export async function startReference(body, headers) {
  const port = await freePort()
  const file = path.join(os.tmpdir(), `fh-bench-ref-${port}.json`)
  fs.writeFileSync(file, JSON.stringify({ body: Buffer.from(body).toString('base64'), headers }))
  const [cmd, args] = serverCommand([path.join(root, 'bench/ref-server.mjs'), String(port), file])
  const child = spawn(cmd, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  await waitFor(url)
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
      fs.rmSync(file, { force: true })
    },
  }
}

/**
 * Requests per second for `url` under `connections` concurrent keep-alive clients. `unique` gives
 * every request its own `end_date`, a different second long after every game: the list is the same
 * one, but the answer's cache is keyed on the query as validated (an unknown parameter would be
 * answered from it), so each request runs the query, the serialisation and the compression afresh.
 */
const DISTANT = Date.UTC(2100, 0, 1)
const distantInstant = (n) => `${new Date(DISTANT + n * 1000).toISOString().slice(0, 19)}Z`

export async function load(
  url,
  { duration = 5, connections = 10, unique = false, viewers = null, headers = BROWSER_HEADERS, serverPid = null } = {},
) {
  let n = 0
  let i = 0
  // With `viewers`, each request is one viewer's: its api key in the query, its own address.
  const setupRequest = (req) => {
    const viewer = viewers ? viewers[i++ % viewers.length] : null
    const base = viewer ? req.path.replace(/([?&]api_key=)[^&]*/, `$1${viewer.key}`) : req.path
    return {
      ...req,
      path: unique ? `${base}&end_date=${distantInstant(++n)}` : base,
      ...(viewer ? { headers: { ...headers, ...req.headers, 'x-forwarded-for': viewer.address } } : {}),
    }
  }
  const requests = unique || viewers ? [{ setupRequest }] : undefined
  const cpuBefore = serverPid ? cpuSeconds(serverPid) : null
  const result = await autocannon({
    url,
    duration,
    connections,
    pipelining: 1,
    headers,
    ...(requests ? { requests } : {}),
  })
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`)
  }
  const rps = result.requests.average
  const answer = { rps, p99: result.latency.p99, bytes: result.throughput.average }
  if (cpuBefore === null) return answer
  // One client core cannot always keep the server busy: the server's own CPU per request is the
  // figure the client's ceiling does not hide (as the segments benchmark counts it).
  const serverCpu = (cpuSeconds(serverPid) - cpuBefore) / duration
  return { ...answer, serverCpu: Number(serverCpu.toFixed(2)), capacity: Math.round(rps / Math.max(serverCpu, 0.01)) }
}

export function writeResult(name, result) {
  const dir = path.join(root, 'bench/results')
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(
    path.join(dir, `${name}.json`),
    `${JSON.stringify({ ...result, node: process.version, cpus: os.cpus().length, at: new Date().toISOString() }, null, 2)}\n`,
  )
}

/** What a browser's fetch sends that changes the answer: the encodings it takes. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' }

const REFERENCE_HEADERS = [
  'content-type',
  'content-encoding',
  'vary',
  'etag',
  'cache-control',
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
]

/** The address of the `n`th viewer a benchmark models (10.0.0.0/8), sent as X-Forwarded-For. */
export const viewerAddress = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`

let browserViewers = 0
/** A browser context's headers: a new viewer, from its own address (see `viewerAddress`). */
export const newViewerHeaders = () => ({ 'x-forwarded-for': viewerAddress(100_000 + ++browserViewers) })

/**
 * `count` anonymous viewers of the demo channel, each with its api key, made from its own address.
 * Enough of them that none goes past a viewer's per-minute limit over a benchmark's rounds.
 */
export async function viewersOf(product, count) {
  const viewers = []
  for (let start = 0; start < count; start += 100) {
    const batch = Array.from({ length: Math.min(100, count - start) }, async (_, j) => {
      const address = viewerAddress(start + j + 1)
      const res = await fetch(`${product.url}/api/get_api_key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ channel_key: 'demo' }),
      })
      if (!res.ok) throw new Error(`get_api_key for viewer ${start + j}: ${res.status}`)
      return { key: (await res.json()).data.api_key, address }
    })
    viewers.push(...(await Promise.all(batch)))
  }
  return viewers
}

/** A fresh anonymous api key of the demo channel, and one answer of `path` (with `{key}` filled in). */
export async function sampleAnswer(product, pathTemplate) {
  const keyRes = await fetch(`${product.url}/api/get_api_key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel_key: 'demo' }),
  })
  const { data } = await keyRes.json()
  const path = pathTemplate.replace('{key}', data.api_key)
  // The bytes as sent (compressed, as a browser takes them), not as fetch would decode them.
  const { body, headers: sent } = await rawGet(product.url + path, BROWSER_HEADERS)
  const headers = {}
  for (const h of REFERENCE_HEADERS) {
    if (sent[h]) headers[h] = sent[h]
  }
  return { path, body, headers }
}

/** One GET with `headers`; the body's bytes exactly as the server sent them. */
export function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }))
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

/**
 * Requests per second for a large answer (a video segment) under `connections` keep-alive clients.
 * autocannon parses every body in JavaScript and tops out near 80 MB/s on this machine, far below
 * what node:http or nginx serve, so for files this client only reads the status line and
 * Content-Length and counts the body bytes. `clientCpu` is the share of one core this process used:
 * near 1, the figure is the client's ceiling, not the server's.
 */
export async function loadBodies(url, { duration = 5, connections = 16, viewers = null } = {}) {
  const target = new URL(url)
  // With `viewers` ({ path, address }), each request is the next viewer's own URL from its own address.
  const wires = (viewers ?? [{ path: `${target.pathname}${target.search}`, address: null }]).map((v) =>
    Buffer.from(
      `GET ${v.path} HTTP/1.1\r\nHost: ${target.host}\r\n${v.address ? `X-Forwarded-For: ${v.address}\r\n` : ''}\r\n`,
    ),
  )
  let next = 0
  const end = Date.now() + duration * 1000
  let requests = 0
  let bytes = 0
  const latencies = []
  const failures = []
  const client = () =>
    new Promise((resolve) => {
      const socket = net.connect(Number(target.port), target.hostname)
      socket.setNoDelay(true)
      let head = Buffer.alloc(0)
      let remaining = -1
      let sentAt = 0
      const fail = (why) => {
        failures.push(why)
        socket.destroy()
        resolve()
      }
      const send = () => {
        sentAt = performance.now()
        head = Buffer.alloc(0)
        remaining = -1
        socket.write(wires[next++ % wires.length])
      }
      socket.on('connect', send)
      socket.on('data', (chunk) => {
        let data = chunk
        while (data.length > 0) {
          if (remaining < 0) {
            head = Buffer.concat([head, data])
            const at = head.indexOf('\r\n\r\n')
            if (at < 0) return
            const text = head.subarray(0, at).toString('latin1')
            const status = Number(text.slice(9, 12))
            const length = /\r\ncontent-length:\s*(\d+)/i.exec(text)
            if (status !== 200 || !length) return fail(`status ${status}${length ? '' : ' without Content-Length'}`)
            remaining = Number(length[1])
            data = head.subarray(at + 4)
          }
          const take = Math.min(remaining, data.length)
          remaining -= take
          bytes += take
          data = data.subarray(take)
          if (remaining > 0) return
          requests += 1
          latencies.push(performance.now() - sentAt)
          if (data.length > 0) return fail('bytes after the answer')
          if (Date.now() >= end) {
            socket.end()
            return resolve()
          }
          send()
        }
      })
      socket.on('error', (error) => fail(error.message))
      socket.on('close', () => {
        if (Date.now() < end) fail('the server closed the connection')
      })
    })
  const cpuBefore = process.cpuUsage()
  const startedAt = performance.now()
  await Promise.all(Array.from({ length: connections }, client))
  const seconds = (performance.now() - startedAt) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  if (failures.length > 0) throw new Error(`${url}: ${failures.length} failed connections (${failures[0]})`)
  latencies.sort((a, b) => a - b)
  return {
    rps: Number((requests / seconds).toFixed(1)),
    p99: Number((latencies[Math.floor(latencies.length * 0.99)] ?? 0).toFixed(1)),
    bytes: Math.round(bytes / seconds),
    clientCpu: Number(((cpu.user + cpu.system) / 1e6 / seconds).toFixed(2)),
  }
}

/** CPU seconds a process (all its threads) has used, from /proc; null where there is none. */
export function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // utime and stime, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return null
  }
}

/** `name` on PATH (and in /usr/sbin, where Debian puts daemons and a non-root PATH often lacks it). */
export function findExecutable(name) {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin']
  for (const dir of dirs) {
    if (!dir) continue
    const candidate = path.join(dir, name)
    try {
      fs.accessSync(candidate, fs.constants.X_OK)
      return candidate
    } catch {}
  }
  return null
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** A fresh anonymous api key of the demo channel. */
export async function demoApiKey(product) {
  const res = await fetch(`${product.url}/api/get_api_key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel_key: 'demo' }),
  })
  return (await res.json()).data.api_key
}

/**
 * Waits until every demo replay and library video is encoded (or failed), so no ffmpeg shares the
 * server's core while it is measured; returns the first free replay's detail (with `playback`).
 */
/** The machine's CPU times, summed over its cores. */
const cpuTimes = () =>
  os.cpus().reduce(
    (sum, cpu) => {
      const all = Object.values(cpu.times).reduce((a, b) => a + b, 0)
      return { idle: sum.idle + cpu.times.idle, all: sum.all + all }
    },
    { idle: 0, all: 0 },
  )

/**
 * Waits until the machine is quiet: less than `share` of its CPU busy over a second, two seconds
 * running (at most `ms`). A demo video is `ready` once its first rendition plays, and its other
 * renditions, poster and thumbnails are still being encoded: a measurement waits for that work, or
 * anything else left running, to end. Says so when it gives up.
 */
export async function untilQuiet({ share = 0.2, ms = 120_000 } = {}) {
  const end = Date.now() + ms
  let quiet = 0
  let before = cpuTimes()
  while (quiet < 2) {
    if (Date.now() > end) {
      console.warn(`  the machine did not go quiet within ${ms / 1000} s; measuring anyway`)
      return
    }
    await new Promise((r) => setTimeout(r, 1000))
    const now = cpuTimes()
    const busy = 1 - (now.idle - before.idle) / Math.max(1, now.all - before.all)
    before = now
    quiet = busy < share ? quiet + 1 : 0
  }
}

export async function waitForDemoVideos(product) {
  const key = await demoApiKey(product)
  const get = async (p) =>
    (await (await fetch(`${product.url}/api/${p}${p.includes('?') ? '&' : '?'}api_key=${key}`)).json()).data
  const events = await get('events?stream_status[]=vod&no_limit=1')
  const free = events.find((e) => e.type === 'free')
  if (!free) throw new Error('the demo channel has no free replay')
  const items = await get('vod-media-items?limit=100')
  const pending = [...events.map((e) => `events/${e.id}`), ...items.map((v) => `vod-media-items/${v.id}`)]
  const deadline = Date.now() + 600_000
  while (pending.length > 0) {
    if (Date.now() > deadline) throw new Error(`the demo videos were not encoded within 10 minutes (${pending[0]})`)
    const detail = await get(pending[0])
    if (detail.media_status === 'ready' || detail.media_status === 'failed') pending.shift()
    else await new Promise((r) => setTimeout(r, 250))
  }
  const replay = await get(`events/${free.id}`)
  if (!replay.playback) throw new Error(`the free demo replay ${free.id} has no playback (${replay.media_status})`)
  await untilQuiet()
  return replay
}

/** Chromium as the browser journeys launch it (`tests/e2e/chromium.mjs`), with `extraArgs` added. */
export { launchChromium } from '../tests/e2e/chromium.mjs'
