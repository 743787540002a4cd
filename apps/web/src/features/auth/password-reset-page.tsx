import { messages, PasswordResetSchema, ToastType } from '@fieldhouse/contract'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate } from 'react-router'
import { SubmitButton } from '../../components/ui/button'
import { FormMessage, TextField } from '../../components/ui/form-field'
import { NewPasswordFields } from '../../components/ui/new-password-fields'
import { usePasswordReset } from '../../lib/entities/session/use-password-reset'
import { applyServerErrors } from '../../lib/forms/server-errors'
import { useMessageText } from '../../lib/i18n/message-text'
import { paths } from '../../lib/navigation/paths'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import { showToast } from '../../lib/notify/toast-store'
import { AuthFrame } from './auth-frame'
import { readResetLink } from './link-params'

/** Spec §2 /password-reset?email=&token=: the mailed link; a new password, then sign in with it. */
export function PasswordResetPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('auth.passwordResetTitle'))
  const location = useLocation()
  const link = readResetLink(location.search)
  const footer = (
    <p>
      <Link to={paths.login}>{t('auth.backToSignIn')}</Link>
    </p>
  )

  if (!link.email || !link.token) {
    return (
      <AuthFrame title={t('auth.passwordResetTitle')} footer={footer}>
        <div className="auth-card__body">
          <FormMessage tone="error">{messages.resetFailed}</FormMessage>
          <p>
            <Link className="auth-link" to={paths.passwordResetRequest}>
              {t('auth.requestNewLink')}
            </Link>
          </p>
        </div>
      </AuthFrame>
    )
  }

  return (
    <AuthFrame title={t('auth.passwordResetTitle')} lead={t('auth.passwordResetLead')} footer={footer}>
      <PasswordResetForm email={link.email} token={link.token} />
    </AuthFrame>
  )
}

function PasswordResetForm({ email, token }: { email: string; token: string }) {
  const { t } = useTranslation()
  const messageText = useMessageText()
  const navigate = useNavigate()
  const resetPassword = usePasswordReset()
  const [formError, setFormError] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(PasswordResetSchema),
    defaultValues: { email, token, password: '', password_confirmation: '' },
  })

  const onSubmit = handleSubmit(async (fields) => {
    setFormError(null)
    try {
      await resetPassword.mutateAsync(fields)
      showToast({ type: ToastType.success, text: t('auth.passwordResetDone') })
      await navigate(paths.login, { replace: true })
    } catch (error) {
      setFormError(applyServerErrors(error, ['email', 'password', 'password_confirmation'], setError))
    }
  })

  // The token is not a field the viewer can fix: a malformed one is a failed reset, told about the form.
  const linkError = errors.token?.message ?? null
  const message = formError ?? linkError

  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      {message ? (
        <FormMessage tone="error">
          <span>{messageText(message)}</span> <Link to={paths.passwordResetRequest}>{t('auth.requestNewLink')}</Link>
        </FormMessage>
      ) : null}
      <TextField
        label={t('auth.email')}
        type="email"
        autoComplete="username"
        readOnly
        error={errors.email?.message}
        {...register('email')}
      />
      <NewPasswordFields register={register} errors={errors} />
      <SubmitButton submitting={isSubmitting}>
        {isSubmitting ? t('auth.saving') : t('auth.saveNewPassword')}
      </SubmitButton>
    </form>
  )
}
