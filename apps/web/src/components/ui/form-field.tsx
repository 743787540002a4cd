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

/**
 * A control's id (its own or a generated one), the attributes that tie its hint and error to it (and
 * mark it invalid while there is an error), and those notes to put under it.
 */
function useFieldNotes(id: string | undefined, hint: ReactNode, error: string | undefined) {
  const generatedId = useId()
  const inputId = id ?? generatedId
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  return {
    inputId,
    aria: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(hint ? hintId : false, error ? errorId : false),
    },
    notes: <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />,
  }
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
  const field = useFieldNotes(id, hint, error)
  return (
    <div className={['field', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={field.inputId}>
        {label}
      </label>
      <input id={field.inputId} className="field__input" {...field.aria} {...input} />
      {field.notes}
    </div>
  )
}

/** A checkbox with its label beside it; the label may hold links (terms, privacy policy). */
export function CheckboxField({ label, error, hint, id, className, ...input }: FieldProps) {
  const field = useFieldNotes(id, hint, error)
  return (
    <div className={['field field--checkbox', className ?? ''].filter(Boolean).join(' ')}>
      <div className="field__check">
        <input id={field.inputId} type="checkbox" className="field__checkbox" {...field.aria} {...input} />
        <label className="field__check-label" htmlFor={field.inputId}>
          {label}
        </label>
      </div>
      {field.notes}
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
