import { createPlayer, type Player, type PlayerOptions, type PlayerState } from '@fieldhouse/player'
import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react'

/** The player's state as React state: a view re-renders when the core says it changed. */
export function usePlayerState(player: Player): PlayerState {
  return useSyncExternalStore(player.subscribe, player.getState, player.getState)
}

/**
 * The core for one playback, made when the view mounts and stopped when it leaves. Made in a layout
 * effect (not during render): React may render a component more than once before keeping it, and a core
 * starts loading the moment it is made. `options` are read once; callbacks in them read the latest
 * value through `latest`.
 */
export function useCreatedPlayer(options: () => PlayerOptions): Player | null {
  const [player, setPlayer] = useState<Player | null>(null)
  const make = useRef(options)
  useLayoutEffect(() => {
    const made = createPlayer(make.current())
    setPlayer(made)
    return () => {
      made.destroy()
      setPlayer(null)
    }
  }, [])
  return player
}
