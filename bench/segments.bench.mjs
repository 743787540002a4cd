import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { freePort, load, root, serverCommand, startProduct, waitFor, writeResult } from './lib.mjs'

/**
 * HLS segment delivery: a signed segment of a demo replay, through every check a player's request
 * meets (token, session, channel, country, safe path), against bare node:http streaming the same file.
 */
export async function benchSegments({ duration = 5, rounds = 3 } = {}) {
  const product = await startProduct({
    SERVICES: 'api,worker',
    DEMO_LIVE: '0',
    DEMO_VIDEO_SECONDS: '8',
    ENCODE_PRESET: 'ultrafast',
    MEDIA_RATE_LIMIT_MAX: '100000000',
  })
  try {
    const keyRes = await fetch(`${product.url}/api/get_api_key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channel_key: 'demo' }),
    })
    const key = (await keyRes.json()).data.api_key
    const events = (await (await fetch(`${product.url}/api/events?stream_status[]=vod&api_key=${key}`)).json()).data
    const free = events.find((e) => e.type === 'free')
    let playback = null
    for (let i = 0; i < 600 && !playback; i++) {
      const detail = (await (await fetch(`${product.url}/api/events/${free.id}?api_key=${key}`)).json()).data
      playback = detail.playback
      if (!playback) await new Promise((r) => setTimeout(r, 200))
    }
    if (!playback) throw new Error('the demo replay was not encoded in time')
    // Every demo video encoded before measuring: no ffmpeg shares the server's core.
    const items = (await (await fetch(`${product.url}/api/vod-media-items?limit=100&api_key=${key}`)).json()).data
    const pending = [...events.map((e) => `events/${e.id}`), ...items.map((v) => `vod-media-items/${v.id}`)]
    for (let i = 0; i < 1200 && pending.length > 0; i++) {
      const detail = (await (await fetch(`${product.url}/api/${pending[0]}?api_key=${key}`)).json()).data
      if (detail.media_status === 'ready' || detail.media_status === 'failed') pending.shift()
      else await new Promise((r) => setTimeout(r, 250))
    }
    const base = playback.hls.replace(/master\.m3u8$/, '')
    const master = await (await fetch(product.url + playback.hls)).text()
    const variant = master.split('\n').find((l) => l && !l.startsWith('#'))
    const media = await (await fetch(product.url + base + variant)).text()
    const segment = media.split('\n').find((l) => l && !l.startsWith('#'))
    const segmentPath = base + path.posix.join(path.posix.dirname(variant), segment)
    const assetId = segmentPath.split('/')[4]
    const file = path.join(product.dataDir, 'media', 'assets', assetId, path.posix.dirname(variant), segment)

    const port = await freePort()
    const [cmd, args] = serverCommand([path.join(root, 'bench/ref-file-server.mjs'), String(port), file, 'video/mp2t'])
    const reference = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] })
    const refUrl = `http://127.0.0.1:${port}/seg.ts`
    try {
      await waitFor(refUrl)
      await load(product.url + segmentPath, { duration: 3 })
      await load(refUrl, { duration: 3 })
      let ours = { rps: 0 }
      let ref = { rps: 0 }
      for (let i = 0; i < rounds; i++) {
        const r = await load(refUrl, { duration })
        const o = await load(product.url + segmentPath, { duration })
        if (r.rps > ref.rps) ref = r
        if (o.rps > ours.rps) ours = o
      }
      const result = {
        name: 'segments',
        what: 'GET a signed HLS segment (token, session, geo checks) vs bare node:http streaming the same file',
        bytes: fs.statSync(file).size,
        ours,
        reference: ref,
        ratio: Number((ours.rps / ref.rps).toFixed(3)),
        goal: 0.8,
      }
      writeResult('segments', result)
      return result
    } finally {
      reference.kill('SIGTERM')
    }
  } finally {
    await product.stop()
  }
}
