import { InvitationAcceptSchema, type InvitationView, messages } from '@fieldhouse/contract'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate, useParams } from 'react-router'
import { z } from 'zod'
import { Button } from '../../../components/ui/button'
import { FormMessage, TextField } from '../../../components/ui/form-field'
import { PageLoader } from '../../../components/ui/spinner'
import { errorText } from '../../../lib/api/error-text'
import { useSessionActions } from '../../../lib/entities/session/use-session-actions'
import { applyServerErrors } from '../../../lib/forms/server-errors'
import { useAppStore } from '../../../lib/store/app-store'
import { useAccept, useInvitation } from '../api/use-invitation'
import { SignInForm } from '../components/sign-in-form'
import { ConsoleTrans, useConsoleText } from '../words'

/** The new account's fields: the contract's accept schema with each field required, and the password twice. */
const NewAccountSchema = z
  .object({
    first_name: z.string().trim().min(1, messages.fieldRequired).max(100),
    last_name: z.string().trim().min(1, messages.fieldRequired).max(100),
    password: InvitationAcceptSchema.shape.password.unwrap(),
    password_confirmation: z.string(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: messages.passwordMismatch,
    path: ['password_confirmation'],
  })

/** `/admin/invitation/{token}`: create an account or sign in, then accept the role. */
export function InvitationPage() {
  const { token = '' } = useParams()
  const t = useConsoleText()
  const invitation = useInvitation(token)
  return (
    <main className="console-gate" id="console-main">
      <h1>{t('invitation.title')}</h1>
      {invitation.isPending ? <PageLoader /> : null}
      {invitation.isError ? (
        <FormMessage tone="error">{errorText(invitation.error) ?? t('invitation.invalid')}</FormMessage>
      ) : null}
      {invitation.data ? <InvitationSteps token={token} invitation={invitation.data} /> : null}
    </main>
  )
}

function InvitationSteps({ token, invitation }: { token: string; invitation: InvitationView }) {
  const t = useConsoleText()
  const user = useAppStore((state) => state.user)
  const { endSession } = useSessionActions()
  const accept = useAccept(token)
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)
  const intro = (
    <p>
      <ConsoleTrans
        k="invitation.intro"
        values={{
          channel: invitation.channel.name,
          role: t(`invitation.roles.${invitation.role}`),
          email: invitation.email,
        }}
        components={{ strong: <strong /> }}
      />
    </p>
  )

  if (user && user.email.toLowerCase() !== invitation.email.toLowerCase()) {
    return (
      <>
        {intro}
        <p>{t('invitation.otherAccount', { user: user.email, email: invitation.email })}</p>
        <Button onClick={() => void endSession()}>{t('shell.signOut')}</Button>
      </>
    )
  }
  if (user) {
    return (
      <>
        {intro}
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <Button
          disabled={accept.isPending}
          onClick={() => {
            setError(null)
            accept.mutate(
              {},
              {
                onSuccess: () => void navigate('/admin', { replace: true }),
                onError: (failure) => setError(errorText(failure)),
              },
            )
          }}
        >
          {t('invitation.accept')}
        </Button>
      </>
    )
  }
  return (
    <>
      {intro}
      {invitation.account_exists ? (
        <SignInForm email={invitation.email} heading={<h2>{t('invitation.signInToAccept')}</h2>} />
      ) : (
        <NewAccountForm
          email={invitation.email}
          onSubmit={async (values) => {
            await accept.mutateAsync(values)
            await navigate('/admin', { replace: true })
          }}
        />
      )}
    </>
  )
}

const newAccountFields = [
  { name: 'first_name', label: 'invitation.firstName', autoComplete: 'given-name' },
  { name: 'last_name', label: 'invitation.lastName', autoComplete: 'family-name' },
  {
    name: 'password',
    label: 'invitation.password',
    type: 'password',
    autoComplete: 'new-password',
    hint: 'invitation.passwordHint',
  },
  {
    name: 'password_confirmation',
    label: 'invitation.passwordConfirmation',
    type: 'password',
    autoComplete: 'new-password',
  },
] as const

function NewAccountForm({
  email,
  onSubmit,
}: {
  email: string
  onSubmit(values: Record<string, unknown>): Promise<void>
}) {
  const t = useConsoleText()
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm({
    resolver: zodResolver(NewAccountSchema),
    defaultValues: { first_name: '', last_name: '', password: '', password_confirmation: '' },
  })
  const { errors } = form.formState
  const submit = form.handleSubmit(async ({ password_confirmation: _, ...values }) => {
    setFormError(null)
    try {
      await onSubmit(values)
    } catch (error) {
      setFormError(applyServerErrors(error, ['first_name', 'last_name', 'password'], form.setError))
    }
  })
  return (
    <form className="console-form" noValidate onSubmit={submit}>
      <h2>{t('invitation.create')}</h2>
      <TextField label={t('invitation.email')} type="email" value={email} readOnly />
      {newAccountFields.map(({ name, label, ...field }) => (
        <TextField
          key={name}
          {...field}
          label={t(label)}
          {...('hint' in field ? { hint: t(field.hint) } : {})}
          error={errors[name]?.message}
          {...form.register(name)}
        />
      ))}
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {t('invitation.submit')}
      </Button>
    </form>
  )
}
