import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { keepFeedPublishing } from './demo.js'

/** The ffmpeg processes writing to `file` (the feed's output names it on their command line). */
const feedsWriting = (file: string) => {
  try {
    return execFileSync('pgrep', ['-f', file], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number)
  } catch {
    return [] // pgrep exits 1 when nothing matches
  }
}

describe('the simulated live feed', () => {
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => unhandled.push(reason)
  let stop: (() => Promise<void>) | undefined
  let dir: string | undefined

  afterEach(async () => {
    await stop?.()
    process.off('unhandledRejection', onUnhandled)
    if (dir) fs.rmSync(dir, { recursive: true, force: true })
  })

  it('killed mid-stream, says so and publishes again; the server goes on; a stop ends it for good', {
    timeout: 60_000,
  }, async () => {
    process.on('unhandledRejection', onUnhandled)
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-feed-'))
    const output = path.join(dir, 'feed.flv')
    const warnings: string[] = []
    stop = keepFeedPublishing({
      output,
      log: { warn: (_: unknown, message?: string) => void warnings.push(String(message)) },
      restartMs: 200,
    })
    await vi.waitFor(() => expect(fs.statSync(output).size).toBeGreaterThan(0), { timeout: 20_000, interval: 100 })
    const [first] = feedsWriting(output)
    expect(first).toBeGreaterThan(0)

    // As the machine's OOM killer or an operator would: no warning to ffmpeg, no chance to clean up.
    process.kill(first as number, 'SIGKILL')
    await vi.waitFor(() => expect(warnings).toHaveLength(1), { timeout: 10_000, interval: 50 })
    expect(warnings[0]).toBe('simulated live feed stopped; it starts again in 200 ms')
    await vi.waitFor(
      () => {
        const now = feedsWriting(output)
        expect(now).toHaveLength(1)
        expect(now[0]).not.toBe(first)
      },
      { timeout: 10_000, interval: 50 },
    )
    // The kill's rejection was handled where it happened, not left to end the process.
    await new Promise((r) => setTimeout(r, 50))
    expect(unhandled).toEqual([])

    await stop()
    stop = undefined
    expect(feedsWriting(output)).toEqual([])
    // Nothing starts again after the stop, and a stop is not a failure.
    await new Promise((r) => setTimeout(r, 500))
    expect(feedsWriting(output)).toEqual([])
    expect(warnings).toHaveLength(1)
  })
})
