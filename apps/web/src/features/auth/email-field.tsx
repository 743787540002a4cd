import type { ComponentProps } from 'react'
import { useTranslation } from 'react-i18next'
import { TextField } from '../../components/ui/form-field'

/** The email a viewer signs in with, registers or asks a reset link for. */
export function EmailField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  const { t } = useTranslation()
  return <TextField label={t('auth.email')} type="email" autoComplete="email" inputMode="email" {...props} />
}
