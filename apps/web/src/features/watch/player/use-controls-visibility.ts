import { type FocusEvent, type RefObject, useCallback, useEffect, useRef, useState } from 'react'

/** The controls fade after this long without the pointer moving or a key, while the video plays. */
export const CONTROLS_HIDE_MS = 3000

/**
 * Whether the controls are shown: always while paused, a menu is open or focus is in them, else for
 * three seconds after the pointer moves or a key is pressed (`poke`).
 */
export function useControlsVisibility(controlsRef: RefObject<HTMLDivElement | null>, paused: boolean) {
  const [active, setActive] = useState(true)
  const [menuOpen, setMenuOpen] = useState(false)
  const [focusInside, setFocusInside] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const poke = useCallback(() => {
    setActive(true)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setActive(false), CONTROLS_HIDE_MS)
  }, [])
  return {
    shown: paused || active || menuOpen || focusInside,
    poke,
    setMenuOpen,
    onFocus: (event: FocusEvent<HTMLElement>) => {
      if (!controlsRef.current?.contains(event.target)) return
      setFocusInside(true)
      poke()
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!controlsRef.current?.contains(event.relatedTarget)) setFocusInside(false)
    },
  }
}
