import type { AdminCustomer, AdminCustomerDetail } from '@fieldhouse/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useMemo, useState } from 'react'
import { Link, Route, Routes, useParams } from 'react-router'
import { Button } from '../../../components/ui/button'
import { useApiClient } from '../../../lib/api/api-context'
import { errorText } from '../../../lib/api/error-text'
import { allowed } from '../access'
import { adminQueriesRoot, type Row } from '../api/admin-api'
import { useChannelTime } from '../channel-time'
import { ResourceList } from '../components/resource-list'
import { useOperator } from '../operator-context'
import { formatMoney } from './sales-format'

const customerOf = (row: Row) => row as unknown as AdminCustomer
const fullName = (c: Pick<AdminCustomer, 'first_name' | 'last_name'>) => `${c.first_name} ${c.last_name}`.trim()

const statusLabels: Record<string, string> = {
  created: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
}
const accessLabels: Record<string, string> = {
  active: 'Open',
  inactive: 'Closed',
  expired: 'Expired',
  canceled: 'Cancelled',
}
/** The spec's capability flags, in the console's words. */
const capabilityLabels: Record<string, string> = {
  watch: 'Watch',
  download: 'Download events',
  clipping: 'Cut clips',
  download_clip: 'Download clips',
  no_ads: 'No pre-rolls',
  vod_media: 'VOD library',
}

/** The account's state in a word: blocked, waiting for its address to be confirmed, or fine. */
const accountState = (c: AdminCustomer) =>
  c.blocked_at !== null ? 'Blocked' : c.verified ? 'Verified' : 'Email not confirmed'

function CustomersList() {
  const { dateTime } = useChannelTime()
  const [blocked, setBlocked] = useState('')
  const blockedId = useId()
  const filters = useMemo(() => ({ blocked }), [blocked])
  const columns = useMemo(
    () => [
      {
        key: 'email',
        header: 'Email',
        sortable: true,
        render: (row: Row) => <Link to={String(row.id)}>{customerOf(row).email}</Link>,
      },
      { key: 'name', header: 'Name', render: (row: Row) => fullName(customerOf(row)) || '—' },
      {
        key: 'state',
        header: 'Account',
        render: (row: Row) => {
          const c = customerOf(row)
          return c.operator_role ? `${accountState(c)} · operator (${c.operator_role})` : accountState(c)
        },
      },
      {
        key: 'created_at',
        header: 'Signed up',
        sortable: true,
        render: (row: Row) => <span className="console-nowrap">{dateTime(customerOf(row).created_at)}</span>,
      },
    ],
    [dateTime],
  )
  return (
    <>
      <h1>Customers</h1>
      <p className="console-lead">
        The viewers of this channel. Open one to see their passes and orders, send them a mail, or block them.
      </p>
      <ResourceList
        resource="customers"
        caption="Customers"
        columns={columns}
        defaultSort="created_at"
        defaultDirection="desc"
        searchLabel="Search by email or name"
        emptyText="No viewer matches."
        filters={filters}
        toolbar={
          <div className="console-list__filters">
            <div className="field">
              <label className="field__label" htmlFor={blockedId}>
                Account
              </label>
              <select
                id={blockedId}
                className="field__input"
                value={blocked}
                onChange={(e) => setBlocked(e.target.value)}
              >
                <option value="">Any</option>
                <option value="no">Not blocked</option>
                <option value="yes">Blocked</option>
              </select>
            </div>
          </div>
        }
      />
    </>
  )
}

/** A POST on the viewer (a mail, a block): the customer's page and the list read again after. */
function useCustomerAction(id: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (path: string) =>
      (await api.post<Record<string, unknown>>(`admin/customers/${id}/${path}`, {})).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...adminQueriesRoot, 'customers'] }),
  })
}

function Actions({ customer }: { customer: AdminCustomerDetail }) {
  const me = useOperator()
  const action = useCustomerAction(String(customer.id))
  const [confirm, setConfirm] = useState<'block' | 'unblock' | null>(null)
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null)
  const mayResend = allowed(me, 'resend', 'users')
  const mayBlock = allowed(me, 'update', 'users') && customer.operator_role === null
  if (!mayResend && !mayBlock) return null
  const blocked = customer.blocked_at !== null

  const run = (path: string, done: string, failed: string) => {
    setMessage(null)
    action.mutate(path, {
      onSuccess: () => {
        setConfirm(null)
        setMessage({ error: false, text: done })
      },
      onError: (err) => {
        setConfirm(null)
        setMessage({ error: true, text: errorText(err) ?? failed })
      },
    })
  }
  return (
    <section className="console-form" aria-labelledby="customer-actions">
      <h2 id="customer-actions">Actions</h2>
      <div className="console-form__actions">
        {mayResend && !customer.verified ? (
          <Button
            variant="secondary"
            disabled={action.isPending}
            onClick={() =>
              run('verification', `Verification mail sent to ${customer.email}.`, 'The mail was not sent.')
            }
          >
            Resend verification
          </Button>
        ) : null}
        {mayResend ? (
          <Button
            variant="secondary"
            disabled={action.isPending}
            onClick={() =>
              run('password-reset', `Password reset mail sent to ${customer.email}.`, 'The mail was not sent.')
            }
          >
            Send password reset
          </Button>
        ) : null}
        {mayBlock ? (
          <Button
            variant={blocked ? 'secondary' : 'danger'}
            disabled={action.isPending}
            onClick={() => setConfirm(blocked ? 'unblock' : 'block')}
          >
            {blocked ? 'Unblock…' : 'Block…'}
          </Button>
        ) : null}
      </div>
      {confirm ? (
        <div role="alertdialog" aria-labelledby="customer-confirm" className="console-confirm">
          <p id="customer-confirm">
            {confirm === 'block'
              ? `Block ${customer.email}? They are signed out everywhere at once, their video stops at its next renewal, and they cannot sign in until unblocked. Their passes and orders are kept.`
              : `Unblock ${customer.email}? They can sign in again.`}
          </p>
          <Button
            variant={confirm === 'block' ? 'danger' : 'primary'}
            disabled={action.isPending}
            onClick={() =>
              confirm === 'block'
                ? run('block', `${customer.email} is blocked.`, 'Not blocked.')
                : run('unblock', `${customer.email} is unblocked.`, 'Not unblocked.')
            }
          >
            {confirm === 'block' ? 'Block viewer' : 'Unblock viewer'}
          </Button>
          <Button variant="secondary" onClick={() => setConfirm(null)}>
            Cancel
          </Button>
        </div>
      ) : null}
      <p role={message?.error ? 'alert' : 'status'} className={message?.error ? 'console-error' : 'console-note'}>
        {message?.text}
      </p>
    </section>
  )
}

function CustomerDetail() {
  const { dateTime } = useChannelTime()
  const { id = '' } = useParams()
  const me = useOperator()
  const api = useApiClient()
  const customer = useQuery({
    queryKey: [...adminQueriesRoot, 'customers', 'item', id],
    queryFn: async ({ signal }) => (await api.get<AdminCustomerDetail>(`admin/customers/${id}`, { signal })).data,
  })
  if (customer.isPending) return <p role="status">Loading the viewer…</p>
  if (customer.isError || !customer.data)
    return (
      <p role="alert" className="console-error">
        {errorText(customer.error) ?? 'This viewer could not be read.'}
      </p>
    )
  const c = customer.data
  const granted = Object.entries(c.capabilities)
    .filter(([, on]) => on)
    .map(([k]) => capabilityLabels[k] ?? k)
  const mayReadOrders = allowed(me, 'read', 'orders')
  return (
    <>
      <p className="console-breadcrumb">
        <Link to="..">Customers</Link>
      </p>
      <h1 className="console-title-wrap">{c.email}</h1>
      <dl className="console-changes console-order-facts">
        <div>
          <dt>Name</dt>
          <dd>{fullName(c) || '—'}</dd>
        </div>
        <div>
          <dt>Account</dt>
          <dd data-testid="customer-state">
            {accountState(c)}
            {c.blocked_at !== null ? ` since ${dateTime(c.blocked_at)}` : ''}
          </dd>
        </div>
        {c.operator_role ? (
          <div>
            <dt>Operator</dt>
            <dd>{c.operator_role}</dd>
          </div>
        ) : null}
        <div>
          <dt>Signed up</dt>
          <dd>{dateTime(c.created_at)}</dd>
        </div>
        <div>
          <dt>Capabilities</dt>
          <dd>{granted.length > 0 ? granted.join(', ') : 'None'}</dd>
        </div>
        <div>
          <dt>Clips</dt>
          <dd>
            {c.feature_count.clips} made · {c.feature_count.downloads} downloads
          </dd>
        </div>
        <div>
          <dt>Free trial</dt>
          <dd>{c.trial_period_used ? 'Used' : 'Not used'}</dd>
        </div>
      </dl>

      <Actions customer={c} />

      <h2>Passes</h2>
      {c.passes.length === 0 ? (
        <p className="console-note">No pass open.</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption>Passes this viewer holds</caption>
            <thead>
              <tr>
                <th scope="col">Pass</th>
                <th scope="col">State</th>
                <th scope="col">Until</th>
                <th scope="col">Order</th>
              </tr>
            </thead>
            <tbody>
              {c.passes.map((p) => (
                <tr key={p.order_id}>
                  <td>
                    {p.pass.name}
                    {p.complimentary ? ' (complimentary)' : ''}
                  </td>
                  <td>{accessLabels[p.activity_status] ?? p.activity_status}</td>
                  <td className="console-nowrap">
                    {p.period_end === null ? '—' : `${dateTime(p.period_end)}${p.auto_renew ? ', renews' : ''}`}
                  </td>
                  <td>
                    {mayReadOrders ? <Link to={`/admin/orders/${p.order_id}`}>#{p.order_id}</Link> : `#${p.order_id}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>Orders</h2>
      {c.orders.length === 0 ? (
        <p className="console-note">No orders.</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption>
              {c.orders_total > c.orders.length
                ? `The latest ${c.orders.length} of ${c.orders_total} orders`
                : 'Orders, newest first'}
            </caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Pass</th>
                <th scope="col">State</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {c.orders.map((o) => (
                <tr key={o.id}>
                  <td>{mayReadOrders ? <Link to={`/admin/orders/${o.id}`}>#{o.id}</Link> : `#${o.id}`}</td>
                  <td className="console-nowrap">{dateTime(o.created_at)}</td>
                  <td>{o.pass_name}</td>
                  <td>
                    {o.complimentary ? 'Complimentary' : (statusLabels[o.status] ?? o.status)} ·{' '}
                    {accessLabels[o.activity_status] ?? o.activity_status}
                  </td>
                  <td>{formatMoney(o.amount, o.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}

/** Customers (decision 0038): the channel's viewers, and each one's passes, orders and actions. */
export default function CustomersPage() {
  return (
    <Routes>
      <Route index element={<CustomersList />} />
      <Route path=":id" element={<CustomerDetail />} />
    </Routes>
  )
}
