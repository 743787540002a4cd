import { type AdminOrderDetail, OrderStatusSchema } from '@fieldhouse/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useMemo, useState } from 'react'
import { Link, Route, Routes, useParams } from 'react-router'
import { Button } from '../../../components/ui/button'
import { useApiClient, useApiKeys } from '../../../lib/api/api-context'
import { errorText } from '../../../lib/api/error-text'
import { allowed } from '../access'
import { adminQueriesRoot, type Row } from '../api/admin-api'
import { useChannelTime } from '../channel-time'
import { ResourceList } from '../components/resource-list'
import { useOperator } from '../operator-context'
import { formatMoney, minorOf, newActionKey } from './sales-format'

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

interface OrderRow {
  id: number
  created_at: number
  user: { email: string }
  pass: { name: string }
  event: { name: string } | null
  status: string
  activity_status: string
  amount: number
  refunded: number
  currency: string
  complimentary: boolean
}
const orderOf = (row: Row) => row as unknown as OrderRow

/** The pass and, when its name does not say it, the event it opens. */
const passText = (o: { pass: { name: string }; event: { name: string } | null }) =>
  o.event && !o.pass.name.includes(o.event.name) ? `${o.pass.name} · ${o.event.name}` : o.pass.name

/** The channel's passes on sale, for the pass filter. */
function usePassChoices() {
  const api = useApiClient()
  return useQuery({
    queryKey: [...adminQueriesRoot, 'orders', 'pass-choices'],
    queryFn: async ({ signal }) => {
      const [packages, subscriptions] = await Promise.all([
        api.get<{ id: number; name: string }[]>('packages', { signal }),
        api.get<{ id: number; name: string }[]>('subscriptions', { signal }),
      ])
      return [...(packages.data ?? []), ...(subscriptions.data ?? [])]
    },
    staleTime: 60_000,
  })
}

/** A complimentary pass for a viewer named by their email: an order of nothing, open at once. */
function GrantComplimentary({ passes }: { passes: { id: number; name: string }[] }) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const [key, setKey] = useState(newActionKey)
  const [email, setEmail] = useState('')
  const [passId, setPassId] = useState('')
  const [reason, setReason] = useState('')
  const [message, setMessage] = useState<{ error: boolean; text: string; id?: number } | null>(null)
  const ids = { head: useId(), email: useId(), pass: useId(), reason: useId() }
  const grant = useMutation({
    mutationFn: async () =>
      (
        await api.post<{ id: number }>('admin/orders', {
          email,
          pass_id: Number(passId),
          reason,
          idempotency_key: key,
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...adminQueriesRoot, 'orders'] }),
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setMessage(null)
    grant.mutate(undefined, {
      onSuccess: (order) => {
        setKey(newActionKey())
        setEmail('')
        setReason('')
        setMessage({ error: false, text: `Granted: order #${order?.id ?? ''}.`, ...(order ? { id: order.id } : {}) })
      },
      onError: (err) => setMessage({ error: true, text: errorText(err) ?? 'Not granted.' }),
    })
  }
  return (
    <details className="console-form">
      <summary id={ids.head}>Grant a complimentary pass</summary>
      <form onSubmit={submit} aria-labelledby={ids.head}>
        <div className="field">
          <label className="field__label" htmlFor={ids.email}>
            Viewer’s email
          </label>
          <input
            id={ids.email}
            type="email"
            required
            className="field__input"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.pass}>
            Pass to grant
          </label>
          <select
            id={ids.pass}
            required
            className="field__input"
            value={passId}
            onChange={(e) => setPassId(e.target.value)}
          >
            <option value="">Choose a pass</option>
            {passes.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.reason}>
            Note (optional)
          </label>
          <input
            id={ids.reason}
            className="field__input"
            maxLength={300}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <div className="console-form__actions">
          <Button type="submit" disabled={grant.isPending}>
            Grant
          </Button>
        </div>
        <p role={message?.error ? 'alert' : 'status'} className={message?.error ? 'console-error' : 'console-note'}>
          {message?.text}
          {message?.id ? (
            <>
              {' '}
              <Link to={String(message.id)}>Open it</Link>
            </>
          ) : null}
        </p>
      </form>
    </details>
  )
}

function OrdersList() {
  const { dateTime } = useChannelTime()
  const me = useOperator()
  const passes = usePassChoices()
  const keys = useApiKeys()
  const [status, setStatus] = useState('')
  const [passId, setPassId] = useState('')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [exportError, setExportError] = useState<string | null>(null)
  const ids = { status: useId(), pass: useId(), from: useId(), to: useId() }
  const filters = useMemo(() => ({ status, pass_id: passId, from, to }), [status, passId, from, to])

  /** The CSV of what the list shows: the same filters, every row. */
  const download = async () => {
    setExportError(null)
    const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v))
    const res = await fetch(`/api/admin/orders/export?${query}`, {
      headers: { authorization: `Bearer ${keys.getApiKey() ?? ''}` },
    })
    if (!res.ok) {
      setExportError('The export could not be made. Try again.')
      return
    }
    const url = URL.createObjectURL(await res.blob())
    const a = document.createElement('a')
    a.href = url
    a.download = 'orders.csv'
    a.click()
    URL.revokeObjectURL(url)
  }

  const columns = useMemo(
    () => [
      { key: 'id', header: 'Order', sortable: true, render: (row: Row) => <Link to={String(row.id)}>#{row.id}</Link> },
      {
        key: 'created_at',
        header: 'Placed',
        sortable: true,
        render: (row: Row) => <span className="console-nowrap">{dateTime(orderOf(row).created_at)}</span>,
      },
      { key: 'email', header: 'Viewer', render: (row: Row) => orderOf(row).user.email },
      {
        key: 'pass',
        header: 'Pass',
        render: (row: Row) => {
          const o = orderOf(row)
          return passText(o)
        },
      },
      {
        key: 'status',
        header: 'State',
        sortable: true,
        render: (row: Row) => {
          const o = orderOf(row)
          if (o.complimentary) return `Complimentary · ${accessLabels[o.activity_status] ?? o.activity_status}`
          return `${statusLabels[o.status] ?? o.status} · ${accessLabels[o.activity_status] ?? o.activity_status}`
        },
      },
      {
        key: 'amount',
        header: 'Amount',
        sortable: true,
        render: (row: Row) => {
          const o = orderOf(row)
          return o.refunded > 0
            ? `${formatMoney(o.amount, o.currency)} (${formatMoney(o.refunded, o.currency)} back)`
            : formatMoney(o.amount, o.currency)
        },
      },
    ],
    [dateTime],
  )

  return (
    <>
      <div className="console-page-head">
        <h1>Orders</h1>
        <Button variant="secondary" onClick={() => void download()}>
          Export CSV
        </Button>
      </div>
      <p className="console-lead">Every order of this channel. Open one for its story, to refund it or to cancel it.</p>
      {allowed(me, 'create', 'orders') ? <GrantComplimentary passes={passes.data ?? []} /> : null}
      {exportError ? (
        <p role="alert" className="console-error">
          {exportError}
        </p>
      ) : null}
      <ResourceList
        resource="orders"
        caption="Orders"
        columns={columns}
        defaultSort="created_at"
        defaultDirection="desc"
        searchLabel="Search by email, order number or pass"
        emptyText="No orders match."
        filters={filters}
        toolbar={
          <div className="console-list__filters">
            <div className="field">
              <label className="field__label" htmlFor={ids.status}>
                State
              </label>
              <select
                id={ids.status}
                className="field__input"
                value={status}
                onChange={(e) => setStatus(e.target.value)}
              >
                <option value="">Any state</option>
                {OrderStatusSchema.options.map((s) => (
                  <option key={s} value={s}>
                    {statusLabels[s]}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label className="field__label" htmlFor={ids.pass}>
                Pass
              </label>
              <select id={ids.pass} className="field__input" value={passId} onChange={(e) => setPassId(e.target.value)}>
                <option value="">Any pass</option>
                {(passes.data ?? []).map((p) => (
                  <option key={p.id} value={String(p.id)}>
                    {p.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label className="field__label" htmlFor={ids.from}>
                From
              </label>
              <input
                id={ids.from}
                type="date"
                className="field__input"
                value={from}
                onChange={(e) => setFrom(e.target.value)}
              />
            </div>
            <div className="field">
              <label className="field__label" htmlFor={ids.to}>
                To
              </label>
              <input
                id={ids.to}
                type="date"
                className="field__input"
                value={to}
                onChange={(e) => setTo(e.target.value)}
              />
            </div>
          </div>
        }
      />
    </>
  )
}

/** A money action on an order: POSTed with its console key, the order read again after. */
function useOrderAction(orderId: string, path: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: Record<string, unknown>) =>
      (await api.post<Record<string, unknown>>(`admin/orders/${orderId}/${path}`, body)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...adminQueriesRoot, 'orders'] }),
  })
}

function RefundForm({ order, onDone }: { order: AdminOrderDetail; onDone: (text: string) => void }) {
  const refund = useOrderAction(String(order.id), 'refunds')
  // One key per refund the operator means: a retry (a double click, a lost answer) sends the same one.
  const [key, setKey] = useState(newActionKey)
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const ids = { amount: useId(), reason: useId() }
  const left = formatMoney(order.refundable, order.currency)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setError(null)
    const minor = amount.trim() ? minorOf(amount) : null
    if (amount.trim() && minor === null) {
      setError('Enter an amount such as 12.50, or leave it empty to refund all that is left.')
      return
    }
    refund.mutate(
      { reason, idempotency_key: key, ...(minor !== null ? { amount: minor } : {}) },
      {
        onSuccess: (r) => {
          const made = formatMoney(Number(r?.amount ?? 0), order.currency)
          onDone(r?.status === 'pending' ? `Refund of ${made} asked; waiting for the provider.` : `${made} refunded.`)
          setKey(newActionKey())
          setAmount('')
          setReason('')
        },
        onError: (err) => setError(errorText(err) ?? 'Not refunded.'),
      },
    )
  }
  return (
    <form className="console-form" onSubmit={submit} aria-labelledby={`${ids.amount}-h`}>
      <h2 id={`${ids.amount}-h`}>Refund</h2>
      <p>Up to {left} can be refunded. Refunding all of it closes the pass at once, even mid-stream.</p>
      <div className="field">
        <label className="field__label" htmlFor={ids.amount}>
          Amount ({order.currency}, empty for all {left})
        </label>
        <input
          id={ids.amount}
          className="field__input"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={ids.reason}>
          Reason
        </label>
        <input
          id={ids.reason}
          className="field__input"
          required
          minLength={3}
          maxLength={300}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <div className="console-form__actions">
        <Button type="submit" variant="danger" disabled={refund.isPending}>
          {refund.isPending ? 'Refunding…' : 'Refund'}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="console-error">
          {error}
        </p>
      ) : null}
    </form>
  )
}

function SubscriptionActions({ order }: { order: AdminOrderDetail }) {
  const { dateTime } = useChannelTime()
  const cancel = useOrderAction(String(order.id), 'cancel')
  const [key, setKey] = useState(newActionKey)
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null)
  const run = (when: 'now' | 'period_end') =>
    cancel.mutate(
      { when, idempotency_key: key },
      {
        onSuccess: () => {
          setKey(newActionKey())
          setMessage({
            error: false,
            text: when === 'now' ? 'Subscription cancelled.' : 'It ends with its period.',
          })
        },
        onError: (err) => setMessage({ error: true, text: errorText(err) ?? 'Not cancelled.' }),
      },
    )
  return (
    <section className="console-form" aria-labelledby={`cancel-${order.id}`}>
      <h2 id={`cancel-${order.id}`}>Subscription</h2>
      <p>
        {order.auto_renew && order.period_end
          ? `Renews on ${dateTime(order.period_end)}.`
          : order.period_end
            ? `Ends on ${dateTime(order.period_end)}; it does not renew.`
            : 'It does not renew.'}
      </p>
      <div className="console-form__actions">
        {order.auto_renew ? (
          <Button variant="secondary" disabled={cancel.isPending} onClick={() => run('period_end')}>
            Cancel at period end
          </Button>
        ) : null}
        <Button variant="danger" disabled={cancel.isPending} onClick={() => run('now')}>
          Cancel now
        </Button>
      </div>
      <p role={message?.error ? 'alert' : 'status'} className={message?.error ? 'console-error' : 'console-note'}>
        {message?.text}
      </p>
    </section>
  )
}

function RevokeComplimentary({ order }: { order: AdminOrderDetail }) {
  const revoke = useOrderAction(String(order.id), 'revoke')
  const [key] = useState(newActionKey)
  const [error, setError] = useState<string | null>(null)
  return (
    <section className="console-form" aria-labelledby={`revoke-${order.id}`}>
      <h2 id={`revoke-${order.id}`}>Complimentary pass</h2>
      <div className="console-form__actions">
        <Button
          variant="danger"
          disabled={revoke.isPending}
          onClick={() =>
            revoke.mutate({ idempotency_key: key }, { onError: (err) => setError(errorText(err) ?? 'Not revoked.') })
          }
        >
          Revoke
        </Button>
      </div>
      {error ? (
        <p role="alert" className="console-error">
          {error}
        </p>
      ) : null}
    </section>
  )
}

function OrderDetail() {
  const { dateTime } = useChannelTime()
  const { id = '' } = useParams()
  const me = useOperator()
  const api = useApiClient()
  // The last refund's outcome stays on screen when the form goes (nothing left to refund).
  const [done, setDone] = useState<string | null>(null)
  const order = useQuery({
    queryKey: [...adminQueriesRoot, 'orders', 'item', id],
    queryFn: async ({ signal }) => (await api.get<AdminOrderDetail>(`admin/orders/${id}`, { signal })).data,
  })
  if (order.isPending) return <p role="status">Loading the order…</p>
  if (order.isError || !order.data)
    return (
      <p role="alert" className="console-error">
        {errorText(order.error) ?? 'This order could not be read.'}
      </p>
    )
  const o = order.data
  const money = (n: number) => formatMoney(n, o.currency)
  const canRefund = allowed(me, 'create', 'refunds') && o.refundable > 0
  const canUpdate = allowed(me, 'update', 'orders')
  return (
    <>
      <p className="console-breadcrumb">
        <Link to="..">Orders</Link>
      </p>
      <h1>Order #{o.id}</h1>
      <p role="status" className="console-note">
        {done}
      </p>
      <dl className="console-changes console-order-facts">
        <div>
          <dt>Viewer</dt>
          <dd>{o.user.email}</dd>
        </div>
        <div>
          <dt>Pass</dt>
          <dd>{passText(o)}</dd>
        </div>
        <div>
          <dt>State</dt>
          <dd>
            {o.complimentary ? 'Complimentary' : statusLabels[o.status]} ·{' '}
            {accessLabels[o.activity_status] ?? o.activity_status}
          </dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>
            {money(o.amount)}
            {o.discount > 0 ? ` (coupon ${o.coupon_code ?? ''}: ${money(o.discount)} off)` : ''}
          </dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd>{money(o.refunded)}</dd>
        </div>
        <div>
          <dt>Card</dt>
          <dd>{o.card ? `${o.card.brand} ending ${o.card.last4}` : '—'}</dd>
        </div>
        <div>
          <dt>Placed</dt>
          <dd>{dateTime(o.created_at)}</dd>
        </div>
        {o.failure_message ? (
          <div>
            <dt>Payment message</dt>
            <dd>{o.failure_message}</dd>
          </div>
        ) : null}
      </dl>

      {canRefund ? <RefundForm order={o} onDone={setDone} /> : null}
      {canUpdate && o.type === 'subscription' && o.status === 'paid' && o.activity_status === 'active' ? (
        <SubscriptionActions order={o} />
      ) : null}
      {canUpdate && o.complimentary && o.activity_status === 'active' ? <RevokeComplimentary order={o} /> : null}

      <h2>Story</h2>
      <div className="console-table-wrap">
        <table className="console-table">
          <caption>What happened to this order, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">What</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {[
              ...o.events.map((e) => ({ at: e.received_at, what: `Provider: ${e.type}`, amount: '', k: `e${e.id}` })),
              ...o.transactions.map((t) => ({
                at: t.created_at,
                what: t.type,
                amount: money(t.amount),
                k: `t${t.id}`,
              })),
              ...o.refunds.map((r) => ({
                at: r.created_at,
                what: `Refund (${r.status}${r.failure_message ? `: ${r.failure_message}` : ''}) — ${r.reason}${
                  r.operator_email ? ` · ${r.operator_email}` : ''
                }`,
                amount: `−${money(r.amount)}`,
                k: `r${r.id}`,
              })),
            ]
              .sort((a, b) => a.at - b.at)
              .map((line) => (
                <tr key={line.k}>
                  <td className="console-nowrap">{dateTime(line.at)}</td>
                  <td>{line.what}</td>
                  <td>{line.amount}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </>
  )
}

/** Orders (decision 0036): the list with its filters and export, and each order's story and actions. */
export default function OrdersPage() {
  return (
    <Routes>
      <Route index element={<OrdersList />} />
      <Route path=":id" element={<OrderDetail />} />
    </Routes>
  )
}
