import { OperatorInviteSchema, OperatorRoles } from '@fieldhouse/contract'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/ui/button'
import { FormMessage, TextField } from '../../../components/ui/form-field'
import { errorText } from '../../../lib/api/error-text'
import { applyServerErrors } from '../../../lib/forms/server-errors'
import { allowed } from '../access'
import { adminQueriesRoot, type Row, useAdminDelete, useAdminSave } from '../api/admin-api'
import { LabelledField } from '../components/labelled-field'
import { PageHead } from '../components/page-head'
import { ResourceList } from '../components/resource-list'
import { SubmitActions } from '../components/submit-actions'
import { useOperator } from '../operator-context'
import { useConsoleText } from '../words'

function InviteForm() {
  const t = useConsoleText()
  const invite = useAdminSave('operators')
  const queryClient = useQueryClient()
  const roleId = useId()
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)
  const form = useForm({
    resolver: zodResolver(OperatorInviteSchema),
    defaultValues: { email: '', role: 'manager' as const },
  })
  const submit = form.handleSubmit(async (values) => {
    setMessage(null)
    try {
      await invite.mutateAsync({ id: null, values })
      void queryClient.invalidateQueries({ queryKey: [...adminQueriesRoot, 'operator-invitations'] })
      setMessage({ tone: 'success', text: t('operators.invited', { email: values.email }) })
      form.reset({ email: '', role: values.role })
    } catch (error) {
      const text = applyServerErrors(error, ['email', 'role'], form.setError)
      if (text) setMessage({ tone: 'error', text })
    }
  })
  return (
    <form className="console-form console-form--inline" noValidate onSubmit={submit}>
      <h2>{t('operators.invite')}</h2>
      <TextField
        label={t('operators.email')}
        type="email"
        autoComplete="off"
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <LabelledField id={roleId} label={t('operators.role')}>
        <select id={roleId} className="field__input" {...form.register('role')}>
          {OperatorRoles.map((role) => (
            <option key={role} value={role}>
              {t(`roleNames.${role}`)}
            </option>
          ))}
        </select>
      </LabelledField>
      {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
      <SubmitActions disabled={form.formState.isSubmitting}>{t('operators.send')}</SubmitActions>
    </form>
  )
}

function RolePicker({ row, self }: { row: Row; self: boolean }) {
  const t = useConsoleText()
  const save = useAdminSave('operators')
  const id = useId()
  const [error, setError] = useState<string | null>(null)
  return (
    <span className="console-role-picker">
      <label className="visually-hidden" htmlFor={id}>
        {t('operators.roleOf', { email: String(row.email) })}
      </label>
      <select
        id={id}
        className="field__input"
        value={String(row.role)}
        disabled={save.isPending || self}
        onChange={(event) => {
          setError(null)
          save.mutate(
            { id: String(row.id), values: { role: event.target.value } },
            { onError: (failure) => setError(errorText(failure)) },
          )
        }}
      >
        {OperatorRoles.map((role) => (
          <option key={role} value={role}>
            {t(`roleNames.${role}`)}
          </option>
        ))}
      </select>
      {error ? (
        <span className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  )
}

function WithdrawButton({ row }: { row: Row }) {
  const t = useConsoleText()
  const withdraw = useAdminDelete('operator-invitations')
  const [error, setError] = useState<string | null>(null)
  const email = String(row.email)
  return (
    <>
      <Button
        variant="danger"
        disabled={withdraw.isPending}
        aria-label={t('operators.withdrawNamed', { email })}
        onClick={() => {
          if (!window.confirm(t('operators.confirmWithdraw', { email }))) return
          setError(null)
          withdraw.mutate(row.id, { onError: (failure) => setError(errorText(failure) ?? t('operators.notWithdrawn')) })
        }}
      >
        {t('operators.withdraw')}
      </Button>
      {error ? (
        <span className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </>
  )
}

const noLink = () => null
const roleCell = (row: Row) => <RoleName role={String(row.role)} />

function RoleName({ role }: { role: string }) {
  const t = useConsoleText()
  return <>{role in roleNames ? t(`roleNames.${role as keyof typeof roleNames}`) : role}</>
}
const roleNames = { owner: 1, manager: 1, producer: 1, support: 1 }
const withdrawAction = (row: Row) => <WithdrawButton row={row} />

/** Invitations sent and not yet used nor expired; the owner may withdraw one (its link stops working). */
function PendingInvitations({ canWithdraw }: { canWithdraw: boolean }) {
  const t = useConsoleText()
  return (
    <>
      <h2>{t('operators.pending')}</h2>
      <ResourceList
        resource="operator-invitations"
        caption={t('operators.pendingCaption')}
        columns={[
          { key: 'email', header: t('operators.email') },
          { key: 'role', header: t('operators.role'), render: roleCell },
          { key: 'expires_at', header: t('operators.expires'), format: 'date' },
          { key: 'invited_by_email', header: t('operators.invitedBy') },
        ]}
        rowHref={noLink}
        searchable={false}
        emptyText={t('operators.noPending')}
        rowActions={canWithdraw ? withdrawAction : undefined}
      />
    </>
  )
}

/** Operators: who runs the channel, with which role; the owner invites, changes roles and removes. */
export default function OperatorsPage() {
  const t = useConsoleText()
  const me = useOperator()
  const canChange = allowed(me, 'update', 'operators')
  const rowActions = useCallback(
    (row: Row) => (canChange ? <RolePicker row={row} self={Number(row.user_id) === me.user.id} /> : null),
    [canChange, me.user.id],
  )
  return (
    <>
      <PageHead title={t('operators.title')} lead={t('operators.lead')} />
      {allowed(me, 'invite', 'operators') ? <InviteForm /> : null}
      <h2>{t('operators.current')}</h2>
      <ResourceList
        resource="operators"
        caption={t('operators.caption')}
        columns={[
          { key: 'email', header: t('operators.email') },
          { key: 'first_name', header: t('operators.firstName') },
          { key: 'last_name', header: t('operators.lastName') },
          { key: 'role', header: t('operators.role'), render: roleCell },
        ]}
        searchable={false}
        canDelete={allowed(me, 'delete', 'operators')}
        rowActions={canChange ? rowActions : undefined}
      />
      <PendingInvitations canWithdraw={allowed(me, 'delete', 'operators')} />
    </>
  )
}
