import { Writable } from 'node:stream'
import { messages } from '@fieldhouse/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '../../lib/secrets.js'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'

describe.each(testDatabases())('keys and api keys on %s', (kind) => {
  let ctx: TestContext
  const logLines: string[] = []
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk))
        done()
      },
    })
    ctx = await createTestContext(kind, { logger: { level: 'info', stream } })
  })
  afterAll(() => ctx.close())

  it('serves the runtime config naming the keys file of the host', async () => {
    const res = await ctx.json('/runtime-config.json')
    expect(res.status).toBe(200)
    // 127.0.0.1 is one of the demo channel's hosts.
    expect(res.body).toEqual({ apiBase: '/api', keysUrl: '/keys/127.0.0.1.json', basePath: '', authProviders: [] })
  })

  it('names the default channel for a host no channel claims', async () => {
    // fetch may not set Host; inject goes through the same routes and hooks.
    const res = await ctx.app.inject({ url: '/runtime-config.json', headers: { host: 'unknown.example' } })
    expect(res.json().keysUrl).toBe('/keys/demo.json')
    const northside = await ctx.app.inject({ url: '/runtime-config.json', headers: { host: 'LOCALHOST:3000' } })
    expect(northside.json().keysUrl).toBe('/keys/localhost.json')
  })

  it('answers the keys file by host name and by channel key', async () => {
    expect((await ctx.json('/keys/localhost.json')).body).toEqual({ channel_key: 'demo' })
    expect((await ctx.json('/keys/demo.json')).body).toEqual({ channel_key: 'demo' })
  })

  it('answers an unknown keys file with errors.channel_key', async () => {
    const res = await ctx.json('/keys/nobody.example.json')
    expect(res.status).toBe(401)
    expect(res.body.errors.channel_key).toEqual([messages.noChannelOrApiKey])
  })

  it('issues a fresh anonymous api key per request and stores only its hash', async () => {
    const a = await ctx.apiKey()
    const b = await ctx.apiKey()
    expect(a).not.toBe(b)
    expect(a.length).toBeGreaterThanOrEqual(43)
    const rows = await ctx.db.kysely.selectFrom('api_keys').select(['key_hash', 'user_id']).execute()
    expect(rows.map((r) => r.key_hash)).toContain(hashToken(a))
    expect(rows.some((r) => r.key_hash === a)).toBe(false)
    expect(rows.every((r) => r.user_id === null)).toBe(true)
  })

  it('rejects an unknown channel key with errors.channel_key', async () => {
    const res = await ctx.json('/api/get_api_key', { method: 'POST', body: { channel_key: 'no-such-channel' } })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({
      message: messages.noChannelOrApiKey,
      errors: { channel_key: [messages.noChannelOrApiKey] },
    })
  })

  it('rejects a missing channel key field by field', async () => {
    const res = await ctx.json('/api/get_api_key', { method: 'POST', body: {} })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors)).toEqual(['channel_key'])
  })

  it('rejects malformed JSON and an oversized body in our error format', async () => {
    const bad = await ctx.json('/api/get_api_key', { method: 'POST', body: '{"channel_key":' })
    expect(bad.status).toBe(400)
    expect(typeof bad.body.message).toBe('string')
    const big = await ctx.json('/api/get_api_key', { method: 'POST', body: { channel_key: 'x'.repeat(100_000) } })
    expect(big.status).toBe(413)
    expect(big.body).toEqual({ message: messages.payloadTooLarge })
  })

  it('reads the api key from the query on GET, from the body otherwise, and from a Bearer header', async () => {
    const key = await ctx.apiKey()
    expect((await ctx.json(`/api/settings?api_key=${key}`)).status).toBe(200)
    expect((await ctx.json('/api/settings', { headers: { authorization: `Bearer ${key}` } })).status).toBe(200)
    // A key in the body of a GET is not read (spec §7): the exempt call then needs a channel key.
    const noKey = await ctx.json('/api/settings')
    expect(noKey.status).toBe(401)
    expect(noKey.body.errors.channel_key).toBeDefined()
  })

  it('answers an unknown, revoked or expired api key with errors.api_key', async () => {
    const unknown = await ctx.json('/api/settings?api_key=not-a-real-key')
    expect(unknown.status).toBe(401)
    expect(unknown.body.errors).toEqual({ api_key: [messages.noChannelOrApiKey] })

    const revoked = await ctx.apiKey()
    const { apiKeyId } = await ctx.app.services.keys.sessionForApiKey(revoked)
    await ctx.app.services.keys.revoke(apiKeyId as number)
    expect((await ctx.json(`/api/menu?api_key=${revoked}`)).body.errors.api_key).toBeDefined()

    const expired = await ctx.apiKey()
    await ctx.db.kysely
      .updateTable('api_keys')
      .set({ expires_at: 1 })
      .where('key_hash', '=', hashToken(expired))
      .execute()
    expect((await ctx.json(`/api/menu?api_key=${expired}`)).body.errors.api_key).toBeDefined()
  })

  it('never writes an api key to the log', async () => {
    const key = await ctx.apiKey()
    await ctx.json(`/api/faq?api_key=${key}`)
    await ctx.json('/api/faq', { headers: { authorization: `Bearer ${key}` } })
    const log = logLines.join('')
    expect(log).toContain('/api/faq?api_key=[redacted]')
    expect(log).not.toContain(key)
  })
})
