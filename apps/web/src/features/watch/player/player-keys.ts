export type PlayerKeyAction =
  | 'togglePlay'
  | 'seekBack'
  | 'seekForward'
  | 'volumeUp'
  | 'volumeDown'
  | 'toggleFullscreen'
  | 'toggleMute'

/** Where the key was pressed: the focused element's role inside the player. */
export type KeyTarget = 'button' | 'seek' | 'volume' | 'mark' | 'menu' | 'text' | 'other'

/** Seconds an arrow key moves the playhead. */
export const SEEK_STEP_S = 10
/** How much an arrow key changes the volume (0–1). */
export const VOLUME_STEP = 0.1

/** Sliders move themselves with the arrows: the volume and the clip's handles (the seek bar is the player's). */
const ownsArrows = (target: KeyTarget) => target === 'volume' || target === 'mark'

/**
 * The player's keyboard (while focus is in the player): space or k play/pause, ←/→ 10 s back/forward,
 * ↑/↓ volume, f fullscreen, m mute. Keys a focused control already understands are left to it: space on
 * a button presses the button, the arrows move the volume slider and a clip's in and out handles, the
 * quality menu handles its own keys. Keys with Ctrl, Alt or Meta are the browser's.
 */
export function playerKeyAction(
  event: { key: string; ctrlKey?: boolean; altKey?: boolean; metaKey?: boolean },
  target: KeyTarget,
): PlayerKeyAction | null {
  if (event.ctrlKey || event.altKey || event.metaKey) return null
  if (target === 'menu' || target === 'text') return null
  switch (event.key) {
    case ' ':
    case 'Spacebar':
      return target === 'button' ? null : 'togglePlay'
    case 'k':
    case 'K':
      return 'togglePlay'
    case 'ArrowLeft':
      return ownsArrows(target) ? null : 'seekBack'
    case 'ArrowRight':
      return ownsArrows(target) ? null : 'seekForward'
    case 'ArrowUp':
      return ownsArrows(target) ? null : 'volumeUp'
    case 'ArrowDown':
      return ownsArrows(target) ? null : 'volumeDown'
    case 'f':
    case 'F':
      return 'toggleFullscreen'
    case 'm':
    case 'M':
      return 'toggleMute'
    default:
      return null
  }
}

/** The role of the element a key event came from, read from the DOM. */
export function keyTargetOf(element: Element | null): KeyTarget {
  if (!element) return 'other'
  if (element.closest('[role="menu"]')) return 'menu'
  const slider = element.getAttribute('data-player-slider')
  if (slider === 'seek') return 'seek'
  if (slider === 'volume') return 'volume'
  if (slider === 'mark') return 'mark'
  const tag = element.tagName
  if (tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY') return 'button'
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || (element as HTMLElement).isContentEditable) {
    return 'text'
  }
  return 'other'
}
