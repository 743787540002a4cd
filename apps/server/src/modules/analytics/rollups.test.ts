import { describe, expect, it } from 'vitest'
import { percentile, percentOf, qualityOf } from './rollups.js'

const e = (view: string, name: string, t: number, client = true) => ({
  view_uuid: view,
  name,
  at: client ? t + 5000 : t,
  client_ts: client ? t : null,
})

describe('qualityOf', () => {
  it('startup from the first play to the first frame after it, stalls paired, failures before a frame', () => {
    const q = qualityOf([
      e('a', 'play', 0),
      e('a', 'first_frame', 800),
      e('a', 'first_frame', 900),
      e('a', 'stall_start', 2000),
      e('a', 'stall_start', 2100),
      e('a', 'stall_end', 3500),
      e('a', 'stall_end', 9000),
      e('b', 'play', 0, false),
      e('b', 'error', 300, false),
      e('c', 'first_frame', 100),
      e('d', 'play', 0),
      e('d', 'first_frame', 50),
      e('d', 'error', 70),
    ])
    expect(q.startupMs).toEqual([800, 50])
    expect(q.stallSeconds).toBe(1.5)
    expect(q.views).toBe(4)
    expect(q.failedViews).toBe(1)
  })
})

describe('percentile', () => {
  it('is nearest-rank', () => {
    expect(percentile([], 50)).toBeNull()
    expect(percentile([5], 95)).toBe(5)
    expect(percentile([2500, 400, 1200], 50)).toBe(1200)
    expect(percentile([2500, 400, 1200], 95)).toBe(2500)
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50)).toBe(5)
  })
  it('percentOf rounds to a tenth and has no share of nothing', () => {
    expect(percentOf(5, 265)).toBe(1.9)
    expect(percentOf(1, 0)).toBeNull()
  })
})
