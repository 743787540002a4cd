import { type ReactNode, useId } from 'react'
import type { AlertsFormField, AlertsFormValues } from '../../lib/entities/notifications/alert-settings-form'
import { useMessageText } from '../../lib/i18n/message-text'

export type Errors = Partial<Record<AlertsFormField, string>>

/** What each section of the alerts form reads and changes. */
export interface SectionProps {
  values: AlertsFormValues
  set: <K extends keyof AlertsFormValues>(name: K, value: AlertsFormValues[K]) => void
  errors: Errors
  /** The id of a field's control, so a refused save can focus it. */
  fieldId: (name: AlertsFormField) => string
}

/** A fieldset of the alerts form, named by its legend. */
export function AlertsFieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="alerts-form__section">
      <legend className="alerts-form__legend">{legend}</legend>
      {children}
    </fieldset>
  )
}

/** A labelled select with its error (a server message, translated when known) tied to it. */
export function SelectField({
  id,
  label,
  value,
  onChange,
  error,
  testId,
  children,
}: {
  id?: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string | undefined
  testId?: string
  children: ReactNode
}) {
  const messageText = useMessageText()
  const generatedId = useId()
  const selectId = id ?? generatedId
  const errorId = `${selectId}-error`
  return (
    <div className="field">
      <label className="field__label" htmlFor={selectId}>
        {label}
      </label>
      <select
        id={selectId}
        className="field__input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-testid={testId}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
      {error ? (
        <p id={errorId} className="field__error">
          {messageText(error)}
        </p>
      ) : null}
    </div>
  )
}
