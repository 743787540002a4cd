import { describe, expect, it } from 'vitest'
import { clockErrors, MAX_ACTION_AGE_MS, streamMsOf } from './stream-clock.js'

describe('the stream clock', () => {
  it('places an action by how long before sending it was taken, whatever the phone’s clock says', () => {
    // The phone runs 7 minutes slow; the action was taken 4 s before the batch left.
    const slow = -7 * 60_000
    const sentAt = 1_000_000 + slow
    expect(streamMsOf(5_000_000, sentAt, sentAt - 4000)).toBe(4_996_000)
    // The same on a clock that is right, or fast.
    expect(streamMsOf(5_000_000, 1_000_000, 996_000)).toBe(4_996_000)
    expect(streamMsOf(5_000_000, 9_000_000, 8_996_000)).toBe(4_996_000)
  })

  it('refuses an action taken after its batch left, or over a day before, on that action’s field', () => {
    const sent_at = 10 * MAX_ACTION_AGE_MS
    const base = { id: '0b8a3d7e-1c1f-4b8e-9f5e-2a1d3c4b5e6f', type: 'final' as const }
    expect(clockErrors({ sent_at, actions: [{ ...base, at: sent_at }] })).toEqual({})
    expect(clockErrors({ sent_at, actions: [{ ...base, at: sent_at - MAX_ACTION_AGE_MS }] })).toEqual({})
    const errors = clockErrors({
      sent_at,
      actions: [
        { ...base, at: sent_at - 1 },
        { ...base, at: sent_at + 1 },
        { ...base, at: sent_at - MAX_ACTION_AGE_MS - 1 },
      ],
    })
    expect(Object.keys(errors)).toEqual(['actions.1.at', 'actions.2.at'])
    expect(errors['actions.1.at']?.[0]).toMatch(/after it was sent/)
    expect(errors['actions.2.at']?.[0]).toMatch(/more than a day old/)
  })
})
