import { Button } from '../../../components/ui/button'
import { useSessionActions } from '../../../lib/entities/session/use-session-actions'
import { useTotpVerify } from '../api/use-me'
import { CodeForm } from '../components/code-form'
import { SignInForm } from '../components/sign-in-form'
import { useConsoleText } from '../words'

/**
 * The console's sign-in: the viewer's own sign-in call. A viewer already signed in on the site never
 * sees it; the console opens with their session.
 */
export function SignInPage() {
  const t = useConsoleText()
  return (
    <main className="console-gate" id="console-main">
      <h1>{t('signIn.title')}</h1>
      <p>{t('signIn.lead')}</p>
      <SignInForm />
      <p>
        <a href="/password-reset-request">{t('signIn.forgot')}</a>
      </p>
    </main>
  )
}

/** The second step for an operator who turned on a TOTP second factor. */
export function TotpStep() {
  const t = useConsoleText()
  const verify = useTotpVerify()
  const { endSession } = useSessionActions()
  return (
    <main className="console-gate" id="console-main">
      <h1>{t('signIn.totpTitle')}</h1>
      <p>{t('signIn.totpLead')}</p>
      <CodeForm
        className="console-form"
        label={t('signIn.code')}
        submitLabel={t('signIn.continue')}
        actionsClassName="console-gate__actions"
        onCode={(code) => verify.mutateAsync(code)}
      >
        <Button variant="ghost" onClick={() => void endSession()}>
          {t('shell.signOut')}
        </Button>
      </CodeForm>
    </main>
  )
}
