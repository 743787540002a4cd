import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_CHANNEL_KEY } from '../../db/seed.js'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildOperator } from '../../test/operators.js'

/** `GET /api/admin/live/{id}` over a real socket, with the Host header a browser sends. */
function panelAt(ctx: TestContext, key: string, eventId: number, host: string) {
  const { port } = new URL(ctx.baseUrl)
  return new Promise<{ status: number; rtmp: string }>((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: `/api/admin/live/${eventId}`,
        headers: { host, authorization: `Bearer ${key}` },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk) => {
          text += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, rtmp: JSON.parse(text).data?.rtmp_url }))
      },
    )
    req.on('error', reject)
  })
}

async function setup(kind: Parameters<typeof createTestContext>[0], env: Record<string, string> = {}) {
  const ctx = await createTestContext(kind, { env: { RTMP_PORT: '1935', ...env } })
  const key = (await buildOperator(ctx, DEMO_CHANNEL_KEY, 'producer')).key
  const event = await ctx.db.kysely
    .selectFrom('events')
    .select('id')
    .where('stream_key', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow()
  return { ctx, key, eventId: event.id }
}

/** The RTMP server the Go live panel names is one an encoder (OBS, ffmpeg) can resolve (decision 0022). */
describe.each(testDatabases())('the go-live RTMP server on %s', (kind) => {
  let s: Awaited<ReturnType<typeof setup>>
  beforeAll(async () => {
    s = await setup(kind)
  })
  afterAll(() => s.ctx.close())

  it('names the address reached for the channel’s *.localhost host, never the name', async () => {
    for (const host of ['demo.localhost:3000', 'localhost:3000', '127.0.0.1:3000']) {
      const panel = await panelAt(s.ctx, s.key, s.eventId, host)
      expect(panel).toEqual({ status: 200, rtmp: 'rtmp://127.0.0.1:1935/live' })
    }
  })

  it('names the channel’s host when the console is reached by a real one', async () => {
    const panel = await panelAt(s.ctx, s.key, s.eventId, 'tv.fieldhouse.example:443')
    expect(panel.rtmp).toBe('rtmp://tv.fieldhouse.example:1935/live')
  })
})

describe('the go-live RTMP server with PUBLIC_RTMP_URL', () => {
  let s: Awaited<ReturnType<typeof setup>>
  beforeAll(async () => {
    s = await setup('sqlite', { PUBLIC_RTMP_URL: 'rtmp://ingest.fieldhouse.example:1935/live' })
  })
  afterAll(() => s.ctx.close())

  it('names the configured ingest whatever host the console was reached by', async () => {
    for (const host of ['demo.localhost:3000', 'tv.fieldhouse.example'])
      expect((await panelAt(s.ctx, s.key, s.eventId, host)).rtmp).toBe('rtmp://ingest.fieldhouse.example:1935/live')
  })
})
