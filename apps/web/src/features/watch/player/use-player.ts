import {
  adoptPlayer,
  createPlayer,
  type Player,
  type PlayerOptions,
  type PlayerState,
  playbackAssetKey,
  takePressOfDropped,
} from '@fieldhouse/player'
import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react'

/** The player's state as React state: a view re-renders when the core says it changed. */
export function usePlayerState(player: Player): PlayerState {
  return useSyncExternalStore(player.subscribe, player.getState, player.getState)
}

/**
 * The core for one playback: the one the start made for this video while the app loaded, when there is
 * one (it is then given this view's callbacks), else one made now; stopped when the view leaves. Taken
 * or made in a layout effect (not during render): React may render a component more than once before
 * keeping it, and a core starts loading the moment it is made. `options` are read once; callbacks in
 * them read the latest value through `latest`.
 */
export function useCreatedPlayer(options: () => PlayerOptions): Player | null {
  const [player, setPlayer] = useState<Player | null>(null)
  const make = useRef(options)
  useLayoutEffect(() => {
    const wanted = make.current()
    const key = playbackAssetKey(wanted.playback.hls)
    const held = adoptPlayer(key)
    if (held) {
      const { events, context, fetchPlayback, onPrerollPlayed } = wanted
      held.bind({ context, fetchPlayback, onPrerollPlayed, ...(events ? { events } : {}) })
      held.setPreroll(wanted.preroll)
    }
    const made = held ?? createPlayer(wanted)
    // Pressed on the stage, whose core then failed or waited too long: this one plays for that press
    // (once its pre-roll is decided, when it is not yet).
    if (!held && takePressOfDropped(key)) made.start()
    setPlayer(made)
    return () => {
      made.destroy()
      setPlayer(null)
    }
  }, [])
  return player
}
