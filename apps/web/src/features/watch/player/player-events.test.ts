import { describe, expect, it } from 'vitest'
import { createWatchClock } from './player-events'

describe('watch clock', () => {
  it('counts only the time the video plays', () => {
    let clock = 0
    const watched = createWatchClock(() => clock)
    clock = 5_000
    expect(watched.seconds()).toBe(0)
    watched.start()
    clock = 12_500
    expect(watched.seconds()).toBe(7)
    watched.stop()
    clock = 60_000
    expect(watched.seconds()).toBe(7)
    watched.start()
    watched.start()
    clock = 63_600
    watched.stop()
    watched.stop()
    expect(watched.seconds()).toBe(11)
    expect(watched.running).toBe(false)
  })
})
