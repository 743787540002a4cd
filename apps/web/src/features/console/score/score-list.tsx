import { formatDateTime, periodLabel, type ScoreGame, sportOf } from '@fieldhouse/contract'
import type { CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { allowed } from '../access'
import { useScoreGames } from '../api/use-scores'
import { PageHead } from '../components/page-head'
import { useOperator } from '../operator-context'
import { useConsoleText } from '../words'
import { ScoreFeedPanel } from './score-feed-panel'
import { sortGames, teamColors } from './score-view'
import { useKeptActions } from './use-score-sender'

/** The device's zone: the phone is at the venue (and a scorer may not read the channel's settings). */
const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'

/** `/admin/score`: the games live now and today's, live first; one tap opens a game's scoring screen. */
export function ScoreList() {
  const t = useConsoleText()
  const me = useOperator()
  const games = useScoreGames()
  const kept = useKeptActions()
  const sorted = sortGames(games.data ?? [])
  return (
    <>
      <PageHead title={t('score.title')} lead={t('score.lead')} />
      <section aria-labelledby="score-games">
        <h2 id="score-games" className="visually-hidden">
          {t('score.gamesHeading')}
        </h2>
        {games.isPending ? <p role="status">{t('common.loading')}</p> : null}
        {games.isError ? (
          <div className="console-gate__actions">
            <p role="alert" className="console-error">
              {t('score.didNotLoad')}
            </p>
            <button type="button" className="button button--primary" onClick={() => void games.refetch()}>
              {t('score.tryAgain')}
            </button>
          </div>
        ) : null}
        {games.data && sorted.length === 0 ? <p>{t('score.noGames')}</p> : null}
        {sorted.length > 0 ? (
          <ul className="score-games">
            {sorted.map((game) => (
              <li key={game.event_id}>
                <GameLink game={game} kept={kept.get(game.event_id) ?? 0} />
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {allowed(me, 'read', 'score-feed') ? <ScoreFeedPanel /> : null}
    </>
  )
}

function GameLink({ game, kept }: { game: ScoreGame; kept: number }) {
  const t = useConsoleText()
  const { i18n } = useTranslation()
  const live = game.status === 'live' || (game.status !== 'final' && game.stream_status === 'live')
  const status = live ? 'live' : game.status
  const sport = sportOf(game.sport)
  const team = (side: 'home' | 'away') => {
    const colors = teamColors(game[side].color, side)
    return (
      <span className="score-game__team">
        <span
          className="score-game__chip"
          style={{ '--team-bg': colors.background } as CSSProperties}
          aria-hidden="true"
        />
        <span className="score-game__name">{game[side].name || t(`score.teams.${side}`)}</span>
        <span className="score-game__points">{game.score[side]}</span>
      </span>
    )
  }
  return (
    <Link to={`/admin/score/${game.event_id}`} className={`score-game is-${status}`}>
      <span className="score-game__head">
        <span className={`score-game__status is-${status}`}>{t(`score.status.${status}`)}</span>
        <span className="score-game__when">
          {game.score.period > 0
            ? t('score.periodNow', { period: periodLabel(sport, game.score.period) })
            : t('score.startsAt', { time: formatDateTime(game.starts_at, deviceZone(), { locale: i18n.language }) })}
        </span>
      </span>
      {team('home')}
      {team('away')}
      {kept > 0 ? <span className="score-game__kept">{t('score.keptHere', { count: kept })}</span> : null}
    </Link>
  )
}
