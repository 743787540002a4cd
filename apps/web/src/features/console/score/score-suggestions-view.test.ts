import { describe, expect, it } from 'vitest'
import { arrivals, sinceOf, suggestionLines } from './score-suggestions-view'

describe('the missed plays list', () => {
  it('tells how long ago: just now, whole minutes, whole hours', () => {
    expect(sinceOf(0)).toEqual({ unit: 'now' })
    expect(sinceOf(59_999)).toEqual({ unit: 'now' })
    // A moment a little ahead of this phone (clocks disagree by a few ms) is just now too.
    expect(sinceOf(-800)).toEqual({ unit: 'now' })
    expect(sinceOf(Number.NaN)).toEqual({ unit: 'now' })
    expect(sinceOf(60_000)).toEqual({ unit: 'minutes', count: 1 })
    expect(sinceOf(2 * 60_000 + 59_000)).toEqual({ unit: 'minutes', count: 2 })
    expect(sinceOf(59 * 60_000 + 59_999)).toEqual({ unit: 'minutes', count: 59 })
    expect(sinceOf(3_600_000)).toEqual({ unit: 'hours', count: 1 })
    expect(sinceOf(2.5 * 3_600_000)).toEqual({ unit: 'hours', count: 2 })
  })

  it('puts each moment on this phone’s clock, the server’s lead taken off', () => {
    // The server's clock is 90 s ahead of this phone's; the cheer was at 19:42:00 on the server's.
    const t = Date.UTC(2025, 2, 1, 19, 42, 0)
    const skewMs = 90_000
    const phoneNow = t - skewMs + 2 * 60_000 + 5000
    const lines = suggestionLines(
      [
        { id: 2, t, status: 'open' },
        { id: 1, t: t - 3_600_000, status: 'open' },
        { id: 3, t, status: 'dismissed' },
      ],
      skewMs,
      phoneNow,
    )
    expect(lines).toEqual([
      { id: 2, phoneAt: t - 90_000, since: { unit: 'minutes', count: 2 } },
      { id: 1, phoneAt: t - 3_600_000 - 90_000, since: { unit: 'hours', count: 1 } },
    ])
  })

  it('announces only suggestions that arrive after the first read, each once', () => {
    const first = arrivals(null, [{ id: 1 }, { id: 2 }])
    expect(first.fresh).toEqual([])
    const second = arrivals(first.seen, [{ id: 3 }, { id: 1 }])
    expect(second.fresh).toEqual([3])
    // Decided ones leave the board; they are still seen, and the next read brings nothing new.
    const third = arrivals(second.seen, [{ id: 3 }])
    expect(third.fresh).toEqual([])
    expect([...third.seen].sort()).toEqual([1, 2, 3])
    expect(arrivals(third.seen, [{ id: 5 }, { id: 4 }, { id: 3 }]).fresh).toEqual([5, 4])
  })
})
