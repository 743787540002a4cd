import { LoginSchema, messages, type SocialProvider } from '@fieldhouse/contract'
import type { TFunction } from 'i18next'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate } from 'react-router'
import { SubmitButton } from '../../components/ui/button'
import { FormMessage, TextField } from '../../components/ui/form-field'
import { Spinner } from '../../components/ui/spinner'
import { errorText } from '../../lib/api/error-text'
import { useRuntimeConfig } from '../../lib/config/runtime-config'
import { useAddSession } from '../../lib/entities/session/use-add-session'
import { useLogin } from '../../lib/entities/session/use-login'
import { useSessionActions } from '../../lib/entities/session/use-session-actions'
import { lastPageHref } from '../../lib/navigation/navigation-rules'
import { paths } from '../../lib/navigation/paths'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import { useAppStore } from '../../lib/store/app-store'
import { AuthFrame } from './auth-frame'
import { EmailField } from './email-field'
import { enabledProviders, providerName, readSocialReturn } from './social'
import { SocialButtons } from './social-buttons'
import { useAuthForm } from './use-auth-form'
import { useHumanCheck } from './use-human-check'
import { useSocialStart } from './use-social-start'

const loginFields = ['email', 'password'] as const

/** Spec §2 /login: email and password, or a social provider. A successful sign-in returns to the last page. */
export function LoginPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('auth.loginTitle'))
  const location = useLocation()
  const navigate = useNavigate()
  const socialReturn = readSocialReturn(location.search)
  // The lead names Facebook and Google only where this deployment offers them.
  const hasSocial = enabledProviders(useRuntimeConfig().authProviders).length > 0
  const code = socialReturn?.kind === 'code' ? socialReturn.code : null
  const returnTo = socialReturn?.kind === 'code' ? socialReturn.redirect : null
  const [codeError, setCodeError] = useState<string | null>(null)
  const { startSession } = useSessionActions()
  const { mutateAsync: exchangeCode } = useAddSession()
  const exchangedCode = useRef<string | null>(null)

  // `/login?code=…`: the end of a social sign-in. The code is good once, so it is sent once (a promise,
  // not mutate callbacks: those are dropped when strict mode remounts the page in development).
  useEffect(() => {
    if (!code || exchangedCode.current === code) return
    exchangedCode.current = code
    exchangeCode(code).then(
      (session) => startSession(session, returnTo ?? lastPageHref(useAppStore.getState().lastPage)),
      (error: unknown) => {
        setCodeError(errorText(error, { 401: t('auth.socialFailedGeneric') }))
        void navigate(paths.login, { replace: true })
      },
    )
  }, [code, returnTo, exchangeCode, startSession, navigate, t])

  if (code) {
    return (
      <AuthFrame title={t('auth.loginTitle')}>
        <p className="auth-card__status">
          <Spinner label={t('auth.socialSigningIn')} />
          <span aria-hidden="true">{t('auth.socialSigningIn')}</span>
        </p>
      </AuthFrame>
    )
  }

  const socialFailed = socialReturn?.kind === 'failed' ? socialFailureText(socialReturn, t) : null

  return (
    <AuthFrame
      title={t('auth.loginTitle')}
      lead={hasSocial ? t('auth.loginLead') : t('auth.loginLeadEmail')}
      footer={
        <p>
          {t('auth.noAccount')} <Link to={paths.registration}>{t('auth.createAccount')}</Link>
        </p>
      }
    >
      <LoginForm notice={codeError ?? socialFailed} />
    </AuthFrame>
  )
}

/** Why a social sign-in came back without a session, in words. */
function socialFailureText(failure: { provider: SocialProvider | null; reason: string }, t: TFunction): string {
  if (failure.reason === 'email_taken') return messages.emailTaken
  return failure.provider
    ? t('auth.socialFailed', { provider: providerName[failure.provider] })
    : t('auth.socialFailedGeneric')
}

function LoginForm({ notice }: { notice: string | null }) {
  const { t } = useTranslation()
  const login = useLogin()
  const humanCheck = useHumanCheck('login')
  const social = useSocialStart()
  const { startSession } = useSessionActions()
  const { register, errors, isSubmitting, formError, onSubmit } = useAuthForm({
    schema: LoginSchema,
    defaultValues: { email: '', password: '' },
    serverFields: loginFields,
    byStatus: { 401: messages.invalidCredentials },
    submit: async (credentials) => {
      const recaptcha_token = await humanCheck()
      const session = await login.mutateAsync({ ...credentials, recaptcha_token })
      startSession(session, lastPageHref(useAppStore.getState().lastPage))
    },
  })

  const socialError = social.error ? errorText(social.error) : null
  const message = formError ?? socialError ?? notice
  const busy = isSubmitting || social.pending !== null

  return (
    <>
      <form className="form" noValidate onSubmit={onSubmit} aria-describedby={message ? 'login-message' : undefined}>
        {message ? (
          <FormMessage tone="error" id="login-message">
            {message}
          </FormMessage>
        ) : null}
        <EmailField error={errors.email?.message} {...register('email')} />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <Link className="auth-link auth-forgot" to={paths.passwordResetRequest}>
          {t('auth.forgotPassword')}
        </Link>
        <SubmitButton submitting={isSubmitting} disabled={busy}>
          {isSubmitting ? t('auth.signingIn') : t('auth.signIn')}
        </SubmitButton>
      </form>
      <SocialButtons pending={social.pending} disabled={isSubmitting} onSelect={(provider) => social.start(provider)} />
    </>
  )
}
