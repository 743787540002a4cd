import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/context.js'

const SECRET = 'hook-secret-of-the-deployment'

/** The hooks an RTMP server in front of us calls (nginx-rtmp's on_publish and on_publish_done). */
describe('ingest hooks', () => {
  let ctx: TestContext
  let event: { id: number; stream_key: string }

  beforeAll(async () => {
    ctx = await createTestContext('sqlite', {
      // Nothing listens here: the HLS writer finds no stream, which is what this test needs.
      env: { INGEST_HOOK_SECRET: SECRET, INGEST_PULL_URL: 'rtmp://127.0.0.1:9/live' },
    })
    const row = await ctx.db.kysely
      .selectFrom('events')
      .select(['id', 'stream_key'])
      .where('stream_status', '=', 'upcoming')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    event = { id: row.id, stream_key: row.stream_key as string }
  })
  afterAll(async () => {
    await ctx.app.services.live.stopAll()
    await ctx.close()
  })

  const hook = (path: string, form: Record<string, string>, secret?: string) =>
    ctx.json(`/api/hooks/ingest/${path}${secret === undefined ? '' : `?secret=${encodeURIComponent(secret)}`}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    })
  const status = async () =>
    (
      await ctx.db.kysely
        .selectFrom('events')
        .select('stream_status')
        .where('id', '=', event.id)
        .executeTakeFirstOrThrow()
    ).stream_status

  it('refuses a call without the secret, or with a wrong one, and changes nothing', async () => {
    const form = { call: 'publish', app: 'live', name: event.stream_key }
    expect((await hook('publish', form)).status).toBe(401)
    expect((await hook('publish', form, 'not-the-secret-at-all')).status).toBe(401)
    expect(await status()).toBe('upcoming')
  })

  it('refuses an unknown stream key with 403, which makes nginx-rtmp drop the publisher', async () => {
    const res = await hook('publish', { call: 'publish', app: 'live', name: 'no-such-stream-key-here' }, SECRET)
    expect(res.status).toBe(403)
  })

  it('a publish makes the event live; the end of it makes the event a replay', async () => {
    const form = { call: 'publish', app: 'live', name: event.stream_key, addr: '203.0.113.9' }
    expect((await hook('publish', form, SECRET)).status).toBe(200)
    expect(await status()).toBe('live')
    expect((await hook('unpublish', { ...form, call: 'publish_done' }, SECRET)).status).toBe(200)
    expect(await status()).toBe('vod')
    // Nothing reached the writer, so there is no recording to play, and the reason is kept.
    const asset = await ctx.db.kysely
      .selectFrom('media_assets')
      .selectAll()
      .where('owner_id', '=', event.id)
      .executeTakeFirstOrThrow()
    expect(asset).toMatchObject({ status: 'failed', error: 'The stream ended before anything was recorded.' })
  })
})
