import type { Playback, Preroll } from '@fieldhouse/contract'
import { promptCast, watchCastAvailability } from './cast'
import { listen } from './listen'
import { initialMediaState, type MediaState, watchMediaState } from './media-state'
import {
  type EngineHandle,
  type EngineOptions,
  type PlaybackEngine,
  startPlaybackEngine,
  type TextTrackInfo,
} from './playback-engine'
import { createTokenKeeper, startTokenRenewal, type TokenKeeper } from './playback-token'
import { noopPlayerEvents, type PlayerContext, type PlayerEvent, type PlayerEvents } from './player-events'
import {
  isBehindLive,
  liveJoinPosition,
  NATIVE_LIVE_OFFSET_S,
  type SeekWindow,
  secondsBehindLive,
  seekWindow,
} from './player-time'
import { type QualityOption, qualityOptions } from './quality'
import type { ClipMarkers, OverlaySource, OverlayValue, ProgrammeTime, TimelineMark } from './timeline'
import { followViewing, type ViewingStart } from './viewing-analytics'
import { parseThumbnailVtt, type ThumbnailCue } from './vtt-thumbnails'

/** A failure restarts playback once by itself (with a fresh token); another within this long shows the error. */
export const AUTO_RETRY_WINDOW_MS = 30_000

/** What the player shows: before the press, the pre-roll, the programme playing or paused, or the error. */
export type PlayerPhase = 'ready' | 'preroll' | 'playing' | 'paused' | 'error'

export interface PlayerState {
  phase: PlayerPhase
  /** The viewer pressed play (the pre-roll, then the programme). */
  started: boolean
  /** The pre-roll playing now. */
  preroll: Preroll | null
  /** Whether a pre-roll plays first is known (the start button waits for it). */
  prerollDecided: boolean
  /** The browser wanted a press before playing (autoplay rules): the big button is back. */
  playBlocked: boolean
  /** The failure shown; `unsupported` when this browser cannot play HLS at all. */
  failure: string | null
  /** The engine (hls.js, or the browser's own HLS) is running on the source. */
  engineReady: boolean
  media: MediaState
  live: boolean
  /** The part of the video the seek bar covers. */
  window: SeekWindow
  /** A live stream: seconds behind the live position (0 for a replay). */
  secondsBehind: number
  /** Far enough behind that "Go live" is offered. */
  behindLive: boolean
  levels: readonly QualityOption[]
  /** -1 for Auto. */
  selectedLevel: number
  /** The rendition playing now, as the menu names it. */
  playingLabel: string | null
  thumbnails: readonly ThumbnailCue[]
  textTracks: readonly TextTrackInfo[]
  /** -1 for none. */
  textTrack: number
  fullscreen: boolean
  pip: boolean
  canFullscreen: boolean
  canPip: boolean
  /** A screen to cast to (AirPlay, Remote Playback) is there. */
  castAvailable: boolean
  marks: readonly TimelineMark[]
  clip: ClipMarkers | null
  overlays: readonly OverlayValue[]
}

export interface PlayerOptions {
  /** The playback answer of the detail; later tokens come from `fetchPlayback`. */
  playback: Playback
  /** When `playback` arrived (ms since the epoch): its `renew_in_ms` counts from then. */
  receivedAt: number
  poster: string | null
  /** Who is watching what, for every event; `viewId` names this one viewing. */
  context: PlayerContext & { viewId: string }
  fetchPlayback: () => Promise<Playback>
  /** The pre-roll to play first; null for none; undefined while that is being decided (`setPreroll`). */
  preroll?: Preroll | null | undefined
  /** A pre-roll was seen to its end (the caller suppresses the next one for a while). */
  onPrerollPlayed?: (preroll: Preroll) => void
  events?: PlayerEvents
  /** The <video> to play in; the player makes its own when not given. */
  video?: HTMLVideoElement
  /** The page (fullscreen, picture-in-picture, visibility); none in tests without a DOM. */
  document?: Document
  window?: Window
  /** Starts the engine on the video: hls.js or native by default; tests pass a fake. */
  startEngine?: (video: HTMLVideoElement, options: EngineOptions) => EngineHandle
  /** Reads the thumbnails track. */
  fetchText?: (url: string, signal: AbortSignal) => Promise<string>
}

/** What a page hands the core that a later page (the view adopting it) may replace. */
export interface PlayerBindings {
  events: PlayerEvents
  context: PlayerContext & { viewId: string }
  fetchPlayback: () => Promise<Playback>
  onPrerollPlayed: ((preroll: Preroll) => void) | undefined
}

type WebKitVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void; webkitSupportsFullscreen?: boolean }

const fetchTextOk = async (url: string, signal: AbortSignal) => {
  const response = await fetch(url, { signal })
  return response.ok ? response.text() : ''
}

/** Makes the <video> the player plays in: the poster shows from the first paint. */
export function createPlayerVideo(doc: Document, poster: string | null): HTMLVideoElement {
  const video = doc.createElement('video')
  video.className = 'player__video'
  video.playsInline = true
  video.preload = 'metadata'
  video.dataset.testid = 'player-video'
  // Safari offers AirPlay for a video that allows it.
  video.setAttribute('x-webkit-airplay', 'allow')
  if (poster) video.poster = poster
  return video
}

/**
 * One playback: the <video>, the engine on it, the token's renewal, recovery (one automatic retry with
 * a fresh token), quality, the live edge and DVR window, the pre-roll before the programme, seek
 * thumbnails, text tracks, casting, the viewing's events, and what others draw on its timeline and over
 * its picture. No framework: views subscribe to its state and call its commands.
 */
export function createPlayer(options: PlayerOptions) {
  const doc = options.document ?? (typeof document === 'undefined' ? undefined : document)
  const win = options.window ?? (typeof window === 'undefined' ? undefined : window)
  const { playback } = options
  const video = options.video ?? createPlayerVideo(doc as Document, options.poster)
  // What the page supplies may change hands: a core made while the app starts is adopted by its view (`bind`).
  let bound: PlayerBindings = {
    events: options.events ?? noopPlayerEvents,
    context: options.context,
    fetchPlayback: options.fetchPlayback,
    onPrerollPlayed: options.onPrerollPlayed,
  }
  const startEngine = options.startEngine ?? startPlaybackEngine
  const keeper: TokenKeeper = createTokenKeeper(playback.hls)
  const listeners = new Set<() => void>()
  const viewing: ViewingStart = { requestedAt: null, firstFrameSent: false }
  const labels = new Map<number, string>()
  const overlaySources = new Map<string, OverlaySource>()
  const marksByGroup = new Map<string, readonly TimelineMark[]>()
  let preroll = options.preroll
  let container: HTMLElement | null = null
  let engine: PlaybackEngine | null = null
  let handle: EngineHandle | null = null
  let wantsPlay = false
  let resumeAt: number | null = null
  let autoRetriedAt = Number.NEGATIVE_INFINITY
  let thumbnailsAbort: AbortController | null = null
  let destroyed = false

  const emit = (event: PlayerEvent) => bound.events.emit(event, { ...bound.context, position: video.currentTime })

  const canFullscreen = () =>
    doc?.fullscreenEnabled === true || (video as WebKitVideo).webkitSupportsFullscreen === true

  let state: PlayerState = derive({
    phase: 'ready',
    started: false,
    preroll: null,
    prerollDecided: preroll !== undefined,
    playBlocked: false,
    failure: null,
    engineReady: false,
    media: initialMediaState,
    live: playback.live,
    window: { start: 0, end: 0 },
    secondsBehind: 0,
    behindLive: false,
    levels: [],
    selectedLevel: -1,
    playingLabel: null,
    thumbnails: [],
    textTracks: [],
    textTrack: -1,
    fullscreen: false,
    pip: false,
    canFullscreen: canFullscreen(),
    canPip: doc?.pictureInPictureEnabled === true,
    castAvailable: false,
    marks: [],
    clip: null,
    overlays: [],
  })

  /** What follows from the rest: the phase, the seek window, the live edge, the overlays. */
  function derive(next: PlayerState): PlayerState {
    const { media, live } = next
    const window = seekWindow({ live, duration: media.duration, seekable: media.seekable })
    const secondsBehind = live
      ? secondsBehindLive({
          currentTime: media.currentTime,
          seekableEnd: window.end,
          liveSyncPosition: engine?.liveSyncPosition() ?? null,
        })
      : 0
    const phase: PlayerPhase = next.failure
      ? 'error'
      : next.preroll
        ? 'preroll'
        : next.started
          ? media.paused
            ? 'paused'
            : 'playing'
          : 'ready'
    return { ...next, phase, window, secondsBehind, behindLive: live && isBehindLive(secondsBehind) }
  }

  const overlaysAt = (): OverlayValue[] => {
    if (overlaySources.size === 0) return []
    const time: ProgrammeTime = { position: video.currentTime, date: engine?.programmeDate() ?? null }
    const values: OverlayValue[] = []
    for (const [key, source] of overlaySources) {
      const value = source(time)
      if (value !== null && value !== undefined) values.push({ key, value })
    }
    return values
  }

  function set(patch: Partial<PlayerState>) {
    if (destroyed) return
    state = derive({ ...state, ...patch })
    for (const listener of listeners) listener()
  }

  const playContent = () => {
    // Time to first frame counts from the viewer's press (hls.js loading included) until a picture shows.
    if (!viewing.firstFrameSent && viewing.requestedAt === null) {
      viewing.requestedAt = performance.now()
      emit({ type: 'play' })
    }
    if (!engine) {
      wantsPlay = true
      return
    }
    wantsPlay = false
    if (state.playBlocked) set({ playBlocked: false })
    engine.startLoading()
    video.play().catch((error: unknown) => {
      // The browser wants a press first (autoplay rules after a pre-roll on some phones): the big button returns.
      if (error instanceof Error && error.name === 'NotAllowedError') {
        viewing.requestedAt = null
        set({ playBlocked: true })
      }
    })
  }

  const restart = () => {
    void renewal.renewNow().finally(() => {
      if (!destroyed) startEngineNow()
    })
  }

  const handleFatal = (code: string) => {
    resumeAt = video.currentTime > 0 ? video.currentTime : null
    wantsPlay = wantsPlay || !video.paused
    const now = Date.now()
    if (code !== 'unsupported' && now - autoRetriedAt > AUTO_RETRY_WINDOW_MS) {
      autoRetriedAt = now
      emit({ type: 'error', code, fatal: false })
      restart()
      return
    }
    emit({ type: 'error', code, fatal: true })
    set({ failure: code })
  }

  function startEngineNow() {
    handle?.destroy()
    engine = null
    let current = true
    const startPosition = resumeAt
    resumeAt = null
    const started = startEngine(video, {
      src: playback.hls,
      keeper,
      startPosition,
      preload: !playback.live,
      callbacks: {
        onLevels: (list) => {
          if (!current) return
          const levels = qualityOptions(list)
          labels.clear()
          for (const option of levels) labels.set(option.index, option.label)
          set({ levels, selectedLevel: -1 })
        },
        onLevelSwitched: (level, auto) => {
          if (!current) return
          set({ playingLabel: labels.get(level) ?? null })
          emit({ type: 'quality_switch', level, label: labels.get(level) ?? String(level), auto })
        },
        onTokenRejected: () => void renewal.renewNow(),
        onRecoverableError: (code) => emit({ type: 'error', code, fatal: false }),
        onFatalError: (code) => {
          if (current) handleFatal(code)
        },
        onTextTracks: (textTracks, selected) => {
          if (current) set({ textTracks, textTrack: selected })
        },
      },
    })
    handle = {
      ready: started.ready,
      destroy: () => {
        current = false
        started.destroy()
      },
    }
    set({ engineReady: false })
    started.ready.then(
      (running) => {
        if (!current) return
        engine = running
        set({ engineReady: true })
        if (wantsPlay) playContent()
      },
      () => {
        if (current) handleFatal('player_load_failed')
      },
    )
  }

  const renewal = startTokenRenewal({
    receivedAt: options.receivedAt,
    renewInMs: playback.renew_in_ms,
    fetchPlayback: () => bound.fetchPlayback(),
    onRenewed: (fresh) => {
      keeper.update(fresh.hls)
      engine?.tokenRenewed()
    },
    onFailed: () => emit({ type: 'error', code: 'token_renewal_failed', fatal: false }),
  })

  const loadThumbnails = () => {
    if (!playback.thumbnails || thumbnailsAbort) return
    thumbnailsAbort = new AbortController()
    const url = keeper.rewrite(playback.thumbnails)
    ;(options.fetchText ?? fetchTextOk)(url, thumbnailsAbort.signal)
      .then((text) => set({ thumbnails: parseThumbnailVtt(text, url) }))
      .catch(() => {
        // No previews; the seek bar works without them.
      })
  }

  const startProgramme = () => {
    set({ started: true, preroll: null })
    loadThumbnails()
    const joinAt = liveJoinPosition({
      live: playback.live,
      currentTime: video.currentTime,
      liveSyncPosition: engine?.liveSyncPosition() ?? null,
    })
    if (joinAt !== null) video.currentTime = joinAt
    playContent()
  }

  /** A press that came before the pre-roll was decided (the stage's button, once the page adopted it): kept. */
  let pressWaiting = false
  const start = () => {
    if (state.started) return
    if (preroll === undefined) {
      pressWaiting = true
      return
    }
    pressWaiting = false
    if (!preroll) return startProgramme()
    set({ started: true, preroll })
    loadThumbnails()
    engine?.startLoading()
    emit({ type: 'preroll_start', prerollId: preroll.id })
  }

  const seek = (time: number) => {
    const { start, end } = state.window
    video.currentTime = Math.min(end, Math.max(start, time))
  }

  const setVolume = (value: number) => {
    video.volume = Math.min(1, Math.max(0, Math.round(value * 100) / 100))
    if (video.volume > 0 && video.muted) video.muted = false
  }

  const stops: Array<() => void> = []
  stops.push(watchMediaState(video, (media) => set({ media, overlays: overlaysAt() })))
  stops.push(followViewing(video, viewing, emit, { document: doc, window: win }))
  stops.push(watchCastAvailability(video, (castAvailable) => set({ castAvailable })))
  stops.push(
    listen(doc, {
      fullscreenchange: () => set({ fullscreen: container !== null && doc?.fullscreenElement === container }),
    }),
    listen(video, {
      enterpictureinpicture: () => set({ pip: true }),
      leavepictureinpicture: () => set({ pip: false }),
    }),
  )
  startEngineNow()

  return {
    video,
    /** Signed media URLs (the seek bar's sprites) with the latest token. */
    rewriteUrl: (url: string) => keeper.rewrite(url),
    getState: (): PlayerState => state,
    /** What the page supplies from now on: its event sink, context, renewal and pre-roll callback. */
    bind(next: Partial<PlayerBindings>) {
      bound = { ...bound, ...next }
    },
    /** Hears every change of state; returns the unsubscribe. */
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** The element that goes fullscreen (the player with its controls). */
    setContainer(element: HTMLElement | null) {
      container = element
      set({ canFullscreen: canFullscreen() })
    },
    /** Whether a pre-roll plays first, once that is known. */
    setPreroll(next: Preroll | null | undefined) {
      preroll = next
      set({ prerollDecided: next !== undefined })
      // The viewer pressed while it was being decided: the press plays what was decided.
      if (next !== undefined && pressWaiting) start()
    },
    /**
     * The viewer's first press: the pre-roll when there is one (the programme buffers behind it), else the
     * programme; pressed while the pre-roll is being decided, it plays once it is.
     */
    start,
    /** The pre-roll's own player says it ended (`completed` false when it failed and was cut short). */
    prerollEnded(completed: boolean) {
      const played = state.preroll
      if (!played) return
      emit({ type: 'preroll_end', prerollId: played.id, completed })
      if (completed) bound.onPrerollPlayed?.(played)
      startProgramme()
    },
    play: playContent,
    pause: () => video.pause(),
    togglePlay() {
      if (!state.started) return start()
      if (state.preroll) return
      if (video.paused || video.ended) playContent()
      else video.pause()
    },
    /** Moves the playhead, kept inside the seek window. */
    seek,
    setVolume,
    toggleMute() {
      video.muted = !video.muted
      if (!video.muted && video.volume === 0) video.volume = 0.5
    },
    goLive() {
      seek(engine?.liveSyncPosition() ?? state.window.end - NATIVE_LIVE_OFFSET_S / 2)
      if (video.paused) playContent()
    },
    /** A rendition of `levels` by its index; -1 for Auto. */
    setLevel(level: number) {
      engine?.setLevel(level)
      set({ selectedLevel: level })
    },
    /** A track of `textTracks` by its index; -1 for none. */
    setTextTrack(index: number) {
      engine?.setTextTrack(index)
      set({ textTrack: index })
    },
    toggleFullscreen() {
      if (doc?.fullscreenElement) {
        void doc.exitFullscreen().catch(() => {})
      } else if (container && doc?.fullscreenEnabled) {
        void container.requestFullscreen().catch(() => {})
      } else {
        // iPhone: only the video itself goes fullscreen, with the system's controls.
        ;(video as WebKitVideo).webkitEnterFullscreen?.()
      }
    },
    togglePip() {
      if (doc?.pictureInPictureElement) void doc.exitPictureInPicture().catch(() => {})
      else void video.requestPictureInPicture().catch(() => {})
    },
    cast: () => promptCast(video),
    /** After the error screen: a fresh token and the engine again, where playback stopped. */
    retry() {
      resumeAt = video.currentTime > 0 ? video.currentTime : resumeAt
      wantsPlay = state.started
      set({ failure: null })
      restart()
    },
    /** Replaces the marks of `group` on the timeline. */
    setMarks(group: string, marks: ReadonlyArray<Omit<TimelineMark, 'group'>>) {
      if (marks.length)
        marksByGroup.set(
          group,
          marks.map((mark) => ({ ...mark, group })),
        )
      else marksByGroup.delete(group)
      set({ marks: [...marksByGroup.values()].flat().sort((a, b) => a.time - b.time) })
    },
    /** The clip tool's in and out points (handles while it is open); null for none. */
    setClipMarks(clip: ClipMarkers | null) {
      set({ clip })
    },
    /** A timed overlay under `key`; returns its removal. */
    addOverlay(key: string, source: OverlaySource): () => void {
      overlaySources.set(key, source)
      set({ overlays: overlaysAt() })
      return () => {
        if (overlaySources.get(key) !== source) return
        overlaySources.delete(key)
        set({ overlays: overlaysAt() })
      }
    },
    /** The playhead with the stream's clock at it. */
    programmeTime: (): ProgrammeTime => ({ position: video.currentTime, date: engine?.programmeDate() ?? null }),
    /** Stops everything: the engine, renewal, listeners. The <video> stays where it is, emptied. */
    destroy() {
      if (destroyed) return
      for (const stop of stops) stop()
      renewal.stop()
      thumbnailsAbort?.abort()
      handle?.destroy()
      engine = null
      destroyed = true
      listeners.clear()
    },
  }
}

export type Player = ReturnType<typeof createPlayer>
