import type { Revenue } from '@fieldhouse/contract'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { useApiClient } from '../../../lib/api/api-context'
import { errorText } from '../../../lib/api/error-text'
import { adminQueriesRoot } from '../api/admin-api'
import { formatMoney } from './sales-format'

type Sums = { gross: number; refunds: number; net: number; orders: number }

/**
 * Gross and refunds per day as bars (an SVG of its own: no chart library to load). The numbers are in
 * the table beside it, so the picture is decoration for a screen reader, described by its title.
 */
function RevenuePlot({ days, currency }: { days: Revenue['days']; currency: string }) {
  const width = 640
  const height = 180
  const pad = 4
  const max = Math.max(1, ...days.map((d) => Math.max(d.gross, d.refunds)))
  const slot = (width - pad * 2) / Math.max(1, days.length)
  const bar = Math.max(1, slot / 2 - 1)
  const y = (v: number) => height - pad - (v / max) * (height - pad * 2)
  const titleId = useId()
  return (
    <figure className="console-revenue-plot">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={titleId} preserveAspectRatio="none">
        <title id={titleId}>
          Gross and refunds per day, highest day {formatMoney(max, currency)}; the table below has every number.
        </title>
        <line x1={pad} x2={width - pad} y1={height - pad} y2={height - pad} className="console-revenue-plot__axis" />
        {days.map((d, i) => (
          <g key={d.day}>
            <rect
              x={pad + i * slot}
              y={y(d.gross)}
              width={bar}
              height={height - pad - y(d.gross)}
              className="console-revenue-plot__gross"
            />
            <rect
              x={pad + i * slot + bar + 1}
              y={y(d.refunds)}
              width={bar}
              height={height - pad - y(d.refunds)}
              className="console-revenue-plot__refunds"
            />
          </g>
        ))}
      </svg>
      <figcaption>
        <span className="console-revenue-plot__key console-revenue-plot__key--gross" /> Gross{' '}
        <span className="console-revenue-plot__key console-revenue-plot__key--refunds" /> Refunds
      </figcaption>
    </figure>
  )
}

function SumsTable({
  caption,
  first,
  rows,
  currency,
}: {
  caption: string
  first: string
  rows: (Sums & { label: string; key: string; href?: string })[]
  currency: string
}) {
  const money = (n: number) => formatMoney(n, currency)
  return (
    <div className="console-table-wrap">
      <table className="console-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            <th scope="col">Gross</th>
            <th scope="col">Refunds</th>
            <th scope="col">Net</th>
            <th scope="col">Orders</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={5}>No sales in these days.</td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.href ? <Link to={r.href}>{r.label}</Link> : r.label}</th>
                <td>{money(r.gross)}</td>
                <td>{money(r.refunds)}</td>
                <td>{money(r.net)}</td>
                <td>{r.orders}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}

/** Revenue (decision 0036): gross, refunds, net and orders per day, pass and event, in the channel's time zone. */
export default function RevenuePage() {
  const api = useApiClient()
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const ids = { from: useId(), to: useId() }
  const revenue = useQuery({
    queryKey: [...adminQueriesRoot, 'revenue', from, to],
    queryFn: async ({ signal }) =>
      (await api.get<Revenue>('admin/revenue', { query: { ...(from ? { from } : {}), ...(to ? { to } : {}) }, signal }))
        .data as Revenue,
    placeholderData: keepPreviousData,
  })
  const r = revenue.data
  return (
    <>
      <h1>Revenue</h1>
      <p className="console-lead">
        Money taken (purchases and renewals), refunds and what is left, by the days of the channel’s time zone
        {r ? ` (${r.time_zone})` : ''}.
      </p>
      <div className="console-list__filters">
        <div className="field">
          <label className="field__label" htmlFor={ids.from}>
            From
          </label>
          <input
            id={ids.from}
            type="date"
            className="field__input"
            value={from || r?.from || ''}
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
            value={to || r?.to || ''}
            onChange={(e) => setTo(e.target.value)}
          />
        </div>
      </div>
      {revenue.isError ? (
        <p role="alert" className="console-error">
          {errorText(revenue.error) ?? 'The revenue could not be read.'}
        </p>
      ) : null}
      {r ? (
        <>
          <dl className="console-changes console-revenue-totals">
            <div>
              <dt>Gross</dt>
              <dd>{formatMoney(r.totals.gross, r.currency)}</dd>
            </div>
            <div>
              <dt>Refunds</dt>
              <dd>{formatMoney(r.totals.refunds, r.currency)}</dd>
            </div>
            <div>
              <dt>Net</dt>
              <dd>{formatMoney(r.totals.net, r.currency)}</dd>
            </div>
            <div>
              <dt>Orders</dt>
              <dd>{r.totals.orders}</dd>
            </div>
          </dl>
          <RevenuePlot days={r.days} currency={r.currency} />
          <SumsTable
            caption="Per day"
            first="Day"
            currency={r.currency}
            rows={r.days.filter((d) => d.gross > 0 || d.refunds > 0).map((d) => ({ ...d, label: d.day, key: d.day }))}
          />
          <SumsTable
            caption="Per pass"
            first="Pass"
            currency={r.currency}
            rows={r.passes.map((p) => ({
              ...p,
              label: p.name,
              key: String(p.pass_id),
              href: `/admin/passes/${p.pass_id}`,
            }))}
          />
          <SumsTable
            caption="Per event"
            first="Event"
            currency={r.currency}
            rows={r.events.map((e) => ({
              ...e,
              label: e.name,
              key: String(e.event_id),
              href: `/admin/events/${e.event_id}`,
            }))}
          />
        </>
      ) : revenue.isPending ? (
        <p role="status">Loading…</p>
      ) : null}
    </>
  )
}
