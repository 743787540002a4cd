import type { Player } from './player'

/** How long a core made ahead of its view waits for it (the page may end up showing no player at all). */
export const HOLD_MS = 15_000

let held: { key: string; player: Player; timer: ReturnType<typeof setTimeout> } | null = null
/** Videos whose view has taken or made its core: a core offered for one of them later is never made. */
const claimed = new Set<string>()

/**
 * The start's side of the handover: makes a core for `key` now and holds it for the view, unless the
 * view got there first (it then made its own). Whichever comes first, one core plays the video.
 */
export function offerPlayer(key: string, make: () => Player, ttlMs = HOLD_MS): void {
  if (claimed.has(key)) return
  holdPlayer(key, make(), ttlMs)
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
export function holdPlayer(key: string, player: Player, ttlMs = HOLD_MS): void {
  dropHeldPlayer()
  held = { key, player, timer: setTimeout(dropHeldPlayer, ttlMs) }
}

/** The held core for `key`, handed over once; null when there is none (or it is for another video, then stopped). */
export function takeHeldPlayer(key: string): Player | null {
  if (!held) return null
  if (held.key !== key) {
    dropHeldPlayer()
    return null
  }
  const { player, timer } = held
  clearTimeout(timer)
  held = null
  // One that failed while it waited is not handed over: the view starts afresh and hears the error itself.
  if (!player.getState().failure) return player
  player.destroy()
  return null
}

/** Whether a core is held for `key`. */
export const holdsPlayer = (key: string) => held?.key === key

/** Stops the held core (and, for tests, forgets which views have claimed theirs). */
export function dropHeldPlayer({ forgetClaims = false } = {}): void {
  if (forgetClaims) claimed.clear()
  if (!held) return
  clearTimeout(held.timer)
  held.player.destroy()
  held = null
}
