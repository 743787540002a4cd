import type { GameDayKeyPlay, ScoreGame } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { encoderOf, isLiveGame, newestKeyPlays, nextGames, scoreOf } from './game-day.rules.js'

const NOW = Date.parse('2026-11-20T18:00:00Z')
const team = (name: string) => ({ name, short_name: name.slice(0, 3), color: null })
const game = (id: number, minutesFromNow: number, extra: Partial<ScoreGame> = {}): ScoreGame => ({
  event_id: id,
  name: `Game ${id}`,
  starts_at: new Date(NOW + minutesFromNow * 60_000).toISOString(),
  stream_status: 'upcoming',
  sport: 'basketball',
  status: 'pending',
  home: team('Owls'),
  away: team('Jays'),
  score: { home: 0, away: 0, period: 0 },
  ...extra,
})

describe('the encoder state', () => {
  it('is receiving while the ingest has the stream, ended once the replay, else waiting', () => {
    expect(encoderOf(true, 'live')).toBe('receiving')
    expect(encoderOf(true, 'vod')).toBe('receiving')
    expect(encoderOf(false, 'vod')).toBe('ended')
    expect(encoderOf(false, 'live')).toBe('waiting')
    expect(encoderOf(false, 'upcoming')).toBe('waiting')
  })
})

describe('a live game', () => {
  it('is one whose stream is heard or live, or whose score is being kept', () => {
    expect(isLiveGame(game(1, 0), true)).toBe(true)
    expect(isLiveGame(game(1, 0, { stream_status: 'live' }), false)).toBe(true)
    expect(isLiveGame(game(1, 0, { status: 'live' }), false)).toBe(true)
    expect(isLiveGame(game(1, 0), false)).toBe(false)
    expect(isLiveGame(game(1, 0, { stream_status: 'vod', status: 'final' }), false)).toBe(false)
  })

  it('has a score once something is recorded', () => {
    expect(scoreOf(game(1, 0))).toBeNull()
    const scored = game(1, 0, { status: 'final', score: { home: 70, away: 64, period: 4 } })
    expect(scoreOf(scored)).toEqual({ home: 70, away: 64, period: 4, status: 'final' })
  })
})

describe('the next games', () => {
  const until = NOW + 30 * 3_600_000

  it('lists the upcoming games soonest first, five at most, ties by id', () => {
    const games = [60, 30, 240, 120, 90, 180, 150].map((m, i) => game(i + 1, m))
    games.push(game(20, 30))
    const ids = nextGames(games, new Set(), NOW, until).map((g) => g.event_id)
    expect(ids).toEqual([2, 20, 1, 5, 4])
  })

  it('leaves out live games, scored and played ones, and what starts after tomorrow', () => {
    const games = [
      game(1, 30),
      game(2, 30, { status: 'live' }),
      game(3, 30, { stream_status: 'vod' }),
      game(4, 31 * 60),
      game(5, 45),
    ]
    const ids = nextGames(games, new Set([5]), NOW, until).map((g) => g.event_id)
    expect(ids).toEqual([1])
  })

  it('keeps a game up to an hour late to start, then drops it', () => {
    const ids = nextGames([game(1, -59), game(2, -61)], new Set(), NOW, until).map((g) => g.event_id)
    expect(ids).toEqual([1])
  })

  it('names the teams', () => {
    expect(nextGames([game(1, 10)], new Set(), NOW, until)[0]).toEqual({
      event_id: 1,
      name: 'Game 1',
      starts_at: '2026-11-20T18:10:00.000Z',
      home: 'Owls',
      away: 'Jays',
    })
  })
})

describe('today’s key plays', () => {
  const play = (id: number, t: number) => ({ id, t }) as GameDayKeyPlay

  it('are newest first, twenty at most', () => {
    const plays = Array.from({ length: 25 }, (_, i) => play(i + 1, NOW + (i % 5) * 1000))
    const shown = newestKeyPlays(plays)
    expect(shown).toHaveLength(20)
    expect(shown.slice(0, 3).map((p) => p.id)).toEqual([25, 20, 15])
  })
})
