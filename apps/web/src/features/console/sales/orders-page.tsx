import { type AdminOrder, type AdminOrderDetail, OrderStatusSchema } from '@fieldhouse/contract'
import type { TFunction } from 'i18next'
import { type FormEvent, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/form-field'
import { errorText } from '../../../lib/api/error-text'
import { allowed } from '../access'
import type { Row } from '../api/admin-api'
import { useChannelTime } from '../channel-time'
import { TableBox } from '../components/data-table'
import { Fact } from '../components/fact'
import { useListFilters } from '../components/list-filters'
import { PageHead } from '../components/page-head'
import { PageRoutes } from '../components/page-routes'
import { ResourceList } from '../components/resource-list'
import { SubmitActions } from '../components/submit-actions'
import { useOperator } from '../operator-context'
import {
  useGrantComplimentary,
  useOrder,
  useOrderChange,
  useOrdersExport,
  usePassChoices,
  useRefund,
} from './sales-api'
import {
  ActionMessage,
  ActionSection,
  amountOf,
  ErrorLine,
  newestFirst,
  type Outcome,
  orderStateText,
  ReasonField,
  SelectField,
} from './sales-fields'
import { newActionKey, useMoney } from './sales-format'

/** A list row: the list's rows are the contract's `AdminOrder`. */
const orderOf = (row: Row) => row as unknown as AdminOrder

/** The pass and, when its name does not say it, the event it opens. */
const passText = (o: { pass: { name: string }; event: { name: string } | null }) =>
  o.event && !o.pass.name.includes(o.event.name) ? `${o.pass.name} · ${o.event.name}` : o.pass.name

const passChoices = (passes: { id: number; name: string }[]) =>
  passes.map((p) => ({ value: String(p.id), label: p.name }))

/** A complimentary pass for a viewer named by their email: an order of nothing, open at once. */
function GrantComplimentary({ passes }: { passes: { id: number; name: string }[] }) {
  const { t } = useTranslation()
  const grant = useGrantComplimentary()
  const [key, setKey] = useState(newActionKey)
  const [email, setEmail] = useState('')
  const [passId, setPassId] = useState('')
  const [reason, setReason] = useState('')
  const [message, setMessage] = useState<(Outcome & { id?: number }) | null>(null)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setMessage(null)
    grant.mutate(
      { email, pass_id: Number(passId), reason, idempotency_key: key },
      {
        onSuccess: (order) => {
          setKey(newActionKey())
          setEmail('')
          setReason('')
          setMessage({ error: false, text: t('consoleSales.orders.granted', { id: order.id }), id: order.id })
        },
        onError: (err) => setMessage({ error: true, text: errorText(err) ?? t('consoleSales.orders.notGranted') }),
      },
    )
  }
  return (
    <details className="console-form">
      <summary>{t('consoleSales.orders.grantHeading')}</summary>
      <form onSubmit={submit} aria-label={t('consoleSales.orders.grantHeading')}>
        <TextField
          label={t('consoleSales.orders.viewerEmail')}
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <SelectField
          label={t('consoleSales.orders.passToGrant')}
          required
          value={passId}
          onChange={setPassId}
          options={[{ value: '', label: t('consoleSales.orders.choosePass') }, ...passChoices(passes)]}
        />
        <TextField
          label={t('consoleSales.orders.note')}
          maxLength={300}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <SubmitActions disabled={grant.isPending}>{t('consoleSales.orders.grant')}</SubmitActions>
        <ActionMessage message={message}>
          {message?.id ? (
            <>
              {' '}
              <Link to={String(message.id)}>{t('consoleSales.orders.openIt')}</Link>
            </>
          ) : null}
        </ActionMessage>
      </form>
    </details>
  )
}

function OrdersList() {
  const { t } = useTranslation()
  const { dateTime } = useChannelTime()
  const money = useMoney()
  const me = useOperator()
  const passes = usePassChoices()
  const exportCsv = useOrdersExport()
  const [exportError, setExportError] = useState<string | null>(null)
  const listFilters = useListFilters([
    {
      key: 'status',
      label: t('consoleSales.orders.state'),
      any: t('consoleSales.orders.anyState'),
      options: OrderStatusSchema.options.map((s) => ({ value: s, label: t(`consoleSales.orderStatus.${s}`) })),
    },
    {
      key: 'pass_id',
      label: t('consoleSales.orders.pass'),
      any: t('consoleSales.orders.anyPass'),
      options: passChoices(passes.data ?? []),
    },
    { key: 'from', label: t('consoleSales.from'), day: true },
    { key: 'to', label: t('consoleSales.to'), day: true },
  ])

  const download = async () => {
    setExportError(null)
    if (!(await exportCsv(listFilters.filters))) setExportError(t('consoleSales.orders.exportFailed'))
  }

  const columns = useMemo(
    () => [
      {
        key: 'id',
        header: t('consoleSales.orders.order'),
        sortable: true,
        render: (row: Row) => <Link to={String(row.id)}>#{row.id}</Link>,
      },
      {
        key: 'created_at',
        header: t('consoleSales.orders.placed'),
        sortable: true,
        render: (row: Row) => <span className="console-nowrap">{dateTime(orderOf(row).created_at)}</span>,
      },
      { key: 'email', header: t('consoleSales.orders.viewer'), render: (row: Row) => orderOf(row).user.email },
      { key: 'pass', header: t('consoleSales.orders.pass'), render: (row: Row) => passText(orderOf(row)) },
      {
        key: 'status',
        header: t('consoleSales.orders.state'),
        sortable: true,
        render: (row: Row) => orderStateText(t, orderOf(row)),
      },
      {
        key: 'amount',
        header: t('consoleSales.orders.amount'),
        sortable: true,
        render: (row: Row) => {
          const o = orderOf(row)
          const amount = money(o.amount, o.currency)
          return o.refunded > 0
            ? `${amount} (${t('consoleSales.orders.back', { amount: money(o.refunded, o.currency) })})`
            : amount
        },
      },
    ],
    [dateTime, money, t],
  )

  return (
    <>
      <PageHead
        title={t('consoleSales.orders.heading')}
        lead={t('consoleSales.orders.lead')}
        action={
          <Button variant="secondary" onClick={() => void download()}>
            {t('consoleSales.orders.exportCsv')}
          </Button>
        }
      />
      {allowed(me, 'create', 'orders') ? <GrantComplimentary passes={passes.data ?? []} /> : null}
      <ErrorLine error={exportError} />
      <ResourceList
        resource="orders"
        caption={t('consoleSales.orders.heading')}
        columns={columns}
        {...newestFirst}
        searchLabel={t('consoleSales.orders.search')}
        emptyText={t('consoleSales.orders.none')}
        {...listFilters}
      />
    </>
  )
}

function RefundForm({ order, onDone }: { order: AdminOrderDetail; onDone: (text: string) => void }) {
  const { t } = useTranslation()
  const money = useMoney()
  const refund = useRefund(order.id)
  // One key per refund the operator means: a retry (a double click, a lost answer) sends the same one.
  const [key, setKey] = useState(newActionKey)
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const left = money(order.refundable, order.currency)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setError(null)
    const minor = amountOf(amount, order.currency)
    if (Number.isNaN(minor)) {
      setError(t('consoleSales.orders.refundAmountWrong'))
      return
    }
    refund.mutate(
      { reason, idempotency_key: key, ...(minor !== null ? { amount: minor } : {}) },
      {
        onSuccess: (r) => {
          const made = money(r.amount, order.currency)
          onDone(
            r.status === 'pending'
              ? t('consoleSales.orders.refundPending', { amount: made })
              : t('consoleSales.orders.refundDone', { amount: made }),
          )
          setKey(newActionKey())
          setAmount('')
          setReason('')
        },
        onError: (err) => setError(errorText(err) ?? t('consoleSales.orders.notRefunded')),
      },
    )
  }
  return (
    <form className="console-form" onSubmit={submit} aria-labelledby={`refund-${order.id}`}>
      <h2 id={`refund-${order.id}`}>{t('consoleSales.refundWord')}</h2>
      <p>{t('consoleSales.orders.refundLeft', { left })}</p>
      <TextField
        label={t('consoleSales.orders.refundAmount', { currency: order.currency, left })}
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <ReasonField value={reason} onChange={setReason} />
      <SubmitActions variant="danger" disabled={refund.isPending}>
        {refund.isPending ? t('consoleSales.refunding') : t('consoleSales.refundWord')}
      </SubmitActions>
      <ErrorLine error={error} />
    </form>
  )
}

function SubscriptionActions({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation()
  const { dateTime } = useChannelTime()
  const cancel = useOrderChange(order.id, 'cancel')
  const [key, setKey] = useState(newActionKey)
  const [message, setMessage] = useState<Outcome | null>(null)
  const run = (when: 'now' | 'period_end') =>
    cancel.mutate(
      { when, idempotency_key: key },
      {
        onSuccess: () => {
          setKey(newActionKey())
          setMessage({
            error: false,
            text: when === 'now' ? t('consoleSales.orders.cancelled') : t('consoleSales.orders.endsWithPeriod'),
          })
        },
        onError: (err) => setMessage({ error: true, text: errorText(err) ?? t('consoleSales.orders.notCancelled') }),
      },
    )
  return (
    <ActionSection id={`cancel-${order.id}`} title={t('consoleSales.orders.subscription')}>
      <p>
        {order.auto_renew && order.period_end
          ? t('consoleSales.orders.renewsOn', { date: dateTime(order.period_end) })
          : order.period_end
            ? t('consoleSales.orders.endsOn', { date: dateTime(order.period_end) })
            : t('consoleSales.orders.noRenewal')}
      </p>
      <div className="console-form__actions">
        {order.auto_renew ? (
          <Button variant="secondary" disabled={cancel.isPending} onClick={() => run('period_end')}>
            {t('consoleSales.orders.cancelAtEnd')}
          </Button>
        ) : null}
        <Button variant="danger" disabled={cancel.isPending} onClick={() => run('now')}>
          {t('consoleSales.orders.cancelNow')}
        </Button>
      </div>
      <ActionMessage message={message} />
    </ActionSection>
  )
}

function RevokeComplimentary({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation()
  const revoke = useOrderChange(order.id, 'revoke')
  const [key] = useState(newActionKey)
  const [error, setError] = useState<string | null>(null)
  return (
    <ActionSection id={`revoke-${order.id}`} title={t('consoleSales.orders.complimentaryPass')}>
      <div className="console-form__actions">
        <Button
          variant="danger"
          disabled={revoke.isPending}
          onClick={() =>
            revoke.mutate(
              { idempotency_key: key },
              { onError: (err) => setError(errorText(err) ?? t('consoleSales.orders.notRevoked')) },
            )
          }
        >
          {t('consoleSales.orders.revoke')}
        </Button>
      </div>
      <ErrorLine error={error} />
    </ActionSection>
  )
}

/** A refund's state in the story, with the provider's refusal when there is one. */
const refundLine = (t: TFunction, r: AdminOrderDetail['refunds'][number]) => {
  const status = t(`consoleSales.refundStatus.${r.status}`)
  return r.failure_message
    ? t('consoleSales.orders.refundLineFailed', { status, message: r.failure_message })
    : t('consoleSales.orders.refundLine', { status })
}

/** The order's story: the provider's events, the money taken and the refunds, oldest first. */
function storyOf(o: AdminOrderDetail, t: TFunction, money: (n: number) => string) {
  return [
    ...o.events.map((e) => ({
      at: e.received_at,
      what: t('consoleSales.orders.provider', { type: e.type }),
      amount: '',
      k: `e${e.id}`,
    })),
    ...o.transactions.map((x) => ({ at: x.created_at, what: x.type, amount: money(x.amount), k: `t${x.id}` })),
    ...o.refunds.map((r) => ({
      at: r.created_at,
      what: `${refundLine(t, r)} — ${r.reason}${r.operator_email ? ` · ${r.operator_email}` : ''}`,
      amount: money(-r.amount),
      k: `r${r.id}`,
    })),
  ].sort((a, b) => a.at - b.at)
}

function OrderDetail() {
  const { t } = useTranslation()
  const { dateTime } = useChannelTime()
  const formatMoney = useMoney()
  const { id = '' } = useParams()
  const me = useOperator()
  // The last refund's outcome stays on screen when the form goes (nothing left to refund).
  const [done, setDone] = useState<string | null>(null)
  const order = useOrder(id)
  if (order.isPending) return <p role="status">{t('consoleSales.orders.loadingOrder')}</p>
  if (order.isError) return <ErrorLine error={errorText(order.error) ?? t('consoleSales.orders.unreadable')} />
  const o = order.data
  const money = (n: number) => formatMoney(n, o.currency)
  const canRefund = allowed(me, 'create', 'refunds') && o.refundable > 0
  const canUpdate = allowed(me, 'update', 'orders')
  return (
    <>
      <p className="console-breadcrumb">
        <Link to="..">{t('consoleSales.orders.heading')}</Link>
      </p>
      <h1>{t('consoleSales.orderNumber', { id: o.id })}</h1>
      <p role="status" className="console-note">
        {done}
      </p>
      <dl className="console-changes console-order-facts">
        <Fact term={t('consoleSales.orders.viewer')}>{o.user.email}</Fact>
        <Fact term={t('consoleSales.orders.pass')}>{passText(o)}</Fact>
        <Fact term={t('consoleSales.orders.state')}>{orderStateText(t, o)}</Fact>
        <Fact term={t('consoleSales.orders.amount')}>
          {money(o.amount)}
          {o.discount > 0
            ? ` (${t('consoleSales.orders.couponOff', { code: o.coupon_code ?? '', amount: money(o.discount) })})`
            : ''}
        </Fact>
        <Fact term={t('consoleSales.orders.refunded')}>{money(o.refunded)}</Fact>
        <Fact term={t('consoleSales.orders.card')}>
          {o.card ? t('consoleSales.orders.cardEnding', { brand: o.card.brand, last4: o.card.last4 }) : '—'}
        </Fact>
        <Fact term={t('consoleSales.orders.placed')}>{dateTime(o.created_at)}</Fact>
        {o.failure_message ? <Fact term={t('consoleSales.orders.paymentMessage')}>{o.failure_message}</Fact> : null}
      </dl>

      {canRefund ? <RefundForm order={o} onDone={setDone} /> : null}
      {canUpdate && o.type === 'subscription' && o.status === 'paid' && o.activity_status === 'active' ? (
        <SubscriptionActions order={o} />
      ) : null}
      {canUpdate && o.complimentary && o.activity_status === 'active' ? <RevokeComplimentary order={o} /> : null}

      <h2>{t('consoleSales.orders.story')}</h2>
      <TableBox
        caption={t('consoleSales.orders.storyCaption')}
        headers={[t('consoleSales.orders.when'), t('consoleSales.orders.what'), t('consoleSales.orders.amount')]}
      >
        {storyOf(o, t, money).map((line) => (
          <tr key={line.k}>
            <td className="console-nowrap">{dateTime(line.at)}</td>
            <td>{line.what}</td>
            <td>{line.amount}</td>
          </tr>
        ))}
      </TableBox>
    </>
  )
}

/** Orders (decision 0036): the list with its filters and export, and each order's story and actions. */
export default function OrdersPage() {
  return <PageRoutes index={<OrdersList />} pages={{ ':id': <OrderDetail /> }} />
}
