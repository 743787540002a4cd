import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react'
import { useMessageText } from '../../lib/i18n/message-text'
import './form-field.css'

/** `aria-describedby` for a control with an optional hint and error. */
const describedBy = (...ids: Array<string | false | undefined>) => ids.filter(Boolean).join(' ') || undefined

/** A control's hint and its error (translated from the contract's words), under it. */
function FieldNotes({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint: ReactNode
  hintId: string
  error: string | undefined
  errorId: string
}) {
  const messageText = useMessageText()
  return (
    <>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {messageText(error)}
        </p>
      ) : null}
    </>
  )
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: ReactNode
  /** A validation or server message, in the contract's words; shown translated under the control. */
  error?: string | undefined
  hint?: ReactNode
  ref?: Ref<HTMLInputElement>
}

/**
 * A labelled text input. Its error is tied to it by `aria-describedby` and marks it `aria-invalid`;
 * react-hook-form moves focus to the first invalid control on submit.
 */
export function TextField({ label, error, hint, id, className, ...input }: FieldProps) {
  const generatedId = useId()
  const inputId = id ?? generatedId
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  return (
    <div className={['field', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? hintId : false, error ? errorId : false)}
        {...input}
      />
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  )
}

/** A checkbox with its label beside it; the label may hold links (terms, privacy policy). */
export function CheckboxField({ label, error, hint, id, className, ...input }: FieldProps) {
  const generatedId = useId()
  const inputId = id ?? generatedId
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  return (
    <div className={['field field--checkbox', className ?? ''].filter(Boolean).join(' ')}>
      <div className="field__check">
        <input
          id={inputId}
          type="checkbox"
          className="field__checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint ? hintId : false, error ? errorId : false)}
          {...input}
        />
        <label className="field__check-label" htmlFor={inputId}>
          {label}
        </label>
      </div>
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  )
}

/**
 * A message about the whole form (a refused sign-in, a sent link). Errors are announced as alerts,
 * the rest politely. The text arrives in the contract's words or already translated.
 */
export function FormMessage({
  tone,
  children,
  id,
}: {
  tone: 'error' | 'success' | 'info'
  children: ReactNode
  id?: string
}) {
  const messageText = useMessageText()
  return (
    <div id={id} className={`form-message form-message--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {typeof children === 'string' ? messageText(children) : children}
    </div>
  )
}
