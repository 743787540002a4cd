import { PasswordResetRequestSchema } from '@fieldhouse/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { SubmitButton } from '../../components/ui/button'
import { FormMessage } from '../../components/ui/form-field'
import { usePasswordResetRequest } from '../../lib/entities/session/use-password-reset-request'
import { paths } from '../../lib/navigation/paths'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import { AuthFrame } from './auth-frame'
import { EmailField } from './email-field'
import { useAuthForm } from './use-auth-form'
import { useHumanCheck } from './use-human-check'

/**
 * Spec §2 /password-reset-request. The answer is the same for any address, so the page only ever says
 * that a link was sent if an account exists.
 */
export function PasswordResetRequestPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('auth.passwordResetRequestTitle'))
  const requestReset = usePasswordResetRequest()
  const humanCheck = useHumanCheck('password_reset')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const { register, errors, isSubmitting, formError, onSubmit } = useAuthForm({
    schema: PasswordResetRequestSchema,
    defaultValues: { email: '' },
    serverFields: ['email'],
    submit: async (fields) => {
      const recaptcha_token = await humanCheck()
      await requestReset.mutateAsync({ ...fields, recaptcha_token })
      setSentTo(fields.email)
    },
  })

  return (
    <AuthFrame
      title={t('auth.passwordResetRequestTitle')}
      lead={sentTo ? undefined : t('auth.passwordResetRequestLead')}
      footer={
        <p>
          <Link to={paths.login}>{t('auth.backToSignIn')}</Link>
        </p>
      }
    >
      {sentTo ? (
        <FormMessage tone="success">{t('auth.passwordResetRequestSent', { email: sentTo })}</FormMessage>
      ) : (
        <form className="form" noValidate onSubmit={onSubmit}>
          {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
          <EmailField error={errors.email?.message} {...register('email')} />
          <SubmitButton submitting={isSubmitting}>{isSubmitting ? t('auth.sending') : t('auth.sendLink')}</SubmitButton>
        </form>
      )}
    </AuthFrame>
  )
}
