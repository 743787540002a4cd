import { type Kysely, sql } from 'kysely'
import { type Dialect, writeTransaction } from '../db/dialect.js'
import type { Database, JobRow } from '../db/schema.js'
import type { Job, JobKind, JobPayloads } from './job.js'
import { isScheduledJob, SCHEDULED_JOBS, type ScheduledJobKind } from './kinds.js'

export type { Job, JobKind, JobLane, JobPayloads } from './job.js'

const scheduleKey = (kind: ScheduledJobKind) => `schedule:${kind}`

interface EnqueueOptions {
  dedupeKey?: string
  maxAttempts?: number
  runAfter?: number
  /** The channel the job works for: its batch jobs share the worker's slots with other channels'. */
  channelId?: number
}

/** Seconds to wait before the next attempt: 10 s, 40 s, 90 s … capped at 15 minutes. */
export const retryDelayMs = (attempts: number) => Math.min(15 * 60_000, 10_000 * attempts * attempts)

/**
 * The durable job queue, in the main database (design §1): jobs survive a restart; a claimed job
 * carries a lease, and a worker that dies lets its lease run out so another claims the job again.
 * On PostgreSQL several workers claim with `FOR UPDATE SKIP LOCKED`; on SQLite the claim runs in a
 * `BEGIN IMMEDIATE` transaction, which serialises claims.
 */
export class JobQueue {
  private readonly listeners = new Set<() => void>()

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Calls `fn` when a job is enqueued by this process (the worker wakes at once instead of at its next poll). */
  onEnqueue(fn: () => void) {
    this.listeners.add(fn)
    return () => this.listeners.delete(fn)
  }

  /**
   * Adds a job. With a `dedupeKey`, a queued or running job with the same key is returned instead
   * of a second one.
   */
  async enqueue<K extends JobKind>(kind: K, payload: JobPayloads[K], opts: EnqueueOptions = {}): Promise<number> {
    const id = await writeTransaction(this.db, this.dialect, (trx) => this.insert(trx, kind, payload, opts))
    for (const fn of this.listeners) fn()
    return id
  }

  /**
   * The first run of a scheduled job (a worker starting), unless one is already queued or running;
   * from then on each run enqueues the next.
   */
  schedule(kind: ScheduledJobKind, opts: { runAfter?: number } = {}) {
    return this.enqueue(kind, {}, { dedupeKey: scheduleKey(kind), maxAttempts: 1, ...opts })
  }

  private async insert<K extends JobKind>(
    trx: Kysely<Database>,
    kind: K,
    payload: JobPayloads[K],
    opts: EnqueueOptions,
  ): Promise<number> {
    const now = this.clock()
    if (opts.dedupeKey) {
      // Two processes enqueueing the same key at once: on PostgreSQL the second waits for the first.
      if (this.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${opts.dedupeKey}))`.execute(trx)
      const existing = await trx
        .selectFrom('jobs')
        .select('id')
        .where('dedupe_key', '=', opts.dedupeKey)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirst()
      if (existing) return existing.id
    }
    const row = await trx
      .insertInto('jobs')
      .values({
        kind,
        payload: JSON.stringify(payload),
        status: 'queued',
        dedupe_key: opts.dedupeKey ?? null,
        attempts: 0,
        max_attempts: opts.maxAttempts ?? 3,
        run_after: opts.runAfter ?? now,
        locked_by: null,
        locked_until: null,
        progress: 0,
        error: null,
        created_at: now,
        updated_at: now,
        channel_id: opts.channelId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  /** The next run of a scheduled job that just ended: its period later, or at `runBy` when that is sooner. */
  private async scheduleNext(trx: Kysely<Database>, kind: string, runBy?: number) {
    if (!isScheduledJob(kind)) return
    const runAfter = Math.min(this.clock() + SCHEDULED_JOBS[kind].everyMs, runBy ?? Number.POSITIVE_INFINITY)
    await this.insert(trx, kind, {}, { dedupeKey: scheduleKey(kind), maxAttempts: 1, runAfter })
  }

  /**
   * Brings the queued run of a scheduled job forward to `at` when it is due later (something it settles
   * changed sooner than its period); a run under way enqueues its next one as it ends.
   */
  async runScheduledBy(kind: ScheduledJobKind, at: number) {
    await this.db
      .updateTable('jobs')
      .set({ run_after: at, updated_at: this.clock() })
      .where('dedupe_key', '=', scheduleKey(kind))
      .where('status', '=', 'queued')
      .where('run_after', '>', at)
      .execute()
    for (const fn of this.listeners) fn()
  }

  /**
   * Milliseconds until the next queued job of `kinds` that is not due yet comes due, or null when none
   * waits (the worker wakes then, rather than at its next poll).
   */
  async untilNextRun(kinds: readonly JobKind[]): Promise<number | null> {
    if (kinds.length === 0) return null
    const now = this.clock()
    const row = await this.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.min('run_after').as('at'))
      .where('status', '=', 'queued')
      .where('kind', 'in', kinds as JobKind[])
      .where('run_after', '>', now)
      .executeTakeFirst()
    return row?.at == null ? null : Number(row.at) - now
  }

  /**
   * The oldest due job of `kinds`, now leased to `workerId` for `leaseMs`. Jobs whose lease ran out
   * (their worker died) are due again. `notForChannels`: channels whose jobs are passed over (they
   * hold their share of the worker's slots already); a job of no channel is never passed over.
   */
  async claim(
    workerId: string,
    kinds: readonly JobKind[],
    leaseMs: number,
    onlyId?: number,
    notForChannels: readonly number[] = [],
  ): Promise<Job | null> {
    const now = this.clock()
    const due = (db: Kysely<Database>) =>
      db
        .selectFrom('jobs')
        .select('id')
        .where('kind', 'in', kinds as JobKind[])
        .$if(onlyId !== undefined, (q) => q.where('id', '=', onlyId as number))
        .$if(notForChannels.length > 0, (q) =>
          q.where((eb) => eb.or([eb('channel_id', 'is', null), eb('channel_id', 'not in', [...notForChannels])])),
        )
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', now)]),
            eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
          ]),
        )
        .orderBy('run_after')
        .orderBy('id')
        .limit(1)
    const take = async (trx: Kysely<Database>, id: number) =>
      trx
        .updateTable('jobs')
        .set((eb) => ({
          status: 'running',
          locked_by: workerId,
          locked_until: now + leaseMs,
          attempts: eb('attempts', '+', 1),
          updated_at: now,
        }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()

    const row: JobRow | null =
      this.dialect === 'postgres'
        ? await this.db.transaction().execute(async (trx) => {
            const found = await due(trx).forUpdate().skipLocked().executeTakeFirst()
            return found ? take(trx, found.id) : null
          })
        : await writeTransaction(this.db, this.dialect, async (trx) => {
            const found = await due(trx).executeTakeFirst()
            return found ? take(trx, found.id) : null
          })
    if (!row) return null
    return {
      id: row.id,
      kind: row.kind as JobKind,
      payload: JSON.parse(row.payload),
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
      channelId: row.channel_id ?? null,
    }
  }

  /** Progress (0–100), which also renews the lease: a job that reports progress is alive. */
  async progress(id: number, workerId: string, progress: number, leaseMs: number) {
    const now = this.clock()
    await this.db
      .updateTable('jobs')
      .set({ progress: Math.round(progress), locked_until: now + leaseMs, updated_at: now })
      .where('id', '=', id)
      .where('locked_by', '=', workerId)
      .execute()
  }

  /** The job is done; a scheduled one's next run is queued, at `runBy` if that is sooner than its period. */
  async complete(id: number, workerId: string, runBy?: number) {
    const now = this.clock()
    await writeTransaction(this.db, this.dialect, async (trx) => {
      const done = await trx
        .updateTable('jobs')
        .set({ status: 'done', progress: 100, locked_by: null, locked_until: null, error: null, updated_at: now })
        .where('id', '=', id)
        .where('locked_by', '=', workerId)
        .returning('kind')
        .executeTakeFirst()
      if (done) await this.scheduleNext(trx, done.kind, runBy)
    })
  }

  /**
   * A failed attempt: queued again after a back-off while attempts remain (and `retry` allows),
   * else failed for good. Returns whether it will run again.
   */
  async fail(job: Job, workerId: string, error: string, retry = true): Promise<boolean> {
    const now = this.clock()
    const again = retry && job.attempts < job.maxAttempts
    await writeTransaction(this.db, this.dialect, async (trx) => {
      const failed = await trx
        .updateTable('jobs')
        .set({
          status: again ? 'queued' : 'failed',
          run_after: again ? now + retryDelayMs(job.attempts) : now,
          locked_by: null,
          locked_until: null,
          error: error.slice(0, 2000),
          updated_at: now,
        })
        .where('id', '=', job.id)
        .where('locked_by', '=', workerId)
        .returning('kind')
        .executeTakeFirst()
      if (failed && !again) await this.scheduleNext(trx, failed.kind)
    })
    return again
  }

  /** Jobs due now or running (a scheduled job waiting for its time is neither): the worker is idle at 0. */
  async dueOrRunning() {
    const now = this.clock()
    const row = await this.db
      .selectFrom('jobs')
      .select(sql<number>`count(*)`.as('n'))
      .where((eb) =>
        eb.or([eb('status', '=', 'running'), eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', now)])]),
      )
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  /** A job by id, for progress in the API. */
  find(id: number) {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst()
  }

  /** The newest job with this dedupe key, whatever its state. */
  latestByKey(dedupeKey: string) {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('dedupe_key', '=', dedupeKey)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
  }

  /** Counts by status, for the CLI and the tests. */
  async counts() {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['status', sql<number>`count(*)`.as('n')])
      .groupBy('status')
      .execute()
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Partial<Record<JobRow['status'], number>>
  }
}
