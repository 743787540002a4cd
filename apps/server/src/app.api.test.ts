import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { messages } from '@fieldhouse/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, testDatabases } from './test/context.js'
import { buildChannel } from './test/factories.js'

/** A stand-in for the built web app: the server's job is to serve whatever the build put there. */
function fakeWebDist() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-web-'))
  fs.mkdirSync(path.join(dir, 'assets'))
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>')
  fs.writeFileSync(path.join(dir, 'assets', 'main-abc123.js'), 'console.log(1)')
  return dir
}

describe.each(testDatabases())('app on %s', (kind) => {
  let ctx: TestContext
  const webDist = fakeWebDist()
  beforeAll(async () => {
    ctx = await createTestContext(kind, { webDist })
  })
  afterAll(async () => {
    await ctx.close()
    fs.rmSync(webDist, { recursive: true, force: true })
  })

  it('GET /api/health answers ok once the database answers', async () => {
    expect(await ctx.json('/api/health')).toMatchObject({ status: 200, body: { data: { status: 'ok' } } })
  })

  it('answers unknown /api paths with JSON 404 and any other path with the web app', async () => {
    const api = await ctx.json('/api/no/such/thing?api_key=x')
    expect(api.status).toBe(404)
    expect(api.body).toEqual({ message: messages.notFound })
    for (const p of ['/', '/faq', '/watch/12', '/league/tickets-help', '/nope']) {
      const res = await ctx.request(p)
      expect(res.status, p).toBe(200)
      expect(res.headers.get('content-type')).toContain('text/html')
      expect(await res.text()).toContain('<div id="root">')
    }
    expect((await ctx.request('/missing.js')).status).toBe(404)
  })

  it('serves hashed assets with a long cache and the app shell with none', async () => {
    const asset = await ctx.request('/assets/main-abc123.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toContain('immutable')
    expect((await ctx.request('/')).headers.get('cache-control')).toBe('no-cache')
  })

  it('sends security headers, and lets only /watch_embed be framed elsewhere', async () => {
    const page = await ctx.request('/watch/1')
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("base-uri 'none'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("frame-ancestors 'self'")
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    const embed = await ctx.request('/watch_embed/1')
    expect(embed.headers.get('content-security-policy')).toContain('frame-ancestors *')
    const api = await ctx.request('/api/health')
    expect(api.headers.get('x-content-type-options')).toBe('nosniff')
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    const docs = await ctx.request('/api/docs/static/index.html')
    expect(docs.headers.get('content-security-policy')).not.toBe("default-src 'none'; frame-ancestors 'none'")
  })

  it("lets Google's tag hosts into the page only for a channel that has a google tag", async () => {
    await buildChannel(ctx, `tagged-${kind}`, { googleTag: 'GTM-AB12CD', domains: [`tagged-${kind}.localhost`] })
    const onTagged = (url: string) => ctx.app.inject({ url, headers: { host: `tagged-${kind}.localhost:3000` } })
    const csp = String((await onTagged('/packages')).headers['content-security-policy'])
    expect(csp).toMatch(/script-src 'self'[^;]* https:\/\/\*\.googletagmanager\.com/)
    expect(csp).toMatch(/connect-src 'self'[^;]* https:\/\/\*\.google-analytics\.com/)
    expect(csp).toContain("frame-ancestors 'self'")
    // The demo channel has none; nor does an embed, nor an API answer, on the tagged host.
    expect((await ctx.request('/packages')).headers.get('content-security-policy')).not.toContain('google')
    for (const p of ['/watch_embed/1', '/api/health']) {
      expect(String((await onTagged(p)).headers['content-security-policy']), p).not.toContain('google')
    }
  })

  it('publishes the OpenAPI document generated from the contract', async () => {
    const { status, body } = await ctx.json('/api/docs/json')
    expect(status).toBe(200)
    expect(body.openapi).toMatch(/^3\./)
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(['/api/get_api_key', '/api/settings', '/api/pages/{id}', '/api/channel-bootstrap-data']),
    )
    expect(body.paths['/api/get_api_key'].post.requestBody.content['application/json'].schema.required).toEqual([
      'channel_key',
    ])
    expect((await ctx.request('/api/docs')).status).toBeLessThan(400)
  })
})

describe('rate limits', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { env: { RATE_LIMIT_MAX: '3', API_KEY_RATE_LIMIT_MAX: '2' } })
  })
  afterAll(() => ctx.close())

  it('answers 429 with Retry-After in our format past the limit, per api key', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await ctx.request('/api/faq?channel_key=demo')).status)
    expect(statuses).toEqual([200, 200, 200, 429])
    const limited = await ctx.json('/api/faq?channel_key=demo')
    expect(limited.status).toBe(429)
    expect(limited.body).toEqual({ message: messages.tooManyRequests })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('limits anonymous key creation per address more tightly', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) {
      statuses.push((await ctx.request('/api/get_api_key', { method: 'POST', body: { channel_key: 'demo' } })).status)
    }
    expect(statuses).toEqual([200, 200, 429])
  })
})

describe('HSTS (Strict-Transport-Security)', () => {
  const hsts = async (env: Record<string, string>, headers: Record<string, string>) => {
    const ctx = await createTestContext('sqlite', { env })
    try {
      const answers = await Promise.all(['/api/health', '/'].map((url) => ctx.app.inject({ url, headers })))
      return answers.map((a) => a.headers['strict-transport-security'] ?? null)
    } finally {
      await ctx.close()
    }
  }

  it('is sent when the request came over TLS through a trusted proxy hop', async () => {
    expect(await hsts({ TRUST_PROXY_HOPS: '1' }, { 'x-forwarded-proto': 'https' })).toEqual([
      'max-age=31536000',
      'max-age=31536000',
    ])
  })

  it('is not sent over plain HTTP, nor when an untrusted client claims https', async () => {
    expect(await hsts({ TRUST_PROXY_HOPS: '1' }, { 'x-forwarded-proto': 'http' })).toEqual([null, null])
    expect(await hsts({}, { 'x-forwarded-proto': 'https' })).toEqual([null, null])
  })

  it('is sent when the socket itself is TLS', async () => {
    const ctx = await createTestContext('sqlite')
    const { execFileSync } = await import('node:child_process')
    const https = await import('node:https')
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-tls-'))
    // A self-signed certificate for the one request; the app's own handler behind a TLS listener.
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=localhost',
        '-days',
        '1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    )
    const server = https.createServer(
      { key: fs.readFileSync(path.join(dir, 'key.pem')), cert: fs.readFileSync(path.join(dir, 'cert.pem')) },
      (req, res) => ctx.app.server.emit('request', req, res),
    )
    try {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      const { port } = server.address() as { port: number }
      const header = await new Promise<string | string[] | undefined>((resolve, reject) => {
        https
          .get({ host: '127.0.0.1', port, path: '/api/health', rejectUnauthorized: false }, (res) => {
            res.resume()
            resolve(res.headers['strict-transport-security'])
          })
          .on('error', reject)
      })
      expect(header).toBe('max-age=31536000')
    } finally {
      server.close()
      await ctx.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe.runIf(process.env.TEST_REDIS_URL)('rate limits shared through Redis', () => {
  it('counts one client across two API processes', async () => {
    const { Redis } = await import('ioredis')
    const redisA = new Redis(process.env.TEST_REDIS_URL as string)
    const redisB = new Redis(process.env.TEST_REDIS_URL as string)
    // A namespace of its own per run, so runs never share counters.
    const env = { RATE_LIMIT_MAX: '4' }
    const rateLimitNamespace = `fh-test-${process.pid}-${Date.now()}:`
    const a = await createTestContext('sqlite', { env, redis: redisA, rateLimitNamespace })
    const b = await createTestContext('sqlite', { env, redis: redisB, rateLimitNamespace })
    try {
      const statuses: number[] = []
      for (const ctx of [a, b, a, b, a]) statuses.push((await ctx.request('/api/faq?channel_key=demo')).status)
      expect(statuses).toEqual([200, 200, 200, 200, 429])
    } finally {
      await a.close()
      await b.close()
      redisA.disconnect()
      redisB.disconnect()
    }
  })
})

describe('timeouts', () => {
  it('cuts off a client that does not finish its headers in time', async () => {
    const ctx = await createTestContext('sqlite', { env: { HEADERS_TIMEOUT_MS: '300', REQUEST_TIMEOUT_MS: '600' } })
    try {
      const { port } = new URL(ctx.baseUrl)
      const net = await import('node:net')
      const socket = net.connect(Number(port), '127.0.0.1')
      let answer = ''
      socket.on('data', (d) => {
        answer += d
      })
      // The start of a request, and then nothing.
      socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n')
      const closed = await new Promise<boolean>((resolve) => {
        socket.on('close', () => resolve(true))
        setTimeout(() => resolve(false), 5000)
      })
      expect(closed).toBe(true)
      expect(answer).toMatch(/^HTTP\/1\.1 408/)
    } finally {
      await ctx.close()
    }
  })
})
