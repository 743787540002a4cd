import { constants } from '@fieldhouse/contract'
import { useState } from 'react'
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { confirmationMismatch } from '../../lib/forms/password-match'
import { TextField } from './form-field'

interface NewPassword extends FieldValues {
  password?: string
  password_confirmation?: string
}

/**
 * A new password and its confirmation, as registration, password reset and profile edit ask for
 * them: the length hint, browser password-manager hints, and the spec's messages under each field.
 * Before the first submit, the confirmation is checked as it is typed ("PASSWORDS DON'T MATCH").
 */
export function NewPasswordFields<T extends NewPassword>({
  register,
  errors,
  labels,
}: {
  register: UseFormRegister<T>
  errors: FieldErrors<T>
  labels?: { password: string; confirmation: string }
}) {
  const { t } = useTranslation()
  const [typed, setTyped] = useState({ password: '', confirmation: '' })
  const password = register('password' as Path<T>)
  const confirmation = register('password_confirmation' as Path<T>)
  const confirmationError =
    (errors.password_confirmation?.message as string | undefined) ??
    confirmationMismatch(typed.password, typed.confirmation) ??
    undefined
  return (
    <>
      <TextField
        label={labels?.password ?? t('auth.password')}
        type="password"
        autoComplete="new-password"
        hint={t('auth.passwordHint', { count: constants.passwordMinLength })}
        error={errors.password?.message as string | undefined}
        {...password}
        onChange={(event) => {
          setTyped((now) => ({ ...now, password: event.target.value }))
          return password.onChange(event)
        }}
      />
      <TextField
        label={labels?.confirmation ?? t('auth.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
        error={confirmationError}
        {...confirmation}
        onChange={(event) => {
          setTyped((now) => ({ ...now, confirmation: event.target.value }))
          return confirmation.onChange(event)
        }}
      />
    </>
  )
}
