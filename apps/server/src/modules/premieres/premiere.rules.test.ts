import { describe, expect, it } from 'vitest'
import { nextChangeAt, showingAt, streamStatusOf } from './premiere.rules.js'

const once = { starts_at: 1_000_000, duration_ms: 60_000, repeat_every_ms: null }
const repeating = { ...once, repeat_every_ms: 300_000 }

describe('showingAt', () => {
  it('is upcoming before the start, live from it, ended (a replay) at its end', () => {
    expect(showingAt(once, 999_999)).toEqual({ status: 'upcoming', startsAt: 1_000_000, endsAt: 1_060_000 })
    expect(showingAt(once, 1_000_000).status).toBe('live')
    expect(showingAt(once, 1_059_999).status).toBe('live')
    expect(showingAt(once, 1_060_000).status).toBe('ended')
    expect(streamStatusOf(showingAt(once, 5_000_000))).toBe('vod')
    expect(nextChangeAt(once, 0)).toBe(1_000_000)
    expect(nextChangeAt(once, 1_000_001)).toBe(1_060_000)
    expect(nextChangeAt(once, 1_060_000)).toBeNull()
  })

  it('repeats: after a showing the next is upcoming, and it is live again at its start', () => {
    expect(showingAt(repeating, 1_060_000)).toEqual({ status: 'upcoming', startsAt: 1_300_000, endsAt: 1_360_000 })
    expect(showingAt(repeating, 1_300_000)).toEqual({ status: 'live', startsAt: 1_300_000, endsAt: 1_360_000 })
    expect(showingAt(repeating, 1_000_000 + 10 * 300_000 + 59_999).status).toBe('live')
    expect(showingAt(repeating, 1_000_000 + 10 * 300_000 + 60_000).startsAt).toBe(1_000_000 + 11 * 300_000)
    expect(nextChangeAt(repeating, 1_060_000)).toBe(1_300_000)
  })
})
