import type { Player } from './player'

/** How long a core made ahead of its view waits for it (the page may end up showing no player at all). */
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
  held = { key, player, timer: setTimeout(dropHeldPlayer, ttlMs), onRelease }
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
  player.destroy()
  onRelease?.('dropped')
  return null
}

/** Whether a core is held for `key`. */
export const holdsPlayer = (key: string) => held?.key === key

/** Stops the held core (and, for tests, forgets which views have claimed theirs). */
export function dropHeldPlayer({ forgetClaims = false } = {}): void {
  if (forgetClaims) claimed.clear()
  if (!held) return
  const { player, timer, onRelease } = held
  clearTimeout(timer)
  held = null
  player.destroy()
  onRelease?.('dropped')
}
