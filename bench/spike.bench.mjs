import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { resolveFfmpeg } from '../packages/media/dist/index.js'
import { root, startProduct, waitForDemoVideos, writeResult } from './lib.mjs'

const VIEWERS = Number(process.env.BENCH_SPIKE_VIEWERS ?? 2000)
const ARRIVAL_S = Number(process.env.BENCH_SPIKE_SECONDS ?? 30)
const IDLE_VIEWERS = 150
const SEGMENTS = 5

/**
 * Kick-off: VIEWERS viewers open the game within ARRIVAL_S seconds (evenly spread), each as the web
 * app does at a cold start: a new api key, the bootstrap, the events list, the game's detail (its signed
 * playback URL), the master playlist, the lowest rendition's playlist and its first five segments.
 * Reported: errors (any answer other than 2xx, or a failed connection), the p99 of the API calls
 * during the spike against one viewer at a time on the idle server, and the server's memory (RSS).
 * Then the same one-at-a-time viewers while a VOD upload is transcoded by the worker on the same
 * core: their p99 against idle.
 *
 * How the clients are counted: every viewer comes from its own address. The product runs as it
 * would behind one reverse proxy (TRUST_PROXY_HOPS=1, the documented setting) and each viewer sends
 * `X-Forwarded-For: 10.a.b.c`, so the per-address limits (api keys per address) and the per-key
 * limits apply as they do to real viewers, at their default values — none is raised.
 */
export async function benchSpike() {
  const product = await startProduct({
    SERVICES: 'api,worker',
    DEMO_LIVE: '0',
    DEMO_VIDEO_SECONDS: '12',
    ENCODE_PRESET: 'ultrafast',
    TRUST_PROXY_HOPS: '1',
    // Every limit at the product's default: this benchmark must not pass by raising one.
    RATE_LIMIT_MAX: undefined,
    API_KEY_RATE_LIMIT_MAX: undefined,
    API_KEY_HOURLY_MAX: undefined,
    MEDIA_RATE_LIMIT_MAX: undefined,
  })
  try {
    const replay = await waitForDemoVideos(product)
    const rss = memorySampler(product.pid)
    const viewer = viewerJourney(product.url, replay.id)

    // Idle: one viewer at a time, once the JIT has seen every call (30 viewers not counted) and no
    // ffmpeg of the demo's encodes (posters, previews after the ladders) is left on the server's core.
    await waitForNoFfmpeg(product.pid)
    await oneAtATime(viewer, 30, 1_000_000)
    const idle = await oneAtATime(viewer, IDLE_VIEWERS, 0)
    const idleRss = rss.sample()

    // The spike.
    rss.reset()
    const spike = newStats()
    const started = performance.now()
    const journeys = []
    for (let i = 0; i < VIEWERS; i++) {
      const due = started + (i * ARRIVAL_S * 1000) / VIEWERS
      const wait = due - performance.now()
      if (wait > 0) await new Promise((r) => setTimeout(r, wait))
      journeys.push(viewer(spike, IDLE_VIEWERS + i))
    }
    await Promise.all(journeys)
    const spikeSeconds = (performance.now() - started) / 1000
    const peakRss = rss.peak()
    const afterRss = rss.sample()

    // A transcode on the server's core, with viewers one at a time.
    const transcode = await duringTranscode(product, (stop) =>
      oneAtATime(viewer, Number.POSITIVE_INFINITY, IDLE_VIEWERS + VIEWERS, stop),
    )
    rss.stop()

    const summary = (s) => ({
      viewers: s.viewers,
      apiRequests: s.api.length,
      mediaRequests: s.media,
      errors: s.errors.length,
      firstErrors: s.errors.slice(0, 5),
      apiP50Ms: round(percentile(s.api, 0.5)),
      apiP99Ms: round(percentile(s.api, 0.99)),
      segmentP99Ms: round(percentile(s.segments, 0.99)),
    })
    const result = {
      name: 'spike',
      what: `${VIEWERS} viewers within ${ARRIVAL_S} s (api key, bootstrap, events, detail, master, rendition, ${SEGMENTS} segments each)`,
      clients: 'one address per viewer: TRUST_PROXY_HOPS=1 and X-Forwarded-For; default rate limits',
      idle: summary(idle),
      spike: { ...summary(spike), seconds: round(spikeSeconds) },
      transcode: { ...summary(transcode.stats), encodeSeconds: transcode.seconds, status: transcode.status },
      memoryMb: { idle: idleRss, peak: peakRss, after: afterRss },
      ratioSpike: round(percentile(spike.api, 0.99) / percentile(idle.api, 0.99)),
      ratioTranscode: round(percentile(transcode.stats.api, 0.99) / percentile(idle.api, 0.99)),
      goal: { errors: 0, ratioSpike: 3, ratioTranscode: 2, memoryGrowthMb: 256 },
    }
    writeResult('spike', result)
    return result
  } finally {
    await product.stop()
  }
}

const round = (n) => Math.round(n * 100) / 100
const percentile = (values, p) => {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]
}
const newStats = () => ({ viewers: 0, api: [], segments: [], media: 0, errors: [] })

/** Viewers one after another, `count` of them or until `stop()`. */
async function oneAtATime(viewer, count, offset, stop = () => false) {
  const stats = newStats()
  for (let i = 0; i < count && !stop(); i++) await viewer(stats, offset + i)
  return stats
}

/** The journey of viewer `n` (address 10.x.y.z made from n), recorded into `stats`. */
function viewerJourney(base, eventId) {
  return async (stats, n) => {
    const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
    const headers = { 'x-forwarded-for': address, 'accept-encoding': 'gzip, deflate, br, zstd' }
    const get = async (url, kind, init = {}) => {
      const t0 = performance.now()
      let res
      try {
        res = await fetch(url.startsWith('http') ? url : base + url, {
          ...init,
          headers: { ...headers, ...init.headers },
        })
      } catch (error) {
        stats.errors.push(`${kind}: ${error.cause?.code ?? error.message}`)
        return null
      }
      const body = kind === 'segment' ? Buffer.from(await res.arrayBuffer()) : await res.text()
      const ms = performance.now() - t0
      if (!res.ok) {
        stats.errors.push(`${kind}: ${res.status}`)
        return null
      }
      if (kind === 'api') stats.api.push(ms)
      else stats.media += 1
      if (kind === 'segment') stats.segments.push(ms)
      return { url: res.url, body }
    }
    stats.viewers += 1
    const key = await get('/api/get_api_key', 'api', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channel_key: 'demo' }),
    })
    if (!key) return
    const apiKey = JSON.parse(key.body).data.api_key
    const q = `api_key=${apiKey}`
    const [, , detail] = await Promise.all([
      get(
        `/api/channel-bootstrap-data?color-settings%5Bclient_interface%5D=web&slides%5Bclient_interface%5D=web&${q}`,
        'api',
      ),
      get(`/api/events?limit=50&${q}`, 'api'),
      get(`/api/events/${eventId}?${q}`, 'api'),
    ])
    if (!detail) return
    const master = await get(JSON.parse(detail.body).data.playback.hls, 'media')
    if (!master) return
    const variants = [...master.body.matchAll(/#EXT-X-STREAM-INF:[^\n]*BANDWIDTH=(\d+)[^\n]*\n([^\n#]+)/g)]
      .map((m) => ({ bandwidth: Number(m[1]), uri: m[2].trim() }))
      .sort((a, b) => a.bandwidth - b.bandwidth)
    if (!variants[0]) return void stats.errors.push('master: no renditions')
    const rendition = await get(new URL(variants[0].uri, master.url).href, 'media')
    if (!rendition) return
    const segments = rendition.body
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .slice(0, SEGMENTS)
    for (const s of segments) await get(new URL(s, rendition.url).href, 'segment')
  }
}

/** Until no ffmpeg runs as a child of the server (the demo's last encodes), ten minutes at most. */
async function waitForNoFfmpeg(pid) {
  const deadline = Date.now() + 600_000
  const children = () => {
    try {
      return fs
        .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .filter((child) => {
          try {
            return fs.readFileSync(`/proc/${child}/comm`, 'utf8').includes('ffmpeg')
          } catch {
            return false
          }
        })
    } catch {
      return []
    }
  }
  while (children().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500))
}

/** The server's resident memory (MB), sampled every 200 ms. */
function memorySampler(pid) {
  const read = () => {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
      return m ? Math.round(Number(m[1]) / 1024) : 0
    } catch {
      return 0
    }
  }
  let max = read()
  const timer = setInterval(() => {
    max = Math.max(max, read())
  }, 200)
  return {
    sample: read,
    peak: () => max,
    reset: () => {
      max = read()
    },
    stop: () => clearInterval(timer),
  }
}

/**
 * A 60-s 720p upload queued for the server's worker (`npm run cli -- media import --queue`), encoded
 * into its ladder on the server's core while `measure` runs; `measure` is told to stop when it is done.
 */
async function duringTranscode(product, measure) {
  const source = path.join(product.dataDir, 'bench-upload.mp4')
  const made = spawnSync(
    resolveFfmpeg(),
    [
      ...[
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=1280x720:rate=30:duration=60',
      ],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=60', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '60'],
      ...['-c:a', 'aac', '-shortest', source],
    ],
    { stdio: 'inherit' },
  )
  if (made.status !== 0) throw new Error('could not make the upload for the transcode benchmark')
  const title = `Bench upload ${Date.now()}`
  const cli = spawn(
    process.execPath,
    [path.join(root, 'apps/server/dist/cli.js'), 'media', 'import', source, '--vod', title, '--queue'],
    { env: { ...process.env, DATA_DIR: product.dataDir, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'inherit'] },
  )
  const code = await new Promise((r) => cli.once('exit', r))
  if (code !== 0) throw new Error(`media import exited with ${code}`)
  const key = (
    await (
      await fetch(`${product.url}/api/get_api_key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.255.255.1' },
        body: JSON.stringify({ channel_key: 'demo' }),
      })
    ).json()
  ).data.api_key
  const items = (await (await fetch(`${product.url}/api/vod-media-items?limit=100&api_key=${key}`)).json()).data
  const item = items.find((v) => v.title === title)
  if (!item) throw new Error('the queued upload is not among the VOD items')
  let status = 'processing'
  const started = performance.now()
  const poll = setInterval(async () => {
    try {
      const d = (await (await fetch(`${product.url}/api/vod-media-items/${item.id}?api_key=${key}`)).json()).data
      status = d.media_status
    } catch {}
  }, 1000)
  // Measure only while it encodes (from the moment the worker took it).
  const stats = await measure(() => status !== 'processing')
  const seconds = round((performance.now() - started) / 1000)
  clearInterval(poll)
  return { stats, seconds, status }
}
