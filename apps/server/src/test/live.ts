import { spawnFfmpeg, testFeedArgs } from '@fieldhouse/media'
import { type Roles, startRoles } from '../roles.js'
import { createTestContext, type TestContext } from './context.js'

/** Polls `fn` until it returns something truthy (no timing is asserted; the test timeout bounds it). */
export async function until<T>(fn: () => Promise<T | undefined | null | false>, what: string, ms = 30_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await fn()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** ffmpeg publishing a generated feed (320×180 unless told) at real time to the RTMP `url` for `seconds`. */
export function publishFeed(url: string, seconds: number, size = { width: 320, height: 180 }) {
  const args = testFeedArgs({ output: url, durationSec: seconds, ...size, fps: 25, realtime: true, format: 'flv' })
  return spawnFfmpeg(args, { useSlot: false })
}

/**
 * A process that takes live streams, for tests that publish with ffmpeg: SQLite, the worker and the
 * ingest (RTMP on a free port) started beside the API, no demo streams, fast encodes. Answers it with
 * the RTMP URL to publish under and the first free upcoming event (the one a test streams to).
 */
export async function startLiveSuite(): Promise<{
  ctx: TestContext
  roles: Roles
  rtmp: string
  event: { id: number; stream_key: string }
}> {
  const ctx = await createTestContext('sqlite', {
    env: {
      SERVICES: 'api,worker,ingest',
      RTMP_PORT: '0',
      RTMP_HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      DEMO_LIVE: '0',
      LIVE_LOWER_RENDITION: 'false',
      ENCODE_PRESET: 'ultrafast',
    },
  })
  let roles: Roles | undefined
  try {
    roles = await startRoles(ctx.container, { except: ['api'] })
    const row = await ctx.db.kysely
      .selectFrom('events')
      .select(['id', 'stream_key'])
      .where('stream_status', '=', 'upcoming')
      .where('access_mode', '=', 'free')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const rtmp = `rtmp://127.0.0.1:${roles.rtmpPort}/live`
    return { ctx, roles, rtmp, event: { id: row.id, stream_key: row.stream_key as string } }
  } catch (error) {
    await roles?.stop()
    await ctx.close()
    throw error
  }
}
