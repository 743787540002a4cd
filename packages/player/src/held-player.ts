import type { Player } from './player'

/**
 * How long a core made ahead of its view waits for it (the page may end up showing no player at all);
 * one the viewer has pressed play on waits as long as it takes.
 */
export const HOLD_MS = 15_000

/** Told once when a held core leaves the hold: taken by its view (`adopted`) or stopped. */
export type HeldRelease = (outcome: 'adopted' | 'dropped') => void

let held: {
  key: string
  player: Player
  timer: ReturnType<typeof setTimeout>
  onRelease: HeldRelease | undefined
} | null = null
/** Videos whose view has taken or made its core: a core offered for one of them later is never made. */
const claimed = new Set<string>()
/** The video of a held core the viewer had pressed play on when it was stopped (failed or not taken in time). */
let pressedWhenDropped: string | null = null
const remember = (key: string, player: Player) => {
  if (player.getState().started) pressedWhenDropped = key
}

/**
 * The start's side of the handover: makes a core for `key` now and holds it for the view, unless the
 * view got there first (it then made its own). Whichever comes first, one core plays the video.
 */
export function offerPlayer(
  key: string,
  make: () => Player,
  { ttlMs = HOLD_MS, onRelease }: { ttlMs?: number; onRelease?: HeldRelease } = {},
): Player | null {
  if (claimed.has(key)) return null
  const player = make()
  holdPlayer(key, player, { ttlMs, onRelease })
  return player
}

/** The view's side: the core held for `key`, or null (the view makes its own); later offers for it are refused. */
export function adoptPlayer(key: string): Player | null {
  claimed.add(key)
  return takeHeldPlayer(key)
}

/**
 * Keeps a core made while the app starts (the watch page's detail arrived before its view) for the view
 * that will show it: `key` names the video whatever its token (`playbackAssetKey`). One at a time; one
 * not taken within `ttlMs` is stopped. A core held before replaces the one held now.
 */
export function holdPlayer(
  key: string,
  player: Player,
  { ttlMs = HOLD_MS, onRelease }: { ttlMs?: number; onRelease?: HeldRelease } = {},
): void {
  dropHeldPlayer()
  // A core the viewer pressed play on is what they are watching: held until its view takes it, however late.
  const expire = () => {
    if (held?.player !== player) return
    if (player.getState().started && !player.getState().failure) held.timer = setTimeout(expire, ttlMs)
    else dropHeldPlayer()
  }
  held = { key, player, timer: setTimeout(expire, ttlMs), onRelease }
}

/** The held core for `key`, handed over once; null when there is none (or it is for another video, then stopped). */
export function takeHeldPlayer(key: string): Player | null {
  if (!held) return null
  if (held.key !== key) {
    dropHeldPlayer()
    return null
  }
  const { player, timer, onRelease } = held
  clearTimeout(timer)
  held = null
  // One that failed while it waited is not handed over: the view starts afresh and hears the error itself.
  if (!player.getState().failure) {
    onRelease?.('adopted')
    return player
  }
  remember(key, player)
  player.destroy()
  onRelease?.('dropped')
  return null
}

/**
 * Whether the viewer pressed play on a core for `key` that was then stopped, not handed over: the view's
 * own core then starts by itself, so the press is not lost. Told once.
 */
export function takePressOfDropped(key: string): boolean {
  const pressed = pressedWhenDropped === key
  if (pressed) pressedWhenDropped = null
  return pressed
}

/** Whether a core is held for `key`. */
export const holdsPlayer = (key: string) => held?.key === key

/** Stops the held core (and, for tests, forgets which views have claimed theirs). */
export function dropHeldPlayer({ forgetClaims = false } = {}): void {
  if (forgetClaims) {
    claimed.clear()
    pressedWhenDropped = null
  }
  if (!held) return
  const { key, player, timer, onRelease } = held
  clearTimeout(timer)
  held = null
  remember(key, player)
  player.destroy()
  onRelease?.('dropped')
}
