import { type ReactNode, useId } from 'react'
import { ApiRequestError } from '../../../lib/api/api-error'
import { errorText } from '../../../lib/api/error-text'
import { useMessageText } from '../../../lib/i18n/message-text'

/** Cents as the console types them: "9.99" ⇄ 999; empty ⇄ null. */
export const toCents = (text: string): number | null => {
  const t = text.trim().replace(',', '.')
  if (t === '') return null
  const n = Number(t)
  return Number.isFinite(n) ? Math.round(n * 100) : Number.NaN
}
export const fromCents = (cents: unknown) => (typeof cents === 'number' ? (cents / 100).toFixed(2) : '')
export const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).format(cents / 100)
export const intOrNull = (text: string) => (text.trim() === '' ? null : Number(text))

/** `datetime-local` text ⇄ epoch ms, in the operator's own time zone. */
export const toLocalInput = (ms: unknown) => {
  if (typeof ms !== 'number') return ''
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000)
  return d.toISOString().slice(0, 16)
}
export const fromLocalInput = (text: string) => (text ? new Date(text).getTime() : null)

/** A failed save: its message (a refusal at Stripe is a 502 with words of its own) and its field errors. */
export function saveProblem(error: unknown): { message: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {}
  if (error instanceof ApiRequestError) {
    for (const [k, v] of Object.entries(error.fieldErrors)) if (v[0]) fields[k] = v[0]
    const body = error.data as { message?: string } | null
    if (error.status === 502 && body?.message) return { message: body.message, fields }
  }
  return { message: errorText(error) ?? '', fields }
}

/** A labelled select with its error tied to it. */
export function SelectField({
  label,
  value,
  onChange,
  options,
  error,
  disabled,
}: {
  label: string
  value: string
  onChange: (v: string) => void
  options: { value: string; label: string }[]
  error?: string | undefined
  disabled?: boolean
}) {
  const id = useId()
  const messageText = useMessageText()
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {messageText(error)}
        </p>
      ) : null}
    </div>
  )
}

/** A group of checkboxes in a fieldset (sports, teams, capabilities, passes), with the group's error. */
export function CheckGroup<T extends string | number>({
  legend,
  options,
  chosen,
  onChange,
  error,
  disabled,
}: {
  legend: ReactNode
  options: { value: T; label: string }[]
  chosen: T[]
  onChange: (next: T[]) => void
  error?: string | undefined
  disabled?: boolean
}) {
  const id = useId()
  const messageText = useMessageText()
  return (
    <fieldset className="console-fieldset" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      <div className="console-checks">
        {options.map((o) => (
          <label key={String(o.value)} className="console-check">
            <input
              type="checkbox"
              checked={chosen.includes(o.value)}
              disabled={disabled}
              onChange={(e) => onChange(e.target.checked ? [...chosen, o.value] : chosen.filter((v) => v !== o.value))}
            />{' '}
            {o.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {messageText(error)}
        </p>
      ) : null}
    </fieldset>
  )
}
