import { type KeyPlay, SPORTS, type SportRules } from '@fieldhouse/contract'
import { describe, expect, it, vi } from 'vitest'
import {
  KEY_PLAY_LEAD_S,
  keyPlayEntry,
  keyPlayMarks,
  keyPlayMomentText,
  keyPlaySeekTarget,
  playFrom,
} from './key-plays-model'

const basketball = SPORTS.basketball as SportRules
const play = (fields: Partial<KeyPlay> = {}): KeyPlay => ({
  id: 1,
  event_id: 7,
  t: 1_000,
  position: 754,
  label: 'Dunk',
  tag: 'Dunk',
  side: 'home',
  score: { home: 21, away: 24, period: 2 },
  before: 8,
  after: 4,
  status: 'ready',
  clip: { id: 3, uuid: 'abc', status: 'ready', poster: '/p.jpg', start_time: 746, duration: 12 },
  ...fields,
})

describe('keyPlaySeekTarget', () => {
  it('plays the moment from a little before, never before the recording’s start', () => {
    expect(KEY_PLAY_LEAD_S).toBe(3)
    expect(keyPlaySeekTarget(754)).toBe(751)
    expect(keyPlaySeekTarget(1.5)).toBe(0)
  })
})

describe('keyPlayMarks', () => {
  it('marks the recorded key plays at their position with their label, in the order given', () => {
    const marks = keyPlayMarks([
      play(),
      play({ id: 2, position: null, label: 'Block' }),
      play({ id: 3, position: 900, label: 'Summit Goats +3' }),
    ])
    expect(marks).toEqual([
      { time: 754, label: 'Dunk' },
      { time: 900, label: 'Summit Goats +3' },
    ])
    expect(keyPlayMarks([])).toEqual([])
  })
})

describe('keyPlayEntry', () => {
  it('names the play, its game time as m:ss, the period and the score then (away first)', () => {
    const entry = keyPlayEntry(play(), basketball)
    expect(entry).toMatchObject({
      label: 'Dunk',
      time: '12:34',
      period: 'Q2',
      score: '24–21',
      seekTo: 751,
      clipReady: true,
      clipHref: '/share/3/abc',
      poster: '/p.jpg',
    })
    expect(keyPlayMomentText(entry, null)).toBe('Q2 · 24–21')
  })
  it('hides the score behind spoiler-free, keeping the period', () => {
    expect(keyPlayMomentText(keyPlayEntry(play(), basketball), 'Score hidden')).toBe('Q2 · Score hidden')
  })
  it('has no time nor seek before the recording holds it, and no clip or poster until it is cut', () => {
    const entry = keyPlayEntry(
      play({
        position: null,
        status: 'cutting',
        clip: { id: 3, uuid: 'abc', status: 'processing', poster: null, start_time: 0, duration: 0 },
      }),
      basketball,
    )
    expect(entry).toMatchObject({ time: null, seekTo: null, clipReady: false, clipHref: null, poster: null })
  })
  it('writes an hour and more as h:mm:ss', () => {
    expect(keyPlayEntry(play({ position: 3725 }), basketball).time).toBe('1:02:05')
  })
})

type FakeState = { started: boolean; preroll: object | null; window: { start: number; end: number } }
function fakePlayer(state: FakeState) {
  const listeners = new Set<() => void>()
  const player = {
    state,
    getState: () => player.state,
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    seek: vi.fn(),
    play: vi.fn(),
    start: vi.fn(),
    change(patch: Partial<FakeState>) {
      player.state = { ...player.state, ...patch }
      for (const listener of [...listeners]) listener()
    },
    listeners,
  }
  return player
}

describe('playFrom', () => {
  it('seeks and plays a player already playing the programme', () => {
    const player = fakePlayer({ started: true, preroll: null, window: { start: 0, end: 3600 } })
    playFrom(player as never, 751)
    expect(player.seek).toHaveBeenCalledWith(751)
    expect(player.play).toHaveBeenCalled()
  })
  it('starts a player not yet started and seeks once the programme has a window', async () => {
    const player = fakePlayer({ started: false, preroll: null, window: { start: 0, end: 0 } })
    playFrom(player as never, 751)
    expect(player.start).toHaveBeenCalled()
    player.change({ started: true, preroll: {} })
    player.change({ preroll: null })
    expect(player.seek).not.toHaveBeenCalled()
    player.change({ window: { start: 0, end: 3600 } })
    await Promise.resolve()
    expect(player.seek).toHaveBeenCalledWith(751)
    expect(player.listeners.size).toBe(0)
  })
  it('forgets the wait when cancelled', () => {
    const player = fakePlayer({ started: false, preroll: null, window: { start: 0, end: 0 } })
    const cancel = playFrom(player as never, 751)
    cancel()
    expect(player.listeners.size).toBe(0)
  })
})
