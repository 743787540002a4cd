import { zodResolver } from '@hookform/resolvers/zod'
import { type ReactNode, useMemo, useState } from 'react'
import { type Resolver, useForm } from 'react-hook-form'
import { z } from 'zod'
import { FormMessage } from '../../../components/ui/form-field'
import { applyServerErrors } from '../../../lib/forms/server-errors'
import { useChannelTime } from '../channel-time'
import { type FieldConfig, type FormValues, toForm, toInput } from '../fields'
import { useConsoleText } from '../words'
import { FieldControl } from './field-control'
import { SubmitActions } from './submit-actions'

export interface ResourceFormProps {
  fields: readonly FieldConfig[]
  /** The stored record (undefined for a new one). */
  record: FormValues | undefined
  isNew: boolean
  /** The contract's schema for this write; the form checks with it before sending. */
  schema: z.ZodType | null
  readOnly: boolean
  submitLabel: string
  /** Sends the checked input; a rejection with a 422 puts its messages under the fields. */
  onSubmit(values: FormValues): Promise<unknown>
  /** Said after a save ("Team saved."). */
  savedText: string
  /** Reshapes the input before it is checked and sent (e.g. flat form fields into a nested object). */
  shapeInput?: ((input: FormValues) => FormValues) | undefined
  children?: ReactNode
}

/**
 * A form drawn from a resource's field list. What the operator types is turned into the contract's
 * input (`toInput`) and checked with the contract's schema, so the console and the server refuse the
 * same things with the same words; the server's 422 `{ message, errors }` lands under the same fields.
 */
export function ResourceForm({
  fields,
  record,
  isNew,
  schema,
  readOnly,
  submitLabel,
  onSubmit,
  savedText,
  shapeInput,
  children,
}: ResourceFormProps) {
  const shown = useMemo(
    () => fields.filter((field) => !(field.only === 'create' && !isNew) && !(field.only === 'update' && isNew)),
    [fields, isNew],
  )
  const { currency, locale } = useChannelTime()
  const resolver = useMemo(() => {
    const checked = z.preprocess((values) => {
      const input = toInput(shown, values as FormValues, isNew, { currency, locale })
      return shapeInput ? shapeInput(input) : input
    }, schema ?? z.any())
    return zodResolver(checked as never) as unknown as Resolver<FormValues>
  }, [shown, schema, isNew, shapeInput, currency, locale])
  const t = useConsoleText()
  const form = useForm<FormValues>({ defaultValues: toForm(shown, record, { currency, locale }), resolver })
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)
  const names = shown.map((field) => field.name)

  const submit = form.handleSubmit(async (values) => {
    setMessage(null)
    try {
      await onSubmit(values)
      setMessage({ tone: 'success', text: savedText })
    } catch (error) {
      const text = applyServerErrors(error, names, form.setError)
      if (text) setMessage({ tone: 'error', text })
    }
  })

  return (
    <form className="console-form" noValidate onSubmit={submit}>
      {readOnly ? <p className="console-readonly">{t('common.readOnly')}</p> : null}
      {shown.map((field) => (
        <FieldControl
          key={field.name}
          field={field}
          register={form.register}
          control={form.control}
          errors={form.formState.errors}
          readOnly={readOnly}
        />
      ))}
      {children}
      {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
      {readOnly ? null : (
        <SubmitActions disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('common.saving') : submitLabel}
        </SubmitActions>
      )}
    </form>
  )
}
