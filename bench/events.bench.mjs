import { load, sampleAnswer, startProduct, startReference, viewersOf, writeResult } from './lib.mjs'

/** Viewers the load is spread over, each from its own address: none passes its 600 requests a minute. */
const VIEWERS = 2000

/**
 * GET /api/events?limit=50 as an anonymous viewer, against bare node:http serving the same bytes:
 * once as viewers hit it (answered from the per-channel response cache), once with every URL
 * different (each request runs the query, the joins and the serialisation).
 */
export async function benchEvents({ duration = 5, rounds = 3 } = {}) {
  const product = await startProduct()
  try {
    const { path, body, headers } = await sampleAnswer(product, '/api/events?limit=50&api_key={key}')
    const reference = await startReference(body, headers)
    // The reference gets the same requests (each viewer's key and address, which it ignores), so the
    // load generator's own work per request is the same on both sides.
    const viewers = await viewersOf(product, VIEWERS)
    try {
      await load(product.url + path, { duration: 3, viewers })
      await load(product.url + path, { duration: 2, unique: true, viewers })
      await load(reference.url + path, { duration: 3, viewers, serverPid: reference.pid })
      let ref = { rps: 0 }
      let cached = { rps: 0 }
      let uncached = { rps: 0 }
      for (let i = 0; i < rounds; i++) {
        const r = await load(reference.url + path, { duration, viewers, serverPid: reference.pid })
        const c = await load(product.url + path, { duration, viewers, serverPid: product.pid })
        const u = await load(product.url + path, { duration, unique: true, viewers, serverPid: product.pid })
        if (r.rps > ref.rps) ref = r
        if (c.rps > cached.rps) cached = c
        if (u.rps > uncached.rps) uncached = u
      }
      const result = {
        name: 'events',
        what: 'GET /api/events?limit=50 (anonymous) vs bare node:http, same bytes (brotli, as a browser asks); cached and uncached',
        bytes: body.length,
        encoding: headers['content-encoding'] ?? 'identity',
        ours: cached,
        uncached,
        reference: ref,
        ratio: Number((cached.rps / ref.rps).toFixed(3)),
        ratioUncached: Number((uncached.rps / ref.rps).toFixed(3)),
        ratioPerCpu: Number((cached.capacity / ref.capacity).toFixed(3)),
        ratioUncachedPerCpu: Number((uncached.capacity / ref.capacity).toFixed(3)),
        goal: 0.8,
        goalUncached: 0.3,
      }
      writeResult('events', result)
      return result
    } finally {
      await reference.stop()
    }
  } finally {
    await product.stop()
  }
}
