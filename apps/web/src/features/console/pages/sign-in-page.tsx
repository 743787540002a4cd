import { LoginSchema, messages, TotpCodeSchema } from '@fieldhouse/contract'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/ui/button'
import { FormMessage, TextField } from '../../../components/ui/form-field'
import { applyServerErrors } from '../../../lib/forms/server-errors'
import { useLogin } from '../../auth/api/use-login'
import { useSessionActions } from '../../auth/use-session-actions'
import { useTotpVerify } from '../api/use-me'

const loginFields = ['email', 'password'] as const

/**
 * The console's sign-in: the viewer's own sign-in call (`POST /api/v2/auth/login`, same throttle, same
 * words). A viewer already signed in on the site never sees it; the console opens with their session.
 */
export function SignInPage() {
  const login = useLogin()
  const { startSession } = useSessionActions()
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm({ resolver: zodResolver(LoginSchema), defaultValues: { email: '', password: '' } })
  const { errors } = form.formState
  const submit = form.handleSubmit(async (values) => {
    setFormError(null)
    try {
      startSession(await login.mutateAsync(values))
    } catch (error) {
      setFormError(applyServerErrors(error, loginFields, form.setError, { 401: messages.invalidCredentials }))
    }
  })
  return (
    <main className="console-gate" id="console-main">
      <h1>Sign in to the console</h1>
      <p>Use the account your invitation was sent to.</p>
      <form className="console-form" noValidate onSubmit={submit}>
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <Button type="submit" disabled={form.formState.isSubmitting}>
          Sign in
        </Button>
      </form>
      <p>
        <a href="/password-reset-request">Forgot your password?</a>
      </p>
    </main>
  )
}

/** The second step for an operator who turned on a TOTP second factor. */
export function TotpStep() {
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
      <h1>Two-step sign-in</h1>
      <p>Enter the 6-digit code your authenticator app shows for this channel.</p>
      <form className="console-form" noValidate onSubmit={submit}>
        <TextField
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          error={form.formState.errors.code?.message}
          {...form.register('code')}
        />
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <div className="console-gate__actions">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            Continue
          </Button>
          <Button variant="ghost" onClick={() => void endSession()}>
            Sign out
          </Button>
        </div>
      </form>
    </main>
  )
}
