import { listen } from './listen'

/** A pre-roll that shows no progress for this long (stalled, or its server gone) gives way to the content. */
export const PREROLL_STALL_MS = 15_000

/** What the pre-roll's view draws. */
export interface PrerollRunState {
  /** Seconds left, once its length is known. */
  left: number | null
  /** Started muted (the browser refused sound without a gesture): the view offers Unmute. */
  muted: boolean
  /** It could not start even muted: the view shows a play button that calls `play`. */
  needsPress: boolean
}

/**
 * Plays a pre-roll (spec §3/§4) in its own <video>: it cannot be skipped, and the content starts when it
 * ends. If it cannot play (an error, or no progress for 15 s) it ends anyway, not seen through
 * (`onEnd(false)`). A browser that refuses to start it with sound starts it muted; failing that it
 * waits for a press.
 */
export function runPreroll(
  video: HTMLVideoElement,
  onEnd: (completed: boolean) => void,
  onChange: (state: PrerollRunState) => void,
) {
  let state: PrerollRunState = { left: null, muted: false, needsPress: false }
  const set = (next: Partial<PrerollRunState>) => {
    state = { ...state, ...next }
    onChange(state)
  }
  let ended = false
  const finish = (completed: boolean) => {
    if (ended) return
    ended = true
    onEnd(completed)
  }
  let stallTimer = setTimeout(() => finish(false), PREROLL_STALL_MS)
  const handleProgress = () => {
    clearTimeout(stallTimer)
    if (!video.paused) stallTimer = setTimeout(() => finish(false), PREROLL_STALL_MS)
    if (Number.isFinite(video.duration)) set({ left: Math.max(0, video.duration - video.currentTime) })
  }
  const unlisten = listen(video, {
    timeupdate: handleProgress,
    playing: handleProgress,
    pause: () => clearTimeout(stallTimer),
    ended: () => finish(true),
    error: () => finish(false),
  })
  video.play().catch(() => {
    video.muted = true
    set({ muted: true })
    video.play().catch(() => {
      clearTimeout(stallTimer)
      set({ needsPress: true })
    })
  })
  return {
    toggleMute() {
      video.muted = !video.muted
      set({ muted: video.muted })
    },
    play() {
      set({ needsPress: false })
      video.play().catch(() => finish(false))
    },
    stop() {
      clearTimeout(stallTimer)
      unlisten()
    },
  }
}
export type PrerollRun = ReturnType<typeof runPreroll>
