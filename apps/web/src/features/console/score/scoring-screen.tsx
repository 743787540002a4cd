import {
  clockReading,
  periodStartMs,
  type ScoreActionInput,
  type ScoreActionsResult,
  type ScoreSide,
} from '@fieldhouse/contract'
import { type CSSProperties, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Link } from 'react-router'
import { newId } from '../../../lib/analytics/new-id'
import { useMessageText } from '../../../lib/i18n/message-text'
import { allowed } from '../access'
import { type BoardAnswer, useScoreBoard, useTimelineFromSend } from '../api/use-scores'
import { useOperator } from '../operator-context'
import { useConsoleText } from '../words'
import { ScoreKeyPlays } from './score-key-plays'
import type { ScoreSender, SenderState } from './score-outbox'
import { ScoreRecent } from './score-recent'
import { ScoreSettings } from './score-settings'
import { ScoreShortcuts } from './score-shortcuts'
import { ScoreSuggestions } from './score-suggestions'
import {
  commandFor,
  keyBindings,
  mergeActions,
  parseClockInput,
  pendingEntry,
  type ScoreCommand,
  scoreNow,
  teamColors,
  undoTarget,
  type ViewAction,
} from './score-view'
import { useScoreWords } from './score-words'
import { useScoreSender } from './use-score-sender'

/** An action as the phone makes it: its id and moment now (`ScoreActionInput` without them). */
type NewAction = ScoreActionInput extends infer A ? (A extends ScoreActionInput ? Omit<A, 'id' | 'at'> : never) : never

/** `/admin/score/:eventId`: the scoring screen of one game, made for a phone held courtside. */
export function ScoringScreen({ eventId }: { eventId: number }) {
  const t = useConsoleText()
  const board = useScoreBoard(eventId)
  const applyTimeline = useTimelineFromSend(eventId)
  const onRecorded = useCallback((result: ScoreActionsResult) => applyTimeline(result.timeline), [applyTimeline])
  const { sender, state } = useScoreSender(eventId, onRecorded)

  if (board.data) return <Scoreboard answer={board.data} sender={sender} state={state} />
  return (
    <>
      <p className="score-screen__back">
        <Link to="/admin/score">{t('score.allGames')}</Link>
      </p>
      <h1>{t('score.title')}</h1>
      {board.isError ? (
        <div className="console-gate__actions">
          <p role="alert" className="console-error">
            {t('score.gameDidNotLoad')}
          </p>
          <button type="button" className="button button--primary" onClick={() => void board.refetch()}>
            {t('score.tryAgain')}
          </button>
        </div>
      ) : (
        <p role="status">{t('common.loading')}</p>
      )}
      {/* Actions kept while the game does not load are still shown as kept. */}
      <ConnectionBanner sender={sender} state={state} />
    </>
  )
}

function Scoreboard({ answer, sender, state }: { answer: BoardAnswer; sender: ScoreSender; state: SenderState }) {
  const { board, skewMs } = answer
  const { timeline } = board
  const words = useScoreWords(timeline)
  const { t, sport, teamName } = words
  const me = useOperator()
  const mayScore = allowed(me, 'create', 'scores')
  const shiftMs = skewMs + timeline.offset_ms

  const actions = useMemo(
    () => mergeActions(timeline.actions, state.pending, state.sending, shiftMs, sport),
    [timeline.actions, state.pending, state.sending, shiftMs, sport],
  )
  const score = scoreNow(actions, sport)
  const target = undoTarget(actions)
  // After the final only undoing it is taken (the server refuses anything else).
  const over = score.final
  const mayUndo = mayScore && target !== null && (!over || target.type === 'final')

  // The game clock: re-drawn while it runs.
  const [now, setNow] = useState(() => Date.now())
  const running = score.clock?.running === true
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(timer)
  }, [running])
  const clockNow = (at: number) =>
    score.clock ? clockReading(score.clock, at + shiftMs, sport) : periodStartMs(sport, Math.max(1, score.period))

  const take = (action: NewAction) => {
    if (!mayScore) return
    sender.add({ ...action, id: newId(), at: Date.now() } as ScoreActionInput)
    setNow(Date.now())
  }
  const scoreFor = (side: ScoreSide, scoring: string) => take({ type: 'score', side, scoring })
  const undo = () => {
    if (mayUndo && target) take({ type: 'undo', target: target.id })
  }
  const stepPeriod = (step: 1 | -1) => {
    const period = Math.max(1, score.period + step)
    if (!over && period !== score.period) take({ type: 'period', period })
  }
  const toggleClock = () => {
    if (!sport.clock || over) return
    take({ type: 'clock', running: !running, clock_ms: Math.round(clockNow(Date.now())) })
  }

  const [confirmFinal, setConfirmFinal] = useState(false)
  const tagsRef = useRef<HTMLDivElement>(null)
  const focusTags = () => {
    const first = tagsRef.current?.querySelector<HTMLElement>('button') ?? tagsRef.current
    first?.focus()
    tagsRef.current?.scrollIntoView({ block: 'nearest' })
  }

  const bindings = useMemo(() => keyBindings(sport, sport.clock !== null), [sport])
  const run = useRef<(command: ScoreCommand) => void>(() => {})
  run.current = (command) => {
    // While the final is being confirmed, the keys wait.
    if (confirmFinal) return
    if (command.kind === 'score') {
      if (!over) scoreFor(command.side, command.scoring)
    } else if (command.kind === 'undo') undo()
    else if (command.kind === 'tags') focusTags()
    else if (command.kind === 'period') stepPeriod(command.step)
    else toggleClock()
  }
  useEffect(() => {
    const handle = (event: KeyboardEvent) => {
      const command = commandFor(event, bindings)
      if (!command) return
      event.preventDefault()
      run.current(command)
    }
    document.addEventListener('keydown', handle)
    return () => document.removeEventListener('keydown', handle)
  }, [bindings])

  const confirmRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (confirmFinal) confirmRef.current?.focus()
  }, [confirmFinal])

  const [clockText, setClockText] = useState('')
  const [clockError, setClockError] = useState<string | null>(null)
  const setClock = (event: React.FormEvent) => {
    event.preventDefault()
    const ms = parseClockInput(clockText)
    if (ms === null) {
      setClockError(t('score.clock.invalid'))
      return
    }
    setClockError(null)
    setClockText('')
    take({ type: 'clock', running, clock_ms: ms })
  }

  const title = t('score.gameTitle', { home: teamName('home'), away: teamName('away') })
  const clockShown = sport.clock ? words.clock(clockNow(now)) : null

  return (
    <div className="score-screen">
      <p className="score-screen__back">
        <Link to="/admin/score">{t('score.allGames')}</Link>
      </p>
      <h1 className="score-screen__title">{title}</h1>
      <ConnectionBanner sender={sender} state={state} />
      <Refusals sender={sender} state={state} actions={actions} words={words} />
      {mayScore ? null : <p className="console-readonly">{t('common.readOnly')}</p>}

      <p className="visually-hidden" role="status" aria-live="polite">
        {`${teamName('home')} ${score.home}, ${teamName('away')} ${score.away}`}
      </p>
      <div className="score-teams">
        {(['home', 'away'] as const).map((side) => {
          const colors = teamColors(timeline[side].color, side)
          const style = { '--team-bg': colors.background, '--team-text': colors.text } as CSSProperties
          return (
            <section key={side} className="score-team" style={style} aria-labelledby={`score-team-${side}`}>
              <h2 id={`score-team-${side}`} className="score-team__name">
                {teamName(side)}
              </h2>
              <p className="score-team__points" data-testid={`score-${side}`}>
                {score[side]}
              </p>
              <div className="score-team__buttons">
                {sport.scoring.map((rule) => {
                  const label = words.scoringLabel(rule.id)
                  return (
                    <button
                      key={rule.id}
                      type="button"
                      className="score-button"
                      aria-label={t('score.add', { team: teamName(side), points: rule.points, label })}
                      disabled={!mayScore || over}
                      onClick={() => scoreFor(side, rule.id)}
                    >
                      <span className="score-button__points" aria-hidden="true">
                        +{rule.points}
                      </span>
                      <span className="score-button__label" aria-hidden="true">
                        {label}
                      </span>
                    </button>
                  )
                })}
              </div>
            </section>
          )
        })}
      </div>

      <div className="score-row">
        <button
          type="button"
          className="button button--secondary button--lg score-undo"
          disabled={!mayUndo}
          onClick={undo}
          aria-label={target && mayUndo ? t('score.undoWhat', { what: words.describe(target, actions) }) : undefined}
        >
          {t(target && mayUndo ? 'score.undo' : 'score.nothingToUndo')}
        </button>
      </div>
      {over ? <p className="score-over">{t('score.gameOver')}</p> : null}

      <section className="score-panel" aria-labelledby="score-period">
        <h2 id="score-period">{t('score.period')}</h2>
        <div className="score-period">
          <button
            type="button"
            className="button button--secondary button--lg"
            disabled={!mayScore || over || score.period <= 1}
            onClick={() => stepPeriod(-1)}
            aria-label={`${t('score.previousPeriod')} (${words.period(Math.max(1, score.period - 1))})`}
          >
            −
          </button>
          <p className="score-period__now" data-testid="score-period">
            {words.period(score.period)}
          </p>
          <button
            type="button"
            className="button button--secondary button--lg"
            disabled={!mayScore || over}
            onClick={() => stepPeriod(1)}
            aria-label={`${t('score.nextPeriod')} (${words.period(score.period + 1)})`}
          >
            +
          </button>
        </div>
      </section>

      {sport.clock && clockShown !== null ? (
        <section className="score-panel" aria-labelledby="score-clock">
          <h2 id="score-clock">{t('score.clock.title')}</h2>
          <p className="score-clock" data-testid="score-clock">
            <span className="score-clock__time">{clockShown}</span>{' '}
            <span className="score-clock__state">{t(running ? 'score.clock.running' : 'score.clock.stopped')}</span>
          </p>
          <div className="score-clock__actions">
            <button
              type="button"
              className={`button button--lg ${running ? 'button--secondary' : 'button--primary'}`}
              disabled={!mayScore || over}
              onClick={toggleClock}
            >
              {t(running ? 'score.clock.stop' : 'score.clock.start')}
            </button>
            <form className="score-clock__set" onSubmit={setClock} noValidate>
              <label className="field__label" htmlFor="score-clock-input">
                {t('score.clock.field')}
              </label>
              <div className="score-clock__set-row">
                <input
                  id="score-clock-input"
                  className="field__input"
                  inputMode="numeric"
                  autoComplete="off"
                  value={clockText}
                  onChange={(event) => setClockText(event.target.value)}
                  aria-invalid={clockError ? true : undefined}
                  aria-describedby={clockError ? 'score-clock-error' : undefined}
                  disabled={!mayScore || over}
                />
                <button type="submit" className="button button--secondary button--lg" disabled={!mayScore || over}>
                  {t('score.clock.set')}
                </button>
              </div>
              {clockError ? (
                <p id="score-clock-error" className="console-error">
                  {clockError}
                </p>
              ) : null}
            </form>
          </div>
        </section>
      ) : null}

      <section className="score-panel" aria-labelledby="score-tags">
        <h2 id="score-tags">{t('score.tags')}</h2>
        <p className="console-note">{t('score.tagsHint')}</p>
        <div className="score-tags" ref={tagsRef} tabIndex={-1}>
          {board.tags.length === 0 ? <p>{t('score.noTags')}</p> : null}
          {board.tags.map((tag) => (
            <button
              key={tag}
              type="button"
              className="button button--secondary button--lg"
              disabled={!mayScore || over}
              onClick={() => take({ type: 'tag', tag })}
              aria-label={t('score.tag', { tag })}
            >
              {tag}
            </button>
          ))}
        </div>
      </section>

      {mayScore ? (
        <ScoreSuggestions
          eventId={board.game.event_id}
          suggestions={board.suggestions}
          tags={board.tags}
          skewMs={skewMs}
          over={over}
        />
      ) : null}

      <ScoreRecent actions={actions} describe={words.describe} />
      <ScoreKeyPlays eventId={board.game.event_id} version={timeline.version} />

      <section className="score-panel" aria-labelledby="score-final">
        <h2 id="score-final" className="visually-hidden">
          {t('score.finalButton')}
        </h2>
        {confirmFinal ? (
          <div
            role="alertdialog"
            aria-labelledby="score-final-question"
            className="console-confirm"
            onKeyDown={(event) => {
              if (event.key === 'Escape') setConfirmFinal(false)
            }}
          >
            <p id="score-final-question">
              {t('score.finalConfirm', {
                home: teamName('home'),
                away: teamName('away'),
                homeScore: score.home,
                awayScore: score.away,
              })}
            </p>
            <button
              ref={confirmRef}
              type="button"
              className="button button--danger button--lg"
              onClick={() => {
                take({ type: 'final' })
                setConfirmFinal(false)
              }}
            >
              {t('score.finalYes')}
            </button>
            <button
              type="button"
              className="button button--secondary button--lg"
              onClick={() => setConfirmFinal(false)}
            >
              {t('common.cancel')}
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="button button--danger button--lg"
            disabled={!mayScore || over}
            onClick={() => setConfirmFinal(true)}
          >
            {t('score.finalButton')}
          </button>
        )}
      </section>

      <ScoreShortcuts bindings={bindings} words={words} />
      {allowed(me, 'update', 'scores') ? <ScoreSettings board={board} words={words} /> : null}
    </div>
  )
}

/** "Offline — N actions kept…": shown while something is kept and the last try did not get through. */
function ConnectionBanner({ sender, state }: { sender: ScoreSender; state: SenderState }) {
  const t = useConsoleText()
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine)
  useEffect(() => {
    const update = () => setOnline(navigator.onLine)
    window.addEventListener('online', update)
    window.addEventListener('offline', update)
    return () => {
      window.removeEventListener('online', update)
      window.removeEventListener('offline', update)
    }
  }, [])
  const count = state.pending.length
  const offline = count > 0 && (state.status === 'offline' || !online)
  const blocked = count > 0 && state.status === 'blocked'
  return (
    <div role="status" aria-live="polite" className="score-banner-slot">
      {offline || blocked ? (
        <div className="score-banner" data-testid="score-offline">
          <p>{t(blocked ? 'score.blocked' : 'score.offline', { count })}</p>
          <button type="button" className="button button--secondary" onClick={() => void sender.flush()}>
            {t('score.sendNow')}
          </button>
        </div>
      ) : null}
    </div>
  )
}

/** The actions the server refused (dropped from the outbox), with its words, until dismissed. */
function Refusals({
  sender,
  state,
  actions,
  words,
}: {
  sender: ScoreSender
  state: SenderState
  actions: readonly ViewAction[]
  words: ReturnType<typeof useScoreWords>
}) {
  const messageText = useMessageText()
  const { t, describe, sport } = words
  if (state.refusals.length === 0) return null
  return (
    <div role="alert" className="score-refusals">
      <ul>
        {state.refusals.slice(-3).map(({ action, message }) => {
          const what = describe({ ...pendingEntry(action, 0, sport), state: 'kept' }, actions)
          return (
            <li key={action.id}>
              {message
                ? t('score.refused', { what, message: messageText(message) })
                : t('score.refusedPlain', { what })}
            </li>
          )
        })}
      </ul>
      <button type="button" className="button button--secondary" onClick={() => sender.dismissRefusals()}>
        {t('score.dismiss')}
      </button>
    </div>
  )
}
