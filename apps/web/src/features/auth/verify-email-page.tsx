import { EmailVerifySchema, messages, ToastType } from '@fieldhouse/contract'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { ButtonLink } from '../../components/ui/button'
import { FormMessage } from '../../components/ui/form-field'
import { Spinner } from '../../components/ui/spinner'
import { errorText, httpStatus } from '../../lib/api/error-text'
import { useSessionActions } from '../../lib/entities/session/use-session-actions'
import { useVerifyEmail } from '../../lib/entities/session/use-verify-email'
import { lastPageHref } from '../../lib/navigation/navigation-rules'
import { paths } from '../../lib/navigation/paths'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import { showToast } from '../../lib/notify/toast-store'
import { useAppStore } from '../../lib/store/app-store'
import { AuthFrame, AuthLinkFailure } from './auth-frame'
import { readSignedLink } from './link-params'

type Outcome = { kind: 'checking' } | { kind: 'already-verified' } | { kind: 'failed'; message: string }

/**
 * Spec §2 /verify-email?email=&expires=&signature=: the mailed link. A good link signs the new account
 * in (its own api key replaces the anonymous one) and returns to the last visited page.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('auth.verifyEmailTitle'))
  const location = useLocation()
  const navigate = useNavigate()
  const { startSession } = useSessionActions()
  const { mutateAsync: verify } = useVerifyEmail()
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'checking' })
  const sentFor = useRef<string | null>(null)

  useEffect(() => {
    // A link is checked once, however often the effect runs (strict mode runs it twice).
    if (sentFor.current === location.search) return
    sentFor.current = location.search
    const link = EmailVerifySchema.safeParse(readSignedLink(location.search))
    if (!link.success) {
      setOutcome({ kind: 'failed', message: messages.verificationFailedUser })
      return
    }
    setOutcome({ kind: 'checking' })
    verify(link.data).then(
      (session) => {
        startSession(session)
        showToast({ type: ToastType.success, text: t('auth.verifyEmailDone') })
        void navigate(lastPageHref(useAppStore.getState().lastPage), { replace: true })
      },
      (error: unknown) => {
        const status = httpStatus(error)
        if (status === 409) setOutcome({ kind: 'already-verified' })
        else if (status === 422) setOutcome({ kind: 'failed', message: messages.verificationFailedUser })
        else setOutcome({ kind: 'failed', message: errorText(error) ?? messages.somethingWentWrong })
      },
    )
  }, [location.search, verify, startSession, navigate, t])

  return (
    <AuthFrame title={t('auth.verifyEmailTitle')}>
      {outcome.kind === 'checking' ? (
        <p className="auth-card__status">
          <Spinner label={t('auth.verifyEmailChecking')} />
          <span aria-hidden="true">{t('auth.verifyEmailChecking')}</span>
        </p>
      ) : outcome.kind === 'already-verified' ? (
        <div className="auth-card__body">
          <FormMessage tone="info">{messages.emailAlreadyVerifiedUser}</FormMessage>
          <ButtonLink to={paths.login} size="lg">
            {t('auth.signIn')}
          </ButtonLink>
        </div>
      ) : (
        <AuthLinkFailure message={outcome.message} to={paths.registration} label={t('auth.createAccount')} />
      )}
    </AuthFrame>
  )
}
