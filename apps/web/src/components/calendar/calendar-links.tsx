import { type CalendarFeedKind, calendarFeedPath, ToastType, webcalOf } from '@fieldhouse/contract'
import { type KeyboardEvent, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useSettings } from '../../lib/entities/channel/use-settings'
import { showToast } from '../../lib/notify/toast-store'
import './calendar-links.css'

export function CalendarIcon() {
  return (
    <svg className="calendar-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <rect x="3.5" y="5" width="17" height="15.5" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M3.5 10h17M8 3v4M16 3v4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  )
}

/** Puts a link on the clipboard and says whether it did; where the browser refuses, the field stays to copy by hand. */
export async function copyLink(url: string, done: string, failed: string) {
  try {
    await navigator.clipboard.writeText(url)
    showToast({ text: done, type: ToastType.success })
  } catch {
    showToast({ text: failed, type: ToastType.error })
  }
}

/**
 * "Add to calendar" for a feed (decision 0055): a calendar app subscribes by the `webcal://` link,
 * Google Calendar by its own page, any other by the feed's address, shown to copy. Entries then move
 * when a game is rescheduled and say so when it is cancelled.
 */
export function CalendarLinkChoices({ https, label }: { https: string; label: string }) {
  const { t } = useTranslation()
  const fieldId = useId()
  const webcal = webcalOf(https)
  return (
    <div className="calendar-links__panel">
      <a className="calendar-links__choice" href={webcal}>
        {t('calendar.subscribe')}
      </a>
      <a
        className="calendar-links__choice"
        href={`https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t('calendar.google')}
      </a>
      <label className="calendar-links__label" htmlFor={fieldId}>
        {t('calendar.address', { name: label })}
      </label>
      <div className="calendar-links__copy">
        <input
          id={fieldId}
          className="calendar-links__field"
          readOnly
          value={https}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void copyLink(https, t('calendar.copied'), t('calendar.copyFailed'))}
        >
          {t('calendar.copy')}
        </button>
      </div>
    </div>
  )
}

/** The "Add to calendar" disclosure of a team's, school's or sport's page. */
export function CalendarLinks({ kind, id, name }: { kind: CalendarFeedKind; id: number; name: string }) {
  const { t } = useTranslation()
  const settings = useSettings()
  const https = `${window.location.origin}${calendarFeedPath(kind, id, settings.channel_key)}`
  // Escape closes the panel and gives the focus back to its button, as a menu would.
  const closeOnEscape = (e: KeyboardEvent<HTMLDetailsElement>) => {
    if (e.key !== 'Escape' || !e.currentTarget.open) return
    e.currentTarget.open = false
    e.currentTarget.querySelector('summary')?.focus()
  }
  return (
    <details className="calendar-links" onKeyDown={closeOnEscape}>
      <summary
        className="button button--secondary calendar-links__summary"
        aria-label={t('calendar.addNamed', { name })}
      >
        <CalendarIcon />
        {t('calendar.add')}
      </summary>
      <CalendarLinkChoices https={https} label={name} />
    </details>
  )
}
