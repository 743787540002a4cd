import type { Playback, Preroll } from '@fieldhouse/contract'
import {
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import { useTranslation } from 'react-i18next'
import { Spinner } from '../../../components/ui/spinner'
import { newId } from '../../../lib/analytics/new-id'
import { type PlaybackEngine, startPlaybackEngine } from './playback-engine'
import { createTokenKeeper, startTokenRenewal, type TokenRenewal } from './playback-token'
import {
  createWatchedTime,
  defaultPlayerEvents,
  HEARTBEAT_INTERVAL_MS,
  type PlayerContext,
  type PlayerEvent,
  type PlayerEvents,
} from './player-events'
import { PlayerIcon } from './player-icons'
import { keyTargetOf, playerKeyAction, SEEK_STEP_S, VOLUME_STEP } from './player-keys'
import {
  formatPlayerTime,
  isBehindLive,
  liveJoinPosition,
  NATIVE_LIVE_OFFSET_S,
  secondsBehindLive,
  seekWindow,
} from './player-time'
import { PrerollPlayer } from './preroll-player'
import { type QualityOption, qualityOptions } from './quality'
import { QualityMenu } from './quality-menu'
import { type ClipMarkers, SeekBar } from './seek-bar'
import { useMediaState } from './use-media-state'
import { parseThumbnailVtt, type ThumbnailCue } from './vtt-thumbnails'
import './player.css'

/** The controls fade after this long without the pointer moving or a key, while the video plays. */
const CONTROLS_HIDE_MS = 3000
/** A failure restarts playback once by itself (with a fresh token); another within this long shows the error. */
const AUTO_RETRY_WINDOW_MS = 30_000

export interface VideoPlayerProps {
  /** The playback answer of the detail; later tokens come from `fetchPlayback`. */
  playback: Playback
  /** When `playback` arrived (ms since the epoch): its `renew_in_ms` counts from then. */
  receivedAt: number
  poster: string | null
  title: string
  context: PlayerContext
  fetchPlayback: () => Promise<Playback>
  /** The pre-roll to play first; null for none; undefined while that is being decided. */
  preroll: Preroll | null | undefined
  /** A pre-roll was seen to its end (the caller suppresses the next one for an hour). */
  onPrerollPlayed: (preroll: Preroll) => void
  events?: PlayerEvents
  /** A clip's in and out points, drawn on the seek bar (the clip tool). */
  clipMarks?: ClipMarkers
  /** Filled with what the clip tool asks of the player: where the playhead is, and moving it. */
  controllerRef?: RefObject<PlayerController | null>
}

export type { ClipMarkers }

/** The player's playhead for code beside it (the clip tool). */
export interface PlayerController {
  /** Seconds into the recording (a live stream's DVR window starts at the broadcast's start). */
  currentTime(): number
  seek(time: number): void
}

type WebKitVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void; webkitSupportsFullscreen?: boolean }

/**
 * The player: HLS through hls.js (its own chunk, loaded here) or the browser's own (Safari), a pre-roll
 * first when there is one, and custom controls themed with the channel's colours. See the README's
 * "Watching" section for the choices.
 */
export function VideoPlayer({
  playback,
  receivedAt,
  poster,
  title,
  context,
  fetchPlayback,
  preroll,
  onPrerollPlayed,
  events = defaultPlayerEvents,
  clipMarks,
  controllerRef,
}: VideoPlayerProps) {
  const { t } = useTranslation()
  const hintId = useId()
  const containerRef = useRef<HTMLElement>(null)
  const controlsRef = useRef<HTMLDivElement>(null)
  const videoRef = useRef<HTMLVideoElement | null>(null)
  const [video, setVideo] = useState<HTMLVideoElement | null>(null)
  const media = useMediaState(video)
  const [keeper] = useState(() => createTokenKeeper(playback.hls))
  const [engine, setEngine] = useState<PlaybackEngine | null>(null)
  const engineRef = useRef<PlaybackEngine | null>(null)
  const renewalRef = useRef<TokenRenewal | null>(null)
  const [started, setStarted] = useState(false)
  const [activePreroll, setActivePreroll] = useState<Preroll | null>(null)
  const [playBlocked, setPlayBlocked] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [generation, setGeneration] = useState(0)
  const [levels, setLevels] = useState<QualityOption[]>([])
  const [selectedLevel, setSelectedLevel] = useState(-1)
  const [playingLevel, setPlayingLevel] = useState<number | null>(null)
  const [thumbnails, setThumbnails] = useState<ThumbnailCue[]>([])
  const [isFullscreen, setIsFullscreen] = useState(false)
  const [isPip, setIsPip] = useState(false)
  const [controlsActive, setControlsActive] = useState(true)
  const [menuOpen, setMenuOpen] = useState(false)
  const [focusInControls, setFocusInControls] = useState(false)
  const hideTimerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const wantsPlayRef = useRef(false)
  const resumeAtRef = useRef<number | null>(null)
  const autoRetriedAtRef = useRef(Number.NEGATIVE_INFINITY)
  const playRequestedAtRef = useRef<number | null>(null)
  const firstFrameSentRef = useRef(false)
  const labelsRef = useRef(new Map<number, string>())
  const revealOnlyRef = useRef(false)
  // One viewing per player: its events share this id (video_view_uuid).
  const [viewId] = useState(newId)
  const latest = useRef({ events, context: { ...context, viewId }, fetchPlayback })
  latest.current = { events, context: { ...context, viewId }, fetchPlayback }

  const emit = useCallback(
    (event: PlayerEvent) =>
      latest.current.events.emit(event, { ...latest.current.context, position: videoRef.current?.currentTime }),
    [],
  )

  const attachVideo = useCallback((element: HTMLVideoElement | null) => {
    videoRef.current = element
    setVideo(element)
  }, [])

  const playContent = useCallback(() => {
    const element = videoRef.current
    // Time to first frame counts from the viewer's press (hls.js loading included) until a picture shows.
    if (!firstFrameSentRef.current && playRequestedAtRef.current === null) {
      playRequestedAtRef.current = performance.now()
      emit({ type: 'play' })
    }
    if (!element || !engineRef.current) {
      wantsPlayRef.current = true
      return
    }
    wantsPlayRef.current = false
    setPlayBlocked(false)
    engineRef.current.startLoading()
    element.play().catch((error: unknown) => {
      // The browser wants a press first (autoplay rules after a pre-roll on some phones): the big button returns.
      if (error instanceof DOMException && error.name === 'NotAllowedError') {
        playRequestedAtRef.current = null
        setPlayBlocked(true)
      }
    })
  }, [emit])

  const handleFatal = useCallback(
    (code: string) => {
      const element = videoRef.current
      resumeAtRef.current = element && element.currentTime > 0 ? element.currentTime : null
      wantsPlayRef.current = wantsPlayRef.current || (element !== null && !element.paused)
      const now = Date.now()
      if (code !== 'unsupported' && now - autoRetriedAtRef.current > AUTO_RETRY_WINDOW_MS) {
        autoRetriedAtRef.current = now
        emit({ type: 'error', code, fatal: false })
        void (renewalRef.current?.renewNow() ?? Promise.resolve()).finally(() => setGeneration((n) => n + 1))
        return
      }
      emit({ type: 'error', code, fatal: true })
      setFailure(code)
    },
    [emit],
  )

  // The engine: hls.js or native, started again (where it stopped) by a retry.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the source is fixed for this player (its key is the video); `generation` restarts it
  useEffect(() => {
    if (!video) return
    let cancelled = false
    const startPosition = resumeAtRef.current
    resumeAtRef.current = null
    const handle = startPlaybackEngine(video, {
      src: playback.hls,
      keeper,
      startPosition,
      preload: !playback.live,
      callbacks: {
        onLevels: (list) => {
          if (cancelled) return
          const options = qualityOptions(list)
          labelsRef.current = new Map(options.map((option) => [option.index, option.label]))
          setLevels(options)
          setSelectedLevel(-1)
        },
        onLevelSwitched: (level, auto) => {
          if (cancelled) return
          setPlayingLevel(level)
          emit({ type: 'quality_switch', level, label: labelsRef.current.get(level) ?? String(level), auto })
        },
        onTokenRejected: () => void renewalRef.current?.renewNow(),
        onRecoverableError: (code) => emit({ type: 'error', code, fatal: false }),
        onFatalError: (code) => {
          if (!cancelled) handleFatal(code)
        },
      },
    })
    handle.ready.then(
      (started) => {
        if (cancelled) return
        engineRef.current = started
        setEngine(started)
        if (wantsPlayRef.current) playContent()
      },
      () => {
        if (!cancelled) handleFatal('player_load_failed')
      },
    )
    return () => {
      cancelled = true
      handle.destroy()
      engineRef.current = null
      setEngine(null)
    }
  }, [video, generation])

  // Token renewal for as long as the player is on screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first answer only; later ones come through the renewal itself
  useEffect(() => {
    const renewal = startTokenRenewal({
      receivedAt,
      renewInMs: playback.renew_in_ms,
      fetchPlayback: () => latest.current.fetchPlayback(),
      onRenewed: (fresh) => {
        keeper.update(fresh.hls)
        engineRef.current?.tokenRenewed()
      },
      onFailed: () => emit({ type: 'error', code: 'token_renewal_failed', fatal: false }),
    })
    renewalRef.current = renewal
    return () => {
      renewal.stop()
      renewalRef.current = null
    }
  }, [])

  // Seek previews: the thumbnails track, once the viewer has started watching.
  useEffect(() => {
    if (!started || !playback.thumbnails) return
    const controller = new AbortController()
    const url = keeper.rewrite(playback.thumbnails)
    fetch(url, { signal: controller.signal })
      .then((response) => (response.ok ? response.text() : ''))
      .then((text) => setThumbnails(parseThumbnailVtt(text, url)))
      .catch(() => {
        // No previews; the seek bar works without them.
      })
    return () => controller.abort()
  }, [started, playback.thumbnails, keeper])

  // Watched time, the first frame, and heartbeats (every 10 s of change, and on leaving).
  useEffect(() => {
    if (!video) return
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
    const handlePlaying = () => {
      stallEnds()
      const requestedAt = playRequestedAtRef.current
      if (requestedAt === null || firstFrameSentRef.current) return
      playRequestedAtRef.current = null
      firstFrameSentRef.current = true
      const report = () => emit({ type: 'first_frame', ms: Math.round(performance.now() - requestedAt) })
      if (typeof video.requestVideoFrameCallback === 'function') video.requestVideoFrameCallback(report)
      else report()
    }
    // Pause, play again, seek, stalls and the end: once the first frame has shown (the start is first_frame).
    let stalledAt: number | null = null
    let seekFrom = video.currentTime
    let lastTime = video.currentTime
    const handleTime = () => {
      watched.note()
      if (!video.seeking) lastTime = video.currentTime
    }
    const handlePlay = () => {
      if (firstFrameSentRef.current) emit({ type: 'play' })
    }
    const handlePause = () => {
      if (firstFrameSentRef.current && !video.ended) emit({ type: 'pause' })
    }
    const handleSeeking = () => {
      seekFrom = lastTime
    }
    const handleSeeked = () => {
      lastTime = video.currentTime
      if (firstFrameSentRef.current)
        emit({ type: 'seek', from: Math.round(seekFrom), to: Math.round(video.currentTime) })
    }
    const handleWaiting = () => {
      if (!firstFrameSentRef.current || video.seeking || stalledAt !== null) return
      stalledAt = performance.now()
      emit({ type: 'stall_start' })
    }
    const stallEnds = () => {
      if (stalledAt === null) return
      emit({ type: 'stall_end', ms: Math.round(performance.now() - stalledAt) })
      stalledAt = null
    }
    const handleEnded = () => {
      stallEnds()
      emit({ type: 'ended' })
    }
    const handleVisibility = () => {
      if (document.visibilityState === 'hidden') beat(false)
    }
    const handlePageHide = () => beat(true)
    const quality = {
      timeupdate: handleTime,
      play: handlePlay,
      pause: handlePause,
      seeking: handleSeeking,
      seeked: handleSeeked,
      waiting: handleWaiting,
      ended: handleEnded,
    }
    video.addEventListener('playing', handlePlaying)
    const handleEmptied = () => watched.carry()
    video.addEventListener('emptied', handleEmptied)
    for (const [name, handler] of Object.entries(quality)) video.addEventListener(name, handler)
    document.addEventListener('visibilitychange', handleVisibility)
    window.addEventListener('pagehide', handlePageHide)
    const timer = setInterval(() => beat(false), HEARTBEAT_INTERVAL_MS)
    return () => {
      beat(true)
      clearInterval(timer)
      video.removeEventListener('playing', handlePlaying)
      video.removeEventListener('emptied', handleEmptied)
      for (const [name, handler] of Object.entries(quality)) video.removeEventListener(name, handler)
      document.removeEventListener('visibilitychange', handleVisibility)
      window.removeEventListener('pagehide', handlePageHide)
    }
  }, [video, emit])

  // Fullscreen and picture-in-picture, whoever turned them on or off (Escape, the system's own buttons).
  useEffect(() => {
    if (!video) return
    const handleFullscreen = () => setIsFullscreen(document.fullscreenElement === containerRef.current)
    const handlePipIn = () => setIsPip(true)
    const handlePipOut = () => setIsPip(false)
    document.addEventListener('fullscreenchange', handleFullscreen)
    video.addEventListener('enterpictureinpicture', handlePipIn)
    video.addEventListener('leavepictureinpicture', handlePipOut)
    return () => {
      document.removeEventListener('fullscreenchange', handleFullscreen)
      video.removeEventListener('enterpictureinpicture', handlePipIn)
      video.removeEventListener('leavepictureinpicture', handlePipOut)
    }
  }, [video])

  useEffect(() => () => clearTimeout(hideTimerRef.current), [])

  // The keys work on the player once it has started: focus moves from the start button (gone now) to
  // the player. Here, after the press's render, not in the press itself: focusing asks the browser for
  // the page's layout, which then would be worked out twice (before and after that render), and after
  // the video's play() rather than before it.
  useEffect(() => {
    if (started) containerRef.current?.focus({ preventScroll: true })
  }, [started])

  const poke = () => {
    setControlsActive(true)
    clearTimeout(hideTimerRef.current)
    hideTimerRef.current = setTimeout(() => setControlsActive(false), CONTROLS_HIDE_MS)
  }

  const startContent = () => {
    setStarted(true)
    const element = videoRef.current
    const joinAt = element
      ? liveJoinPosition({
          live: playback.live,
          currentTime: element.currentTime,
          liveSyncPosition: engineRef.current?.liveSyncPosition() ?? null,
        })
      : null
    if (element && joinAt !== null) element.currentTime = joinAt
    playContent()
  }

  const handleStart = () => {
    if (preroll === undefined) return
    if (preroll) {
      setActivePreroll(preroll)
      setStarted(true)
      // The content buffers while the pre-roll plays.
      engineRef.current?.startLoading()
      emit({ type: 'preroll_start', prerollId: preroll.id })
    } else {
      startContent()
    }
  }

  const handlePrerollEnd = (played: Preroll, completed: boolean) => {
    emit({ type: 'preroll_end', prerollId: played.id, completed })
    if (completed) onPrerollPlayed(played)
    setActivePreroll(null)
    startContent()
  }

  const live = playback.live
  const range = seekWindow({ live, duration: media.duration, seekable: media.seekable })
  const behind = live
    ? secondsBehindLive({
        currentTime: media.currentTime,
        seekableEnd: range.end,
        liveSyncPosition: engine?.liveSyncPosition() ?? null,
      })
    : 0
  const behindLive = live && isBehindLive(behind)

  const seekTo = (time: number) => {
    const element = videoRef.current
    if (!element) return
    element.currentTime = Math.min(range.end, Math.max(range.start, time))
  }
  if (controllerRef) {
    controllerRef.current = { currentTime: () => videoRef.current?.currentTime ?? 0, seek: seekTo }
  }

  const togglePlay = () => {
    const element = videoRef.current
    if (!started) return handleStart()
    if (!element || activePreroll) return
    if (element.paused || element.ended) playContent()
    else element.pause()
  }

  const setVolume = (value: number) => {
    const element = videoRef.current
    if (!element) return
    element.volume = Math.min(1, Math.max(0, Math.round(value * 100) / 100))
    if (element.volume > 0 && element.muted) element.muted = false
  }

  const toggleMute = () => {
    const element = videoRef.current
    if (!element) return
    element.muted = !element.muted
    if (!element.muted && element.volume === 0) element.volume = 0.5
  }

  const goLive = () => {
    seekTo(engine?.liveSyncPosition() ?? range.end - NATIVE_LIVE_OFFSET_S / 2)
    if (videoRef.current?.paused) playContent()
  }

  const chooseLevel = (level: number) => {
    engineRef.current?.setLevel(level)
    setSelectedLevel(level)
  }

  const fullscreenSupported =
    typeof document !== 'undefined' &&
    (document.fullscreenEnabled || (video as WebKitVideo | null)?.webkitSupportsFullscreen === true)
  const toggleFullscreen = () => {
    const container = containerRef.current
    if (document.fullscreenElement) {
      void document.exitFullscreen().catch(() => {})
    } else if (container && document.fullscreenEnabled) {
      void container.requestFullscreen().catch(() => {})
    } else {
      // iPhone: only the video itself goes fullscreen, with the system's controls.
      ;(videoRef.current as WebKitVideo | null)?.webkitEnterFullscreen?.()
    }
  }

  const pipSupported = typeof document !== 'undefined' && document.pictureInPictureEnabled === true
  const togglePip = () => {
    const element = videoRef.current
    if (!element) return
    if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => {})
    else void element.requestPictureInPicture().catch(() => {})
  }

  const handleRetry = () => {
    setFailure(null)
    const element = videoRef.current
    resumeAtRef.current = element && element.currentTime > 0 ? element.currentTime : resumeAtRef.current
    wantsPlayRef.current = started
    void (renewalRef.current?.renewNow() ?? Promise.resolve()).finally(() => setGeneration((n) => n + 1))
  }

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const action = playerKeyAction(event, keyTargetOf(event.target as Element))
    if (!action || activePreroll || failure) return
    event.preventDefault()
    poke()
    switch (action) {
      case 'togglePlay':
        return togglePlay()
      case 'seekBack':
        return seekTo(media.currentTime - SEEK_STEP_S)
      case 'seekForward':
        return seekTo(media.currentTime + SEEK_STEP_S)
      case 'volumeUp':
        return setVolume(media.volume + VOLUME_STEP)
      case 'volumeDown':
        return setVolume(media.volume - VOLUME_STEP)
      case 'toggleFullscreen':
        return toggleFullscreen()
      case 'toggleMute':
        return toggleMute()
    }
  }

  const handleBlur = (event: FocusEvent<HTMLElement>) => {
    if (!controlsRef.current?.contains(event.relatedTarget)) setFocusInControls(false)
  }

  const playing = started && !activePreroll
  const controlsShown = playing && !failure && (media.paused || controlsActive || menuOpen || focusInControls)
  const showSpinner =
    playing && !failure && !playBlocked && (!engine || media.waiting || (!media.started && !media.paused))
  const showBigPlay = !failure && (!started || (playing && playBlocked && media.paused))
  const playingLabel = playingLevel === null ? null : (labelsRef.current.get(playingLevel) ?? null)
  const volumeShown = media.muted ? 0 : media.volume

  return (
    <section
      ref={containerRef}
      className={`player${controlsShown ? ' player--controls' : ''}${playing && !controlsShown ? ' player--idle' : ''}`}
      aria-label={t('player.label', { title })}
      aria-describedby={hintId}
      tabIndex={-1}
      data-testid="player"
      data-state={
        failure ? 'error' : activePreroll ? 'preroll' : playing ? (media.paused ? 'paused' : 'playing') : 'ready'
      }
      onKeyDown={handleKeyDown}
      onPointerMove={poke}
      onPointerDown={poke}
      onFocus={(event) => {
        if (!controlsRef.current?.contains(event.target)) return
        setFocusInControls(true)
        poke()
      }}
      onBlur={handleBlur}
    >
      <p id={hintId} className="visually-hidden">
        {t('player.keyboardHint')}
      </p>
      {/* biome-ignore lint/a11y/useMediaCaption: captions come with the stream when it has them (HLS subtitles) */}
      <video
        ref={attachVideo}
        className="player__video"
        poster={poster ?? undefined}
        playsInline
        preload="metadata"
        data-testid="player-video"
      />
      {playing ? (
        // biome-ignore lint/a11y/useKeyWithClickEvents: a pointer shortcut; the keyboard has the play button and the k/space keys
        // biome-ignore lint/a11y/noStaticElementInteractions: see above
        <div
          className="player__surface"
          onPointerDown={(event) => {
            // A touch on hidden controls shows them; it does not also pause.
            revealOnlyRef.current = event.pointerType !== 'mouse' && !controlsShown
          }}
          onClick={() => {
            containerRef.current?.focus({ preventScroll: true })
            if (revealOnlyRef.current) return
            togglePlay()
          }}
          onDoubleClick={toggleFullscreen}
        />
      ) : null}
      {showSpinner ? (
        <div className="player__spinner">
          <Spinner label={t('player.buffering')} />
        </div>
      ) : null}
      {showBigPlay ? (
        <button
          type="button"
          className="player-big-play"
          aria-label={t('player.playTitle', { title })}
          data-testid="player-start"
          disabled={preroll === undefined}
          onClick={started ? playContent : handleStart}
        >
          <PlayerIcon name="play" />
        </button>
      ) : null}
      {activePreroll ? (
        <PrerollPlayer
          key={activePreroll.id}
          preroll={activePreroll}
          onEnd={(completed) => handlePrerollEnd(activePreroll, completed)}
        />
      ) : null}
      {failure ? (
        <div className="player__error" role="alert" data-testid="player-error">
          <p className="player__error-title">{t('player.errorTitle')}</p>
          <p>{failure === 'unsupported' ? t('player.unsupported') : t('player.errorText')}</p>
          {failure === 'unsupported' ? null : (
            <button type="button" className="button button--primary" data-testid="player-retry" onClick={handleRetry}>
              {t('player.retry')}
            </button>
          )}
        </div>
      ) : null}
      {playing && !failure ? (
        <div ref={controlsRef} className="player-controls">
          <SeekBar
            range={range}
            currentTime={media.currentTime}
            bufferedEnd={media.bufferedEnd}
            live={live}
            secondsBehind={behindLive ? behind : 0}
            thumbnails={thumbnails}
            rewriteUrl={keeper.rewrite}
            onSeek={seekTo}
            marks={clipMarks}
          />
          <div className="player-controls__row">
            <button
              type="button"
              className="player-button"
              aria-label={media.paused ? t('player.play') : t('player.pause')}
              data-testid="player-play"
              onClick={togglePlay}
            >
              <PlayerIcon name={media.paused ? 'play' : 'pause'} />
            </button>
            <div className="player-volume">
              <button
                type="button"
                className="player-button"
                aria-label={media.muted || media.volume === 0 ? t('player.unmute') : t('player.mute')}
                data-testid="player-mute"
                onClick={toggleMute}
              >
                <PlayerIcon name={media.muted || media.volume === 0 ? 'muted' : 'volume'} />
              </button>
              <input
                type="range"
                className="player-volume__input"
                data-player-slider="volume"
                aria-label={t('player.volume')}
                aria-valuetext={`${Math.round(volumeShown * 100)}%`}
                min={0}
                max={1}
                step={0.05}
                value={volumeShown}
                style={{ '--volume': `${volumeShown * 100}%` } as CSSProperties}
                onChange={(event) => setVolume(Number(event.currentTarget.value))}
              />
            </div>
            {live ? (
              <div className="player-live-group">
                {behindLive ? (
                  <>
                    <button type="button" className="player-live" data-testid="player-go-live" onClick={goLive}>
                      {t('player.goLive')}
                    </button>
                    <span className="player-time">-{formatPlayerTime(behind)}</span>
                  </>
                ) : (
                  <span className="player-live player-live--edge" data-testid="player-live">
                    {t('player.live')}
                  </span>
                )}
              </div>
            ) : (
              <span className="player-time" data-testid="player-time">
                {formatPlayerTime(media.currentTime)} / {formatPlayerTime(range.end)}
              </span>
            )}
            <span className="player-controls__spacer" />
            {levels.length > 1 ? (
              <QualityMenu
                options={levels}
                selected={selectedLevel}
                playingLabel={playingLabel}
                onSelect={chooseLevel}
                onOpenChange={setMenuOpen}
              />
            ) : null}
            {pipSupported ? (
              <button
                type="button"
                className="player-button"
                aria-label={isPip ? t('player.exitPip') : t('player.pip')}
                aria-pressed={isPip}
                onClick={togglePip}
              >
                <PlayerIcon name="pip" />
              </button>
            ) : null}
            {fullscreenSupported ? (
              <button
                type="button"
                className="player-button"
                aria-label={isFullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
                data-testid="player-fullscreen"
                onClick={toggleFullscreen}
              >
                <PlayerIcon name={isFullscreen ? 'exitFullscreen' : 'fullscreen'} />
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
    </section>
  )
}
