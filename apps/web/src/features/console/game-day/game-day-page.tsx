import { formatMoney, type GameDay, type GameDayLiveGame } from '@fieldhouse/contract'
import { Link } from 'react-router'
import { allowed } from '../access'
import { useGameDay } from '../api/use-game-day'
import { useChannelTime } from '../channel-time'
import { Fact } from '../components/fact'
import { PageHead } from '../components/page-head'
import { useOperator } from '../operator-context'
import { useConsoleText } from '../words'
import { goLivePath, periodName, scoreLine, scorePath, sharePath } from './game-day-view'
import './game-day.css'

/**
 * Game day (decision 0057): the console's first page. The games live now (encoder, viewers now, score)
 * with one tap to each one's Score and Go live pages, the next games, today's revenue and today's key
 * plays; asked again every 10 s.
 */
export default function GameDayPage() {
  const t = useConsoleText()
  const day = useGameDay()
  return (
    <>
      <PageHead title={t('gameDay.title')} lead={t('gameDay.lead')} />
      {day.data ? (
        <Home day={day.data} />
      ) : day.isError ? (
        <div className="console-gate__actions">
          <p role="alert" className="console-error">
            {t('gameDay.didNotLoad')}
          </p>
          <button type="button" className="button button--primary" onClick={() => void day.refetch()}>
            {t('shell.tryAgain')}
          </button>
        </div>
      ) : (
        <p role="status">{t('common.loading')}</p>
      )}
    </>
  )
}

function Home({ day }: { day: GameDay }) {
  const t = useConsoleText()
  const time = useChannelTime()
  return (
    <div className="game-day">
      <section aria-labelledby="game-day-live" className="game-day__section game-day__section--wide">
        <h2 id="game-day-live">{t('gameDay.liveNow')}</h2>
        {day.live.length === 0 ? (
          <p>{t('gameDay.noneLive')}</p>
        ) : (
          <ul className="game-day__cards">
            {day.live.map((game) => (
              <LiveCard key={game.event_id} game={game} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="game-day-next" className="game-day__section">
        <h2 id="game-day-next">{t('gameDay.next')}</h2>
        {day.next.length === 0 ? (
          <p>{t('gameDay.noneNext')}</p>
        ) : (
          <ol className="game-day__list">
            {day.next.map((game) => (
              <li key={game.event_id}>
                <span className="game-day__name">{game.name}</span>
                <time dateTime={game.starts_at}>{time.dateTime(game.starts_at)}</time>
              </li>
            ))}
          </ol>
        )}
      </section>

      {day.revenue_today ? (
        <section aria-labelledby="game-day-revenue" className="game-day__section">
          <h2 id="game-day-revenue">{t('gameDay.revenue')}</h2>
          <p className="game-day__money" data-testid="game-day-revenue">
            {formatMoney(day.revenue_today.amount, day.revenue_today.currency, time.locale)}
          </p>
          <p className="console-note">{t('gameDay.revenueNote')}</p>
        </section>
      ) : null}

      <section aria-labelledby="game-day-plays" className="game-day__section">
        <h2 id="game-day-plays">{t('gameDay.keyPlays')}</h2>
        {day.key_plays.length === 0 ? (
          <p>{t('gameDay.noKeyPlays')}</p>
        ) : (
          <ol className="game-day__list">
            {day.key_plays.map((play) => {
              const share = sharePath(play)
              return (
                <li key={play.id}>
                  <span className="game-day__name">{share ? <a href={share}>{play.label}</a> : play.label}</span>
                  <span>{play.event_name}</span>
                  <span className={`game-day__clip is-${play.status}`}>{t(`gameDay.clip.${play.status}`)}</span>
                </li>
              )
            })}
          </ol>
        )}
      </section>
    </div>
  )
}

function LiveCard({ game }: { game: GameDayLiveGame }) {
  const t = useConsoleText()
  const me = useOperator()
  const period = game.score ? periodName(game.sport, game.score.period) : null
  return (
    <li className="console-card game-day__card">
      <h3>{game.name}</h3>
      <dl className="console-dl console-dl--grid">
        <Fact term={t('gameDay.encoder')}>
          <span className={`console-live-badge ${game.encoder === 'receiving' ? 'is-live' : ''}`}>
            {t(`gameDay.encoderState.${game.encoder}`)}
          </span>
        </Fact>
        <Fact term={t('gameDay.viewersNow')}>
          {game.viewers_now === null ? t('gameDay.notMeasured') : game.viewers_now}
        </Fact>
        <Fact term={t('gameDay.score')}>
          {game.score ? (
            <span>
              {t('gameDay.scoreOf', { home: game.home, away: game.away, score: scoreLine(game.score) })}
              {period ? ` · ${period}` : ''}
              {game.score.status === 'final' ? ` · ${t('gameDay.final')}` : ''}
            </span>
          ) : (
            t('gameDay.noScore')
          )}
        </Fact>
      </dl>
      <div className="game-day__actions">
        {allowed(me, 'read', 'scores') ? (
          <Link
            className="button button--primary button--lg"
            to={scorePath(game.event_id)}
            aria-label={t('gameDay.scoreOfGame', { game: game.name })}
          >
            {t('gameDay.scoreLink')}
          </Link>
        ) : null}
        {allowed(me, 'read', 'live') ? (
          <Link
            className="button button--secondary button--lg"
            to={goLivePath(game.event_id)}
            aria-label={t('gameDay.goLiveOfGame', { game: game.name })}
          >
            {t('gameDay.goLiveLink')}
          </Link>
        ) : null}
      </div>
    </li>
  )
}
