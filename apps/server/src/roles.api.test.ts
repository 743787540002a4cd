import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadConfig } from './config.js'
import { type Container, createContainer } from './container.js'
import { migrateToLatest } from './db/migrate.js'
import { DEMO_CHANNEL_KEY, seedDemoChannel } from './db/seed.js'
import { DEMO_PREROLL_URL } from './db/seed-catalogue.js'
import { ChannelRepository } from './modules/channel/channel.repository.js'
import { ensureDemoMedia } from './roles/demo.js'
import { type Roles, startRoles } from './roles.js'
import { openTestDatabase, testDatabases } from './test/context.js'

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })

/** Whether something accepts a TCP connection on the loopback port. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })

/**
 * Each role alone (design §1; docs/scaling.md), as main.ts starts it from SERVICES with the real
 * config: a worker opens no HTTP port and runs jobs, an ingest takes RTMP connections and serves no
 * API, an API answers and runs no job.
 */
describe.each(testDatabases())('a process running one role, on %s', (kind) => {
  let started: { roles: Roles; container: Container; close(): Promise<void> } | undefined

  afterEach(async () => {
    await started?.close()
    started = undefined
  })

  const start = async (services: string, env: Record<string, string> = {}) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-roles-'))
    const port = await freePort()
    const config = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SERVICES: services,
      HOST: '127.0.0.1',
      PORT: String(port),
      RTMP_HOST: '127.0.0.1',
      RTMP_PORT: '0',
      ANALYTICS_PORT: '0',
      SEED_DEMO: 'false',
      DEMO_LIVE: '0',
      WORKER_CONCURRENCY: '1',
      ...env,
    })
    const { db, dropSchema } = await openTestDatabase(kind, config.sqliteFile)
    await migrateToLatest(db)
    await seedDemoChannel(new ChannelRepository(db.kysely, db.dialect), config.mediaDir)
    const container = await createContainer({ config, db, logger: false })
    const roles = await startRoles(container)
    started = {
      roles,
      container,
      async close() {
        await roles.stop()
        await db.close()
        await dropSchema()
        fs.rmSync(dataDir, { recursive: true, force: true })
      },
    }
    return { roles, container, port }
  }

  it('a worker opens no HTTP port, runs its scheduled jobs and the queued ones', async () => {
    const { roles, container, port } = await start('worker')
    // The worker built its jobs' parts, nothing of the HTTP side.
    const built = container.built()
    expect(built).toEqual(expect.arrayContaining(['jobs', 'queue', 'mediaRepo', 'store']))
    for (const part of ['geo', 'accounts', 'social', 'keys', 'mediaGate', 'sendMediaFile', 'responses', 'live'])
      expect(built).not.toContain(part)
    const { queue } = container.services
    expect(roles.app).toBeUndefined()
    expect(roles.ingest).toBeUndefined()
    expect(await accepts(port)).toBe(false)

    // A job whose asset is gone fails for good at its first attempt: it was claimed and run.
    const job = await queue.enqueue('media.download', { assetId: 999_999 })
    await roles.worker?.idle(15_000)
    expect(await queue.find(job)).toMatchObject({ status: 'failed', attempts: 1 })

    // The scheduled runs ran once each and queued their next runs, a minute on (the sweep: ten).
    for (const kind of ['payments.renew', 'payments.reconcile'] as const) {
      const next = await queue.latestByKey(`schedule:${kind}`)
      expect(next).toMatchObject({ kind, status: 'queued', attempts: 0 })
      expect(next?.run_after).toBeGreaterThan(Date.now() + 50_000)
    }
    const sweep = await queue.latestByKey('schedule:media.sweep-temp')
    expect(sweep).toMatchObject({ status: 'queued' })
    expect(sweep?.run_after).toBeGreaterThan(Date.now() + 9 * 60_000)
    // The analytics retention sweep ran and comes back in an hour.
    const analyticsSweep = await queue.latestByKey('schedule:analytics.sweep')
    expect(analyticsSweep).toMatchObject({ status: 'queued' })
    expect(analyticsSweep?.run_after).toBeGreaterThan(Date.now() + 59 * 60_000)
    // Premieres are settled by the worker too, at most 30 s apart (sooner when a showing starts or ends).
    const settle = await queue.latestByKey('schedule:premieres.settle')
    expect(settle).toMatchObject({ status: 'queued' })
    expect(settle?.run_after).toBeGreaterThan(Date.now() + 25_000)
    expect(settle?.run_after).toBeLessThanOrEqual(Date.now() + 30_000)
    // The alerts' reminder check is queued for five seconds after the start, then every minute.
    const reminders = await queue.latestByKey('schedule:alerts.reminders')
    expect(reminders).toMatchObject({ status: 'queued', attempts: 0 })
    expect(await queue.counts()).toMatchObject({ done: 4, failed: 1, queued: 6 })
    // Renewals needed the payments services; still nothing of the HTTP side.
    expect(container.built()).toContain('payments')
    expect(container.built()).not.toContain('geo')

    // A second worker starting enqueues no second run of any of them.
    const second = await startRoles(container)
    try {
      expect(await queue.counts()).toMatchObject({ done: 4, failed: 1, queued: 6 })
    } finally {
      await second.stop()
    }
  })

  it('an analytics process serves the datalake on its own port, and no API, no job, no RTMP', async () => {
    const { roles, container, port } = await start('analytics')
    expect(roles.app).toBeUndefined()
    expect(roles.worker).toBeUndefined()
    expect(roles.ingest).toBeUndefined()
    expect(await accepts(port)).toBe(false)
    const address = roles.analytics?.server.address()
    const analyticsPort = typeof address === 'object' && address ? address.port : 0
    const hash = await fetch(`http://127.0.0.1:${analyticsPort}/datalake/hash/`)
    expect(hash.status).toBe(200)
    const q = new URLSearchParams({
      profile: 'yak_demo',
      session: String(((await hash.json()) as { data: string }).data),
    })
    q.set('device_type', 'desktop')
    q.set('platform', 'web')
    expect((await fetch(`http://127.0.0.1:${analyticsPort}/datalake/session/?${q}`)).status).toBe(200)
    expect(container.built()).not.toContain('accounts')
    expect(container.built()).not.toContain('jobs')
  })

  it('an ingest takes RTMP connections and serves no API', async () => {
    const { roles, container, port } = await start('ingest')
    // The ingest built the live pipeline only: no GeoIP, mail, accounts, payments or job handlers.
    expect(container.built()).toEqual(['live', 'mediaRepo', 'queue', 'store'])
    expect(roles.app).toBeUndefined()
    expect(roles.worker).toBeUndefined()
    expect(roles.rtmpPort).toBeGreaterThan(0)
    expect(await accepts(roles.rtmpPort as number)).toBe(true)
    expect(await accepts(port)).toBe(false)
    expect(await container.services.queue.counts()).toEqual({})
  })

  it('an API answers and runs no job', async () => {
    const { roles, container, port } = await start('api')
    expect(container.built()).toEqual(expect.arrayContaining(['geo', 'accounts', 'keys', 'payments', 'mediaGate']))
    expect(container.built()).not.toContain('jobs')
    expect(roles.worker).toBeUndefined()
    expect(roles.ingest).toBeUndefined()
    const health = await fetch(`http://127.0.0.1:${port}/api/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ data: { status: 'ok' } })

    const { queue } = container.services
    const job = await queue.enqueue('media.download', { assetId: 999_999 })
    await new Promise((r) => setTimeout(r, 1500))
    expect(await queue.find(job)).toMatchObject({ status: 'queued', attempts: 0 })
    expect(await queue.counts()).toEqual({ queued: 1 })
    expect(roles.app?.server.listening).toBe(true)
  })

  it.each([
    ['by default the demo videos are queued for encoding', {}, true],
    ['with DEMO_VIDEOS=0 the demo has no videos to encode', { DEMO_VIDEOS: '0' }, false],
  ])('%s', async (_, env, queued) => {
    const { container } = await start('api', env)
    // The pre-roll is there already: no encode of it starts.
    const preroll = path.join(container.config.mediaDir, 'public', DEMO_PREROLL_URL.replace('/media/public/', ''))
    fs.mkdirSync(path.dirname(preroll), { recursive: true })
    fs.writeFileSync(preroll, '')
    await ensureDemoMedia(container)
    const { demo } = container
    const { queue, mediaRepo } = container.services
    const channelId = await demo.channelId(DEMO_CHANNEL_KEY)
    const owners = await demo.videoOwners(channelId as number)
    expect(owners.length).toBeGreaterThan(0)
    const assets = (await Promise.all(owners.map((o) => mediaRepo.assetsOf(channelId as number, o)))).flat()
    expect(assets.length).toBe(queued ? owners.length : 0)
    expect((await queue.counts()).queued ?? 0).toBe(queued ? owners.length : 0)
  })
})
