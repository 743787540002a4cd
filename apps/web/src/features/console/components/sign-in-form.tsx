import { LoginSchema, messages } from '@fieldhouse/contract'
import { zodResolver } from '@hookform/resolvers/zod'
import { type ReactNode, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/ui/button'
import { FormMessage, TextField } from '../../../components/ui/form-field'
import { useLogin } from '../../../lib/entities/session/use-login'
import { useSessionActions } from '../../../lib/entities/session/use-session-actions'
import { applyServerErrors } from '../../../lib/forms/server-errors'
import { useConsoleText } from '../words'

const loginFields = ['email', 'password'] as const

/**
 * Email and password through the viewer's own sign-in call (`POST /api/v2/auth/login`, same throttle,
 * same words); the session it opens becomes the signed-in viewer. With `email` (an invitation names the
 * account), the address is shown read-only.
 */
export function SignInForm({ email, heading }: { email?: string; heading?: ReactNode }) {
  const t = useConsoleText()
  const login = useLogin()
  const { startSession } = useSessionActions()
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm({ resolver: zodResolver(LoginSchema), defaultValues: { email: email ?? '', password: '' } })
  const { errors } = form.formState
  const submit = form.handleSubmit(async (values) => {
    setFormError(null)
    try {
      startSession(await login.mutateAsync(values))
    } catch (error) {
      setFormError(applyServerErrors(error, loginFields, form.setError, { 401: messages.invalidCredentials }))
    }
  })
  const emailProps =
    email === undefined ? { autoComplete: 'username', error: errors.email?.message } : { readOnly: true }
  return (
    <form className="console-form" noValidate onSubmit={submit}>
      {heading}
      <TextField label={t('signIn.email')} type="email" {...emailProps} {...form.register('email')} />
      <TextField
        label={t('signIn.password')}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {t('signIn.submit')}
      </Button>
    </form>
  )
}
