import type { Playback, Preroll } from '@fieldhouse/contract'
import {
  noopPlayerEvents,
  type Player,
  type PlayerContext,
  type PlayerEvents,
  type PlayerOptions,
} from '@fieldhouse/player'
import { type KeyboardEvent, type ReactNode, useEffect, useId, useLayoutEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Spinner } from '../../../components/ui/spinner'
import { newId } from '../../../lib/analytics/new-id'
import { PlayerControls } from './player-controls'
import { PlayerIcon } from './player-icons'
import { keyTargetOf, type PlayerKeyAction, playerKeyAction, SEEK_STEP_S, VOLUME_STEP } from './player-keys'
import { PrerollPlayer } from './preroll-player'
import { useControlsVisibility } from './use-controls-visibility'
import { useCreatedPlayer, usePlayerState } from './use-player'
import './player.css'

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
  events?: PlayerEvents | undefined
  /** Hears of the player's core once it runs (and null when it stops): the clip tool uses its commands. */
  onPlayer?: ((player: Player | null) => void) | undefined
  /** Renderers of timed overlays by their key (`Player.addOverlay`). */
  overlays?: Record<string, (value: unknown) => ReactNode> | undefined
}

/**
 * The player: a core from `@fieldhouse/player` (engine, token, recovery, pre-roll, quality, analytics)
 * made for this playback, and the view over it. See the README's "Watching" section for the choices.
 */
export function VideoPlayer(props: VideoPlayerProps) {
  const latest = useRef(props)
  latest.current = props
  const player = useCreatedPlayer(
    (): PlayerOptions => ({
      playback: props.playback,
      receivedAt: props.receivedAt,
      poster: props.poster,
      context: { ...props.context, viewId: newId() },
      // What is watched may be known better later (the sport's names): every event takes the latest.
      events: {
        emit: (event, context) =>
          (latest.current.events ?? noopPlayerEvents).emit(event, {
            ...context,
            ...latest.current.context,
            viewId: context.viewId,
            position: context.position,
          }),
      },
      fetchPlayback: () => latest.current.fetchPlayback(),
      preroll: props.preroll,
      onPrerollPlayed: (played) => latest.current.onPrerollPlayed(played),
    }),
  )
  const { preroll, onPlayer } = props
  useEffect(() => player?.setPreroll(preroll), [player, preroll])
  useEffect(() => {
    if (!player || !onPlayer) return
    onPlayer(player)
    return () => onPlayer(null)
  }, [player, onPlayer])
  if (!player) return <section className="player" aria-busy="true" />
  return <PlayerView player={player} title={props.title} overlays={props.overlays} />
}

function PlayerView({
  player,
  title,
  overlays,
}: {
  player: Player
  title: string
  overlays?: Record<string, (value: unknown) => ReactNode> | undefined
}) {
  const { t } = useTranslation()
  const hintId = useId()
  const containerRef = useRef<HTMLElement>(null)
  const mediaRef = useRef<HTMLDivElement>(null)
  const controlsRef = useRef<HTMLDivElement>(null)
  const revealOnlyRef = useRef(false)
  const state = usePlayerState(player)
  const { media, failure } = state
  const controls = useControlsVisibility(controlsRef, media.paused)

  // The core's <video> goes in its place here (it may have been playing before this view, elsewhere).
  useLayoutEffect(() => {
    const host = mediaRef.current
    if (!host) return
    host.appendChild(player.video)
    player.setContainer(containerRef.current)
    return () => {
      player.setContainer(null)
      if (player.video.parentNode === host) host.removeChild(player.video)
    }
  }, [player])

  // The keys work on the player once it has started: focus moves from the start button (gone now) to
  // the player, after the press's render and the video's play().
  useEffect(() => {
    if (state.started) containerRef.current?.focus({ preventScroll: true })
  }, [state.started])

  const keyActions: Record<PlayerKeyAction, () => void> = {
    togglePlay: player.togglePlay,
    seekBack: () => player.seek(media.currentTime - SEEK_STEP_S),
    seekForward: () => player.seek(media.currentTime + SEEK_STEP_S),
    volumeUp: () => player.setVolume(media.volume + VOLUME_STEP),
    volumeDown: () => player.setVolume(media.volume - VOLUME_STEP),
    toggleFullscreen: player.toggleFullscreen,
    toggleMute: player.toggleMute,
  }
  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const action = playerKeyAction(event, keyTargetOf(event.target as Element))
    if (!action || state.preroll || failure) return
    event.preventDefault()
    controls.poke()
    keyActions[action]()
  }

  const playing = state.started && !state.preroll
  const controlsShown = playing && !failure && controls.shown
  const showSpinner =
    playing &&
    !failure &&
    !state.playBlocked &&
    (!state.engineReady || media.waiting || (!media.started && !media.paused))
  const showBigPlay = !failure && (!state.started || (playing && state.playBlocked && media.paused))

  return (
    <section
      ref={containerRef}
      className={`player${controlsShown ? ' player--controls' : ''}${playing && !controlsShown ? ' player--idle' : ''}`}
      aria-label={t('player.label', { title })}
      aria-describedby={hintId}
      tabIndex={-1}
      data-testid="player"
      data-state={state.phase}
      onKeyDown={handleKeyDown}
      onPointerMove={controls.poke}
      onPointerDown={controls.poke}
      onFocus={controls.onFocus}
      onBlur={controls.onBlur}
    >
      <p id={hintId} className="visually-hidden">
        {t('player.keyboardHint')}
      </p>
      <div ref={mediaRef} className="player__media" />
      {/* Overlays belong to the programme: none over a pre-roll. */}
      {state.overlays.length > 0 && overlays && !state.preroll ? (
        <div className="player__overlays">
          {state.overlays.map(({ key, value }) => (
            <div key={key} className="player__overlay" data-overlay={key}>
              {overlays[key]?.(value)}
            </div>
          ))}
        </div>
      ) : null}
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
            if (!revealOnlyRef.current) player.togglePlay()
          }}
          onDoubleClick={player.toggleFullscreen}
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
          disabled={!state.prerollDecided}
          onClick={state.started ? player.play : player.start}
        >
          <PlayerIcon name="play" />
        </button>
      ) : null}
      {state.preroll ? (
        <PrerollPlayer key={state.preroll.id} preroll={state.preroll} onEnd={player.prerollEnded} />
      ) : null}
      {failure ? (
        <div className="player__error" role="alert" data-testid="player-error">
          <p className="player__error-title">{t('player.errorTitle')}</p>
          <p>{failure === 'unsupported' ? t('player.unsupported') : t('player.errorText')}</p>
          {failure === 'unsupported' ? null : (
            <button type="button" className="button button--primary" data-testid="player-retry" onClick={player.retry}>
              {t('player.retry')}
            </button>
          )}
        </div>
      ) : null}
      {playing && !failure ? (
        <PlayerControls
          player={player}
          state={state}
          controlsRef={controlsRef}
          onMenuOpenChange={controls.setMenuOpen}
        />
      ) : null}
    </section>
  )
}
