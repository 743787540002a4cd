import { describe, expect, it } from 'vitest'
import { createWatchedTime, type PlayedRanges } from './player-events'

/** A `<video>`'s `played`, as [start, end] pairs of stream seconds. */
const rangesOf = (pairs: [number, number][]): PlayedRanges => ({
  length: pairs.length,
  start: (i) => (pairs[i] as [number, number])[0],
  end: (i) => (pairs[i] as [number, number])[1],
})

describe('watched time', () => {
  it('counts the seconds of the stream played, whenever it is asked', () => {
    let played: [number, number][] = []
    const watched = createWatchedTime(() => rangesOf(played))
    expect(watched.seconds()).toBe(0)
    // 2.3 s played: asked late (a busy page's handler), it is still 2 whole seconds.
    played = [[0, 2.3]]
    expect(watched.seconds()).toBe(2)
    // A pause adds nothing; a seek ahead and 5 s more are counted, the skipped part is not.
    played = [
      [0, 2.3],
      [40, 45],
    ]
    expect(watched.seconds()).toBe(7)
    // Watching a part again counts it once.
    played = [
      [0, 2.3],
      [40, 46],
    ]
    expect(watched.seconds()).toBe(8)
  })

  it('keeps what was played before the element loads its source again', () => {
    let played: [number, number][] = [[10, 14.5]]
    const watched = createWatchedTime(() => rangesOf(played))
    watched.note()
    // The reload has emptied the ranges by the time `emptied` is handled.
    played = []
    watched.carry()
    expect(watched.seconds()).toBe(4)
    played = [[14.5, 17]]
    expect(watched.seconds()).toBe(7)
  })

  it('does not count less when the ranges were reset before their emptied event was handled', () => {
    let played: [number, number][] = [[0, 9.8]]
    const watched = createWatchedTime(() => rangesOf(played))
    expect(watched.seconds()).toBe(9)
    played = []
    expect(watched.seconds()).toBe(9)
    watched.carry()
    played = [[9.8, 11]]
    expect(watched.seconds()).toBe(11)
  })
})
