import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {
  cpuSeconds,
  freePort,
  loadBodies,
  root,
  serverCommand,
  startProduct,
  viewersOf,
  waitFor,
  waitForDemoVideos,
  writeResult,
} from './lib.mjs'
import { startNginx } from './ref-nginx.mjs'
import { startS3Copy } from './ref-s3.mjs'

const CONNECTIONS = Number(process.env.BENCH_SEGMENT_CONNECTIONS ?? 16)
const VIEWERS = 400

/**
 * HLS segment delivery: a signed segment of a demo replay, through every check a player's request
 * meets (token, session, channel, country, safe path), against bare node:http streaming the same
 * file, and against nginx's sendfile when nginx is installed.
 *
 * Two figures per server. Throughput (req/s) is what the client saw; but receiving is the costly half
 * of a loopback transfer (the receiver copies every byte, sendfile copies none), so one client core
 * cannot keep even one nginx core busy. Capacity is requests per second of the server's own CPU
 * (/proc): what its core would answer fully loaded, whoever the client is. The ratios compare
 * capacity; the throughput ratio is kept beside it, with the client's CPU share to show when it was
 * the limit.
 */
export async function benchSegments({ duration = 5, rounds = 3 } = {}) {
  const product = await startProduct({
    SERVICES: 'api,worker',
    DEMO_LIVE: '0',
    DEMO_VIDEO_SECONDS: '8',
    ENCODE_PRESET: 'ultrafast',
  })
  try {
    const { segmentUrl, file, viewers } = await demoSegment(product)
    // The same server with its memory cache off (MEDIA_MEMORY_CACHE_MB=0): every request opens, reads
    // and closes the file, as the references do. The cached figure is what a live game's viewers get,
    // all asking for the newest segment; the uncached one what a long tail of replays gets.
    const uncached = await startProduct({ MEDIA_MEMORY_CACHE_MB: '0' }, { shareDataDir: product.dataDir })
    // The same server on the S3 backend (a loopback s3rver holding a copy of the asset's objects),
    // with its memory cache (the default) and without (every request a HEAD and a ranged GET to S3).
    const s3 = await startS3Copy(product.dataDir, file)
    const onS3 = await startProduct(s3.env, { shareDataDir: product.dataDir })
    const onS3Uncached = await startProduct(
      { ...s3.env, MEDIA_MEMORY_CACHE_MB: '0' },
      { shareDataDir: product.dataDir },
    )
    const port = await freePort()
    const [cmd, args] = serverCommand([path.join(root, 'bench/ref-file-server.mjs'), String(port), file, 'video/mp2t'])
    const node = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] })
    const nodeUrl = `http://127.0.0.1:${port}/seg.ts`
    let nginx = null
    try {
      await waitFor(nodeUrl)
      nginx = await startNginx(file, 'video/mp2t')
      if (!nginx) console.log('segments: nginx is not installed, so the comparison with its sendfile is skipped')
      const sides = [
        { name: 'node', url: nodeUrl, pid: node.pid },
        ...(nginx ? [{ name: 'nginx', url: nginx.url, pid: nginx.pid }] : []),
        // Ours: the load spread over many viewers, each with its own signed URL and address, as players are.
        { name: 'ours', url: segmentUrl, pid: product.pid, viewers },
        { name: 'oursUncached', url: segmentUrl.replace(product.url, uncached.url), pid: uncached.pid, viewers },
        { name: 'oursS3', url: segmentUrl.replace(product.url, onS3.url), pid: onS3.pid, viewers },
        {
          name: 'oursS3Uncached',
          url: segmentUrl.replace(product.url, onS3Uncached.url),
          pid: onS3Uncached.pid,
          viewers,
        },
      ]
      for (const side of sides) await measure(side, 3)
      const best = {}
      // Interleaved rounds, so drift in the machine's load hits every side alike; each side's best.
      for (let i = 0; i < rounds; i++) {
        for (const side of sides) {
          const m = await measure(side, duration)
          if (!best[side.name] || m.capacity > best[side.name].capacity) best[side.name] = m
        }
      }
      const ratio = (a, b) => Number((a / b).toFixed(3))
      const result = {
        name: 'segments',
        what: 'GET a signed HLS segment (token, session, geo checks) vs bare node:http streaming the same file, and vs nginx sendfile',
        bytes: fs.statSync(file).size,
        connections: CONNECTIONS,
        measure: 'capacity = requests per second of the server process CPU (all its threads, /proc)',
        ours: best.ours,
        reference: best.node,
        ratio: ratio(best.ours.capacity, best.node.capacity),
        ratioThroughput: ratio(best.ours.rps, best.node.rps),
        goal: 1.0,
        oursUncached: best.oursUncached,
        ratioUncached: ratio(best.oursUncached.capacity, best.node.capacity),
        // The S3 backend: capacity counts the server's CPU only (the S3 server's own is not ours).
        oursS3: best.oursS3,
        ratioS3: ratio(best.oursS3.capacity, best.node.capacity),
        oursS3Uncached: best.oursS3Uncached,
        ratioS3Uncached: ratio(best.oursS3Uncached.capacity, best.node.capacity),
        ...(nginx
          ? {
              nginx: { version: nginx.version, ...best.nginx },
              ratioNginx: ratio(best.ours.capacity, best.nginx.capacity),
              ratioNginxThroughput: ratio(best.ours.rps, best.nginx.rps),
              ratioNginxUncached: ratio(best.oursUncached.capacity, best.nginx.capacity),
              goalNginx: 1.0,
            }
          : { nginx: null }),
      }
      writeResult('segments', result)
      return result
    } finally {
      node.kill('SIGTERM')
      await nginx?.stop()
      await uncached.stop()
      await onS3.stop()
      await onS3Uncached.stop()
      await s3.stop()
    }
  } finally {
    await product.stop()
  }
}

async function measure(side, duration) {
  const before = cpuSeconds(side.pid)
  const m = await loadBodies(side.url, { duration, connections: CONNECTIONS, viewers: side.viewers ?? null })
  const after = cpuSeconds(side.pid)
  const serverCpu = before === null || after === null ? null : (after - before) / duration
  // Without /proc, capacity falls back to throughput.
  const capacity = serverCpu ? m.rps / serverCpu : m.rps
  return { ...m, serverCpu: serverCpu === null ? null : Number(serverCpu.toFixed(2)), capacity: Math.round(capacity) }
}

/** A signed URL of the first segment of a free demo replay, and its file, once every demo encode is done. */
async function demoSegment(product) {
  const replay = await waitForDemoVideos(product)
  const { playback } = replay
  const base = playback.hls.replace(/master\.m3u8$/, '')
  const master = await (await fetch(product.url + playback.hls)).text()
  const variant = master.split('\n').find((l) => l && !l.startsWith('#'))
  const media = await (await fetch(product.url + base + variant)).text()
  const segment = media.split('\n').find((l) => l && !l.startsWith('#'))
  const segmentPath = base + path.posix.join(path.posix.dirname(variant), segment)
  const assetId = segmentPath.split('/')[4]
  const file = path.join(product.dataDir, 'media', 'assets', assetId, path.posix.dirname(variant), segment)
  // Players, each with its own session and signed URL, from its own address: none passes its 3,000 a minute.
  const viewers = []
  for (const viewer of await viewersOf(product, VIEWERS)) {
    const res = await fetch(`${product.url}/api/events/${replay.id}?api_key=${viewer.key}`, {
      headers: { 'x-forwarded-for': viewer.address },
    })
    const hls = (await res.json()).data.playback.hls
    viewers.push({
      path: hls.replace(/master\.m3u8$/, '') + path.posix.join(path.posix.dirname(variant), segment),
      address: viewer.address,
    })
  }
  return { segmentUrl: product.url + segmentPath, file, viewers }
}
