import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { runFfmpeg, testFeedArgs } from '@fieldhouse/media'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { runCli } from '../../cli.js'
import { type Roles, startRoles } from '../../roles.js'
import { createTestContext, type TestContext } from '../../test/context.js'
import { signedInKey } from '../../test/factories.js'

/**
 * A video imported with the CLI becomes an event's replay through the worker's real pipeline; a
 * viewer with the download capability then gets the recording as one MP4. SQLite only (the queue's
 * PostgreSQL claim is covered in jobs/queue.api.test.ts).
 */
describe('media import, encode and download', () => {
  let ctx: TestContext
  let roles: Roles
  let fixture: string
  let eventId: number
  const lines: string[] = []

  beforeAll(async () => {
    ctx = await createTestContext('sqlite', {
      env: { SERVICES: 'api,worker', SEED_DEMO: 'false', DEMO_LIVE: '0', ENCODE_PRESET: 'ultrafast' },
    })
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-fixture-'))
    fixture = path.join(dir, 'game.mp4')
    await runFfmpeg(
      testFeedArgs({
        output: fixture,
        durationSec: 4,
        width: 640,
        height: 360,
        fps: 25,
        realtime: false,
        format: 'mp4',
      }),
    )
    const row = await ctx.db.kysely
      .selectFrom('events')
      .select('id')
      .where('stream_status', '=', 'vod')
      .where('access_mode', '=', 'free')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    eventId = row.id
  })
  afterAll(async () => {
    await roles?.stop()
    await ctx?.close()
  })

  /** The CLI reads its configuration from the environment: the test's data folder and database. */
  const withEnv = async <T>(fn: () => Promise<T>) => {
    vi.stubEnv('DATA_DIR', ctx.config.dataDir)
    vi.stubEnv('DATABASE_URL', '')
    try {
      return await fn()
    } finally {
      vi.unstubAllEnvs()
    }
  }

  it('refuses a file that is not a video, writing nothing', async () => {
    const bogus = path.join(path.dirname(fixture), 'notes.mp4')
    fs.writeFileSync(bogus, 'this is not a video')
    const code = await withEnv(() =>
      runCli(['media', 'import', bogus, '--event', String(eventId)], (l) => lines.push(l)),
    )
    expect(code).toBe(1)
    expect(lines.at(-1)).toContain('is not a video')
    expect(await ctx.db.kysely.selectFrom('media_assets').selectAll().execute()).toHaveLength(0)
  })

  it('imports a file as an event replay: encoded with a progress bar, published, playable', async () => {
    const code = await withEnv(() =>
      runCli(['media', 'import', fixture, '--event', String(eventId)], (l) => lines.push(l)),
    )
    expect(code, lines.join('\n')).toBe(0)
    expect(lines.at(-1)).toBe(`Ready: event ${eventId} plays now.`)
    const key = await ctx.apiKey()
    const event = (await ctx.json(`/api/events/${eventId}?api_key=${key}`)).body.data
    expect(event).toMatchObject({ media_status: 'ready', denial: null, duration: 4 })
    expect(event.poster).toMatch(/poster\.jpg$/)
    const master = await (await ctx.request(event.playback.hls)).text()
    expect(master).toContain('RESOLUTION=640x360')
    const vtt = await (await ctx.request(event.playback.thumbnails)).text()
    expect(vtt.startsWith('WEBVTT')).toBe(true)
    // The import copy is gone, and so is every temporary folder.
    expect(fs.readdirSync(path.join(ctx.config.mediaDir, 'imports'))).toEqual([])
    expect(fs.readdirSync(path.join(ctx.config.mediaDir, 'tmp'))).toEqual([])
  })

  it('download-event: 202 while the MP4 is made, then a signed attachment', async () => {
    roles = await startRoles(ctx.container, { except: ['api'] })
    const key = await signedInKey(ctx, { capabilities: ['download'] })
    const first = await ctx.json(`/api/download-event/${eventId}?api_key=${key}`)
    expect(first.status).toBe(202)
    let ready: { url: string; file_name: string } | undefined
    for (let i = 0; i < 120 && !ready; i++) {
      await new Promise((r) => setTimeout(r, 250))
      const res = await ctx.json(`/api/download-event/${eventId}?api_key=${key}`)
      if (res.status === 200) ready = res.body.data
    }
    expect(ready?.file_name).toMatch(/\.mp4$/)
    const file = await ctx.request(ready?.url as string)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('video/mp4')
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.mp4"$/)
    const bytes = Buffer.from(await file.arrayBuffer())
    // faststart: the movie header comes before the media data.
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'))

    // A viewer who may watch but not download gets playback URLs, and they open no MP4.
    const watcher = await signedInKey(ctx)
    const { playback } = (await ctx.json(`/api/events/${eventId}?api_key=${watcher}`)).body.data
    const [, token, assetId] = /^\/media\/p\/([^/]+)\/(\d+)\//.exec(playback.hls) as RegExpExecArray
    for (const url of [`/media/p/${token}/${assetId}/download.mp4`, `/media/d/${token}/${assetId}/download.mp4`]) {
      const res = await ctx.request(url)
      expect([403, 404], url).toContain(res.status)
      expect(res.headers.get('content-type')).not.toBe('video/mp4')
    }
    expect((await ctx.json(`/api/download-event/${eventId}?api_key=${watcher}`)).status).toBe(403)
  })
})
