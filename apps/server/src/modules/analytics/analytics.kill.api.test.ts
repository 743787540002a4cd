import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { analyticsPaths } from '@fieldhouse/contract'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { useProcessSuite } from '../../test/bundle-entry.js'
import { testDatabases } from '../../test/context.js'

interface Service {
  url: string
  process: ChildProcess
  exited: Promise<unknown>
}

const PLAYERS = 24
const RECORDS_EACH = 60
const KILL_AFTER_ACKS = 400

/**
 * Players on loopback send their heartbeats and events to an analytics service process, retrying
 * what was not acknowledged with the same record ids. The process is killed with SIGKILL in the
 * middle and started again: every acknowledged record is stored, and none twice.
 */
describe.each(testDatabases())('the analytics service killed mid-run, on %s', (kind) => {
  const suite = useProcessSuite(kind, 'analytics-process')

  const start = () =>
    new Promise<Service>((resolve, reject) => {
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        SERVICES: 'analytics',
        ANALYTICS_RATE_LIMIT_MAX: '1000000',
        DATA_DIR: suite.ctx.config.dataDir,
        ...(kind === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' } : {}),
      }
      const child = spawn(process.execPath, [suite.entry, ...suite.schemaArgs], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      suite.started.push(child)
      const exited = new Promise((done) => child.once('exit', done))
      let out = ''
      let errors = ''
      child.stderr?.on('data', (c: Buffer) => {
        errors += c.toString()
      })
      child.stdout?.on('data', (c: Buffer) => {
        out += c.toString()
        const port = /listening (\d+)/.exec(out)?.[1]
        if (port) resolve({ url: `http://127.0.0.1:${port}`, process: child, exited })
      })
      void exited.then(() => reject(new Error(`the service exited before listening: ${errors}`)))
    })

  it('every acknowledged record is stored exactly once', { timeout: 120_000 }, async () => {
    let service = await start()
    const acknowledged = new Set<string>()
    const sent = new Set<string>()
    let restarted: Promise<void> | null = null
    let refused = 0

    const deliver = async (path: string, init: RequestInit) => {
      for (;;) {
        try {
          const res = await fetch(service.url + path, init)
          if (res.status === 200) return
          refused += 1
        } catch {
          refused += 1
          // Refused or cut off: the service is down; it is coming back.
        }
        if (restarted) await restarted
        await new Promise((r) => setTimeout(r, 20))
      }
    }

    const player = async (p: number) => {
      const session = randomUUID()
      const view = randomUUID()
      for (let i = 0; i < RECORDS_EACH; ) {
        // Mostly single heartbeats (GET), every fifth round a beacon batch of three records.
        if (i % 5 === 4) {
          const records = [0, 1, 2].map((k) => ({
            kind: 'video_viewing',
            record_id: randomUUID(),
            session_uuid: session,
            video_view_uuid: view,
            stream_id: p + 1,
            stream_type: 'live',
            viewing_time: 1 + k,
          }))
          for (const r of records) sent.add(r.record_id)
          await deliver(analyticsPaths.batch, {
            method: 'POST',
            headers: { 'content-type': 'text/plain' },
            body: JSON.stringify({ profile: 'yak_demo', records }),
          })
          for (const r of records) acknowledged.add(r.record_id)
          i += 3
        } else {
          const record_id = randomUUID()
          sent.add(record_id)
          const q = new URLSearchParams({
            profile: 'yak_demo',
            record_id,
            session_uuid: session,
            video_view_uuid: view,
            stream_id: String(p + 1),
            stream_type: 'live',
            viewing_time: '10',
          })
          await deliver(`${analyticsPaths.videoViewing}?${q}`, {})
          acknowledged.add(record_id)
          i += 1
        }
        if (!restarted && acknowledged.size >= KILL_AFTER_ACKS) {
          restarted = (async () => {
            service.process.kill('SIGKILL')
            await service.exited
            service = await start()
          })()
        }
      }
    }

    await Promise.all(Array.from({ length: PLAYERS }, (_, p) => player(p)))
    expect(restarted).not.toBeNull()
    // The players saw the service die (requests cut off or refused) and retried.
    expect(refused).toBeGreaterThan(0)
    await restarted
    service.process.kill('SIGTERM')
    await service.exited

    const db = suite.ctx.db.kysely
    const twice = await db
      .selectFrom('analytics_records')
      .select(['record_id', sql<number>`count(*)`.as('n')])
      .groupBy('record_id')
      .having(sql`count(*)`, '>', 1)
      .execute()
    expect(twice).toEqual([])
    const stored = new Set(
      (await db.selectFrom('analytics_records').select('record_id').execute()).map((r) => r.record_id),
    )
    const missing = [...acknowledged].filter((id) => !stored.has(id))
    expect(missing).toEqual([])
    expect(acknowledged.size).toBe(sent.size)
    expect(stored.size).toBe(sent.size)
  })
})
