import { TotpCodeSchema } from '@fieldhouse/contract'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/ui/button'
import { FormMessage, TextField } from '../../../components/ui/form-field'
import { useSessionActions } from '../../../lib/entities/session/use-session-actions'
import { applyServerErrors } from '../../../lib/forms/server-errors'
import { useTotpVerify } from '../api/use-me'
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
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm({ resolver: zodResolver(TotpCodeSchema), defaultValues: { code: '' } })
  const submit = form.handleSubmit(async ({ code }) => {
    setFormError(null)
    try {
      await verify.mutateAsync(code)
    } catch (error) {
      setFormError(applyServerErrors(error, ['code'], form.setError))
    }
  })
  return (
    <main className="console-gate" id="console-main">
      <h1>{t('signIn.totpTitle')}</h1>
      <p>{t('signIn.totpLead')}</p>
      <form className="console-form" noValidate onSubmit={submit}>
        <TextField
          label={t('signIn.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          error={form.formState.errors.code?.message}
          {...form.register('code')}
        />
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <div className="console-gate__actions">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t('signIn.continue')}
          </Button>
          <Button variant="ghost" onClick={() => void endSession()}>
            {t('shell.signOut')}
          </Button>
        </div>
      </form>
    </main>
  )
}
