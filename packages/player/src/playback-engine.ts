import type {
  ErrorData,
  default as HlsType,
  LevelSwitchedData,
  ManifestParsedData,
  MediaPlaylist,
  SubtitleTrackSwitchData,
} from 'hls.js'
import { chooseEngine, detectPlaybackSupport, type EngineKind } from './engine-choice'
import { hlsConfig, holdCloserWithBlockingReloads, PRELOAD_BUFFER_S } from './hls-config'
import { loadHls } from './hls-loader'
import { listen } from './listen'
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
  /** The stream's subtitle and caption tracks, as they become known (none is an empty list). */
  onTextTracks?(tracks: TextTrackInfo[], selected: number): void
}

/** A subtitle or caption track of the stream. */
export interface TextTrackInfo {
  label: string
  /** BCP 47, when the playlist says. */
  language: string | null
}

export interface PlaybackEngine {
  readonly kind: EngineKind
  /**
   * Loads what playing needs, without a buffer cap: at the press, or when a pre-roll starts (the content
   * buffers behind it). Before that a replay has loaded its first seconds, a live stream its master playlist.
   */
  startLoading(): void
  /** -1 for Auto. */
  setLevel(level: number): void
  /** hls.js's live position (the edge minus its safety margin); null for native playback or a replay. */
  liveSyncPosition(): number | null
  /** The keeper holds a fresh token: hls.js reads it on every request, native playback reloads the source. */
  tokenRenewed(): void
  /** Shows text track `index` of the list given to `onTextTracks`; -1 for none. */
  setTextTrack(index: number): void
  /**
   * The programme date-time at the playhead (ms since the epoch), from `EXT-X-PROGRAM-DATE-TIME`: what
   * the stream's clock says of the picture on screen; null when the stream carries none.
   */
  programmeDate(): number | null
  destroy(): void
}

const inertEngine: PlaybackEngine = {
  kind: 'native',
  startLoading: () => {},
  setLevel: () => {},
  liveSyncPosition: () => null,
  tokenRenewed: () => {},
  setTextTrack: () => {},
  programmeDate: () => null,
  destroy: () => {},
}

export interface EngineHandle {
  /** The engine once it runs (after hls.js has loaded, when it is the one). Rejects if hls.js cannot load. */
  ready: Promise<PlaybackEngine>
  /** Stops it, at once, even before it is ready: a later start on the same <video> is never undone by this one. */
  destroy(): void
}

export type EngineOptions = {
  src: string
  keeper: TokenKeeper
  startPosition: number | null
  /** Buffer the first seconds before the press (a replay); false loads only the master playlist (live). */
  preload: boolean
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

/** hls.js on one source, for one player. */
interface HlsSession {
  readonly hls: HlsType
  /** Buffers the first seconds (a replay before the press). */
  preload(): void
  /** Loads without a cap, from the start position (or on from the preloaded seconds). */
  loadAll(): void
}

function openHlsSession(
  Hls: typeof HlsType,
  workerPath: string,
  src: string,
  startPosition: number | null,
  rewrite: (url: string) => string,
): HlsSession {
  let loading: 'no' | 'preload' | 'full' = 'no'
  const hls = new Hls(hlsConfig({ workerPath, startPosition, rewriteUrl: rewrite }))
  const fullBuffer = hls.config.maxMaxBufferLength
  holdCloserWithBlockingReloads(Hls, hls)
  hls.loadSource(src)
  return {
    hls,
    preload: () => {
      if (loading !== 'no') return
      // hls.js reads its buffer settings on every tick: the cap holds until `loadAll` lifts it.
      hls.config.maxMaxBufferLength = PRELOAD_BUFFER_S
      hls.startLoad(startPosition ?? -1)
      loading = 'preload'
    },
    loadAll: () => {
      if (loading === 'full') return
      hls.config.maxMaxBufferLength = fullBuffer
      if (loading === 'no') hls.startLoad(startPosition ?? -1)
      loading = 'full'
    },
  }
}

function startHlsJs(
  Hls: typeof HlsType,
  workerPath: string,
  video: HTMLVideoElement,
  { src, keeper, startPosition, preload, callbacks }: EngineOptions,
): PlaybackEngine {
  // Every playlist, segment and key request carries the latest token.
  const session = openHlsSession(Hls, workerPath, src, startPosition, keeper.rewrite)
  const { hls } = session
  let mediaRecoveries = 0
  const reportLevels = (levels: ManifestParsedData['levels']) =>
    callbacks.onLevels(
      levels.map((level) => ({
        height: level.height,
        width: level.width,
        bitrate: level.bitrate,
        frameRate: level.frameRate,
      })),
    )
  hls.on(Hls.Events.MANIFEST_PARSED, (_event, data: ManifestParsedData) => reportLevels(data.levels))
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
  const reportTextTracks = (tracks: readonly MediaPlaylist[]) =>
    callbacks.onTextTracks?.(
      tracks.map((track) => ({ label: track.name || track.lang || '', language: track.lang ?? null })),
      hls.subtitleTrack,
    )
  hls.on(Hls.Events.SUBTITLE_TRACKS_UPDATED, (_event, data: { subtitleTracks: MediaPlaylist[] }) =>
    reportTextTracks(data.subtitleTracks),
  )
  hls.on(Hls.Events.SUBTITLE_TRACK_SWITCH, (_event, _data: SubtitleTrackSwitchData) =>
    reportTextTracks(hls.subtitleTracks),
  )
  hls.attachMedia(video)
  if (preload) session.preload()
  return {
    kind: 'hls.js',
    startLoading: () => session.loadAll(),
    setLevel: (level) => {
      hls.currentLevel = level
    },
    liveSyncPosition: () => hls.liveSyncPosition,
    tokenRenewed: () => {},
    setTextTrack: (index) => {
      hls.subtitleDisplay = index >= 0
      hls.subtitleTrack = index
    },
    programmeDate: () => hls.playingDate?.getTime() ?? null,
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
  // Safari lists the stream's subtitles as the <video>'s own text tracks.
  const textTracks = () =>
    Array.from(video.textTracks ?? []).filter((track) => track.kind === 'subtitles' || track.kind === 'captions')
  const reportTextTracks = () => {
    const tracks = textTracks()
    callbacks.onTextTracks?.(
      tracks.map((track) => ({ label: track.label || track.language, language: track.language || null })),
      tracks.findIndex((track) => track.mode === 'showing'),
    )
  }
  const unlisten = [
    listen(video, { loadedmetadata: handleMetadata, error: handleError }),
    listen(video.textTracks, { addtrack: reportTextTracks, removetrack: reportTextTracks }),
  ]
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
    setTextTrack: (index) => {
      textTracks().forEach((track, i) => {
        track.mode = i === index ? 'showing' : 'disabled'
      })
      reportTextTracks()
    },
    programmeDate: () => {
      // Safari: the date of the stream's start (its first EXT-X-PROGRAM-DATE-TIME), NaN without one.
      const start = (video as HTMLVideoElement & { getStartDate?: () => Date }).getStartDate?.().getTime()
      return start !== undefined && Number.isFinite(start) ? start + video.currentTime * 1000 : null
    },
    destroy: () => {
      for (const stop of unlisten) stop()
      video.removeAttribute('src')
      video.load()
    },
  }
}
