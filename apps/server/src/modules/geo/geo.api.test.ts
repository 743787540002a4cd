import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildMmdb } from '../../test/mmdb-writer.js'

const GB = '81.2.69.160'
const SE = '89.160.20.200'

/** A MaxMind-format country database written by the test itself. */
function testGeoDb() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fh-geo-')), 'country.mmdb')
  fs.writeFileSync(
    file,
    buildMmdb([
      ['81.2.69.0/24', { country: { iso_code: 'GB', names: { en: 'United Kingdom' } } }],
      ['89.160.20.128/25', { country: { iso_code: 'SE', names: { en: 'Sweden' } } }],
      ['127.0.0.0/8', { country: { iso_code: 'US', names: { en: 'United States' } } }],
    ]),
  )
  return file
}

describe.each(testDatabases())('geo on %s', (kind) => {
  let ctx: TestContext
  let key: string
  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } })

  beforeAll(async () => {
    ctx = await createTestContext(kind, { env: { GEOIP_DB: testGeoDb(), TRUST_PROXY_HOPS: '1' } })
    key = await ctx.apiKey()
  })
  afterAll(() => ctx.close())

  it('GET /api/geo finds the country of the address the trusted proxy reports', async () => {
    expect((await ctx.json(`/api/geo?api_key=${key}`, from(GB))).body.data).toEqual({
      country: 'United Kingdom',
      country_code: 'GB',
      ip: GB,
      is_geo_blocked: false,
    })
    expect((await ctx.json(`/api/geo?api_key=${key}`)).body.data).toMatchObject({ ip: '127.0.0.1', country_code: 'US' })
    expect((await ctx.json(`/api/geo?api_key=${key}`, from('8.8.8.8'))).body.data).toMatchObject({
      country: null,
      country_code: null,
    })
  })

  it('applies the channel rules to /geo, /user/access and every event', async () => {
    await ctx.db.kysely
      .updateTable('channels')
      .set((eb) => ({
        settings: JSON.stringify({ geo: { block: ['SE'] } }),
        content_version: eb('content_version', '+', 1),
      }))
      .where('key', '=', 'demo')
      .execute()
    // The channel row is remembered for up to two seconds (docs/decisions/0003).
    await new Promise((r) => setTimeout(r, 2100))
    const sweden = await ctx.apiKey()
    expect((await ctx.json(`/api/geo?api_key=${sweden}`, from(SE))).body.data.is_geo_blocked).toBe(true)
    expect((await ctx.json(`/api/user/access?api_key=${sweden}`, from(SE))).body.data.is_geo_blocked).toBe(true)
    const events = (await ctx.json(`/api/events?stream_status=live&api_key=${sweden}`, from(SE))).body.data
    expect(
      events.map((e: { has_access: boolean; is_geo_blocked: boolean }) => [e.has_access, e.is_geo_blocked]),
    ).toEqual([
      [false, true],
      [false, true],
    ])
    const british = await ctx.apiKey()
    expect((await ctx.json(`/api/geo?api_key=${british}`, from(GB))).body.data.is_geo_blocked).toBe(false)
    await ctx.db.kysely
      .updateTable('channels')
      .set((eb) => ({ settings: '{}', content_version: eb('content_version', '+', 1) }))
      .where('key', '=', 'demo')
      .execute()
    await new Promise((r) => setTimeout(r, 2100))
  })

  it('applies an event’s own rules, and caches answers per country', async () => {
    const live = (await ctx.json(`/api/events?stream_status=live&api_key=${key}`)).body.data
    const free = live.find((e: { type: string }) => e.type === 'free')
    await ctx.db.kysely
      .updateTable('events')
      .set({ geo_rules: JSON.stringify({ allow: ['US'] }) })
      .where('id', '=', free.id)
      .execute()
    await ctx.db.kysely
      .updateTable('channels')
      .set((eb) => ({ content_version: eb('content_version', '+', 1) }))
      .where('key', '=', 'demo')
      .execute()
    await new Promise((r) => setTimeout(r, 2100))
    const us = (await ctx.json(`/api/events/${free.id}?api_key=${key}`)).body.data
    const gb = (await ctx.json(`/api/events/${free.id}?api_key=${key}`, from(GB))).body.data
    expect([us.has_access, us.is_geo_blocked]).toEqual([true, false])
    expect([gb.has_access, gb.is_geo_blocked]).toEqual([false, true])
  })
})

describe('geo without a trusted proxy, and from a CDN header', () => {
  it('ignores X-Forwarded-For when no proxy hop is trusted', async () => {
    const ctx = await createTestContext('sqlite', { env: { GEOIP_DB: testGeoDb() } })
    try {
      const key = await ctx.apiKey()
      const res = await ctx.json(`/api/geo?api_key=${key}`, { headers: { 'x-forwarded-for': GB } })
      expect(res.body.data).toMatchObject({ ip: '127.0.0.1', country_code: 'US' })
    } finally {
      await ctx.close()
    }
  })

  it('reads the CDN country header only when the deployment names it', async () => {
    const ctx = await createTestContext('sqlite', { env: { GEO_COUNTRY_HEADER: 'cf-ipcountry' } })
    try {
      const key = await ctx.apiKey()
      const res = await ctx.json(`/api/geo?api_key=${key}`, { headers: { 'cf-ipcountry': 'fr' } })
      expect(res.body.data).toMatchObject({ country: 'France', country_code: 'FR' })
      expect((await ctx.json(`/api/geo?api_key=${key}`)).body.data).toMatchObject({ country_code: null })
    } finally {
      await ctx.close()
    }
    const plain = await createTestContext('sqlite')
    try {
      const res = await plain.json(`/api/geo?api_key=${await plain.apiKey()}`, { headers: { 'cf-ipcountry': 'FR' } })
      expect(res.body.data.country_code).toBeNull()
    } finally {
      await plain.close()
    }
  })
})
