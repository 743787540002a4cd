import {
  contrastRatio,
  type EventDetail,
  parseHex,
  type ScoreTeam,
  type ScoreTimeline,
  sportOf,
} from '@fieldhouse/contract'
import type { Player } from '@fieldhouse/player'
import { type CSSProperties, type ReactNode, useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { type ScoreMoment, scoreMomentAt } from '../../lib/entities/scores/score-moment'
import { useScoreTimeline } from '../../lib/entities/scores/use-score-timeline'
import { useHiddenScore } from '../../lib/entities/scores/use-spoiler-free'
import './score-bug.css'

/** The overlay's key on the player (`Player.addOverlay`, the view's renderers). */
export const SCORE_OVERLAY = 'score'

const BLACK = [0, 0, 0] as const
const WHITE = [255, 255, 255] as const

/**
 * A team's name chip: its own colour with black or white text, whichever reads better on it; without
 * one (or one that is not a colour), the channel's: primary for the home side, the header's for away,
 * each with the text colour the theme made readable on it.
 */
export function teamChipStyle(color: string | null, side: 'home' | 'away'): CSSProperties {
  const rgb = color ? parseHex(color) : null
  if (!rgb) {
    return side === 'home'
      ? { background: 'var(--primary-color)', color: 'var(--primary-text-color)' }
      : { background: 'var(--header-background)', color: 'var(--header-text-color)' }
  }
  const onBlack = contrastRatio(rgb, [...BLACK])
  const onWhite = contrastRatio(rgb, [...WHITE])
  return { background: color ?? undefined, color: onBlack >= onWhite ? '#000' : '#fff' }
}

interface ScoreBugProps {
  moment: ScoreMoment
  home: ScoreTeam
  away: ScoreTeam
  eventId: number
}

/**
 * The score bug over the picture (decision 0057): the away and home short names on their colours, the
 * scores, the period and the game clock, or "Final". What a screen reader hears is one polite line,
 * "Score: Northfield 42, Riverside 39, Q3", changed only when the score, the period or the end changes
 * (the clock, changing every second, is not in it). Spoiler-free, a "Show score" button stands in until
 * pressed for this game.
 */
export function ScoreBug({ moment, home, away, eventId }: ScoreBugProps) {
  const { t } = useTranslation()
  const { hidden, reveal } = useHiddenScore(eventId)
  const names = { home: home.short_name || home.name, away: away.short_name || away.name }
  const spoken = hidden
    ? ''
    : moment.final
      ? t('score.spokenBugFinal', { ...names, homeScore: moment.home, awayScore: moment.away })
      : moment.periodLabel
        ? t('score.spokenBugPeriod', {
            ...names,
            homeScore: moment.home,
            awayScore: moment.away,
            period: moment.periodLabel,
          })
        : t('score.spokenBug', { ...names, homeScore: moment.home, awayScore: moment.away })
  const status = moment.final ? t('score.final') : [moment.periodLabel, moment.clock].filter(Boolean).join(' · ')
  return (
    <div className="score-bug" data-testid="score-bug" data-moment={moment.at}>
      {hidden ? (
        <button type="button" className="score-bug__show" onClick={reveal}>
          {t('score.showScore')}
        </button>
      ) : (
        <div className="score-bug__board" aria-hidden="true">
          <span className="score-bug__team" style={teamChipStyle(away.color, 'away')}>
            {names.away}
          </span>
          <span className="score-bug__points">{moment.away}</span>
          <span className="score-bug__team" style={teamChipStyle(home.color, 'home')}>
            {names.home}
          </span>
          <span className="score-bug__points">{moment.home}</span>
          {status ? <span className="score-bug__status">{status}</span> : null}
        </div>
      )}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {spoken}
      </p>
    </div>
  )
}

/**
 * The score bug of a watch page: the game's timeline (loaded beside the player, never before it: the
 * player starts on its own and the bug joins when the timeline arrives), kept fresh while the game is
 * live, and a `score` overlay on the player that reads the score at the picture's moment on the stream's
 * clock (`ProgrammeTime.date`). The same reading is right at the live edge, after a seek back into the
 * DVR window and on a replay. Asked for when the event has a score or is live (a scorer may start any
 * time); answers the renderers to hand to the player.
 */
export function useScoreBug(
  player: Player | null,
  detail: Pick<EventDetail, 'id' | 'score' | 'stream_status'> | null,
): {
  overlays: Record<string, (value: unknown) => ReactNode> | undefined
  /** The game's timeline once it has come (the header shows its latest score). */
  timeline: ScoreTimeline | undefined
} {
  const wanted = detail !== null && (detail.score != null || detail.stream_status === 'live')
  const timeline = useScoreTimeline(detail?.id ?? null, { enabled: wanted }).data
  const drawn = timeline && timeline.actions.length > 0 ? timeline : null
  // Made again with each newer timeline: the player asks the new source at once, paused or playing.
  useEffect(() => {
    if (!player || !drawn) return
    const sport = sportOf(drawn.sport)
    return player.addOverlay(SCORE_OVERLAY, (time) => scoreMomentAt(drawn, time.date, sport))
  }, [player, drawn])
  const home = drawn?.home
  const away = drawn?.away
  const eventId = detail?.id
  const overlays = useMemo(
    () =>
      home && away && eventId !== undefined
        ? {
            [SCORE_OVERLAY]: (value: unknown) => (
              <ScoreBug moment={value as ScoreMoment} home={home} away={away} eventId={eventId} />
            ),
          }
        : undefined,
    [home, away, eventId],
  )
  return { overlays, timeline }
}
