import type { EventRefundReport } from '@fieldhouse/contract'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorText } from '../../../lib/api/error-text'
import { useAdminOptions } from '../api/admin-api'
import { PageHead } from '../components/page-head'
import { SubmitActions } from '../components/submit-actions'
import { useEventRefund, useEventRefundPreview } from './sales-api'
import { ErrorLine, ReasonField, SelectField } from './sales-fields'
import { newActionKey, useMoney } from './sales-format'

/** Sums per currency, joined: "$16.00 + 12,00 €". */
function useTotalsText() {
  const { t } = useTranslation()
  const money = useMoney()
  return (totals: { currency: string; amount: number }[]) =>
    totals.length === 0
      ? t('consoleSales.eventRefunds.nothing')
      : totals.map((x) => money(x.amount, x.currency)).join(' + ')
}

/**
 * A cancelled event (decision 0036): how many of its buyers would get their money back and how much,
 * then every one refunded in one action, with a report. Running it again refunds nobody twice.
 */
export default function EventRefundsPage() {
  const { t } = useTranslation()
  const totalsText = useTotalsText()
  const events = useAdminOptions('events')
  const [eventId, setEventId] = useState('')
  const [reason, setReason] = useState('')
  const [key, setKey] = useState(newActionKey)
  const [report, setReport] = useState<EventRefundReport | null>(null)
  const [error, setError] = useState<string | null>(null)
  const preview = useEventRefundPreview(eventId)
  const run = useEventRefund(eventId)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setError(null)
    setReport(null)
    run.mutate(
      { reason, idempotency_key: key },
      {
        onSuccess: (r) => {
          setReport(r)
          setKey(newActionKey())
        },
        onError: (err) => setError(errorText(err) ?? t('consoleSales.eventRefunds.notMade')),
      },
    )
  }
  const p = preview.data

  return (
    <>
      <PageHead title={t('consoleSales.eventRefunds.heading')} lead={t('consoleSales.eventRefunds.lead')} />
      <form className="console-form" onSubmit={submit} aria-labelledby="event-refund-head">
        <h2 id="event-refund-head">{t('consoleSales.eventRefunds.cancelledEvent')}</h2>
        <SelectField
          label={t('consoleSales.eventRefunds.event')}
          value={eventId}
          required
          onChange={(v) => {
            setEventId(v)
            setReport(null)
          }}
          options={[
            { value: '', label: t('consoleSales.eventRefunds.chooseEvent') },
            ...(events.data ?? []).map((row) => ({ value: String(row.id), label: String(row.name ?? row.id) })),
          ]}
        />
        {p ? (
          <p role="status" className="console-note">
            {p.orders === 0
              ? t('consoleSales.eventRefunds.nobodyLeft')
              : t(
                  p.orders === 1
                    ? 'consoleSales.eventRefunds.wouldRefundOne'
                    : 'consoleSales.eventRefunds.wouldRefundMany',
                  {
                    count: p.orders,
                    totals: totalsText(p.totals),
                  },
                )}
          </p>
        ) : null}
        <ReasonField value={reason} onChange={setReason} />
        <SubmitActions variant="danger" disabled={run.isPending || !p || p.orders === 0}>
          {run.isPending ? t('consoleSales.refunding') : t('consoleSales.eventRefunds.refundEveryBuyer')}
        </SubmitActions>
        <ErrorLine error={error} />
      </form>
      {report ? (
        <section aria-labelledby="event-refund-report" className="console-form">
          <h2 id="event-refund-report">{t('consoleSales.eventRefunds.result')}</h2>
          <p role="status">
            {t('consoleSales.eventRefunds.report', {
              refunded: report.refunded,
              totals: totalsText(report.totals),
              skipped: report.skipped,
              failed: report.failed.length,
            })}
          </p>
          {report.failed.length > 0 ? (
            <ul>
              {report.failed.map((f) => (
                <li key={f.order_id}>
                  {t('consoleSales.eventRefunds.failedOrder', { id: f.order_id, message: f.message })}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
    </>
  )
}
