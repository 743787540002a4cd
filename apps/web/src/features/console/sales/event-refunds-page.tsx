import type { EventRefundPreview, EventRefundReport } from '@fieldhouse/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { useApiClient } from '../../../lib/api/api-context'
import { errorText } from '../../../lib/api/error-text'
import { adminQueriesRoot, useAdminOptions } from '../api/admin-api'
import { formatMoney, newActionKey } from './sales-format'

const totalsText = (totals: { currency: string; amount: number }[]) =>
  totals.length === 0 ? 'nothing' : totals.map((t) => formatMoney(t.amount, t.currency)).join(' + ')

/**
 * A cancelled event (decision 0036): how many of its buyers would get their money back and how much,
 * then every one refunded in one action, with a report. Running it again refunds nobody twice.
 */
export default function EventRefundsPage() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const events = useAdminOptions('events')
  const [eventId, setEventId] = useState('')
  const [reason, setReason] = useState('')
  const [key, setKey] = useState(newActionKey)
  const [report, setReport] = useState<EventRefundReport | null>(null)
  const [error, setError] = useState<string | null>(null)
  const ids = { event: useId(), reason: useId(), head: useId() }

  const preview = useQuery({
    queryKey: [...adminQueriesRoot, 'refunds', 'event', eventId],
    enabled: eventId !== '',
    queryFn: async ({ signal }) =>
      (await api.get<EventRefundPreview>(`admin/events/${eventId}/refunds`, { signal })).data as EventRefundPreview,
  })
  const run = useMutation({
    mutationFn: async () =>
      (await api.post<EventRefundReport>(`admin/events/${eventId}/refunds`, { reason, idempotency_key: key }))
        .data as EventRefundReport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...adminQueriesRoot] }),
  })

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setError(null)
    setReport(null)
    run.mutate(undefined, {
      onSuccess: (r) => {
        setReport(r)
        setKey(newActionKey())
      },
      onError: (err) => setError(errorText(err) ?? 'The refunds were not made.'),
    })
  }

  return (
    <>
      <h1>Refund an event</h1>
      <p className="console-lead">
        When a game is cancelled or its stream fails, give every buyer of it their money back in one go. Their passes
        for it close at once.
      </p>
      <form className="console-form" onSubmit={submit} aria-labelledby={ids.head}>
        <h2 id={ids.head}>Cancelled event</h2>
        <div className="field">
          <label className="field__label" htmlFor={ids.event}>
            Event
          </label>
          <select
            id={ids.event}
            className="field__input"
            value={eventId}
            required
            onChange={(e) => {
              setEventId(e.target.value)
              setReport(null)
            }}
          >
            <option value="">Choose an event</option>
            {(events.data ?? []).map((row) => (
              <option key={row.id} value={String(row.id)}>
                {String(row.name ?? row.id)}
              </option>
            ))}
          </select>
        </div>
        {preview.data ? (
          <p role="status" className="console-note">
            {preview.data.orders === 0
              ? 'Nobody is left to refund for this event.'
              : `${preview.data.orders} ${preview.data.orders === 1 ? 'order' : 'orders'} would be refunded: ${totalsText(preview.data.totals)}.`}
          </p>
        ) : null}
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
          <Button type="submit" variant="danger" disabled={run.isPending || !preview.data || preview.data.orders === 0}>
            {run.isPending ? 'Refunding…' : 'Refund every buyer'}
          </Button>
        </div>
        {error ? (
          <p role="alert" className="console-error">
            {error}
          </p>
        ) : null}
      </form>
      {report ? (
        <section aria-labelledby={`${ids.head}-report`} className="console-form">
          <h2 id={`${ids.head}-report`}>Result</h2>
          <p role="status">
            {report.refunded} refunded ({totalsText(report.totals)}), {report.skipped} already refunded or
            complimentary, {report.failed.length} refused.
          </p>
          {report.failed.length > 0 ? (
            <ul>
              {report.failed.map((f) => (
                <li key={f.order_id}>
                  Order #{f.order_id}: {f.message}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
    </>
  )
}
