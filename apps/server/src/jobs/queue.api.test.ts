import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, testDatabases } from '../test/context.js'
import { SCHEDULED_JOBS } from './kinds.js'
import { JobQueue, retryDelayMs } from './queue.js'
import { PermanentJobError, Worker } from './worker.js'

const silent = { info() {}, warn() {}, error() {}, child: () => silent } as never

/** The durable queue on a real database: what survives, what is retried, who gets which job. */
describe.each(testDatabases())('job queue on %s', (kind) => {
  let ctx: TestContext
  let now = 1_900_000_000_000
  let queue: JobQueue

  beforeAll(async () => {
    ctx = await createTestContext(kind)
  })
  afterAll(() => ctx.close())
  beforeEach(async () => {
    await ctx.db.kysely.deleteFrom('jobs').execute()
    queue = new JobQueue(ctx.db.kysely, ctx.db.dialect, () => now)
  })

  it('claims the oldest due job once, and a second enqueue with the same key joins the first', async () => {
    const a = await queue.enqueue('media.download', { assetId: 1 }, { dedupeKey: 'download:1' })
    expect(await queue.enqueue('media.download', { assetId: 1 }, { dedupeKey: 'download:1' })).toBe(a)
    const b = await queue.enqueue('media.download', { assetId: 2 })
    const first = await queue.claim('w1', ['media.download'], 60_000)
    expect(first).toMatchObject({ id: a, kind: 'media.download', payload: { assetId: 1 }, attempts: 1 })
    expect((await queue.claim('w2', ['media.download'], 60_000))?.id).toBe(b)
    expect(await queue.claim('w3', ['media.download'], 60_000)).toBeNull()
  })

  it('a job whose worker died (lease ran out) is claimed again', async () => {
    const id = await queue.enqueue('media.download', { assetId: 3 })
    await queue.claim('dead', ['media.download'], 1000)
    expect(await queue.claim('w1', ['media.download'], 1000)).toBeNull()
    now += 1001
    const again = await queue.claim('w1', ['media.download'], 1000)
    expect(again).toMatchObject({ id, attempts: 2 })
    // The dead worker can no longer write over it.
    await queue.complete(id, 'dead')
    expect((await queue.find(id))?.status).toBe('running')
  })

  it('an urgent job holds a short lease, renewed while it runs, so no other worker takes it from a live one', async () => {
    const clock = () => Date.now()
    const real = new JobQueue(ctx.db.kysely, ctx.db.dialect, clock)
    let release: () => void = () => {}
    const running = new Promise<void>((r) => {
      release = r
    })
    const started: number[] = []
    const worker = new Worker({
      queue: real,
      handlers: {
        'alerts.send': async (job: { attempts: number }) => {
          started.push(job.attempts)
          await running
        },
      } as never,
      concurrency: 1,
      log: silent,
      urgentLeaseMs: 600,
      pollMs: 50,
    })
    const id = await real.enqueue('alerts.send', { eventId: 1, ids: [1] })
    worker.start()
    try {
      while (started.length === 0) await new Promise((r) => setTimeout(r, 20))
      const leased = Number((await real.find(id))?.locked_until) - Date.now()
      expect(leased).toBeLessThanOrEqual(600)
      // Three leases later it is still this worker's: the heartbeat renewed it.
      await new Promise((r) => setTimeout(r, 1800))
      expect(await real.claim('other', ['alerts.send'], 600)).toBeNull()
      release()
      await worker.idle(5_000)
      expect((await real.find(id))?.status).toBe('done')
    } finally {
      release()
      await worker.stop()
    }
  })

  it('retries with a growing back-off, then fails for good with the reason', async () => {
    const id = await queue.enqueue('media.download', { assetId: 4 }, { maxAttempts: 2 })
    const one = await queue.claim('w', ['media.download'], 60_000)
    expect(await queue.fail(one as never, 'w', 'disk full')).toBe(true)
    expect(await queue.claim('w', ['media.download'], 60_000)).toBeNull()
    now += retryDelayMs(1)
    const two = await queue.claim('w', ['media.download'], 60_000)
    expect(two?.attempts).toBe(2)
    expect(await queue.fail(two as never, 'w', 'disk still full')).toBe(false)
    expect(await queue.find(id)).toMatchObject({ status: 'failed', error: 'disk still full' })
  })

  it('a scheduled job runs once at a time, and each run, done or failed, queues the next', async () => {
    const first = await queue.schedule('payments.renew')
    expect(await queue.schedule('payments.renew')).toBe(first)
    const run = await queue.claim('w', ['payments.renew'], 60_000)
    expect(run).toMatchObject({ id: first, maxAttempts: 1 })
    // While it runs, a worker starting enqueues no second run.
    expect(await queue.schedule('payments.renew')).toBe(first)
    await queue.complete(first, 'w')
    const next = await queue.latestByKey('schedule:payments.renew')
    expect(next).toMatchObject({ status: 'queued', run_after: now + SCHEDULED_JOBS['payments.renew'].everyMs })
    // Waiting for its time, it is not due: an idle worker stays idle.
    expect(await queue.dueOrRunning()).toBe(0)
    expect(await queue.claim('w', ['payments.renew'], 60_000)).toBeNull()

    now += SCHEDULED_JOBS['payments.renew'].everyMs
    expect(await queue.dueOrRunning()).toBe(1)
    const second = await queue.claim('w', ['payments.renew'], 60_000)
    expect(await queue.fail(second as never, 'w', 'database away')).toBe(false)
    expect(await queue.find(next?.id as number)).toMatchObject({ status: 'failed', error: 'database away' })
    expect(await queue.latestByKey('schedule:payments.renew')).toMatchObject({
      status: 'queued',
      run_after: now + SCHEDULED_JOBS['payments.renew'].everyMs,
    })
    expect(await queue.counts()).toEqual({ done: 1, failed: 1, queued: 1 })
  })

  it('a scheduled run that answers a sooner time queues the next then; a queued run is brought forward, never put back', async () => {
    const { everyMs } = SCHEDULED_JOBS['premieres.settle']
    const first = await queue.schedule('premieres.settle')
    await queue.claim('w', ['premieres.settle'], 60_000)
    await queue.complete(first, 'w', now + 4_000)
    const next = await queue.latestByKey('schedule:premieres.settle')
    expect(next).toMatchObject({ status: 'queued', run_after: now + 4_000 })
    expect(await queue.untilNextRun(['premieres.settle'])).toBe(4_000)
    await queue.runScheduledBy('premieres.settle', now + 1_500)
    expect(await queue.find(next?.id as number)).toMatchObject({ run_after: now + 1_500 })
    await queue.runScheduledBy('premieres.settle', now + 3_000)
    expect(await queue.find(next?.id as number)).toMatchObject({ run_after: now + 1_500 })
    now += 1_500
    expect(await queue.untilNextRun(['premieres.settle'])).toBeNull()
    const run = await queue.claim('w', ['premieres.settle'], 60_000)
    // An answer later than its period: the period wins.
    await queue.complete(run?.id as number, 'w', now + everyMs * 10)
    expect(await queue.latestByKey('schedule:premieres.settle')).toMatchObject({ run_after: now + everyMs })
  })

  it('concurrent claimers never share a job', async () => {
    for (let i = 0; i < 30; i++) await queue.enqueue('media.download', { assetId: 100 + i })
    const claimed: number[] = []
    await Promise.all(
      ['a', 'b', 'c', 'd'].map(async (w) => {
        for (;;) {
          const job = await queue.claim(w, ['media.download'], 60_000)
          if (!job) return
          claimed.push(job.id)
        }
      }),
    )
    expect(claimed).toHaveLength(30)
    expect(new Set(claimed).size).toBe(30)
  })

  it('the worker runs jobs, records progress, and gives up at once on a permanent failure', async () => {
    const real = new JobQueue(ctx.db.kysely, ctx.db.dialect)
    const seen: number[] = []
    const failures: string[] = []
    const worker = new Worker({
      queue: real,
      concurrency: 2,
      log: silent,
      pollMs: 50,
      handlers: {
        'media.download': async (job, jobCtx) => {
          if (job.payload.assetId === 13) throw new PermanentJobError('the recording is gone')
          jobCtx.progress(100)
          seen.push(job.payload.assetId)
        },
      },
      onFailure: async (_job, error, willRetry) => {
        failures.push(`${error.message}:${willRetry}`)
      },
    })
    worker.start()
    const ok = await real.enqueue('media.download', { assetId: 12 })
    const bad = await real.enqueue('media.download', { assetId: 13 })
    await worker.idle(10_000).catch(() => {})
    await worker.stop()
    expect(seen).toEqual([12])
    expect(await real.find(ok)).toMatchObject({ status: 'done', progress: 100 })
    expect(await real.find(bad)).toMatchObject({ status: 'failed', attempts: 1, error: 'the recording is gone' })
    expect(failures).toEqual(['the recording is gone:false'])
  })

  /** A worker whose handlers hold each job until the test lets it go, recording what runs at once. */
  const heldWorker = (concurrency: number) => {
    const real = new JobQueue(ctx.db.kysely, ctx.db.dialect)
    const running = new Map<number, { kind: string; channel: number | null; release: () => void }>()
    const started: string[] = []
    const hold = async (job: { id: number; kind: string; channelId: number | null }, signal: AbortSignal) => {
      started.push(`${job.kind}:${job.channelId ?? '-'}`)
      await new Promise<void>((resolve) => {
        running.set(job.id, { kind: job.kind, channel: job.channelId, release: resolve })
        signal.addEventListener('abort', () => resolve(), { once: true })
      })
      running.delete(job.id)
    }
    const worker = new Worker({
      queue: real,
      concurrency,
      log: silent,
      pollMs: 20,
      handlers: {
        'media.transcode': (job, c) => hold(job, c.signal),
        'clips.cut': (job, c) => hold(job, c.signal),
      },
    })
    const settle = () => new Promise((r) => setTimeout(r, 300))
    return { real, worker, running, started, settle }
  }
  const transcode = (q: JobQueue, assetId: number, channelId: number) =>
    q.enqueue('media.transcode', { assetId, source: `/nowhere/${assetId}`, deleteSource: false }, { channelId })

  it('a clip runs at once while encodes hold every batch slot', async () => {
    const { real, worker, running, started, settle } = heldWorker(2)
    await transcode(real, 1, 1)
    await transcode(real, 2, 2)
    await transcode(real, 3, 3)
    worker.start()
    await settle()
    expect([...running.values()].map((r) => r.kind)).toEqual(['media.transcode', 'media.transcode'])
    await real.enqueue('clips.cut', { clipId: 9, playlist: 'assets/1/720p/index.m3u8', startSec: 0, durationSec: 5 })
    await settle()
    expect([...running.values()].filter((r) => r.kind === 'clips.cut')).toHaveLength(1)
    // Ahead of the encode that was waiting first.
    expect(started).toEqual(['media.transcode:1', 'media.transcode:2', 'clips.cut:-'])
    await worker.stop()
  })

  it('one channel’s uploads hold all but one of the batch slots: another channel’s upload starts at once', async () => {
    const { real, worker, running, settle } = heldWorker(3)
    for (let i = 0; i < 5; i++) await transcode(real, 10 + i, 1)
    worker.start()
    await settle()
    // Three slots, the channel alone: it holds two, the third stays free for someone else.
    expect([...running.values()].map((r) => r.channel)).toEqual([1, 1])
    await transcode(real, 20, 2)
    await settle()
    expect([...running.values()].map((r) => r.channel).sort()).toEqual([1, 1, 2])
    // One of channel 1's ends: its next one takes the slot.
    const first = [...running.entries()].find(([, r]) => r.channel === 1)!
    first[1].release()
    await settle()
    expect([...running.values()].map((r) => r.channel).sort()).toEqual([1, 1, 2])
    await worker.stop()
  })

  it('on a two-core worker, each channel encodes one upload at a time while another waits', async () => {
    const { real, worker, running, settle } = heldWorker(2)
    for (let i = 0; i < 3; i++) await transcode(real, 30 + i, 1)
    await transcode(real, 40, 2)
    worker.start()
    await settle()
    expect([...running.values()].map((r) => r.channel).sort()).toEqual([1, 2])
    await worker.stop()
  })
})
