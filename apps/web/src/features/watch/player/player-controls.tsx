import { formatPlayerTime, type Player, type PlayerState } from '@fieldhouse/player'
import type { CSSProperties, RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { PlayerIcon, type PlayerIconName } from './player-icons'
import { PlayerMenu } from './player-menu'
import { SeekBar } from './seek-bar'

/** One of the bar's buttons: its picture, its name for assistive technology, and what it does. */
function ControlButton({
  icon,
  label,
  onClick,
  testId,
  pressed,
}: {
  icon: PlayerIconName
  label: string
  onClick: () => void
  testId?: string
  pressed?: boolean
}) {
  return (
    <button
      type="button"
      className="player-button"
      aria-label={label}
      aria-pressed={pressed}
      data-testid={testId}
      onClick={() => onClick()}
    >
      <PlayerIcon name={icon} />
    </button>
  )
}

/**
 * The control bar over the video: the seek bar, then play, volume, the live badge or the time, and the
 * menus and buttons this browser can use (quality, captions, picture in picture, casting, full screen).
 * It reads the core's state and calls its commands; it keeps no state of its own.
 */
export function PlayerControls({
  player,
  state,
  controlsRef,
  onMenuOpenChange,
}: {
  player: Player
  state: PlayerState
  controlsRef: RefObject<HTMLDivElement | null>
  onMenuOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation()
  const { media, live, window: range } = state
  const volumeShown = media.muted ? 0 : media.volume
  const silent = media.muted || media.volume === 0
  const autoLabel = state.playingLabel ? t('player.autoWith', { label: state.playingLabel }) : t('player.auto')
  const qualityLabel =
    state.selectedLevel === -1
      ? autoLabel
      : (state.levels.find((option) => option.index === state.selectedLevel)?.label ?? autoLabel)
  const captionLabel = state.textTracks[state.textTrack]?.label ?? t('player.captionsOff')
  return (
    <div ref={controlsRef} className="player-controls">
      <SeekBar
        range={range}
        currentTime={media.currentTime}
        bufferedEnd={media.bufferedEnd}
        live={live}
        secondsBehind={state.behindLive ? state.secondsBehind : 0}
        thumbnails={state.thumbnails}
        rewriteUrl={player.rewriteUrl}
        onSeek={player.seek}
        marks={state.clip ?? undefined}
        timeline={state.marks}
      />
      <div className="player-controls__row">
        <ControlButton
          icon={media.paused ? 'play' : 'pause'}
          label={media.paused ? t('player.play') : t('player.pause')}
          testId="player-play"
          onClick={player.togglePlay}
        />
        <div className="player-volume">
          <ControlButton
            icon={silent ? 'muted' : 'volume'}
            label={silent ? t('player.unmute') : t('player.mute')}
            testId="player-mute"
            onClick={player.toggleMute}
          />
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
            onChange={(event) => player.setVolume(Number(event.currentTarget.value))}
          />
        </div>
        {live ? (
          <div className="player-live-group">
            {state.behindLive ? (
              <>
                <button type="button" className="player-live" data-testid="player-go-live" onClick={player.goLive}>
                  {t('player.goLive')}
                </button>
                <span className="player-time">-{formatPlayerTime(state.secondsBehind)}</span>
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
        {state.textTracks.length > 0 ? (
          <PlayerMenu
            icon="captions"
            buttonLabel={t('player.captionsCurrent', { label: captionLabel })}
            menuLabel={t('player.captions')}
            testId="player-captions"
            options={[
              { value: -1, label: t('player.captionsOff') },
              ...state.textTracks.map((track, index) => ({ value: index, label: track.label })),
            ]}
            selected={state.textTrack}
            onSelect={player.setTextTrack}
            onOpenChange={onMenuOpenChange}
          />
        ) : null}
        {state.levels.length > 1 ? (
          <PlayerMenu
            icon="settings"
            buttonLabel={t('player.qualityCurrent', { label: qualityLabel })}
            menuLabel={t('player.quality')}
            testId="player-quality"
            options={[
              { value: -1, label: autoLabel },
              ...state.levels.map((o) => ({ value: o.index, label: o.label })),
            ]}
            selected={state.selectedLevel}
            onSelect={player.setLevel}
            onOpenChange={onMenuOpenChange}
          />
        ) : null}
        {state.canPip ? (
          <ControlButton
            icon="pip"
            label={state.pip ? t('player.exitPip') : t('player.pip')}
            pressed={state.pip}
            onClick={player.togglePip}
          />
        ) : null}
        {state.castAvailable ? (
          <ControlButton icon="cast" label={t('player.cast')} testId="player-cast" onClick={player.cast} />
        ) : null}
        {state.canFullscreen ? (
          <ControlButton
            icon={state.fullscreen ? 'exitFullscreen' : 'fullscreen'}
            label={state.fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
            testId="player-fullscreen"
            onClick={player.toggleFullscreen}
          />
        ) : null}
      </div>
    </div>
  )
}
