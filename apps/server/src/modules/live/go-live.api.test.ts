import { type OperatorRole, OperatorRoles } from '@fieldhouse/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Roles } from '../../roles.js'
import type { TestContext } from '../../test/context.js'
import { buildChannel, signedInKey } from '../../test/factories.js'
import { publishFeed, startLiveSuite, until } from '../../test/live.js'
import { buildOperator } from '../../test/operators.js'

/**
 * The console's go-live panel through the real path: the operator reads the RTMP server and stream
 * key, an ffmpeg with OBS's usual settings (x264, 2 s keyframes, AAC 48 kHz) publishes, the status
 * turns live within 5 s with what the ingest sees, the preview plays, and End stream disconnects the
 * encoder and makes the recording the replay. Roles and channels as `can` says. SQLite only.
 */
describe('go live', () => {
  let ctx: TestContext
  let roles: Roles
  let eventId: number
  let otherEventId: number
  const keys = {} as Record<OperatorRole, string>

  beforeAll(async () => {
    const live = await startLiveSuite()
    ;({ ctx, roles } = live)
    eventId = live.event.id
    for (const role of OperatorRoles) keys[role] = (await buildOperator(ctx, 'demo', role)).key
    const otherChannelId = await buildChannel(ctx, 'other')
    const otherEvent = await ctx.db.kysely
      .insertInto('events')
      .values({
        ...(await ctx.db.kysely.selectFrom('events').selectAll().where('id', '=', eventId).executeTakeFirstOrThrow()),
        id: undefined as never,
        channel_id: otherChannelId,
        stream_key: 'another-channels-stream-key-0001',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    otherEventId = otherEvent.id
  })
  afterAll(async () => {
    await roles?.stop()
    await ctx?.close()
  })

  const call = (role: OperatorRole | string, path: string, method = 'GET') =>
    ctx.json(path, { method, headers: { authorization: `Bearer ${role in keys ? keys[role as OperatorRole] : role}` } })
  const panel = (query = '') => call('producer', `/api/admin/live/${eventId}${query}`)
  const feed = publishFeed

  it('answers each role as the rule table says, and never another channel', async () => {
    for (const role of OperatorRoles) {
      const allowed = role !== 'support' && role !== 'scorer'
      expect((await call(role, `/api/admin/live/${eventId}`)).status).toBe(allowed ? 200 : 403)
      expect((await call(role, `/api/admin/live/${eventId}?reveal=1`)).status).toBe(allowed ? 200 : 403)
      expect((await call(role, `/api/admin/live/${otherEventId}`)).status).toBe(allowed ? 404 : 403)
      expect((await call(role, `/api/admin/live/${otherEventId}/rotate-key`, 'POST')).status).toBe(allowed ? 404 : 403)
      expect((await call(role, `/api/admin/live/${otherEventId}/end`, 'POST')).status).toBe(allowed ? 404 : 403)
      // Not live: there is nothing to end.
      expect((await call(role, `/api/admin/live/${eventId}/end`, 'POST')).status).toBe(allowed ? 409 : 403)
    }
    expect((await call(await signedInKey(ctx), `/api/admin/live/${eventId}`)).status).toBe(403)
    expect((await call(await ctx.apiKey(), `/api/admin/live/${eventId}`)).status).toBe(401)
    // The other channel's key is untouched.
    const untouched = await ctx.db.kysely
      .selectFrom('events')
      .select('stream_key')
      .where('id', '=', otherEventId)
      .executeTakeFirstOrThrow()
    expect(untouched.stream_key).toBe('another-channels-stream-key-0001')
  })

  it('masks the stream key unless revealed, and audits the reveal', async () => {
    const masked = (await panel()).body.data
    const stored = await ctx.db.kysely
      .selectFrom('events')
      .select('stream_key')
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow()
    const key = stored.stream_key as string
    expect(masked).toMatchObject({
      event_id: eventId,
      // The host the console was reached by (the bundled static ffmpeg cannot even resolve "localhost").
      rtmp_url: `rtmp://127.0.0.1:${roles.rtmpPort}/live`,
      stream_key_revealed: false,
      status: { receiving: false, stream_status: 'upcoming', viewers: null },
      preview: null,
    })
    expect(masked.stream_key).not.toContain(key.slice(0, 8))
    expect(masked.stream_key.endsWith(key.slice(-4))).toBe(true)
    const revealed = (await panel('?reveal=1')).body.data
    expect(revealed).toMatchObject({ stream_key: key, stream_key_revealed: true })
    const audit = await ctx.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'reveal-stream-key')
      .where('resource_id', '=', String(eventId))
      .execute()
    expect(audit.length).toBeGreaterThan(0)
    expect(audit[0]).toMatchObject({ resource: 'live' })
  })

  it('rotating the key shuts the old one out; a publish shows within 5 s; End stream makes the replay', async () => {
    const old = (await panel('?reveal=1')).body.data.stream_key as string
    const rotated = await call('manager', `/api/admin/live/${eventId}/rotate-key`, 'POST')
    expect(rotated.status).toBe(200)
    const key = rotated.body.data.stream_key as string
    expect(key).not.toBe(old)
    expect(key).toMatch(/^[A-Za-z0-9_-]{16,64}$/)
    const rtmp = rotated.body.data.rtmp_url as string

    // The old key opens nothing any more: the server hangs up on it.
    const refused = await feed(`${rtmp}/${old}`, 4).done.then(
      () => 'streamed',
      () => 'refused',
    )
    expect(refused).toBe('refused')

    const publisher = feed(`${rtmp}/${key}`, 60)
    // How the encoder's run ends, watched from its start: End stream hangs up on it while the call is answered.
    const publisherOutcome = publisher.done.then(
      () => 'ended',
      () => 'disconnected',
    )
    const started = Date.now()
    const live = await until(
      async () => {
        const s = (await panel()).body.data
        return s.status.receiving && s.status.width ? s : null
      },
      'the status to turn live',
      5_000,
    )
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(live.status).toMatchObject({ receiving: true, stream_status: 'live', width: 320, height: 180, fps: 25 })
    const withRate = await until(async () => {
      const s = (await panel()).body.data.status
      return s.bitrate_kbps > 0 ? s : null
    }, 'a bitrate')
    expect(withRate).toMatchObject({ video_codec: 'H264', audio_codec: 'AAC' })
    expect(withRate.dropped_frames).toBeGreaterThanOrEqual(0)

    const preview = await until(async () => {
      const p = (await panel()).body.data.preview
      if (!p) return null
      const res = await ctx.request(p.hls.replace(/master\.m3u8$/, 'source/index.m3u8'))
      return res.status === 200 && (await res.text()).includes('#EXTINF') ? p : null
    }, 'the preview to play')
    expect(preview.live).toBe(true)

    const ended = await call('owner', `/api/admin/live/${eventId}/end`, 'POST')
    expect(ended.status).toBe(200)
    expect(ended.body.data.status).toMatchObject({ receiving: false, stream_status: 'vod' })
    // The encoder was disconnected (it would have streamed for a minute).
    const outcome = await publisherOutcome
    expect(outcome).toBe('disconnected')
    expect(Date.now() - started).toBeLessThan(45_000)

    const viewerKey = await ctx.apiKey()
    const replay = await until(async () => {
      const d = (await ctx.json(`/api/events/${eventId}?api_key=${viewerKey}`)).body.data
      return d.media_status === 'ready' && d.playback ? d : null
    }, 'the replay')
    expect(replay.playback.live).toBe(false)
    // A reconnecting encoder is refused: the event is over.
    const again = await feed(`${rtmp}/${key}`, 4).done.then(
      () => 'streamed',
      () => 'refused',
    )
    expect(again).toBe('refused')
    const audit = await ctx.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('resource', '=', 'live')
      .where('resource_id', '=', String(eventId))
      .execute()
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['rotate-stream-key', 'end-stream']))
  })
})
