import type { AdminCustomer, AdminCustomerDetail } from '@fieldhouse/contract'
import { type ReactNode, useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { Button } from '../../../components/ui/button'
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
import { useOperator } from '../operator-context'
import { type CustomerAction, useCustomer, useCustomerAction } from './sales-api'
import { ActionMessage, ActionSection, ErrorLine, newestFirst, type Outcome, orderStateText } from './sales-fields'
import { useMoney } from './sales-format'

/** A list row: the list's rows are the contract's `AdminCustomer`. */
const customerOf = (row: Row) => row as unknown as AdminCustomer
const fullName = (c: Pick<AdminCustomer, 'first_name' | 'last_name'>) => `${c.first_name} ${c.last_name}`.trim()
const capabilityNames = ['watch', 'download', 'clipping', 'download_clip', 'no_ads', 'vod_media'] as const

/** The account's state in a word: blocked, waiting for its address to be confirmed, or fine. */
function useAccountState() {
  const { t } = useTranslation()
  return useCallback(
    (c: AdminCustomer) =>
      c.blocked_at !== null
        ? t('consoleSales.customers.blocked')
        : c.verified
          ? t('consoleSales.customers.verified')
          : t('consoleSales.customers.unconfirmed'),
    [t],
  )
}

function CustomersList() {
  const { t } = useTranslation()
  const { dateTime } = useChannelTime()
  const accountState = useAccountState()
  const listFilters = useListFilters([
    {
      key: 'blocked',
      label: t('consoleSales.customers.account'),
      any: t('consoleSales.customers.any'),
      options: [
        { value: 'no', label: t('consoleSales.customers.notBlocked') },
        { value: 'yes', label: t('consoleSales.customers.blocked') },
      ],
    },
  ])
  const columns = useMemo(
    () => [
      {
        key: 'email',
        header: t('consoleSales.customers.email'),
        sortable: true,
        render: (row: Row) => <Link to={String(row.id)}>{customerOf(row).email}</Link>,
      },
      {
        key: 'name',
        header: t('consoleSales.customers.name'),
        render: (row: Row) => fullName(customerOf(row)) || '—',
      },
      {
        key: 'state',
        header: t('consoleSales.customers.account'),
        render: (row: Row) => {
          const c = customerOf(row)
          return c.operator_role
            ? t('consoleSales.customers.operator', { state: accountState(c), role: c.operator_role })
            : accountState(c)
        },
      },
      {
        key: 'created_at',
        header: t('consoleSales.customers.signedUp'),
        sortable: true,
        render: (row: Row) => <span className="console-nowrap">{dateTime(customerOf(row).created_at)}</span>,
      },
    ],
    [dateTime, t, accountState],
  )
  return (
    <>
      <PageHead title={t('consoleSales.customers.heading')} lead={t('consoleSales.customers.lead')} />
      <ResourceList
        resource="customers"
        caption={t('consoleSales.customers.heading')}
        columns={columns}
        {...newestFirst}
        searchLabel={t('consoleSales.customers.search')}
        emptyText={t('consoleSales.customers.none')}
        {...listFilters}
      />
    </>
  )
}

function Actions({ customer }: { customer: AdminCustomerDetail }) {
  const { t } = useTranslation()
  const me = useOperator()
  const action = useCustomerAction(customer.id)
  const [confirm, setConfirm] = useState<'block' | 'unblock' | null>(null)
  const [message, setMessage] = useState<Outcome | null>(null)
  const mayResend = allowed(me, 'resend', 'users')
  const mayBlock = allowed(me, 'update', 'users') && customer.operator_role === null
  if (!mayResend && !mayBlock) return null
  const blocked = customer.blocked_at !== null
  const email = customer.email

  const run = (path: CustomerAction, done: string, failed: string) => {
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
  const mailNotSent = t('consoleSales.customers.mailNotSent')
  const buttons = [
    {
      shown: mayResend && !customer.verified,
      variant: 'secondary',
      label: t('consoleSales.customers.resendVerification'),
      press: () => run('verification', t('consoleSales.customers.verificationSent', { email }), mailNotSent),
    },
    {
      shown: mayResend,
      variant: 'secondary',
      label: t('consoleSales.customers.sendReset'),
      press: () => run('password-reset', t('consoleSales.customers.resetSent', { email }), mailNotSent),
    },
    {
      shown: mayBlock,
      variant: blocked ? 'secondary' : 'danger',
      label: blocked ? t('consoleSales.customers.unblockAsk') : t('consoleSales.customers.blockAsk'),
      press: () => setConfirm(blocked ? 'unblock' : 'block'),
    },
  ] as const
  return (
    <ActionSection id="customer-actions" title={t('consoleSales.customers.actions')}>
      <div className="console-form__actions">
        {buttons
          .filter((button) => button.shown)
          .map((button) => (
            <Button key={button.label} variant={button.variant} disabled={action.isPending} onClick={button.press}>
              {button.label}
            </Button>
          ))}
      </div>
      {confirm ? (
        <div role="alertdialog" aria-labelledby="customer-confirm" className="console-confirm">
          <p id="customer-confirm">
            {confirm === 'block'
              ? t('consoleSales.customers.blockConfirm', { email })
              : t('consoleSales.customers.unblockConfirm', { email })}
          </p>
          <Button
            variant={confirm === 'block' ? 'danger' : 'primary'}
            disabled={action.isPending}
            onClick={() =>
              confirm === 'block'
                ? run(
                    'block',
                    t('consoleSales.customers.isBlocked', { email }),
                    t('consoleSales.customers.notBlockedError'),
                  )
                : run(
                    'unblock',
                    t('consoleSales.customers.isUnblocked', { email }),
                    t('consoleSales.customers.notUnblocked'),
                  )
            }
          >
            {confirm === 'block' ? t('consoleSales.customers.blockViewer') : t('consoleSales.customers.unblockViewer')}
          </Button>
          <Button variant="secondary" onClick={() => setConfirm(null)}>
            {t('consoleSales.customers.cancel')}
          </Button>
        </div>
      ) : null}
      <ActionMessage message={message} />
    </ActionSection>
  )
}

/** A table of the viewer's, or a note when it has no rows. */
function FactTable({
  caption,
  headers,
  empty,
  children,
}: {
  caption: string
  headers: string[]
  empty: string | null
  children: ReactNode
}) {
  if (empty !== null) return <p className="console-note">{empty}</p>
  return (
    <TableBox caption={caption} headers={headers}>
      {children}
    </TableBox>
  )
}

function CustomerDetail() {
  const { t } = useTranslation()
  const { dateTime } = useChannelTime()
  const money = useMoney()
  const accountState = useAccountState()
  const { id = '' } = useParams()
  const me = useOperator()
  const customer = useCustomer(id)
  if (customer.isPending) return <p role="status">{t('consoleSales.customers.loadingViewer')}</p>
  if (customer.isError) return <ErrorLine error={errorText(customer.error) ?? t('consoleSales.customers.unreadable')} />
  const c = customer.data
  const granted = capabilityNames
    .filter((k) => c.capabilities[k])
    .map((k) => t(`consoleSales.customers.capability.${k}`))
  const mayReadOrders = allowed(me, 'read', 'orders')
  const orderLink = (orderId: number) =>
    mayReadOrders ? <Link to={`/admin/orders/${orderId}`}>#{orderId}</Link> : `#${orderId}`
  const w = (key: 'name' | 'account' | 'operatorRole' | 'signedUp' | 'capabilities' | 'clips' | 'freeTrial') =>
    t(`consoleSales.customers.${key}`)
  return (
    <>
      <p className="console-breadcrumb">
        <Link to="..">{t('consoleSales.customers.heading')}</Link>
      </p>
      <h1 className="console-title-wrap">{c.email}</h1>
      <dl className="console-changes console-order-facts">
        <Fact term={w('name')}>{fullName(c) || '—'}</Fact>
        <Fact term={w('account')} testId="customer-state">
          {c.blocked_at !== null
            ? t('consoleSales.customers.since', { state: accountState(c), date: dateTime(c.blocked_at) })
            : accountState(c)}
        </Fact>
        {c.operator_role ? <Fact term={w('operatorRole')}>{c.operator_role}</Fact> : null}
        <Fact term={w('signedUp')}>{dateTime(c.created_at)}</Fact>
        <Fact term={w('capabilities')}>
          {granted.length > 0 ? granted.join(', ') : t('consoleSales.customers.noCapabilities')}
        </Fact>
        <Fact term={w('clips')}>
          {t('consoleSales.customers.clipCounts', {
            clips: c.feature_count.clips,
            downloads: c.feature_count.downloads,
          })}
        </Fact>
        <Fact term={w('freeTrial')}>
          {c.trial_period_used ? t('consoleSales.customers.trialUsed') : t('consoleSales.customers.trialNotUsed')}
        </Fact>
      </dl>

      <Actions customer={c} />

      <h2>{t('consoleSales.customers.passes')}</h2>
      <FactTable
        caption={t('consoleSales.customers.passesCaption')}
        headers={[
          t('consoleSales.orders.pass'),
          t('consoleSales.orders.state'),
          t('consoleSales.customers.until'),
          t('consoleSales.orders.order'),
        ]}
        empty={c.passes.length === 0 ? t('consoleSales.customers.noPass') : null}
      >
        {c.passes.map((p) => (
          <tr key={p.order_id}>
            <td>
              {p.complimentary ? t('consoleSales.customers.complimentaryMark', { name: p.pass.name }) : p.pass.name}
            </td>
            <td>{t(`consoleSales.access.${p.activity_status}`)}</td>
            <td className="console-nowrap">
              {p.period_end === null
                ? '—'
                : p.auto_renew
                  ? t('consoleSales.customers.renews', { date: dateTime(p.period_end) })
                  : dateTime(p.period_end)}
            </td>
            <td>{orderLink(p.order_id)}</td>
          </tr>
        ))}
      </FactTable>

      <h2>{t('consoleSales.customers.orders')}</h2>
      <FactTable
        caption={
          c.orders_total > c.orders.length
            ? t('consoleSales.customers.latestOrders', { shown: c.orders.length, total: c.orders_total })
            : t('consoleSales.customers.ordersCaption')
        }
        headers={[
          t('consoleSales.orders.order'),
          t('consoleSales.orders.placed'),
          t('consoleSales.orders.pass'),
          t('consoleSales.orders.state'),
          t('consoleSales.orders.amount'),
        ]}
        empty={c.orders.length === 0 ? t('consoleSales.customers.noOrders') : null}
      >
        {c.orders.map((o) => (
          <tr key={o.id}>
            <td>{orderLink(o.id)}</td>
            <td className="console-nowrap">{dateTime(o.created_at)}</td>
            <td>{o.pass_name}</td>
            <td>{orderStateText(t, o)}</td>
            <td>{money(o.amount, o.currency)}</td>
          </tr>
        ))}
      </FactTable>
    </>
  )
}

/** Customers (decision 0038): the channel's viewers, and each one's passes, orders and actions. */
export default function CustomersPage() {
  return <PageRoutes index={<CustomersList />} pages={{ ':id': <CustomerDetail /> }} />
}
