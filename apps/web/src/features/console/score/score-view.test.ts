import {
  contrastMinimum,
  parseHex,
  type ScoreAction,
  type ScoreActionInput,
  type ScoreGame,
  sportOf,
} from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import {
  commandFor,
  type KeyPress,
  keyBindings,
  mergeActions,
  parseClockInput,
  recentActions,
  scoreNow,
  sortGames,
  teamColors,
  undoTarget,
} from './score-view'

const basketball = sportOf('basketball')

const recorded = (overrides: Partial<ScoreAction> & Pick<ScoreAction, 'id' | 'type' | 't'>): ScoreAction => ({
  side: null,
  scoring: null,
  points: null,
  period: null,
  running: null,
  clock_ms: null,
  tag: null,
  target: null,
  source: 'scorer',
  ...overrides,
})

const kept = (action: Record<string, unknown>) => action as ScoreActionInput

describe('the scoring screen’s actions', () => {
  const server = [
    recorded({ id: 'p1', type: 'period', t: 10_000, period: 1 }),
    recorded({ id: 's1', type: 'score', t: 11_000, side: 'home', scoring: 'three', points: 3 }),
  ]

  it('adds the phone’s kept actions to the server’s, on the stream’s clock, and scores them at once', () => {
    const pending = [
      kept({ id: 'k1', type: 'score', at: 9_000, side: 'away', scoring: 'two' }),
      kept({ id: 'k2', type: 'score', at: 9_500, side: 'home', scoring: 'free_throw' }),
    ]
    // The server's clock is 3 s ahead of the phone's: kept actions land after the recorded ones.
    const merged = mergeActions(server, pending, new Set(['k1']), 3_000, basketball)
    expect(merged.map((a) => [a.id, a.t, a.state])).toEqual([
      ['p1', 10_000, 'recorded'],
      ['s1', 11_000, 'recorded'],
      ['k1', 12_000, 'sending'],
      ['k2', 12_500, 'kept'],
    ])
    expect(scoreNow(merged, basketball)).toMatchObject({ home: 4, away: 2, period: 1 })
  })

  it('counts an action once when the server has recorded it and the phone still keeps it', () => {
    const pending = [kept({ id: 's1', type: 'score', at: 11_000, side: 'home', scoring: 'three' })]
    const merged = mergeActions(server, pending, new Set(), 0, basketball)
    expect(merged.map((a) => a.id)).toEqual(['p1', 's1'])
    expect(scoreNow(merged, basketball).home).toBe(3)
  })

  it('undoes the latest action not already undone, and never an undo', () => {
    const pending = [
      kept({ id: 'k1', type: 'score', at: 12_000, side: 'away', scoring: 'two' }),
      kept({ id: 'u1', type: 'undo', at: 13_000, target: 'k1' }),
    ]
    const merged = mergeActions(server, pending, new Set(), 0, basketball)
    expect(undoTarget(merged)?.id).toBe('s1')
    expect(scoreNow(merged, basketball)).toMatchObject({ home: 3, away: 0 })

    const all = mergeActions(
      server,
      [...pending, kept({ id: 'u2', type: 'undo', at: 14_000, target: 's1' })],
      new Set(),
      0,
      basketball,
    )
    expect(undoTarget(all)?.id).toBe('p1')
    expect(undoTarget(mergeActions([], [], new Set(), 0, basketball))).toBeNull()
  })

  it('lists the last actions newest first, marking what an undo took back', () => {
    const pending = [
      kept({ id: 'k1', type: 'score', at: 12_000, side: 'away', scoring: 'two' }),
      kept({ id: 'u1', type: 'undo', at: 13_000, target: 'k1' }),
    ]
    const merged = mergeActions(server, pending, new Set(), 0, basketball)
    expect(recentActions(merged, 3).map(({ action, undone }) => [action.id, undone])).toEqual([
      ['u1', false],
      ['k1', true],
      ['s1', false],
    ])
  })
})

describe('the Score list', () => {
  const game = (id: number, status: ScoreGame['status'], stream: string, startsAt: string): ScoreGame => ({
    event_id: id,
    name: `Game ${id}`,
    starts_at: startsAt,
    stream_status: stream,
    sport: 'basketball',
    status,
    home: { name: 'A', short_name: 'A', color: null },
    away: { name: 'B', short_name: 'B', color: null },
    score: { home: 0, away: 0, period: 0 },
  })

  it('puts the games live now first, then those to come, then the finished', () => {
    const games = [
      game(1, 'final', 'vod', '2026-05-01T10:00:00Z'),
      game(2, 'pending', 'not_started', '2026-05-01T18:00:00Z'),
      game(3, 'pending', 'live', '2026-05-01T17:00:00Z'),
      game(4, 'live', 'live', '2026-05-01T16:00:00Z'),
      game(5, 'pending', 'not_started', '2026-05-01T12:00:00Z'),
    ]
    expect(sortGames(games).map((g) => g.event_id)).toEqual([4, 3, 5, 2, 1])
  })
})

describe('the teams’ colours', () => {
  it.each([
    ['#ffd700', '#000000'],
    ['#0b3d91', '#ffffff'],
    ['#777777', '#000000'],
  ])('writes on %s in whichever of white or black reads', (color, text) => {
    const colors = teamColors(color, 'home')
    expect(colors).toMatchObject({ background: color, text })
    expect(colors.ratio).toBeGreaterThanOrEqual(contrastMinimum.text)
  })

  it('gives a team without a colour (or with one that is not a colour) a neutral one, different per side', () => {
    const home = teamColors(null, 'home')
    const away = teamColors('red; background: url(x)', 'away')
    expect(parseHex(home.background)).not.toBeNull()
    expect(home.background).not.toBe(away.background)
    expect(home.ratio).toBeGreaterThanOrEqual(contrastMinimum.text)
    expect(away.ratio).toBeGreaterThanOrEqual(contrastMinimum.text)
  })
})

describe('the game clock’s field', () => {
  it.each([
    ['7:30', 450_000],
    ['12', 12_000],
    [' 0:05 ', 5_000],
    ['1:02:03', 3_723_000],
  ])('reads %s', (text, ms) => expect(parseClockInput(text)).toBe(ms))

  it.each(['', '7:75', 'abc', '1:2:3:4', '-1:00'])('refuses %j', (text) => expect(parseClockInput(text)).toBeNull())
})

describe('the keyboard', () => {
  const press = (over: Partial<KeyPress>): KeyPress => ({
    key: '',
    code: '',
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    repeat: false,
    target: null,
    ...over,
  })
  const bindings = keyBindings(basketball, true)

  it('scores with 1/2/3 for home and 7/8/9 for away, in the order of the buttons', () => {
    expect(commandFor(press({ key: '3', code: 'Digit3' }), bindings)).toEqual({
      kind: 'score',
      side: 'home',
      scoring: 'three',
    })
    expect(commandFor(press({ key: '7', code: 'Digit7' }), bindings)).toEqual({
      kind: 'score',
      side: 'away',
      scoring: 'free_throw',
    })
    expect(commandFor(press({ key: '8', code: 'Numpad8' }), bindings)).toEqual({
      kind: 'score',
      side: 'away',
      scoring: 'two',
    })
    // AZERTY: the top row types "é" without Shift; the key is the same.
    expect(commandFor(press({ key: 'é', code: 'Digit2' }), bindings)).toMatchObject({ side: 'home', scoring: 'two' })
    // Basketball has three ways to score: 4 does nothing.
    expect(commandFor(press({ key: '4', code: 'Digit4' }), bindings)).toBeNull()
  })

  it('gives football’s five scorings 1–5 and 7, 8, 9, 0 and -', () => {
    const football = keyBindings(sportOf('football'), true)
    expect(commandFor(press({ key: '-', code: 'Minus' }), football)).toEqual({
      kind: 'score',
      side: 'away',
      scoring: 'safety',
    })
    expect(commandFor(press({ key: '5', code: 'Digit5' }), football)).toMatchObject({ side: 'home', scoring: 'safety' })
  })

  it('has letters for undo, tags, the period and the clock (none for a clock a sport has not)', () => {
    expect(commandFor(press({ key: 'u', code: 'KeyU' }), bindings)).toEqual({ kind: 'undo' })
    expect(commandFor(press({ key: 'T', code: 'KeyT' }), bindings)).toEqual({ kind: 'tags' })
    expect(commandFor(press({ key: 'n', code: 'KeyN' }), bindings)).toEqual({ kind: 'period', step: 1 })
    expect(commandFor(press({ key: 'p', code: 'KeyP' }), bindings)).toEqual({ kind: 'period', step: -1 })
    expect(commandFor(press({ key: 'c', code: 'KeyC' }), bindings)).toEqual({ kind: 'clock' })
    expect(commandFor(press({ key: 'c', code: 'KeyC' }), keyBindings(sportOf('volleyball'), false))).toBeNull()
  })

  it('stays off while a field is typed in, with a modifier held, or a key held down', () => {
    const input = { tagName: 'INPUT', type: 'text' }
    const textarea = { tagName: 'TEXTAREA' }
    const checkbox = { tagName: 'INPUT', type: 'checkbox' }
    const digit = { key: '2', code: 'Digit2' }
    expect(commandFor(press({ ...digit, target: input as unknown as EventTarget }), bindings)).toBeNull()
    expect(commandFor(press({ ...digit, target: textarea as unknown as EventTarget }), bindings)).toBeNull()
    expect(
      commandFor(press({ ...digit, target: { isContentEditable: true } as unknown as EventTarget }), bindings),
    ).toBeNull()
    expect(commandFor(press({ ...digit, ctrlKey: true }), bindings)).toBeNull()
    expect(commandFor(press({ ...digit, repeat: true }), bindings)).toBeNull()
    expect(commandFor(press({ ...digit, target: checkbox as unknown as EventTarget }), bindings)).not.toBeNull()
  })
})
