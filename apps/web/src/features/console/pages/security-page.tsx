import { TotpCodeSchema, type TotpSetupSchema } from '@fieldhouse/contract'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '../../../components/ui/button'
import { FormMessage, TextField } from '../../../components/ui/form-field'
import { errorText } from '../../../lib/api/error-text'
import { applyServerErrors } from '../../../lib/forms/server-errors'
import { useTotpConfirm, useTotpDisable, useTotpSetup } from '../api/use-me'
import { TotpQrCode } from '../components/totp-qr-code'
import { useOperator } from '../operator-context'

type Setup = z.infer<typeof TotpSetupSchema>

/** A 6-digit code form: the confirmation of a new secret, or the code that turns the factor off. */
function CodeForm({
  submitLabel,
  onCode,
  variant = 'primary',
}: {
  submitLabel: string
  onCode: (code: string) => Promise<unknown>
  variant?: 'primary' | 'secondary'
}) {
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm({ resolver: zodResolver(TotpCodeSchema), defaultValues: { code: '' } })
  const submit = form.handleSubmit(async ({ code }) => {
    setFormError(null)
    try {
      await onCode(code)
    } catch (error) {
      setFormError(applyServerErrors(error, ['code'], form.setError))
    }
  })
  return (
    <form className="console-form console-form--inline" noValidate onSubmit={submit}>
      <TextField
        label="Code from your app"
        inputMode="numeric"
        autoComplete="one-time-code"
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <div className="console-form__actions">
        <Button type="submit" variant={variant} disabled={form.formState.isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  )
}

function TurnOn({ onDone }: { onDone: () => void }) {
  const setup = useTotpSetup()
  const confirm = useTotpConfirm()
  const [secret, setSecret] = useState<Setup | null>(null)
  const [error, setError] = useState<string | null>(null)
  if (!secret) {
    return (
      <>
        <p>
          Two-step sign-in is <strong>off</strong>. Turn it on and the console asks for a 6-digit code from an
          authenticator app (such as Google Authenticator, 1Password or Authy) each time you sign in.
        </p>
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <Button
          disabled={setup.isPending}
          onClick={() => {
            setError(null)
            setup.mutate(undefined, {
              onSuccess: setSecret,
              onError: (failure) => setError(errorText(failure) ?? 'The set-up did not start.'),
            })
          }}
        >
          Turn on two-step sign-in
        </Button>
      </>
    )
  }
  const grouped = secret.secret.replace(/(.{4})/g, '$1 ').trim()
  return (
    <>
      <h2>Add the console to your authenticator app</h2>
      <ol className="console-steps">
        <li>
          Scan this code with your authenticator app:
          <TotpQrCode uri={secret.otpauth_uri} />
          Or, on the device with the app, open <a href={secret.otpauth_uri}>this set-up link</a>, or add an account by
          hand with this key (time-based, 6 digits):
          <p>
            Set-up key: <code className="console-secret">{grouped}</code>
          </p>
        </li>
        <li>Type the 6-digit code the app now shows for this channel.</li>
      </ol>
      <CodeForm
        submitLabel="Turn on"
        onCode={async (code) => {
          await confirm.mutateAsync(code)
          onDone()
        }}
      />
    </>
  )
}

/** Your account's security: the TOTP second factor (owners and managers), turned on and off here. */
export default function SecurityPage() {
  const me = useOperator()
  const disable = useTotpDisable()
  const [notice, setNotice] = useState<string | null>(null)
  return (
    <>
      <h1>Security</h1>
      <p className="console-lead">
        Signed in as {me.user.email}. Two-step sign-in keeps the console closed to someone who learns your password.
      </p>
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {me.totp.enabled ? (
        <>
          <p>
            Two-step sign-in is <strong>on</strong>: the console asks for a code from your authenticator app each time
            you sign in.
          </p>
          <h2>Turn it off</h2>
          <CodeForm
            submitLabel="Turn off"
            variant="secondary"
            onCode={async (code) => {
              await disable.mutateAsync(code)
              setNotice('Two-step sign-in is off.')
            }}
          />
        </>
      ) : (
        <TurnOn onDone={() => setNotice('Two-step sign-in is on.')} />
      )}
    </>
  )
}
