import { contrastRatio, parseHex, type ScoreTeam } from '@fieldhouse/contract'
import type { CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import type { ScoreMoment } from '../../lib/entities/scores/score-moment'
import { useHiddenScore } from '../../lib/entities/scores/use-spoiler-free'
import './score-bug.css'

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

export interface ScoreBugProps {
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
      ? t('scores.spokenBugFinal', { ...names, homeScore: moment.home, awayScore: moment.away })
      : moment.periodLabel
        ? t('scores.spokenBugPeriod', {
            ...names,
            homeScore: moment.home,
            awayScore: moment.away,
            period: moment.periodLabel,
          })
        : t('scores.spokenBug', { ...names, homeScore: moment.home, awayScore: moment.away })
  const status = moment.final ? t('scores.final') : [moment.periodLabel, moment.clock].filter(Boolean).join(' · ')
  return (
    <div className="score-bug" data-testid="score-bug" data-moment={moment.at}>
      {hidden ? (
        <button type="button" className="score-bug__show" onClick={reveal}>
          {t('scores.showScore')}
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
