import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { TextField } from './form-field'

interface Name extends FieldValues {
  first_name?: string
  last_name?: string
}

/** First and last name side by side, as registration and profile edit ask for them. */
export function NameFields<T extends Name>({
  register,
  errors,
}: {
  register: UseFormRegister<T>
  errors: FieldErrors<T>
}) {
  const { t } = useTranslation()
  return (
    <div className="form__row form__row--two">
      <TextField
        label={t('auth.firstName')}
        autoComplete="given-name"
        error={errors.first_name?.message as string | undefined}
        {...register('first_name' as Path<T>)}
      />
      <TextField
        label={t('auth.lastName')}
        autoComplete="family-name"
        error={errors.last_name?.message as string | undefined}
        {...register('last_name' as Path<T>)}
      />
    </div>
  )
}
