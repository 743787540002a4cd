import { constants } from '@fieldhouse/contract'
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { TextField } from './form-field'

interface NewPassword extends FieldValues {
  password?: string
  password_confirmation?: string
}

/**
 * A new password and its confirmation, as registration, password reset and profile edit ask for
 * them: the length hint, browser password-manager hints, and the spec's messages under each field.
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
  return (
    <>
      <TextField
        label={labels?.password ?? t('auth.password')}
        type="password"
        autoComplete="new-password"
        hint={t('auth.passwordHint', { count: constants.passwordMinLength })}
        error={errors.password?.message as string | undefined}
        {...register('password' as Path<T>)}
      />
      <TextField
        label={labels?.confirmation ?? t('auth.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
        error={errors.password_confirmation?.message as string | undefined}
        {...register('password_confirmation' as Path<T>)}
      />
    </>
  )
}
