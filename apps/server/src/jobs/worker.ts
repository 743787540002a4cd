import { hostname } from 'node:os'
import type { FastifyBaseLogger } from 'fastify'
import {
  type FailureHook,
  type Job,
  type JobContext,
  type JobHandler,
  type JobKind,
  type JobLane,
  PermanentJobError,
} from './job.js'
import { isScheduledJob, laneOf } from './kinds.js'
import type { JobQueue } from './queue.js'

export type { FailureHook, JobContext, JobHandler, JobHandlers } from './job.js'
export { chainFailureHooks, PermanentJobError } from './job.js'

/**
 * The worker role (design §1): claims jobs from the queue by lane (decision 0042) and renews each
 * job's lease while it reports progress. A stop cancels running jobs; their leases run out and the
 * next worker (or this one after a restart) takes them again.
 * - Urgent jobs (a clip, a download: someone waits) are claimed first and run in `urgentConcurrency`
 *   slots of their own, so they never wait behind an encode.
 * - Batch jobs (encodes) run in `concurrency` slots, and one channel holds at most all but one of
 *   them (at least one): another channel's upload always finds a slot within one encode's time.
 * - Scheduled jobs (short housekeeping: renewals, the temp sweep) run beside both.
 * The server's worker handles every kind (`JobHandlers`); the CLI's one-job worker only the kinds it
 * runs.
 */
export class Worker<K extends JobKind = JobKind> {
  readonly id = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`
  private readonly running = new Map<
    number,
    { abort: AbortController; done: Promise<void>; lane: JobLane; channelId: number | null }
  >()
  private timer: NodeJS.Timeout | null = null
  private stopped = true
  private polling = false
  private unsubscribe: (() => void) | null = null

  constructor(
    private readonly opts: {
      queue: JobQueue
      handlers: { [P in K]: JobHandler<P> }
      /** Batch slots (encodes). */
      concurrency: number
      /** Urgent slots (clips, downloads); `concurrency` by default. */
      urgentConcurrency?: number
      log: FastifyBaseLogger
      onFailure?: FailureHook
      leaseMs?: number
      /**
       * The lease of an urgent job, renewed while its handler runs: short, so a job whose worker died
       * (someone waits for it) is taken again within seconds, not after a batch job's lease.
       */
      urgentLeaseMs?: number
      pollMs?: number
      /** Run only this job (the CLI encoding one import itself). */
      onlyJobId?: number
    },
  ) {}

  private get leaseMs() {
    return this.opts.leaseMs ?? 120_000
  }

  private get urgentLeaseMs() {
    return this.opts.urgentLeaseMs ?? 15_000
  }

  start() {
    if (!this.stopped) return
    this.stopped = false
    this.unsubscribe = this.opts.queue.onEnqueue(() => void this.poll())
    void this.poll()
  }

  /** Cancels running jobs and waits for their handlers to return. */
  async stop() {
    this.stopped = true
    this.unsubscribe?.()
    if (this.timer) clearTimeout(this.timer)
    for (const r of this.running.values()) r.abort.abort(new Error('worker stopping'))
    await Promise.allSettled([...this.running.values()].map((r) => r.done))
  }

  /** Resolves once no job is running and none is due (for tests and the CLI). */
  async idle(timeoutMs = 120_000) {
    const until = Date.now() + timeoutMs
    while (Date.now() < until) {
      if (this.running.size === 0 && !this.polling && (await this.opts.queue.dueOrRunning()) === 0) return
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error('jobs still running')
  }

  private async poll() {
    if (this.stopped || this.polling) return
    this.polling = true
    if (this.timer) clearTimeout(this.timer)
    try {
      const kinds = Object.keys(this.opts.handlers) as JobKind[]
      const lane = (l: JobLane) => kinds.filter((k) => laneOf(k) === l)
      const [urgent, batch, scheduled] = [lane('urgent'), lane('batch'), lane('scheduled')]
      const urgentSlots = this.opts.urgentConcurrency ?? this.opts.concurrency
      while (!this.stopped) {
        // What someone waits for first, in its own slots; then encodes and housekeeping.
        let job =
          urgent.length > 0 && this.busy('urgent') < urgentSlots
            ? await this.opts.queue.claim(this.id, urgent, this.urgentLeaseMs, this.opts.onlyJobId)
            : null
        if (!job) {
          const among = [...(this.busy('batch') < this.opts.concurrency ? batch : []), ...scheduled]
          if (among.length === 0) break
          job = await this.opts.queue.claim(this.id, among, this.leaseMs, this.opts.onlyJobId, this.fullChannels())
        }
        if (!job) break
        this.run(job)
      }
    } catch (error) {
      this.opts.log.error({ err: error }, 'job claim failed')
    } finally {
      // The wait is read while this poll still holds `polling`, so a poll started meanwhile (a new
      // job's wake-up) cannot set a timer that this one then overwrites: one timer chain at a time.
      const wait = this.stopped ? 0 : await this.untilNextPoll()
      this.polling = false
      if (this.timer) clearTimeout(this.timer)
      if (!this.stopped) this.timer = setTimeout(() => void this.poll(), wait)
    }
  }

  /** The poll interval, or less when a queued job (a premiere's settling) is due sooner. */
  private async untilNextPoll() {
    const pollMs = this.opts.pollMs ?? 1000
    const kinds = Object.keys(this.opts.handlers) as JobKind[]
    const wait = await this.opts.queue.untilNextRun(kinds).catch(() => null)
    return wait === null ? pollMs : Math.min(pollMs, wait + 1)
  }

  /** Running jobs of a lane. */
  private busy(lane: JobLane) {
    let n = 0
    for (const r of this.running.values()) if (r.lane === lane) n++
    return n
  }

  /** Channels that hold their share of the batch slots: all but one of them, and at least one. */
  private fullChannels(): number[] {
    const share = Math.max(1, this.opts.concurrency - 1)
    const held = new Map<number, number>()
    for (const r of this.running.values()) {
      if (r.lane === 'batch' && r.channelId !== null) held.set(r.channelId, (held.get(r.channelId) ?? 0) + 1)
    }
    return [...held].filter(([, n]) => n >= share).map(([id]) => id)
  }

  private run(job: Job) {
    const abort = new AbortController()
    const handler = this.opts.handlers[job.kind as K] as (job: Job, ctx: JobContext) => ReturnType<JobHandler<K>>
    let lastReport = 0
    let lastPercent = 0
    const urgent = laneOf(job.kind) === 'urgent'
    const leaseMs = urgent ? this.urgentLeaseMs : this.leaseMs
    const ctx: JobContext = {
      signal: abort.signal,
      progress: (percent) => {
        lastPercent = percent
        const now = Date.now()
        if (now - lastReport < 1000 && percent < 100) return
        lastReport = now
        this.opts.queue.progress(job.id, this.id, percent, leaseMs).catch(() => {})
      },
    }
    // An urgent job's short lease is renewed while it runs, whether or not it reports progress.
    const heartbeat = urgent
      ? setInterval(
          () => void this.opts.queue.progress(job.id, this.id, lastPercent, leaseMs).catch(() => {}),
          leaseMs / 3,
        )
      : undefined
    const done = (async () => {
      const log = this.opts.log.child({ job: job.id, kind: job.kind, attempt: job.attempts })
      try {
        // Scheduled housekeeping runs every minute: its comings and goings only at debug level.
        const level = isScheduledJob(job.kind) ? 'debug' : 'info'
        log[level]('job started')
        const runBy = await handler(job, ctx)
        await this.opts.queue.complete(job.id, this.id, typeof runBy === 'number' ? runBy : undefined)
        log[level]('job done')
      } catch (error) {
        const err = error instanceof Error ? error : new Error(String(error))
        if (this.stopped) {
          log.info('job interrupted by shutdown; it runs again after its lease')
          return
        }
        const retry = !(err instanceof PermanentJobError)
        const again = await this.opts.queue.fail(job, this.id, err.message, retry).catch(() => false)
        log.warn({ err, willRetry: again }, 'job failed')
        await this.opts.onFailure?.(job, err, again).catch((e) => log.error({ err: e }, 'failure hook failed'))
      } finally {
        clearInterval(heartbeat)
        this.running.delete(job.id)
        if (!this.stopped) void this.poll()
      }
    })()
    this.running.set(job.id, { abort, done, lane: laneOf(job.kind), channelId: job.channelId })
  }
}
