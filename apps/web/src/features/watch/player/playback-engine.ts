import type { ErrorData, default as HlsType, LevelSwitchedData, ManifestParsedData } from 'hls.js'
import { chooseEngine, detectPlaybackSupport, type EngineKind } from './engine-choice'
import type { TokenKeeper } from './playback-token'
import type { LevelInfo } from './quality'

export interface EngineCallbacks {
  /** The renditions hls.js found (none with native playback: Safari chooses by itself). */
  onLevels(levels: LevelInfo[]): void
  /** The rendition now playing, and whether hls.js chose it (Auto). */
  onLevelSwitched(level: number, auto: boolean): void
  /** The server refused the token (401/403): the caller renews it at once; the retry uses the new one. */
  onTokenRejected(): void
  /** Something went wrong that playback got over by itself (a retried request, a recovered decode). */
  onRecoverableError(code: string): void
  /** Playback stopped and cannot go on without starting over. */
  onFatalError(code: string): void
}

export interface PlaybackEngine {
  readonly kind: EngineKind
  /** Starts fetching segments (the page only loads the playlist until the viewer presses play). */
  startLoading(): void
  /** -1 for Auto. */
  setLevel(level: number): void
  /** hls.js's live position (the edge minus its safety margin); null for native playback or a replay. */
  liveSyncPosition(): number | null
  /** The keeper holds a fresh token: hls.js reads it on every request, native playback reloads the source. */
  tokenRenewed(): void
  destroy(): void
}

/** hls.js comes in its own chunk, fetched the first time a player starts (it is not part of the app's start). */
const loadHls = () =>
  Promise.all([import('hls.js'), import('hls.js/dist/hls.worker.js?url')]).then(
    ([module, worker]) => [module.default, worker.default] as const,
  )

const inertEngine: PlaybackEngine = {
  kind: 'native',
  startLoading: () => {},
  setLevel: () => {},
  liveSyncPosition: () => null,
  tokenRenewed: () => {},
  destroy: () => {},
}

export interface EngineHandle {
  /** The engine once it runs (after hls.js has loaded, when it is the one). Rejects if hls.js cannot load. */
  ready: Promise<PlaybackEngine>
  /** Stops it, at once, even before it is ready: a later start on the same <video> is never undone by this one. */
  destroy(): void
}

type EngineOptions = {
  src: string
  keeper: TokenKeeper
  startPosition: number | null
  callbacks: EngineCallbacks
}

/**
 * Plays `src` in `video` with the engine the browser is best served by (see `chooseEngine`), from
 * `startPosition` seconds when given (a restart after an error), else from the start, or at the live edge.
 */
export function startPlaybackEngine(video: HTMLVideoElement, options: EngineOptions): EngineHandle {
  let engine: PlaybackEngine | null = null
  let destroyed = false
  const start = async (): Promise<PlaybackEngine> => {
    const kind = chooseEngine(detectPlaybackSupport(video))
    if (kind === 'hls.js') {
      const [Hls, workerPath] = await loadHls()
      if (destroyed) return inertEngine
      if (Hls.isSupported()) {
        engine = startHlsJs(Hls, workerPath, video, options)
        return engine
      }
    }
    if (kind !== null) {
      // Native playback starts in the same turn: `destroy` can always reach it.
      engine = startNative(video, options)
      return engine
    }
    options.callbacks.onFatalError('unsupported')
    return inertEngine
  }
  return {
    ready: start(),
    destroy: () => {
      destroyed = true
      engine?.destroy()
      engine = null
    },
  }
}

function startHlsJs(
  Hls: typeof HlsType,
  workerPath: string,
  video: HTMLVideoElement,
  { src, keeper, startPosition, callbacks }: EngineOptions,
): PlaybackEngine {
  const hls = new Hls({
    // The worker is a file of our own origin (the page's CSP allows no blob: scripts).
    workerPath,
    // Segments load once the viewer presses play (or a pre-roll starts), not on every page view.
    autoStartLoad: false,
    startPosition: startPosition ?? -1,
    capLevelToPlayerSize: true,
    backBufferLength: 90,
    // Every playlist, segment and key request carries the latest token.
    xhrSetup: (xhr, url) => {
      xhr.open('GET', keeper.rewrite(url), true)
    },
  })
  let mediaRecoveries = 0
  hls.on(Hls.Events.MANIFEST_PARSED, (_event, data: ManifestParsedData) => {
    callbacks.onLevels(
      data.levels.map((level) => ({
        height: level.height,
        width: level.width,
        bitrate: level.bitrate,
        frameRate: level.frameRate,
      })),
    )
  })
  hls.on(Hls.Events.LEVEL_SWITCHED, (_event, data: LevelSwitchedData) => {
    callbacks.onLevelSwitched(data.level, hls.autoLevelEnabled)
  })
  hls.on(Hls.Events.FRAG_LOADED, () => {
    mediaRecoveries = 0
  })
  hls.on(Hls.Events.ERROR, (_event, data: ErrorData) => {
    const status = data.response?.code
    if (status === 401 || status === 403) callbacks.onTokenRejected()
    if (!data.fatal) {
      callbacks.onRecoverableError(data.details)
      return
    }
    // A decode error is often got over by re-attaching the media buffers; twice in a row is not.
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && mediaRecoveries < 1) {
      mediaRecoveries += 1
      callbacks.onRecoverableError(data.details)
      hls.recoverMediaError()
      return
    }
    callbacks.onFatalError(data.details)
  })
  hls.attachMedia(video)
  hls.loadSource(src)
  let loading = false
  return {
    kind: 'hls.js',
    startLoading: () => {
      if (loading) return
      loading = true
      hls.startLoad(startPosition ?? -1)
    },
    setLevel: (level) => {
      hls.currentLevel = level
    },
    liveSyncPosition: () => hls.liveSyncPosition,
    tokenRenewed: () => {},
    destroy: () => hls.destroy(),
  }
}

function startNative(
  video: HTMLVideoElement,
  { src, keeper, startPosition, callbacks }: EngineOptions,
): PlaybackEngine {
  let resumeAt = startPosition
  let resumePlaying = false
  const handleMetadata = () => {
    if (resumeAt !== null && resumeAt > 0) {
      const { seekable } = video
      const end = seekable.length ? seekable.end(seekable.length - 1) : video.duration
      if (resumeAt < end) video.currentTime = resumeAt
    }
    resumeAt = null
    if (resumePlaying) {
      resumePlaying = false
      video.play().catch(() => {})
    }
  }
  const handleError = () => {
    callbacks.onFatalError(`media_error_${video.error?.code ?? 0}`)
  }
  video.addEventListener('loadedmetadata', handleMetadata)
  video.addEventListener('error', handleError)
  video.src = keeper.rewrite(src)
  callbacks.onLevels([])
  return {
    kind: 'native',
    // `preload="metadata"` until play; the browser fetches segments itself from then.
    startLoading: () => {},
    setLevel: () => {},
    liveSyncPosition: () => null,
    // Safari keeps requesting with the address it was given: load it again with the new token, where we were.
    tokenRenewed: () => {
      resumeAt = video.currentTime
      resumePlaying = !video.paused
      video.src = keeper.rewrite(src)
    },
    destroy: () => {
      video.removeEventListener('loadedmetadata', handleMetadata)
      video.removeEventListener('error', handleError)
      video.removeAttribute('src')
      video.load()
    },
  }
}
