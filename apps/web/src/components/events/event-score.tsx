import { type Event, type EventScore, sportOf as sportRulesOf } from '@fieldhouse/contract'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { sportOf } from '../../lib/entities/catalogue/catalogue-lookups'
import { useEventCategories } from '../../lib/entities/catalogue/use-event-categories'
import { eventTitle, matchupOf } from '../../lib/entities/events/event-display'
import { scoreLineOf } from '../../lib/entities/scores/score-line'
import { useHiddenScore, useSpoilerFree } from '../../lib/entities/scores/use-spoiler-free'
import './event-score.css'

type ScoredEvent = Pick<Event, 'id' | 'name' | 'participants' | 'event_category_id' | 'category'>

/**
 * An event's score as cards, rows and the watch page's header write it (decision 0057): live
 * "39–42 · Q3" with a live mark, or "Final 39–42", the first number the team the card names first (away
 * @ home). Spoiler-free, "Score hidden · Show", which shows this game's score for the visit. `score`:
 * the event's own unless a fresher one is given (the watch page's, from the timeline it follows).
 */
export function EventScoreLine({
  event,
  score = event.score ?? null,
  raised = false,
}: {
  event: ScoredEvent & Pick<Event, 'score'>
  score?: EventScore | null
  /** On a card whose whole surface is its link: the Show button sits above it. */
  raised?: boolean
}) {
  const { t } = useTranslation()
  const categories = useEventCategories()
  const { hidden, reveal } = useHiddenScore(event.id)
  if (!score) return null
  const rules = sportRulesOf(sportOf(event.event_category_id, categories)?.alias ?? event.category?.alias)
  const matchup = matchupOf(event)
  const line = scoreLineOf(score, rules, matchup ? 'away' : 'home')
  if (hidden) {
    return (
      <p className="event-score event-score--hidden">
        <span>{t('scores.hidden')}</span>
        <span aria-hidden="true"> · </span>
        <button
          type="button"
          className={`event-score__show${raised ? ' event-card__raised' : ''}`}
          aria-label={t('scores.showFor', { title: eventTitle(event) })}
          onClick={reveal}
        >
          {t('scores.show')}
        </button>
      </p>
    )
  }
  const firstName = matchup ? matchup.away.short_name || matchup.away.name : t('scores.home')
  const secondName = matchup ? matchup.home.short_name || matchup.home.name : t('scores.away')
  const names = { firstName, secondName, first: line.first, second: line.second }
  const numbers = `${line.first}–${line.second}`
  const spoken =
    line.status === 'final'
      ? t('scores.spokenFinal', names)
      : line.period
        ? t('scores.spokenLivePeriod', { ...names, period: line.period })
        : t('scores.spokenLive', names)
  return (
    <p className={`event-score event-score--${line.status}`} data-testid="event-score">
      <span aria-hidden="true">
        {line.status === 'final' ? (
          <>
            <span className="event-score__final">{t('scores.final')}</span> {numbers}
          </>
        ) : (
          <>
            <span className="event-score__live-mark" />
            {numbers}
            {line.period ? ` · ${line.period}` : ''}
          </>
        )}
      </span>
      <span className="visually-hidden">{spoken}</span>
    </p>
  )
}

/**
 * "Hide scores": spoiler-free, switched where the scores are. Saved to a signed-in viewer's alert
 * settings, or on this device for a viewer not signed in.
 */
export function SpoilerSwitch() {
  const { t } = useTranslation()
  const hintId = useId()
  const { spoilerFree, setSpoilerFree, saving } = useSpoilerFree()
  return (
    <label className="spoiler-switch" title={t('scores.hideScoresHint')}>
      <input
        type="checkbox"
        checked={spoilerFree}
        aria-describedby={hintId}
        aria-busy={saving || undefined}
        onChange={(event) => setSpoilerFree(event.target.checked)}
      />
      <span>{t('scores.hideScores')}</span>
      <span id={hintId} className="visually-hidden">
        {t('scores.hideScoresHint')}
      </span>
    </label>
  )
}
