import {
  contrastRatio,
  parseHex,
  type Rgb,
  type ScoreAction,
  type ScoreActionInput,
  type ScoreGame,
  type ScoreSide,
  type ScoreState,
  type SportRules,
  scoreAt,
} from '@fieldhouse/contract'

/**
 * What the scoring screen shows, worked out without React: the server's timeline and this phone's
 * kept actions as one list, the score they make, the action Undo takes back, the teams' colours, and
 * the keyboard's map. Tested beside it (`score-view.test.ts`).
 */

/** Where an action is: recorded by the server, on its way, or kept on this phone until it can go. */
export type ActionState = 'recorded' | 'sending' | 'kept'

export type ViewAction = Omit<ScoreAction, 'source'> & { state: ActionState }

/**
 * A kept action as the timeline would hold it: `t` on the stream's clock, which is this phone's clock
 * moved by how far the server's is ahead (`skewMs`) and by the game's offset.
 */
export function pendingEntry(
  action: ScoreActionInput,
  shiftMs: number,
  sport: SportRules,
): Omit<ScoreAction, 'source'> {
  const base = {
    id: action.id,
    type: action.type,
    t: action.at + shiftMs,
    side: null,
    scoring: null,
    points: null,
    period: null,
    running: null,
    clock_ms: null,
    tag: null,
    target: null,
  }
  switch (action.type) {
    case 'score':
      return {
        ...base,
        side: action.side,
        scoring: action.scoring,
        points: sport.scoring.find((rule) => rule.id === action.scoring)?.points ?? null,
      }
    case 'period':
      return { ...base, period: action.period }
    case 'clock':
      return { ...base, running: action.running, clock_ms: action.clock_ms }
    case 'tag':
      return { ...base, tag: action.tag, side: action.side ?? null }
    case 'undo':
      return { ...base, target: action.target }
    case 'final':
      return base
  }
}

/**
 * The server's actions and this phone's kept ones (those it has not recorded yet), ordered by `t` as
 * the timeline orders them: the list the score is worked out from.
 */
export function mergeActions(
  recorded: readonly ScoreAction[],
  kept: readonly ScoreActionInput[],
  sending: ReadonlySet<string>,
  shiftMs: number,
  sport: SportRules,
): ViewAction[] {
  const known = new Set(recorded.map((action) => action.id))
  const merged: ViewAction[] = recorded.map(({ source: _source, ...action }) => ({ ...action, state: 'recorded' }))
  for (const action of kept) {
    if (known.has(action.id)) continue
    merged.push({ ...pendingEntry(action, shiftMs, sport), state: sending.has(action.id) ? 'sending' : 'kept' })
  }
  // Stable: equal times keep the server's order, then the order the taps were made.
  return merged.sort((a, b) => a.t - b.t)
}

/** The score with every action applied: what the scorer has recorded, whatever the stream shows yet. */
export const scoreNow = (actions: readonly ViewAction[], sport: SportRules): ScoreState =>
  scoreAt(actions, Number.POSITIVE_INFINITY, sport)

/** Ids an undo has taken back. */
export const undoneIds = (actions: readonly ViewAction[]): Set<string> =>
  new Set(actions.flatMap((action) => (action.type === 'undo' && action.target ? [action.target] : [])))

/** The action Undo takes back: the latest that is not an undo and has not been taken back already. */
export function undoTarget(actions: readonly ViewAction[]): ViewAction | null {
  const undone = undoneIds(actions)
  for (let i = actions.length - 1; i >= 0; i--) {
    const action = actions[i] as ViewAction
    if (action.type !== 'undo' && !undone.has(action.id)) return action
  }
  return null
}

/** The last actions, newest first, each marked when an undo took it back. */
export function recentActions(actions: readonly ViewAction[], count: number) {
  const undone = undoneIds(actions)
  return actions
    .slice(-count)
    .reverse()
    .map((action) => ({ action, undone: undone.has(action.id) }))
}

/** The Score list's order: games live now first, then those still to come by start, then the finished. */
export function sortGames(games: readonly ScoreGame[]): ScoreGame[] {
  const rank = (game: ScoreGame) =>
    game.status === 'final' ? 2 : game.status === 'live' || game.stream_status === 'live' ? 0 : 1
  return [...games].sort((a, b) => rank(a) - rank(b) || a.starts_at.localeCompare(b.starts_at))
}

// ---------------------------------------------------------------------------------------------
// Colours

/** A team without a colour: two neutral greys, so the two sides still differ. */
export const neutralTeamColors: Readonly<Record<ScoreSide, string>> = { home: '#1f2a37', away: '#4b5563' }

const white = [255, 255, 255] as const
const black = [0, 0, 0] as const

/**
 * A team's panel: its colour behind, and whichever of white or black reads better on it (one of
 * them always reaches WCAG AA's 4.5:1). A colour that is not a hex colour takes the neutral one.
 */
export function teamColors(color: string | null, side: ScoreSide): { background: string; text: string; ratio: number } {
  const own = color ? parseHex(color) : null
  const background = own && color ? color : neutralTeamColors[side]
  const rgb = own ?? (parseHex(neutralTeamColors[side]) as Rgb)
  const onWhite = contrastRatio(rgb, white)
  const onBlack = contrastRatio(rgb, black)
  return onWhite >= onBlack
    ? { background, text: '#ffffff', ratio: onWhite }
    : { background, text: '#000000', ratio: onBlack }
}

// ---------------------------------------------------------------------------------------------
// The game clock's field

/** "7:30", "12", "1:02:03" → ms; null for anything else. */
export function parseClockInput(text: string): number | null {
  const parts = text.trim().split(':')
  if (parts.length === 0 || parts.length > 3 || parts.some((part) => !/^\d{1,3}$/.test(part))) return null
  const numbers = parts.map(Number)
  if (numbers.slice(1).some((n) => n >= 60)) return null
  const seconds = numbers.reduce((total, n) => total * 60 + n, 0)
  return seconds * 1000
}

// ---------------------------------------------------------------------------------------------
// The keyboard

export type ScoreCommand =
  | { kind: 'score'; side: ScoreSide; scoring: string }
  | { kind: 'undo' }
  | { kind: 'tags' }
  | { kind: 'period'; step: 1 | -1 }
  | { kind: 'clock' }

/** The keys of each side's scoring buttons, in their order (as printed on the keys; matched by position). */
export const sideKeys: Readonly<Record<ScoreSide, readonly string[]>> = {
  home: ['1', '2', '3', '4', '5'],
  away: ['7', '8', '9', '0', '-'],
}

/** The other commands' keys (matched by the letter the key types). */
export const commandKeys = { undo: 'U', tags: 'T', nextPeriod: 'N', previousPeriod: 'P', clock: 'C' } as const

/** The physical key of a printed digit or dash (`event.code`), so AZERTY's top row works the same. */
const codeOf = (key: string) => (key === '-' ? 'Minus' : `Digit${key}`)

export interface KeyBinding {
  key: string
  command: ScoreCommand
}

/** Every shortcut of a sport, in the order the page lists them. */
export function keyBindings(sport: SportRules, hasClock: boolean): KeyBinding[] {
  const bindings: KeyBinding[] = []
  for (const side of ['home', 'away'] as const) {
    sport.scoring.forEach((rule, index) => {
      const key = sideKeys[side][index]
      if (key) bindings.push({ key, command: { kind: 'score', side, scoring: rule.id } })
    })
  }
  bindings.push({ key: commandKeys.undo, command: { kind: 'undo' } })
  bindings.push({ key: commandKeys.tags, command: { kind: 'tags' } })
  bindings.push({ key: commandKeys.nextPeriod, command: { kind: 'period', step: 1 } })
  bindings.push({ key: commandKeys.previousPeriod, command: { kind: 'period', step: -1 } })
  if (hasClock) bindings.push({ key: commandKeys.clock, command: { kind: 'clock' } })
  return bindings
}

export interface KeyPress {
  key: string
  code: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  repeat: boolean
  target: EventTarget | null
}

/** Whether the key goes to a field being typed in (then no shortcut applies). */
export function isTyping(target: EventTarget | null): boolean {
  if (!target || typeof target !== 'object') return false
  const element = target as { tagName?: string; isContentEditable?: boolean; type?: string }
  if (element.isContentEditable) return true
  const tag = element.tagName?.toUpperCase()
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true
  if (tag !== 'INPUT') return false
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color'].includes(element.type ?? 'text')
}

/** The command a key press gives, or null (a field has focus, a modifier is held, a key held down). */
export function commandFor(press: KeyPress, bindings: readonly KeyBinding[]): ScoreCommand | null {
  if (press.ctrlKey || press.metaKey || press.altKey || press.repeat || isTyping(press.target)) return null
  for (const { key, command } of bindings) {
    if (/^[A-Z]$/.test(key)) {
      if (press.key.toUpperCase() === key) return command
    } else if (press.code === codeOf(key) || (key !== '-' && press.code === `Numpad${key}`)) return command
  }
  return null
}
