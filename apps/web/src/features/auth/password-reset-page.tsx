import { messages, PasswordResetSchema, ToastType } from '@fieldhouse/contract'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate } from 'react-router'
import { SubmitButton } from '../../components/ui/button'
import { FormMessage, TextField } from '../../components/ui/form-field'
import { NewPasswordFields } from '../../components/ui/new-password-fields'
import { usePasswordReset } from '../../lib/entities/session/use-password-reset'
import { useMessageText } from '../../lib/i18n/message-text'
import { paths } from '../../lib/navigation/paths'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import { showToast } from '../../lib/notify/toast-store'
import { AuthFrame, AuthLinkFailure } from './auth-frame'
import { readResetLink } from './link-params'
import { useAuthForm } from './use-auth-form'

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
        <AuthLinkFailure
          message={messages.resetFailed}
          to={paths.passwordResetRequest}
          label={t('auth.requestNewLink')}
        />
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
  const { register, errors, isSubmitting, formError, onSubmit } = useAuthForm({
    schema: PasswordResetSchema,
    defaultValues: { email, token, password: '', password_confirmation: '' },
    serverFields: ['email', 'password', 'password_confirmation'],
    submit: async (fields) => {
      await resetPassword.mutateAsync(fields)
      showToast({ type: ToastType.success, text: t('auth.passwordResetDone') })
      await navigate(paths.login, { replace: true })
    },
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
