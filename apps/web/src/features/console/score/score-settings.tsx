import { type ScoreBoard, SPORTS } from '@fieldhouse/contract'
import { useState } from 'react'
import { errorText, splitFieldErrors } from '../../../lib/api/error-text'
import { useMessageText } from '../../../lib/i18n/message-text'
import { useUpdateScoreGame } from '../api/use-scores'
import type { useScoreWords } from './score-words'

const OFFSET_LIMIT_S = 120

/**
 * The game's sport and offset, under a disclosure: set once before the game, rarely touched after.
 * The offset moves the score on the stream: positive, it shows that many seconds after the tap.
 */
export function ScoreSettings({ board, words }: { board: ScoreBoard; words: ReturnType<typeof useScoreWords> }) {
  const { t, sportName } = words
  const messageText = useMessageText()
  const save = useUpdateScoreGame(board.game.event_id)
  const [sport, setSport] = useState(board.timeline.sport in SPORTS ? board.timeline.sport : 'other')
  const [offset, setOffset] = useState(String(Math.round(board.timeline.offset_ms / 1000)))
  const [invalid, setInvalid] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setSaved(false)
    const seconds = Number(offset.trim().replace('−', '-'))
    if (!/^[-−]?\d+$/.test(offset.trim()) || Math.abs(seconds) > OFFSET_LIMIT_S) {
      setInvalid(t('score.settings.offsetInvalid'))
      return
    }
    setInvalid(null)
    try {
      await save.mutateAsync({ sport, offset_ms: seconds * 1000 })
      setSaved(true)
    } catch {
      // Shown below from the mutation's error.
    }
  }
  const fieldErrors = save.error ? splitFieldErrors(save.error, ['sport', 'offset_ms'] as const) : null
  const offsetError = invalid ?? fieldErrors?.fields.find(([field]) => field === 'offset_ms')?.[1] ?? null
  const sportError = fieldErrors?.fields.find(([field]) => field === 'sport')?.[1] ?? null
  const otherError =
    save.error && fieldErrors && fieldErrors.fields.length === 0 ? (errorText(save.error) ?? null) : null

  return (
    <details className="score-panel score-details">
      <summary>{t('score.settings.title')}</summary>
      <form className="console-form score-settings" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="score-sport">
            {t('score.settings.sport')}
          </label>
          <select
            id="score-sport"
            className="field__input"
            value={sport}
            onChange={(event) => setSport(event.target.value)}
            aria-invalid={sportError ? true : undefined}
            aria-describedby={sportError ? 'score-sport-error' : undefined}
          >
            {Object.keys(SPORTS).map((alias) => (
              <option key={alias} value={alias}>
                {sportName(alias)}
              </option>
            ))}
          </select>
          {sportError ? (
            <p id="score-sport-error" className="console-error">
              {messageText(sportError)}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label className="field__label" htmlFor="score-offset">
            {t('score.settings.offset')}
          </label>
          <input
            id="score-offset"
            className="field__input"
            type="number"
            inputMode="numeric"
            min={-OFFSET_LIMIT_S}
            max={OFFSET_LIMIT_S}
            step={1}
            value={offset}
            onChange={(event) => setOffset(event.target.value)}
            aria-invalid={offsetError ? true : undefined}
            aria-describedby={offsetError ? 'score-offset-hint score-offset-error' : 'score-offset-hint'}
          />
          <p id="score-offset-hint" className="console-note">
            {t('score.settings.offsetHint')}{' '}
            {t('score.settings.offsetNow', { seconds: Math.round(board.timeline.offset_ms / 1000) })}
          </p>
          {offsetError ? (
            <p id="score-offset-error" className="console-error">
              {messageText(offsetError)}
            </p>
          ) : null}
        </div>
        {otherError ? (
          <p role="alert" className="console-error">
            {messageText(otherError)}
          </p>
        ) : null}
        <div className="console-form__actions">
          <button type="submit" className="button button--primary button--lg" disabled={save.isPending}>
            {t(save.isPending ? 'common.saving' : 'score.settings.save')}
          </button>
        </div>
        <p role="status" className="console-note">
          {saved ? t('score.settings.saved') : ''}
        </p>
      </form>
    </details>
  )
}
