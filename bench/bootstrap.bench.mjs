import { load, sampleAnswer, startProduct, startReference, viewersOf, writeResult } from './lib.mjs'

/** Viewers the load is spread over, each from its own address: none passes its 600 requests a minute. */
const VIEWERS = 2000

/**
 * GET /api/channel-bootstrap-data, as the web app calls it at every start, against bare node:http
 * serving the same bytes. The product runs as `npm start` runs it (rate limiter on, with a ceiling
 * the load cannot reach, so its cost is counted but it never answers 429).
 */
export async function benchBootstrap({ duration = 5, rounds = 3 } = {}) {
  const product = await startProduct()
  try {
    const { path, body, headers } = await sampleAnswer(
      product,
      '/api/channel-bootstrap-data?color-settings%5Bclient_interface%5D=web&slides%5Bclient_interface%5D=web&api_key={key}',
    )
    const reference = await startReference(body, headers)
    // The reference gets the same requests (each viewer's key and address, which it ignores), so the
    // load generator's own work per request is the same on both sides.
    const viewers = await viewersOf(product, VIEWERS)
    try {
      // Warm both (the JIT needs a few seconds of traffic), then interleave rounds so drift hits both
      // sides alike; keep each side's best.
      await load(product.url + path, { duration: 3, viewers })
      await load(reference.url + path, { duration: 3, viewers, serverPid: reference.pid })
      let ours = { rps: 0 }
      let ref = { rps: 0 }
      for (let i = 0; i < rounds; i++) {
        const r = await load(reference.url + path, { duration, viewers, serverPid: reference.pid })
        const o = await load(product.url + path, { duration, viewers, serverPid: product.pid })
        if (r.rps > ref.rps) ref = r
        if (o.rps > ours.rps) ours = o
      }
      const result = {
        name: 'bootstrap',
        what: 'GET /api/channel-bootstrap-data (with api key) vs bare node:http, same bytes (brotli, as a browser asks)',
        bytes: body.length,
        encoding: headers['content-encoding'] ?? 'identity',
        ours,
        reference: ref,
        ratio: Number((ours.rps / ref.rps).toFixed(3)),
        ratioPerCpu: Number((ours.capacity / ref.capacity).toFixed(3)),
        goal: 0.8,
      }
      writeResult('bootstrap', result)
      return result
    } finally {
      await reference.stop()
    }
  } finally {
    await product.stop()
  }
}
