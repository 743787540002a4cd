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
import { ResourceList } from '../components/resource-list'
import { useOperator } from '../operator-context'

const roleLabels: Record<string, string> = {
  owner: 'Owner',
  manager: 'Manager',
  producer: 'Producer',
  support: 'Support',
}

function InviteForm() {
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
      setMessage({ tone: 'success', text: `Invitation sent to ${values.email}.` })
      form.reset({ email: '', role: values.role })
    } catch (error) {
      const text = applyServerErrors(error, ['email', 'role'], form.setError)
      if (text) setMessage({ tone: 'error', text })
    }
  })
  return (
    <form className="console-form console-form--inline" noValidate onSubmit={submit}>
      <h2>Invite an operator</h2>
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <div className="field">
        <label className="field__label" htmlFor={roleId}>
          Role
        </label>
        <select id={roleId} className="field__input" {...form.register('role')}>
          {OperatorRoles.map((role) => (
            <option key={role} value={role}>
              {roleLabels[role]}
            </option>
          ))}
        </select>
      </div>
      {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
      <div className="console-form__actions">
        <Button type="submit" disabled={form.formState.isSubmitting}>
          Send invitation
        </Button>
      </div>
    </form>
  )
}

function RolePicker({ row, self }: { row: Row; self: boolean }) {
  const save = useAdminSave('operators')
  const id = useId()
  const [error, setError] = useState<string | null>(null)
  return (
    <span className="console-role-picker">
      <label className="visually-hidden" htmlFor={id}>
        Role of {String(row.email)}
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
            {roleLabels[role]}
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
  const withdraw = useAdminDelete('operator-invitations')
  const [error, setError] = useState<string | null>(null)
  const email = String(row.email)
  return (
    <>
      <Button
        variant="danger"
        disabled={withdraw.isPending}
        aria-label={`Withdraw the invitation to ${email}`}
        onClick={() => {
          if (!window.confirm(`Withdraw the invitation to ${email}? Its link stops working.`)) return
          setError(null)
          withdraw.mutate(row.id, { onError: (failure) => setError(errorText(failure) ?? 'Not withdrawn.') })
        }}
      >
        Withdraw
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
const withdrawAction = (row: Row) => <WithdrawButton row={row} />

/** Invitations sent and not yet used nor expired; the owner may withdraw one (its link stops working). */
function PendingInvitations({ canWithdraw }: { canWithdraw: boolean }) {
  return (
    <>
      <h2>Pending invitations</h2>
      <ResourceList
        resource="operator-invitations"
        caption="Invitations not yet accepted"
        columns={[
          { key: 'email', header: 'Email' },
          { key: 'role', header: 'Role' },
          { key: 'expires_at', header: 'Expires', format: 'date' },
          { key: 'invited_by_email', header: 'Invited by' },
        ]}
        rowHref={noLink}
        searchable={false}
        emptyText="No invitation is waiting."
        rowActions={canWithdraw ? withdrawAction : undefined}
      />
    </>
  )
}

/** Operators: who runs the channel, with which role; the owner invites, changes roles and removes. */
export default function OperatorsPage() {
  const me = useOperator()
  const canChange = allowed(me, 'update', 'operators')
  const rowActions = useCallback(
    (row: Row) => (canChange ? <RolePicker row={row} self={Number(row.user_id) === me.user.id} /> : null),
    [canChange, me.user.id],
  )
  return (
    <>
      <h1>Operators</h1>
      <p className="console-lead">
        Owners run everything; managers the content, catalogue, passes and orders; producers events, going live and
        media; support reads users and orders.
      </p>
      {allowed(me, 'invite', 'operators') ? <InviteForm /> : null}
      <h2>Current operators</h2>
      <ResourceList
        resource="operators"
        caption="Operators of this channel"
        columns={[
          { key: 'email', header: 'Email' },
          { key: 'first_name', header: 'First name' },
          { key: 'last_name', header: 'Last name' },
          { key: 'role', header: 'Role' },
        ]}
        searchable={false}
        canDelete={allowed(me, 'delete', 'operators')}
        rowActions={canChange ? rowActions : undefined}
      />
      <PendingInvitations canWithdraw={allowed(me, 'delete', 'operators')} />
    </>
  )
}
