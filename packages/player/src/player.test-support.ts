import type { Playback } from '@fieldhouse/contract'
import type { EngineCallbacks, EngineHandle, EngineOptions, PlaybackEngine } from './playback-engine'

/** TimeRanges from pairs. */
export const timeRanges = (pairs: Array<[number, number]> = []): TimeRanges => ({
  length: pairs.length,
  start: (index: number) => pairs[index]![0],
  end: (index: number) => pairs[index]![1],
})

/**
 * A <video> for tests without a browser: the properties the player reads, play() and pause() that
 * change them and fire the media events a browser fires, and `fire` for the rest.
 */
export class FakeVideo extends EventTarget {
  paused = true
  ended = false
  seeking = false
  currentTime = 0
  duration = Number.NaN
  volume = 1
  muted = false
  poster = ''
  seekable = timeRanges()
  buffered = timeRanges()
  played = timeRanges()
  /** What the next play() does: resolve, or reject with this error. */
  playRefusal: Error | null = null
  plays = 0
  webkitShowPlaybackTargetPicker?: () => void
  remote?: unknown

  play(): Promise<void> {
    this.plays += 1
    if (this.playRefusal) {
      const refusal = this.playRefusal
      return Promise.reject(refusal)
    }
    this.paused = false
    this.fire('play')
    return Promise.resolve()
  }

  pause() {
    if (this.paused) return
    this.paused = true
    this.fire('pause')
  }

  requestPictureInPicture() {
    this.fire('enterpictureinpicture')
    return Promise.resolve({})
  }

  fire(type: string, fields: Record<string, unknown> = {}) {
    this.dispatchEvent(Object.assign(new Event(type), fields))
  }

  asVideo(): HTMLVideoElement {
    return this as unknown as HTMLVideoElement
  }
}

/** An engine the test drives: what the player asked of it, and its callbacks to call. */
export class FakeEngines {
  starts: EngineOptions[] = []
  loads = 0
  levels: number[] = []
  textTracks: number[] = []
  destroyed = 0
  renewed = 0
  liveSync: number | null = null
  programmeDateAt: number | null = null

  get callbacks(): EngineCallbacks {
    const last = this.starts.at(-1)
    if (!last) throw new Error('no engine started')
    return last.callbacks
  }

  start = (_video: HTMLVideoElement, options: EngineOptions): EngineHandle => {
    this.starts.push(options)
    const engine: PlaybackEngine = {
      kind: 'hls.js',
      startLoading: () => {
        this.loads += 1
      },
      setLevel: (level) => this.levels.push(level),
      liveSyncPosition: () => this.liveSync,
      tokenRenewed: () => {
        this.renewed += 1
      },
      setTextTrack: (index) => this.textTracks.push(index),
      programmeDate: () => this.programmeDateAt,
      destroy: () => {
        this.destroyed += 1
      },
    }
    return { ready: Promise.resolve(engine), destroy: () => engine.destroy() }
  }
}

export const signedPlayback = (token: string, fields: Partial<Playback> = {}): Playback => ({
  hls: `/media/p/${token}/events/7/master.m3u8`,
  live: false,
  thumbnails: null,
  expires_at: '2026-12-02T12:00:00Z',
  renew_in_ms: 60_000,
  ...fields,
})

/** Lets promise callbacks queued so far run. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
