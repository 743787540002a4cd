import { type ChildProcess, spawn } from 'node:child_process'
import { MediaTypeId } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { useProcessSuite } from '../../test/bundle-entry.js'
import { testDatabases } from '../../test/context.js'
import { buildUser } from '../../test/factories.js'
import { buildOperator } from '../../test/operators.js'

/**
 * Two API processes on one database (decision 0031): the limit holds across them, whichever process a
 * device talks to, and a stream stopped through one is refused by the other.
 */
describe.each(testDatabases())('streams per account across two API processes on %s', (kind) => {
  const suite = useProcessSuite(kind, 'server-process')

  const startServer = () =>
    new Promise<{ url: string; process: ChildProcess }>((resolve, reject) => {
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        SERVICES: 'api',
        DATA_DIR: suite.ctx.config.dataDir,
        ...(kind === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' } : {}),
      }
      const child = spawn(process.execPath, [suite.entry, ...suite.schemaArgs], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      suite.started.push(child)
      let out = ''
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const port = /listening (\d+)/.exec(out)?.[1]
        if (port) resolve({ url: `http://127.0.0.1:${port}`, process: child })
      })
      child.once('exit', (code) => reject(new Error(`the server exited before listening (${code})`)))
    })

  it('two devices starting at once on two processes: one plays; a stop through one is refused by the other', async () => {
    const { ctx } = suite
    const channel = await ctx.app.services.channels.findByKey('demo')
    const channelId = channel?.id as number
    const event = await ctx.db.kysely
      .selectFrom('events')
      .select('id')
      .where('channel_id', '=', channelId)
      .where('stream_status', '=', 'vod')
      .where('access_mode', '=', 'free')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const asset = await ctx.app.services.mediaRepo.createAsset(
      channelId,
      { type: 'event', id: event.id },
      'upload',
      'ready',
    )
    await ctx.app.services.mediaRepo.setMedia(asset, MediaTypeId.vod, 'master.m3u8')
    const owner = await buildOperator(ctx, 'demo', 'owner')
    const saved = await ctx.json('/api/admin/settings', {
      method: 'PATCH',
      headers: { authorization: `Bearer ${owner.key}` },
      body: { streams: { limit: 1, over_limit: 'refuse' } },
    })
    expect(saved.status).toBe(200)

    const [one, two] = await Promise.all([startServer(), startServer()])
    const get = async (server: { url: string }, p: string, method = 'GET') => {
      const res = await fetch(server.url + p, { method })
      return { status: res.status, body: (await res.json()) as any }
    }
    const user = await buildUser(ctx)
    const keys = await Promise.all(
      Array.from({ length: 6 }, () => ctx.app.services.keys.issue(user.channel_id, user.id)),
    )
    // Six devices, three on each process, all at once: exactly one plays.
    const opened = await Promise.all(
      keys.map((key, i) => get(i % 2 === 0 ? one : two, `/api/events/${event.id}?api_key=${key}`)),
    )
    const playing = opened.map((o, i) => (o.body.data.playback ? i : -1)).filter((i) => i >= 0)
    expect(playing).toHaveLength(1)
    expect(opened.filter((o) => o.body.data.denial === 'too_many_streams')).toHaveLength(5)

    const winner = playing[0] as number
    const loser = (winner + 1) % keys.length
    const here = winner % 2 === 0 ? one : two
    const there = winner % 2 === 0 ? two : one
    // Listed and stopped through the other process; the winner's own process refuses its renewal.
    const streams = (await get(there, `/api/streams?api_key=${keys[loser]}`)).body.data
    expect(streams).toHaveLength(1)
    expect((await get(there, `/api/streams/${streams[0].id}?api_key=${keys[loser]}`, 'DELETE')).status).toBe(200)
    const renewal = await get(here, `/api/events/${event.id}/playback?api_key=${keys[winner]}`)
    expect(renewal.status).toBe(409)
    expect(renewal.body.errors.stream).toEqual(['stopped'])
    expect((await get(here, `/api/events/${event.id}?api_key=${keys[loser]}`)).body.data.playback).not.toBeNull()
  })
})
