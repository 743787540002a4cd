import { TotpCodeSchema } from '@fieldhouse/contract'
import { zodResolver } from '@hookform/resolvers/zod'
import { type ReactNode, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/ui/button'
import { FormMessage, TextField } from '../../../components/ui/form-field'
import { applyServerErrors } from '../../../lib/forms/server-errors'

/**
 * A 6-digit TOTP code form: the sign-in's second step, the confirmation of a new secret, or the code
 * that turns the factor off. The server's refusal stands on the field, or above the buttons.
 */
export function CodeForm({
  className,
  label,
  submitLabel,
  variant = 'primary',
  actionsClassName,
  onCode,
  children,
}: {
  className: string
  label: string
  submitLabel: string
  variant?: 'primary' | 'secondary'
  actionsClassName: string
  onCode: (code: string) => Promise<unknown>
  /** Further buttons after the submit one. */
  children?: ReactNode
}) {
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm({ resolver: zodResolver(TotpCodeSchema), defaultValues: { code: '' } })
  const submit = form.handleSubmit(async ({ code }) => {
    setFormError(null)
    try {
      await onCode(code)
    } catch (error) {
      setFormError(applyServerErrors(error, ['code'], form.setError))
    }
  })
  return (
    <form className={className} noValidate onSubmit={submit}>
      <TextField
        label={label}
        inputMode="numeric"
        autoComplete="one-time-code"
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <div className={actionsClassName}>
        <Button type="submit" variant={variant} disabled={form.formState.isSubmitting}>
          {submitLabel}
        </Button>
        {children}
      </div>
    </form>
  )
}
