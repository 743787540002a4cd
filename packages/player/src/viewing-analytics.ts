import { listen } from './listen'
import { createWatchedTime, HEARTBEAT_INTERVAL_MS, type PlayerEvent } from './player-events'

/** The start of a viewing, shared by the player (which notes the press) and the viewing's events. */
export interface ViewingStart {
  /** `performance.now()` at the press, until the first frame is reported. */
  requestedAt: number | null
  firstFrameSent: boolean
}

/**
 * A viewing's events from its <video> (spec §7 video calls): watched time and heartbeats (every 10 s of
 * change, on hiding the page, and on leaving), the first frame after the press, and once that has shown:
 * pause, play again, seek, stalls and the end. Returns the stop, which sends the last heartbeat.
 */
export function followViewing(
  video: HTMLVideoElement,
  start: ViewingStart,
  emit: (event: PlayerEvent) => void,
  page: { document?: Document | undefined; window?: Window | undefined } = {},
): () => void {
  const watched = createWatchedTime(() => video.played)
  let lastSent = 0
  let finalSent = false
  const beat = (final: boolean) => {
    const seconds = watched.seconds()
    if (finalSent || (seconds === lastSent && !(final && seconds > 0))) return
    lastSent = seconds
    finalSent = final
    emit({ type: 'heartbeat', watchedSeconds: seconds, final })
  }
  let stalledAt: number | null = null
  let seekFrom = video.currentTime
  let lastTime = video.currentTime
  const stallEnds = () => {
    if (stalledAt === null) return
    emit({ type: 'stall_end', ms: Math.round(performance.now() - stalledAt) })
    stalledAt = null
  }
  const handlers: Record<string, () => void> = {
    playing: () => {
      stallEnds()
      const requestedAt = start.requestedAt
      if (requestedAt === null || start.firstFrameSent) return
      start.requestedAt = null
      start.firstFrameSent = true
      const report = () => emit({ type: 'first_frame', ms: Math.round(performance.now() - requestedAt) })
      if (typeof video.requestVideoFrameCallback === 'function') video.requestVideoFrameCallback(report)
      else report()
    },
    emptied: () => watched.carry(),
    timeupdate: () => {
      watched.note()
      if (!video.seeking) lastTime = video.currentTime
    },
    play: () => {
      if (start.firstFrameSent) emit({ type: 'play' })
    },
    pause: () => {
      if (start.firstFrameSent && !video.ended) emit({ type: 'pause' })
    },
    seeking: () => {
      seekFrom = lastTime
    },
    seeked: () => {
      lastTime = video.currentTime
      if (start.firstFrameSent) emit({ type: 'seek', from: Math.round(seekFrom), to: Math.round(video.currentTime) })
    },
    waiting: () => {
      if (!start.firstFrameSent || video.seeking || stalledAt !== null) return
      stalledAt = performance.now()
      emit({ type: 'stall_start' })
    },
    ended: () => {
      stallEnds()
      emit({ type: 'ended' })
    },
  }
  const unlisten = [
    listen(video, handlers),
    listen(page.document, {
      visibilitychange: () => {
        if (page.document?.visibilityState === 'hidden') beat(false)
      },
    }),
    listen(page.window, { pagehide: () => beat(true) }),
  ]
  const timer = setInterval(() => beat(false), HEARTBEAT_INTERVAL_MS)
  return () => {
    beat(true)
    clearInterval(timer)
    for (const stop of unlisten) stop()
  }
}
