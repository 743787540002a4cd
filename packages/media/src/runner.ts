import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import { binaryEnv, resolveFfmpeg } from './binaries.js'
import { type CheckInputsOptions, checkInputs } from './inputs.js'
import { confine, type SandboxPaths } from './sandbox.js'

export { type CheckInputsOptions, checkInputs, FfmpegInputError } from './inputs.js'

/** How much of ffmpeg's stderr an error keeps. */
const STDERR_TAIL_BYTES = 4096
const DEFAULT_KILL_GRACE_MS = 3000

// ---------------------------------------------------------------------------------------------------------
// Progress

/** One `-progress` report. */
export interface FfmpegProgress {
  /** Seconds of output written so far. */
  outTimeSec: number
  /** 0–100 when the expected duration is known, else null. */
  percent: number | null
  /** Encoding speed as a multiple of real time (2.5 = 2.5×), null when ffmpeg does not know yet. */
  speed: number | null
  /** ffmpeg's last report (`progress=end`). */
  done: boolean
  /** Frames ffmpeg dropped so far (`drop_frames`), when it says. */
  droppedFrames?: number
}

function parseClock(value: string): number | undefined {
  const m = /^(-)?(\d+):(\d+):(\d+(?:\.\d+)?)$/.exec(value.trim())
  if (!m) return undefined
  const sec = Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4])
  return m[1] ? -sec : sec
}

/**
 * A parser for ffmpeg's `-progress pipe:1` stream (blocks of `key=value` lines, each ending with
 * `progress=continue|end`). Feed it chunks as they arrive; it returns the reports completed by each chunk.
 * The output time is read from `out_time_us`, else `out_time_ms` (which ffmpeg also writes in
 * microseconds), else `out_time`; negative or missing times count as 0 and the time never goes back.
 */
export function createProgressParser(durationSec?: number | null): (chunk: string) => FfmpegProgress[] {
  let buffer = ''
  let fields: Record<string, string> = {}
  let lastTime = 0
  return (chunk) => {
    buffer += chunk
    const lines = buffer.split(/\r?\n/)
    buffer = lines.pop() ?? ''
    const events: FfmpegProgress[] = []
    for (const line of lines) {
      const eq = line.indexOf('=')
      if (eq <= 0) continue
      const key = line.slice(0, eq).trim()
      const value = line.slice(eq + 1).trim()
      if (key !== 'progress') {
        fields[key] = value
        continue
      }
      const micros = [fields.out_time_us, fields.out_time_ms].map(Number).find((n) => Number.isFinite(n))
      const time = micros !== undefined ? micros / 1e6 : fields.out_time ? parseClock(fields.out_time) : undefined
      if (time !== undefined && time > lastTime) lastTime = time
      const speedMatch = /^(\d+(?:\.\d+)?)x$/.exec(fields.speed ?? '')
      const done = value === 'end'
      let percent: number | null = null
      if (durationSec && durationSec > 0) {
        percent = done ? 100 : Math.min(100, Math.max(0, (lastTime / durationSec) * 100))
      }
      const dropped = Number(fields.drop_frames)
      events.push({
        outTimeSec: lastTime,
        percent,
        speed: speedMatch ? Number(speedMatch[1]) : null,
        done,
        ...(fields.drop_frames !== undefined && Number.isFinite(dropped) ? { droppedFrames: dropped } : {}),
      })
      fields = {}
    }
    return events
  }
}

// ---------------------------------------------------------------------------------------------------------
// Concurrency

/** A counting semaphore whose waits can be abandoned through an AbortSignal. */
export class Semaphore {
  #limit: number
  #active = 0
  #queue: { grant: () => void; reject: (e: unknown) => void }[] = []

  constructor(limit: number) {
    this.#limit = Semaphore.#check(limit)
  }

  static #check(limit: number): number {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`concurrency must be a positive integer: ${limit}`)
    return limit
  }

  get limit(): number {
    return this.#limit
  }
  get active(): number {
    return this.#active
  }
  get waiting(): number {
    return this.#queue.length
  }

  /** Changes the limit; waiters start at once if the limit grew. */
  setLimit(limit: number): void {
    this.#limit = Semaphore.#check(limit)
    this.#drain()
  }

  /** Waits for a slot; resolves to the function that gives it back (call it exactly once). */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason)
    return new Promise((resolve, reject) => {
      let released = false
      const release = () => {
        if (released) return
        released = true
        this.#active--
        this.#drain()
      }
      const onAbort = () => {
        const i = this.#queue.indexOf(entry)
        if (i >= 0) this.#queue.splice(i, 1)
        reject(signal?.reason)
      }
      const entry = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort)
          this.#active++
          resolve(release)
        },
        reject,
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      this.#queue.push(entry)
      this.#drain()
    })
  }

  #drain(): void {
    while (this.#active < this.#limit && this.#queue.length > 0) this.#queue.shift()!.grant()
  }
}

/** Process-wide limit on concurrent encodes (design §8: at most one encode per core). */
export const encodeSlots = new Semaphore(Math.max(1, os.availableParallelism()))

/**
 * The slots of work a person is waiting for (a clip's edges, decision 0042): their own, so it never
 * waits behind batch encodes, and as many as there are cores.
 */
export const urgentSlots = new Semaphore(Math.max(1, os.availableParallelism()))

/**
 * Which work a run is: `batch` (VOD ladders, posters, downloads) takes an encode slot and runs at
 * `BATCH_NICENESS`; `urgent` (a clip someone waits for) takes one of its own slots and runs at
 * `URGENT_NICENESS`, so on a busy machine the kernel gives it the cores before any batch encode.
 */
export type FfmpegLane = 'batch' | 'urgent'

/** Sets how many encodes may run at once in this process. */
export function setEncodeConcurrency(n: number): void {
  encodeSlots.setLimit(n)
}

// ---------------------------------------------------------------------------------------------------------
// Running ffmpeg

/**
 * The wall-clock limit of a run whose output lasts `durationSec`: twenty times real time, and never
 * under two minutes — far beyond any healthy encode on one core, short enough that a stuck process
 * frees its slot and its job fails with a reason instead of hanging the worker.
 */
export const wallClockLimitMs = (durationSec: number | null | undefined) =>
  Math.max(120_000, Math.ceil((durationSec ?? 0) * 20_000))

export type FfmpegFailure = 'failed' | 'cancelled' | 'timeout'

/** An ffmpeg run that did not succeed: why, how it ended, and the end of what it wrote to stderr. */
export class FfmpegError extends Error {
  override name = 'FfmpegError'
  constructor(
    message: string,
    readonly reason: FfmpegFailure,
    readonly exitCode: number | null,
    readonly signal: NodeJS.Signals | null,
    readonly stderrTail: string,
  ) {
    super(message)
  }
}

export interface RunFfmpegOptions extends CheckInputsOptions {
  onProgress?: (progress: FfmpegProgress) => void
  /** Cancels the run: the process gets SIGTERM, then SIGKILL after `killGraceMs`; rejects with 'cancelled'. */
  signal?: AbortSignal
  /** Wall-clock limit from the start of the process; rejects with 'timeout'. */
  timeoutMs?: number
  /** Expected output duration, for `percent` in progress reports. */
  durationSec?: number | null
  /** Take a slot of the lane's while running (default); live ingest passes false. */
  useSlot?: boolean
  /** `batch` by default; see `FfmpegLane`. */
  lane?: FfmpegLane
  cwd?: string
  /** Between SIGTERM and SIGKILL; 3 s by default. */
  killGraceMs?: number
  /** The ffmpeg binary; `resolveFfmpeg()` by default. */
  binary?: string
  /** Called with the process id once it has started. */
  onSpawn?: (pid: number) => void
  /**
   * Scheduling niceness of the process and all its threads (0–19). Batch work that takes an encode
   * slot runs at 10 by default, so the API and live ingest on the same cores keep their latency;
   * work without a slot (live) at 0.
   */
  niceness?: number
  /**
   * Confine the run to these paths (docs/security.md, "Uploads and ffmpeg"): every run that reads a
   * file someone uploaded names its input (read) and its work folder (write).
   */
  sandbox?: SandboxPaths
}

export interface FfmpegResult {
  stderrTail: string
  /** True when the run ended because `stop()` was called. */
  stopped: boolean
}

/** A running ffmpeg (`spawnFfmpeg`). */
export interface FfmpegProcess {
  /**
   * Settles when the process has exited: resolves on exit code 0 or after `stop()`, rejects with
   * `FfmpegError` on failure, cancellation (signal) or timeout.
   */
  done: Promise<FfmpegResult>
  /** Ends the process gracefully (SIGTERM lets ffmpeg finish its files; SIGKILL after the grace); resolves on exit. */
  stop(): Promise<void>
  /** The process id once started. */
  readonly pid: number | undefined
}

type EndReason = 'stop' | 'cancel' | 'timeout'

/**
 * Niceness of batch encodes (posters, thumbnails, VOD ladders), see `RunFfmpegOptions.niceness`: the
 * API, live ingest and urgent work on the same cores take what they need first.
 */
export const BATCH_NICENESS = 10
/** Niceness of urgent work: ahead of batch encodes, behind live ingest and the API (0). */
export const URGENT_NICENESS = 5
const NICE = ['/usr/bin/nice', '/bin/nice'].find((p) => fs.existsSync(p))

// ---------------------------------------------------------------------------------------------------------
// Batch encodes yield to urgent work

/** The longest batch encodes stay paused in one go, however much urgent work follows (no starvation). */
export const MAX_BATCH_PAUSE_MS = 15_000

/**
 * Batch encodes pause (SIGSTOP) while urgent work runs in this process, and go on (SIGCONT) when it
 * ends or after `MAX_BATCH_PAUSE_MS`: a clip cut while two encodes hold the cores gets them all, as on
 * an idle machine. A paused encode loses only the time it waited; its wall-clock limit is far away.
 */
const batchYield = (() => {
  const batch = new Set<ChildProcess>()
  let urgent = 0
  let paused = false
  let timer: NodeJS.Timeout | undefined
  let waiters: (() => void)[] = []

  /** A process and its descendants (a sandboxed ffmpeg runs under bwrap), from /proc. */
  const treeOf = (pid: number): number[] => {
    const parents = new Map<number, number[]>()
    try {
      for (const name of fs.readdirSync('/proc')) {
        if (!/^\d+$/.test(name)) continue
        try {
          const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8')
          const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
          parents.set(ppid, [...(parents.get(ppid) ?? []), Number(name)])
        } catch {}
      }
    } catch {
      return [pid]
    }
    const out = [pid]
    for (let i = 0; i < out.length; i++) out.push(...(parents.get(out[i]!) ?? []))
    return out
  }
  const signalAll = (sig: NodeJS.Signals) => {
    for (const proc of batch) {
      if (proc.pid === undefined || proc.exitCode !== null || proc.signalCode !== null) continue
      for (const pid of treeOf(proc.pid)) {
        try {
          process.kill(pid, sig)
        } catch {}
      }
    }
  }
  const resume = () => {
    if (!paused) return
    paused = false
    clearTimeout(timer)
    signalAll('SIGCONT')
    for (const go of waiters) go()
    waiters = []
  }
  return {
    /** Resolves once batch work may start (not while it is paused). */
    mayStart: () => (paused ? new Promise<void>((go) => waiters.push(go)) : Promise.resolve()),
    batchStarted: (proc: ChildProcess) => batch.add(proc),
    batchEnded: (proc: ChildProcess) => batch.delete(proc),
    /** A batch process being ended: it must run to see its signal. */
    wake: (proc: ChildProcess) => {
      if (paused && proc.pid !== undefined) {
        for (const pid of treeOf(proc.pid)) {
          try {
            process.kill(pid, 'SIGCONT')
          } catch {}
        }
      }
    },
    urgentStarted: () => {
      urgent++
      if (urgent !== 1 || paused) return
      paused = true
      signalAll('SIGSTOP')
      timer = setTimeout(resume, MAX_BATCH_PAUSE_MS)
      timer.unref()
    },
    urgentEnded: () => {
      urgent = Math.max(0, urgent - 1)
      if (urgent === 0) resume()
    },
    get paused() {
      return paused
    },
  }
})()

/** Whether batch encodes are paused for urgent work now (tests). */
export const batchPaused = () => batchYield.paused

/**
 * Urgent work of several steps (a clip's probes, edges and mux) holds batch encodes paused from its
 * first step to its last, not only while one of its ffmpeg runs: returns what ends the hold (once).
 */
export function holdBatchForUrgent(): () => void {
  batchYield.urgentStarted()
  let held = true
  return () => {
    if (!held) return
    held = false
    batchYield.urgentEnded()
  }
}

function tailAppender(limit: number) {
  let tail = ''
  return {
    push(chunk: string) {
      tail = (tail + chunk).slice(-limit)
    },
    get value() {
      return tail
    },
  }
}

/**
 * Starts ffmpeg with an argument array (no shell; stdin closed, stdout/stderr piped) for long-running work
 * such as live ingest or a test feed, and returns a handle. The inputs are validated first
 * (`checkInputs`, throws `FfmpegInputError` synchronously); `-progress pipe:1` output is parsed into
 * `onProgress` reports. With `useSlot` (default) the process starts only once an encode slot is free.
 */
export function spawnFfmpeg(args: readonly string[], options: RunFfmpegOptions = {}): FfmpegProcess {
  checkInputs(args, options)
  const binary = options.binary ?? resolveFfmpeg()
  const graceMs = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS
  const control = new AbortController()
  let child: ChildProcess | undefined
  let endReason: EndReason | null = null
  let killTimer: NodeJS.Timeout | undefined

  const lane = options.lane ?? 'batch'
  const yields = lane === 'batch' && (options.useSlot ?? true)
  const end = (reason: EndReason) => {
    if (endReason) return
    endReason = reason
    if (!control.signal.aborted) control.abort(reason)
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      if (yields) batchYield.wake(child)
      killTimer = setTimeout(() => child?.kill('SIGKILL'), graceMs)
      killTimer.unref()
    }
  }
  const onExternalAbort = () => end('cancel')
  if (options.signal?.aborted) end('cancel')
  else options.signal?.addEventListener('abort', onExternalAbort, { once: true })

  const run = async (): Promise<FfmpegResult> => {
    let release = () => {}
    if (options.useSlot ?? true) {
      try {
        release = await (options.lane === 'urgent' ? urgentSlots : encodeSlots).acquire(control.signal)
      } catch {
        // Ended while waiting for a slot: nothing ever ran.
        if (endReason === 'stop') return { stderrTail: '', stopped: true }
        throw new FfmpegError('ffmpeg cancelled before it started', 'cancelled', null, null, '')
      }
    }
    try {
      if (yields) await batchYield.mayStart()
      if (endReason === 'stop') return { stderrTail: '', stopped: true }
      if (endReason) throw new FfmpegError('ffmpeg cancelled before it started', 'cancelled', null, null, '')
      return await new Promise<FfmpegResult>((resolve, reject) => {
        const stderr = tailAppender(STDERR_TAIL_BYTES)
        const parse = createProgressParser(options.durationSec)
        const niceness =
          options.niceness ??
          (options.lane === 'urgent' ? URGENT_NICENESS : (options.useSlot ?? true) ? BATCH_NICENESS : 0)
        // Through nice(1), so every thread ffmpeg starts inherits it (a later setpriority would reach
        // the main thread only); the process is ffmpeg itself (nice execs it): same pid, same signals.
        const argv = niceness > 0 && NICE ? [NICE, '-n', String(niceness), binary, ...args] : [binary, ...args]
        const env = binaryEnv(binary)
        const [command, commandArgs] = confine(argv, options.sandbox, binary, { GCONV_PATH: env.GCONV_PATH })
        const proc = spawn(command, commandArgs, {
          cwd: options.cwd,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
          shell: false,
          windowsHide: true,
        })
        child = proc
        let accounted = false
        const ended = () => {
          if (accounted) return
          accounted = true
          if (yields) batchYield.batchEnded(proc)
          else if (lane === 'urgent') batchYield.urgentEnded()
        }
        if (yields) batchYield.batchStarted(proc)
        else if (lane === 'urgent') batchYield.urgentStarted()
        let timer: NodeJS.Timeout | undefined
        if (options.timeoutMs !== undefined) timer = setTimeout(() => end('timeout'), options.timeoutMs)
        proc.stdout.setEncoding('utf8')
        proc.stderr.setEncoding('utf8')
        proc.stdout.on('data', (chunk: string) => {
          for (const progress of parse(chunk)) options.onProgress?.(progress)
        })
        proc.stderr.on('data', (chunk: string) => stderr.push(chunk))
        proc.on('error', (e) => {
          // Only a failure to start matters here (ENOENT, EACCES); a failed kill() is not an error of the run.
          if (proc.pid !== undefined) return
          clearTimeout(timer)
          ended()
          reject(new FfmpegError(`ffmpeg could not start: ${e.message}`, 'failed', null, null, ''))
        })
        proc.on('spawn', () => {
          if (proc.pid !== undefined) options.onSpawn?.(proc.pid)
        })
        proc.on('close', (code, sig) => {
          clearTimeout(timer)
          clearTimeout(killTimer)
          ended()
          const tail = stderr.value
          const how = sig ? `signal ${sig}` : `exit code ${code}`
          if (endReason === 'stop') {
            resolve({ stderrTail: tail, stopped: true })
          } else if (endReason === 'cancel') {
            reject(new FfmpegError(`ffmpeg cancelled (${how})`, 'cancelled', code, sig, tail))
          } else if (endReason === 'timeout') {
            reject(new FfmpegError(`ffmpeg timed out after ${options.timeoutMs} ms`, 'timeout', code, sig, tail))
          } else if (code === 0) {
            resolve({ stderrTail: tail, stopped: false })
          } else if (command === NICE && (code === 126 || code === 127)) {
            // nice(1) could not run the binary: what spawn reports as ENOENT or EACCES without it.
            reject(new FfmpegError(`ffmpeg could not start: ${tail.trim()}`, 'failed', code, sig, tail))
          } else {
            const last = tail.trim().split('\n').slice(-3).join(' | ')
            reject(new FfmpegError(`ffmpeg failed (${how}): ${last}`, 'failed', code, sig, tail))
          }
        })
        // Ended (stop or abort) between the slot being granted and the spawn.
        if (endReason) {
          proc.kill('SIGTERM')
          killTimer = setTimeout(() => proc.kill('SIGKILL'), graceMs)
          killTimer.unref()
        }
      })
    } finally {
      release()
      options.signal?.removeEventListener('abort', onExternalAbort)
    }
  }

  const done = run()
  return {
    done,
    stop: async () => {
      end('stop')
      await done.then(
        () => undefined,
        () => undefined,
      )
    },
    get pid() {
      return child?.pid
    },
  }
}

/**
 * Runs ffmpeg to completion (design §8: only through here): validates inputs, waits for an encode slot
 * (unless `useSlot: false`), reports progress, and enforces cancellation and the wall-clock limit.
 * Resolves with the end of stderr; rejects with `FfmpegError` ('failed' | 'cancelled' | 'timeout') or
 * `FfmpegInputError` (refused before starting).
 */
export async function runFfmpeg(args: readonly string[], options: RunFfmpegOptions = {}): Promise<FfmpegResult> {
  return spawnFfmpeg(args, options).done
}
