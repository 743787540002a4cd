import type { ScoreSuggestion } from '@fieldhouse/contract'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiRequestError } from '../../../lib/api/api-error'
import { useDecideSuggestion } from '../api/use-scores'
import { useConsoleText } from '../words'
import { arrivals, type Since, type SuggestionLine, suggestionLines } from './score-suggestions-view'

/** How often "2 min ago" is told again. */
const SINCE_EVERY_MS = 30_000

/**
 * "Missed plays?": the cheers the crowd made that the scorer may not have marked (decision 0057), each
 * with its moment on this phone's clock and how long ago; one tap takes it as a key play (the sport's
 * first tag, or one picked from the menu), another dismisses it. A new one is announced politely.
 */
export function ScoreSuggestions({
  eventId,
  suggestions,
  tags,
  skewMs,
  over,
}: {
  eventId: number
  suggestions: readonly ScoreSuggestion[]
  tags: readonly string[]
  /** How far the server's clock is ahead of this phone's (ms). */
  skewMs: number
  /** The game is final: nothing more is taken. */
  over: boolean
}) {
  const t = useConsoleText()
  const { i18n } = useTranslation()
  const decide = useDecideSuggestion(eventId)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), SINCE_EVERY_MS)
    return () => clearInterval(timer)
  }, [])
  const timeOf = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { hour: 'numeric', minute: '2-digit' })
    return (at: number) => format.format(at)
  }, [i18n.language])
  const sinceText = (since: Since) =>
    since.unit === 'now'
      ? t('score.suggestions.justNow')
      : t(since.unit === 'minutes' ? 'score.suggestions.minutesAgo' : 'score.suggestions.hoursAgo', {
          count: since.count,
        })
  const lines = suggestionLines(suggestions, skewMs, now)

  // Announced once each, when a read of the board brings it (those of the first read are no news).
  const seen = useRef<Set<number> | null>(null)
  const [announcement, setAnnouncement] = useState('')
  useEffect(() => {
    const { fresh, seen: next } = arrivals(seen.current, suggestions)
    seen.current = next
    const newest = suggestions.find((s) => s.id === fresh[0])
    if (!newest || over) return
    setAnnouncement(t('score.suggestions.arrived', { count: fresh.length, time: timeOf(newest.t - skewMs) }))
  }, [suggestions, over, t, timeOf, skewMs])

  const [problem, setProblem] = useState<string | null>(null)
  const busy = decide.isPending ? decide.variables?.id : undefined
  const run = async (id: number, decision: 'accept' | 'dismiss', tag?: string) => {
    setProblem(null)
    const inList = headingRef.current?.parentElement?.contains(document.activeElement) ?? false
    try {
      await decide.mutateAsync({ id, decision, ...(tag ? { tag } : {}) })
    } catch (error) {
      const status = error instanceof ApiRequestError ? error.status : null
      setProblem(t(status === 409 ? 'score.suggestions.decided' : 'score.suggestions.failed'))
    }
    // The decided play leaves the list: the keyboard's place is kept at the list's heading.
    if (inList) headingRef.current?.focus()
  }

  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {over || lines.length === 0 ? null : (
        <section className="score-panel score-suggestions" aria-labelledby="score-suggestions">
          <h2 id="score-suggestions" ref={headingRef} tabIndex={-1}>
            {t('score.suggestions.title')}
          </h2>
          <p className="console-note">{t(tags.length === 0 ? 'score.suggestions.noTags' : 'score.suggestions.hint')}</p>
          {problem ? (
            <p role="alert" className="console-error">
              {problem}
            </p>
          ) : null}
          <ul className="score-suggestions__list" data-testid="score-suggestions">
            {lines.map((line) => (
              <SuggestionItem
                key={line.id}
                line={line}
                text={t('score.suggestions.crowd', { ago: sinceText(line.since), time: timeOf(line.phoneAt) })}
                tags={tags}
                busy={busy === line.id}
                onDecide={(decision, tag) => void run(line.id, decision, tag)}
              />
            ))}
          </ul>
        </section>
      )}
    </>
  )
}

function SuggestionItem({
  line,
  text,
  tags,
  busy,
  onDecide,
}: {
  line: SuggestionLine
  text: string
  tags: readonly string[]
  busy: boolean
  onDecide: (decision: 'accept' | 'dismiss', tag?: string) => void
}) {
  const t = useConsoleText()
  const menuRef = useRef<HTMLDetailsElement>(null)
  const whatId = `score-suggestion-${line.id}`
  const [first] = tags
  const pick = (tag: string) => {
    if (menuRef.current) menuRef.current.open = false
    onDecide('accept', tag)
  }
  return (
    <li className="score-suggestion">
      <p id={whatId} className="score-suggestion__what">
        {text}
      </p>
      <div className="score-suggestion__actions">
        <button
          type="button"
          className="button button--primary button--lg"
          disabled={busy || first === undefined}
          aria-describedby={whatId}
          onClick={() => onDecide('accept')}
        >
          {first === undefined ? t('score.suggestions.keyPlay') : t('score.suggestions.keyPlayAs', { tag: first })}
        </button>
        {tags.length > 1 ? (
          <details className="score-suggestion__menu" ref={menuRef}>
            <summary className="button button--secondary button--lg">{t('score.suggestions.otherTag')}</summary>
            <div className="score-suggestion__tags">
              {tags.slice(1).map((tag) => (
                <button
                  key={tag}
                  type="button"
                  className="button button--secondary button--lg"
                  disabled={busy}
                  aria-describedby={whatId}
                  onClick={() => pick(tag)}
                >
                  {tag}
                </button>
              ))}
            </div>
          </details>
        ) : null}
        <button
          type="button"
          className="button button--secondary button--lg"
          disabled={busy}
          aria-describedby={whatId}
          onClick={() => onDecide('dismiss')}
        >
          {t('score.suggestions.dismiss')}
        </button>
      </div>
    </li>
  )
}
