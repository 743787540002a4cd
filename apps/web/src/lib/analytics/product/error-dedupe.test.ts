import { describe, expect, it } from 'vitest'
import { memoryBackend } from '../../storage/ttl-storage'
import { createErrorDedupe, errorFingerprint, MAX_ERRORS_PER_SESSION } from './error-dedupe'

const report = (message: string, stack: string | null = null) => ({
  kind: 'error',
  message,
  stack,
  status: null,
  request_url: null,
})

describe('client error reports: once per session', () => {
  it('reports an error the first time only, also across pages of the same session', () => {
    const backend = memoryBackend()
    const dedupe = createErrorDedupe({ backend, session: () => 's1' })
    const fp = errorFingerprint(report('TypeError: x is undefined', 'TypeError\n    at f (https://a/b.js:10:5)'))
    expect(dedupe.firstTime(fp)).toBe(true)
    expect(dedupe.firstTime(fp)).toBe(false)
    const nextPage = createErrorDedupe({ backend, session: () => 's1' })
    expect(nextPage.firstTime(fp)).toBe(false)
    expect(nextPage.firstTime(errorFingerprint(report('another')))).toBe(true)
  })

  it('reports it again in a new session', () => {
    const backend = memoryBackend()
    let session = 's1'
    const dedupe = createErrorDedupe({ backend, session: () => session })
    const fp = errorFingerprint(report('boom'))
    expect(dedupe.firstTime(fp)).toBe(true)
    session = 's2'
    expect(dedupe.firstTime(fp)).toBe(true)
    expect(dedupe.firstTime(fp)).toBe(false)
  })

  it('tells errors apart by where they were thrown, not by the rest of the stack', () => {
    const a = errorFingerprint(
      report('boom', 'Error: boom\n    at f (https://a/b.js:10:5)\n    at g (https://a/b.js:1:1)'),
    )
    const b = errorFingerprint(
      report('boom', 'Error: boom\n    at f (https://a/b.js:10:5)\n    at h (https://a/c.js:2:2)'),
    )
    const c = errorFingerprint(report('boom', 'Error: boom\n    at k (https://a/b.js:99:5)'))
    expect(a).toBe(b)
    expect(a).not.toBe(c)
  })

  it('stops after the cap of different errors in one session', () => {
    const dedupe = createErrorDedupe({ backend: memoryBackend(), session: () => 's' })
    for (let i = 0; i < MAX_ERRORS_PER_SESSION; i++) expect(dedupe.firstTime(`e${i}`)).toBe(true)
    expect(dedupe.firstTime('one more')).toBe(false)
  })
})
