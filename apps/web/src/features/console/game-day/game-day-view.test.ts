import type { GameDayKeyPlay } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { goLivePath, periodName, scoreLine, scorePath, sharePath } from './game-day-view'

const clip = (status: 'queued' | 'processing' | 'ready' | 'failed') =>
  ({ id: 7, uuid: 'a1b2', status, poster: null, start_time: 10, duration: 20 }) as GameDayKeyPlay['clip']

describe('the game-day home’s links and words', () => {
  it('links each game to its Score and Go live pages', () => {
    expect(scorePath(12)).toBe('/admin/score/12')
    expect(goLivePath(12)).toBe('/admin/go-live?event=12')
  })

  it('links a key play to its clip’s share page only once the clip is ready', () => {
    expect(sharePath({ clip: clip('ready') })).toBe('/share/7/a1b2')
    expect(sharePath({ clip: clip('processing') })).toBeNull()
    expect(sharePath({ clip: clip('failed') })).toBeNull()
    expect(sharePath({ clip: null })).toBeNull()
  })

  it('writes the score home first and the period as the sport names it', () => {
    expect(scoreLine({ home: 54, away: 61 })).toBe('54 – 61')
    expect(periodName('basketball', 0)).toBeNull()
    expect(periodName('basketball', 2)).toBe('Q2')
  })
})
