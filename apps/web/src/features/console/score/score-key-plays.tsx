import type { KeyPlay } from '@fieldhouse/contract'
import { type FormEvent, useId, useState } from 'react'
import { errorText } from '../../../lib/api/error-text'
import { useEventKeyPlays } from '../../../lib/entities/key-plays/use-event-key-plays'
import { useMessageText } from '../../../lib/i18n/message-text'
import { allowed } from '../access'
import { useAdjustKeyPlay, useRemoveKeyPlay } from '../api/use-game-day'
import { useOperator } from '../operator-context'
import { useConsoleText } from '../words'
import { parseWindow } from './key-play-window'

/**
 * The game's key plays (`GET /api/events/{id}/key-plays`, asked again with each newer timeline), each
 * with its clip's state; for roles that may update scores, "Adjust clip" (seconds before and after the
 * moment) and "Remove" behind a confirmation.
 */
export function ScoreKeyPlays({ eventId, version }: { eventId: number; version: number }) {
  const t = useConsoleText()
  const mayEdit = allowed(useOperator(), 'update', 'scores')
  const plays = useEventKeyPlays(eventId, version)
  const list = plays.data?.key_plays ?? []
  return (
    <section className="score-panel" aria-labelledby="score-key-plays">
      <h2 id="score-key-plays">{t('keyPlayEditor.title')}</h2>
      {plays.isError && !plays.data ? (
        <p className="console-error">{t('keyPlayEditor.didNotLoad')}</p>
      ) : list.length === 0 ? (
        <p>{plays.isPending ? t('common.loading') : t('keyPlayEditor.none')}</p>
      ) : (
        <ol className="score-recent score-key-plays">
          {list.map((play) => (
            <KeyPlayRow key={play.id} play={play} mayEdit={mayEdit} />
          ))}
        </ol>
      )}
    </section>
  )
}

function KeyPlayRow({ play, mayEdit }: { play: KeyPlay; mayEdit: boolean }) {
  const t = useConsoleText()
  const messageText = useMessageText()
  const id = useId()
  const [open, setOpen] = useState<'adjust' | 'remove' | null>(null)
  const [before, setBefore] = useState(String(play.before))
  const [after, setAfter] = useState(String(play.after))
  const [problem, setProblem] = useState<string | null>(null)
  const adjust = useAdjustKeyPlay()
  const remove = useRemoveKeyPlay()
  const failed = (error: unknown) => {
    const text = errorText(error)
    setProblem(text ? messageText(text) : t('keyPlayEditor.failed'))
  }
  const save = async (event: FormEvent) => {
    event.preventDefault()
    const window = parseWindow(before, after)
    if (!window) return setProblem(t('keyPlayEditor.range'))
    setProblem(null)
    try {
      await adjust.mutateAsync({ id: play.id, ...window })
      setOpen(null)
    } catch (error) {
      failed(error)
    }
  }
  const confirmRemove = async () => {
    try {
      await remove.mutateAsync(play.id)
    } catch (error) {
      failed(error)
    }
  }
  const toggle = (what: 'adjust' | 'remove') => {
    setProblem(null)
    setOpen(open === what ? null : what)
  }
  return (
    <li>
      <span className="score-recent__what">
        {play.label} · {t('keyPlayEditor.window', { before: play.before, after: play.after })}
      </span>
      <span className={`score-recent__state is-${play.status}`}>{t(`gameDay.clip.${play.status}`)}</span>
      {mayEdit ? (
        <span className="score-key-plays__actions">
          <button
            type="button"
            className="button button--secondary"
            aria-expanded={open === 'adjust'}
            aria-label={t('keyPlayEditor.adjustOf', { play: play.label })}
            onClick={() => toggle('adjust')}
          >
            {t('keyPlayEditor.adjust')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            aria-label={t('keyPlayEditor.removeOf', { play: play.label })}
            onClick={() => toggle('remove')}
          >
            {t('keyPlayEditor.remove')}
          </button>
        </span>
      ) : null}
      {open === 'adjust' ? (
        <form className="score-key-plays__form" onSubmit={(event) => void save(event)} noValidate>
          <label htmlFor={`${id}-before`}>{t('keyPlayEditor.before')}</label>
          <input
            id={`${id}-before`}
            type="number"
            inputMode="decimal"
            min={0}
            max={120}
            value={before}
            onChange={(event) => setBefore(event.target.value)}
          />
          <label htmlFor={`${id}-after`}>{t('keyPlayEditor.after')}</label>
          <input
            id={`${id}-after`}
            type="number"
            inputMode="decimal"
            min={0}
            max={120}
            value={after}
            onChange={(event) => setAfter(event.target.value)}
          />
          <button type="submit" className="button button--primary" disabled={adjust.isPending}>
            {t('keyPlayEditor.save')}
          </button>
        </form>
      ) : null}
      {open === 'remove' ? (
        <div role="alertdialog" aria-labelledby={`${id}-remove`} className="console-inline-confirm">
          <p id={`${id}-remove`}>{t('keyPlayEditor.removeConfirm', { play: play.label })}</p>
          <button
            type="button"
            className="button button--danger"
            disabled={remove.isPending}
            onClick={() => void confirmRemove()}
          >
            {t('keyPlayEditor.removeYes')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setOpen(null)}>
            {t('common.cancel')}
          </button>
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className="console-error score-key-plays__problem">
          {problem}
        </p>
      ) : null}
    </li>
  )
}
