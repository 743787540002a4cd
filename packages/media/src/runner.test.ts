import fs from 'node:fs'
import os from 'node:os'
import { afterAll, describe, expect, it } from 'vitest'
import { FfmpegInputError } from './inputs.js'
import {
  batchPaused,
  createProgressParser,
  FfmpegError,
  runFfmpeg,
  Semaphore,
  spawnFfmpeg,
  wallClockLimitMs,
} from './runner.js'
import { isAlive } from './test/helpers.js'

/** An endless generated source, tiny and cheap, written nowhere. */
const endless = (realtime = false) => [
  '-hide_banner',
  '-nostdin',
  '-y',
  ...(realtime ? ['-re'] : []),
  '-f',
  'lavfi',
  '-i',
  'testsrc2=size=160x90:rate=25',
  '-progress',
  'pipe:1',
  '-nostats',
  '-f',
  'null',
  '-',
]

describe('createProgressParser', () => {
  it('turns key=value blocks into reports, across chunk boundaries', () => {
    const parse = createProgressParser(10)
    expect(parse('frame=25\nfps=0.0\nout_time_us=1000000\nout_time_ms=1000000\nout_time=00:00:01.0')).toEqual([])
    const first = parse('00000\ndup_frames=0\nspeed=1.5x\nprogress=continue\nframe=50\nout_time_us=2500')
    expect(first).toEqual([{ outTimeSec: 1, percent: 10, speed: 1.5, done: false }])
    const second = parse('000\nspeed=N/A\nprogress=continue\nout_time_us=12000000\nspeed=3.01x\nprogress=end\n')
    expect(second).toEqual([
      { outTimeSec: 2.5, percent: 25, speed: null, done: false },
      { outTimeSec: 12, percent: 100, speed: 3.01, done: true },
    ])
  })

  it('reports the frames ffmpeg dropped when it says', () => {
    const parse = createProgressParser()
    expect(parse('out_time_us=1000000\ndrop_frames=3\nprogress=continue\n')[0]).toMatchObject({ droppedFrames: 3 })
  })

  it('falls back to out_time_ms (microseconds) and out_time, and never goes back', () => {
    const parse = createProgressParser()
    expect(parse('out_time_ms=3000000\nprogress=continue\n')[0]).toMatchObject({ outTimeSec: 3, percent: null })
    expect(parse('out_time=00:01:02.500000\nprogress=continue\n')[0]!.outTimeSec).toBe(62.5)
    expect(parse('out_time_us=-9223372036854775807\nprogress=continue\n')[0]!.outTimeSec).toBe(62.5)
    expect(parse('out_time_us=N/A\r\nout_time=N/A\r\nprogress=continue\r\n')[0]!.outTimeSec).toBe(62.5)
  })

  it('clamps percent to 0–100', () => {
    const parse = createProgressParser(2)
    expect(parse('out_time_us=5000000\nprogress=continue\n')[0]!.percent).toBe(100)
  })
})

describe('Semaphore', () => {
  it('limits concurrent holders and hands slots over in order', async () => {
    const slots = new Semaphore(1)
    const order: string[] = []
    const a = await slots.acquire()
    const b = slots.acquire().then((release) => {
      order.push('b')
      return release
    })
    const c = slots.acquire().then((release) => {
      order.push('c')
      return release
    })
    expect(slots.active).toBe(1)
    expect(slots.waiting).toBe(2)
    a()
    a() // a second release is ignored
    ;(await b)()
    ;(await c)()
    expect(order).toEqual(['b', 'c'])
    expect(slots.active).toBe(0)
  })

  it('lets a waiter give up through its signal, and grows with setLimit', async () => {
    const slots = new Semaphore(1)
    const held = await slots.acquire()
    const ac = new AbortController()
    const waiting = slots.acquire(ac.signal)
    ac.abort(new Error('gave up'))
    await expect(waiting).rejects.toThrow('gave up')
    expect(slots.waiting).toBe(0)
    const next = slots.acquire()
    slots.setLimit(2)
    const release = await next
    expect(slots.active).toBe(2)
    release()
    held()
    expect(() => slots.setLimit(0)).toThrow(RangeError)
  })
})

describe('wallClockLimitMs', () => {
  it('is twenty times the output duration, and never under two minutes', () => {
    expect(wallClockLimitMs(60)).toBe(1_200_000)
    expect(wallClockLimitMs(1)).toBe(120_000)
    expect(wallClockLimitMs(null)).toBe(120_000)
    expect(wallClockLimitMs(undefined)).toBe(120_000)
  })
})

describe('runFfmpeg', { timeout: 30_000 }, () => {
  const pids: number[] = []
  afterAll(() => {
    for (const pid of pids) if (isAlive(pid)) process.kill(pid, 'SIGKILL')
  })

  it('reports progress with increasing output time', async () => {
    const events: number[] = []
    const args = [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=160x90:rate=25:duration=3',
      '-progress',
      'pipe:1',
      '-nostats',
      '-f',
      'null',
      '-',
    ]
    const result = await runFfmpeg(args, { durationSec: 3, onProgress: (p) => events.push(p.percent ?? -1) })
    expect(result.stopped).toBe(false)
    expect(events.length).toBeGreaterThan(0)
    expect(events.at(-1)).toBe(100)
    for (let i = 1; i < events.length; i++) expect(events[i]!).toBeGreaterThanOrEqual(events[i - 1]!)
  })

  it('cancels through an AbortSignal and kills the process', async () => {
    const ac = new AbortController()
    let pid = 0
    const times: number[] = []
    const run = runFfmpeg(endless(true), {
      signal: ac.signal,
      onSpawn: (p) => {
        pid = p
        pids.push(p)
      },
      onProgress: (p) => {
        times.push(p.outTimeSec)
        if (times.length === 2) ac.abort()
      },
    })
    const error = await run.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FfmpegError)
    expect((error as FfmpegError).reason).toBe('cancelled')
    expect(times[1]!).toBeGreaterThan(times[0]!)
    expect(pid).toBeGreaterThan(0)
    expect(isAlive(pid)).toBe(false)
  })

  it('rejects at once when the signal is already aborted', async () => {
    const error = await runFfmpeg(endless(), { signal: AbortSignal.abort() }).catch((e: unknown) => e)
    expect((error as FfmpegError).reason).toBe('cancelled')
  })

  it('enforces the wall-clock limit', async () => {
    let pid = 0
    const error = await runFfmpeg(endless(true), {
      timeoutMs: 300,
      onSpawn: (p) => {
        pid = p
        pids.push(p)
      },
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FfmpegError)
    expect((error as FfmpegError).reason).toBe('timeout')
    expect(isAlive(pid)).toBe(false)
  })

  it('rejects a bad argument with the end of stderr', async () => {
    const error = await runFfmpeg(['-hide_banner', '-nostdin', '-frobnicate', '1', '-f', 'null', '-']).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(FfmpegError)
    const e = error as FfmpegError
    expect(e.reason).toBe('failed')
    expect(e.exitCode).not.toBe(0)
    expect(e.stderrTail).toMatch(/frobnicate/)
    expect(e.message).toMatch(/frobnicate/)
  })

  it('refuses a forbidden input before starting anything', async () => {
    let spawned = false
    const run = runFfmpeg(['-protocol_whitelist', 'file', '-i', 'http://127.0.0.1:9/x.mp4', '-f', 'null', '-'], {
      onSpawn: () => {
        spawned = true
      },
    })
    await expect(run).rejects.toBeInstanceOf(FfmpegInputError)
    expect(spawned).toBe(false)
  })

  it('fails cleanly when the binary cannot start', async () => {
    const error = await runFfmpeg(endless(), { binary: '/nonexistent/ffmpeg' }).catch((e: unknown) => e)
    expect((error as FfmpegError).reason).toBe('failed')
    expect((error as FfmpegError).message).toMatch(/could not start/)
  })
})

describe('spawnFfmpeg', { timeout: 30_000 }, () => {
  it('stops a long-running process gracefully', async () => {
    const proc = spawnFfmpeg(endless(true), { useSlot: false })
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (proc.pid) {
          clearInterval(check)
          resolve()
        }
      }, 20)
    })
    const pid = proc.pid!
    await proc.stop()
    await expect(proc.done).resolves.toMatchObject({ stopped: true })
    expect(isAlive(pid)).toBe(false)
  })

  it('runs batch work at niceness 10 in every thread, urgent work at 5, live work (no slot) at 0', async () => {
    const threadNiceness = (pid: number) =>
      fs.readdirSync(`/proc/${pid}/task`).map((tid) => {
        const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
      })
    // Relative to this process's own niceness: a run started under nice(1) starts its children there.
    const own = os.getPriority()
    for (const [useSlot, lane, expected] of [
      [true, 'batch', Math.min(19, own + 10)],
      [true, 'urgent', Math.min(19, own + 5)],
      [false, 'batch', own],
    ] as const) {
      const proc = spawnFfmpeg(endless(true), { useSlot, lane })
      let seen: number[] = []
      // Once it runs (its encoder threads started), every thread has the niceness.
      for (let i = 0; i < 100 && seen.length < 2; i++) {
        await new Promise((r) => setTimeout(r, 50))
        if (proc.pid) seen = threadNiceness(proc.pid)
      }
      await proc.stop()
      expect(seen.length, `threads with useSlot ${useSlot} in ${lane}`).toBeGreaterThan(0)
      expect(new Set(seen), `useSlot ${useSlot} in ${lane}`).toEqual(new Set([expected]))
    }
  })

  it('urgent work does not wait for the encode slots batch work holds', async () => {
    const { encodeSlots } = await import('./runner.js')
    const before = encodeSlots.limit
    encodeSlots.setLimit(1)
    try {
      const batch = spawnFfmpeg(endless(true))
      await new Promise((r) => setTimeout(r, 200))
      const queued = spawnFfmpeg(endless(true))
      const urgent = spawnFfmpeg(endless(true), { lane: 'urgent' })
      for (let i = 0; i < 100 && !(batch.pid && urgent.pid); i++) await new Promise((r) => setTimeout(r, 50))
      expect(batch.pid).toBeDefined()
      expect(urgent.pid).toBeDefined()
      // The second batch run waits for the one slot.
      expect(queued.pid).toBeUndefined()
      await Promise.all([urgent.stop(), queued.stop(), batch.stop()])
    } finally {
      encodeSlots.setLimit(before)
    }
  })

  it('batch encodes pause while urgent work runs, and go on when it ends', async () => {
    const state = (pid: number) => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0]
    const batch = spawnFfmpeg(endless(true))
    for (let i = 0; i < 100 && !batch.pid; i++) await new Promise((r) => setTimeout(r, 50))
    await new Promise((r) => setTimeout(r, 200))
    expect(state(batch.pid!)).not.toBe('T')
    const urgent = spawnFfmpeg(endless(true), { lane: 'urgent' })
    for (let i = 0; i < 100 && !urgent.pid; i++) await new Promise((r) => setTimeout(r, 50))
    await new Promise((r) => setTimeout(r, 200))
    expect(batchPaused()).toBe(true)
    expect(state(batch.pid!)).toBe('T')
    expect(state(urgent.pid!)).not.toBe('T')
    await urgent.stop()
    expect(batchPaused()).toBe(false)
    await new Promise((r) => setTimeout(r, 100))
    expect(state(batch.pid!)).not.toBe('T')
    // Ended while paused, a batch run still ends (it is woken to hear its signal).
    const again = spawnFfmpeg(endless(true), { lane: 'urgent' })
    for (let i = 0; i < 100 && !again.pid; i++) await new Promise((r) => setTimeout(r, 50))
    await new Promise((r) => setTimeout(r, 200))
    expect(state(batch.pid!)).toBe('T')
    await batch.stop()
    await again.stop()
  })

  it('validates synchronously', () => {
    expect(() => spawnFfmpeg(['-i', 'concat:a|b', 'o.mp4'])).toThrow(FfmpegInputError)
  })
})
