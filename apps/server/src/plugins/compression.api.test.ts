import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, testDatabases } from '../test/context.js'

const SCRIPT = `export const words = ${JSON.stringify('a fairly long and repetitive script body '.repeat(100))}\n`

/** A built web app as vite writes it: each text file of 1 KiB or more with its .br and .gz beside it. */
function fakeWebDist() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-web-'))
  fs.mkdirSync(path.join(dir, 'assets'))
  const html = `<!doctype html><title>app</title>${'<!-- padding -->'.repeat(80)}<div id="root"></div>`
  for (const [file, text] of [
    ['index.html', html],
    ['assets/main-abc123.js', SCRIPT],
  ] as const) {
    fs.writeFileSync(path.join(dir, file), text)
    fs.writeFileSync(path.join(dir, `${file}.br`), zlib.brotliCompressSync(text))
    fs.writeFileSync(path.join(dir, `${file}.gz`), zlib.gzipSync(text))
  }
  return dir
}

const decode = (encoding: string | undefined, raw: Buffer) =>
  encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw

describe.each(testDatabases())('compression on %s', (kind) => {
  let ctx: TestContext
  const webDist = fakeWebDist()
  beforeAll(async () => {
    ctx = await createTestContext(kind, { webDist, env: { RATE_LIMIT_MAX: '1000' } })
  })
  afterAll(async () => {
    await ctx.close()
    fs.rmSync(webDist, { recursive: true, force: true })
  })

  it('sends the precompressed build file the client takes, brotli first, and the plain file otherwise', async () => {
    for (const [accept, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.1, gzip', 'gzip'],
      [undefined, undefined],
      ['identity', undefined],
    ] as const) {
      const res = await ctx.app.inject({
        url: '/assets/main-abc123.js',
        headers: accept ? { 'accept-encoding': accept } : {},
      })
      expect(res.statusCode, accept).toBe(200)
      expect(res.headers['content-encoding'], accept).toBe(expected)
      expect(res.headers['content-type'], accept).toMatch(/javascript/)
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i)
      expect(res.headers['cache-control']).toContain('immutable')
      expect(decode(expected, res.rawPayload).toString(), accept).toBe(SCRIPT)
    }
  })

  it('sends the app page itself compressed, with its page policy, on every app route', async () => {
    for (const url of ['/', '/watch/12']) {
      const res = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-encoding']).toBe('br')
      expect(res.headers['content-type']).toMatch(/text\/html/)
      expect(res.headers['content-security-policy']).toContain("script-src 'self'")
      expect(decode('br', res.rawPayload).toString()).toContain('<div id="root">')
    }
  })

  it('compresses a cached JSON document once per encoding, with an ETag per representation', async () => {
    const key = await ctx.apiKey()
    const url = `/api/channel-bootstrap-data?api_key=${key}`
    const plain = await ctx.app.inject({ url })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('authorization, accept-encoding')
    const data = plain.json()
    expect(plain.rawPayload.length).toBeGreaterThan(1024)
    const etags = new Set([plain.headers.etag])
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await ctx.app.inject({ url, headers: { 'accept-encoding': encoding } })
      expect(res.headers['content-encoding']).toBe(encoding)
      expect(res.headers.vary).toBe('authorization, accept-encoding')
      expect(Number(res.headers['content-length'])).toBeLessThan(plain.rawPayload.length / 2)
      expect(JSON.parse(decode(encoding, res.rawPayload).toString())).toEqual(data)
      etags.add(res.headers.etag)
      const again = await ctx.app.inject({
        url,
        headers: { 'accept-encoding': encoding, 'if-none-match': String(res.headers.etag) },
      })
      expect(again.statusCode).toBe(304)
    }
    expect(etags.size).toBe(3)
  })

  it('compresses the catalogue lists from the response cache', async () => {
    const key = await ctx.apiKey()
    const url = `/api/events?api_key=${key}&limit=50`
    const plain = await ctx.app.inject({ url })
    const res = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers.vary).toBe('accept-encoding')
    if (plain.rawPayload.length >= 1024) {
      expect(res.headers['content-encoding']).toBe('br')
      expect(JSON.parse(decode('br', res.rawPayload).toString())).toEqual(plain.json())
    } else {
      expect(res.headers['content-encoding']).toBeUndefined()
    }
  })

  it('compresses other large JSON answers as they are made, and leaves small ones alone', async () => {
    const docs = await ctx.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } })
    expect(docs.headers['content-encoding']).toBe('gzip')
    expect(docs.headers.vary).toMatch(/accept-encoding/i)
    expect(JSON.parse(decode('gzip', docs.rawPayload).toString()).openapi).toMatch(/^3\./)
    const health = await ctx.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'gzip, br' } })
    expect(health.headers['content-encoding']).toBeUndefined()
    expect(health.json()).toEqual({ data: { status: 'ok' } })
  })
})
