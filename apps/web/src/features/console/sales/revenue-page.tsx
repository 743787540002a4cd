import type { Revenue } from '@fieldhouse/contract'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { errorText } from '../../../lib/api/error-text'
import { TableBox } from '../components/data-table'
import { Fact } from '../components/fact'
import { useRevenue } from './sales-api'
import { DateField, ErrorLine } from './sales-fields'
import { useMoney } from './sales-format'

type Sums = { gross: number; refunds: number; net: number; orders: number }
type SumsRow = Sums & { label: string; href?: string }

/** A pass's or event's sums, named and linked to its editor. */
const linked = <S extends Sums & { name: string }>(rows: S[], resource: string, idOf: (row: S) => number): SumsRow[] =>
  rows.map((row) => ({ ...row, label: row.name, href: `/admin/${resource}/${idOf(row)}` }))
const sumWords = ['gross', 'refunds', 'net', 'revenue.orders'] as const

/**
 * Gross and refunds per day as bars (an SVG of its own: no chart library to load). The numbers are in
 * the table beside it, so the picture is decoration for a screen reader, described by its title.
 */
function RevenuePlot({ days, currency }: { days: Revenue['days']; currency: string }) {
  const { t } = useTranslation()
  const money = useMoney()
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
        <title id={titleId}>{t('consoleSales.revenue.plotTitle', { max: money(max, currency) })}</title>
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
        <span className="console-revenue-plot__key console-revenue-plot__key--gross" /> {t('consoleSales.gross')}{' '}
        <span className="console-revenue-plot__key console-revenue-plot__key--refunds" /> {t('consoleSales.refunds')}
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
  rows: readonly SumsRow[]
  currency: string
}) {
  const { t } = useTranslation()
  const formatMoney = useMoney()
  const money = (n: number) => formatMoney(n, currency)
  return (
    <TableBox
      caption={caption}
      headers={[first, ...sumWords.map((w) => t(`consoleSales.${w}`))]}
      empty={rows.length === 0 && t('consoleSales.revenue.noSales')}
    >
      {rows.map((r) => (
        <tr key={r.href ?? r.label}>
          <th scope="row">{r.href ? <Link to={r.href}>{r.label}</Link> : r.label}</th>
          <td>{money(r.gross)}</td>
          <td>{money(r.refunds)}</td>
          <td>{money(r.net)}</td>
          <td>{r.orders}</td>
        </tr>
      ))}
    </TableBox>
  )
}

/** Revenue (decision 0036): gross, refunds, net and orders per day, pass and event, in the channel's time zone. */
export default function RevenuePage() {
  const { t } = useTranslation()
  const money = useMoney()
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const revenue = useRevenue(from, to)
  const r = revenue.data
  return (
    <>
      <h1>{t('consoleSales.revenue.heading')}</h1>
      <p className="console-lead">
        {r ? t('consoleSales.revenue.leadZone', { zone: r.time_zone }) : t('consoleSales.revenue.lead')}
      </p>
      <div className="console-list__filters">
        <DateField label={t('consoleSales.from')} value={from || r?.from || ''} onChange={setFrom} />
        <DateField label={t('consoleSales.to')} value={to || r?.to || ''} onChange={setTo} />
      </div>
      {revenue.isError ? <ErrorLine error={errorText(revenue.error) ?? t('consoleSales.revenue.unreadable')} /> : null}
      {r ? (
        <>
          <dl className="console-changes console-revenue-totals">
            {(['gross', 'refunds', 'net'] as const).map((w) => (
              <Fact key={w} term={t(`consoleSales.${w}`)}>
                {money(r.totals[w], r.currency)}
              </Fact>
            ))}
            <Fact term={t('consoleSales.revenue.orders')}>{r.totals.orders}</Fact>
          </dl>
          <RevenuePlot days={r.days} currency={r.currency} />
          {(
            [
              [
                'perDay',
                'day',
                r.days.filter((d) => d.gross > 0 || d.refunds > 0).map((d) => ({ ...d, label: d.day })),
              ],
              ['perPass', 'pass', linked(r.passes, 'passes', (p) => p.pass_id)],
              ['perEvent', 'event', linked(r.events, 'events', (e) => e.event_id)],
            ] as const
          ).map(([caption, first, rows]) => (
            <SumsTable
              key={caption}
              caption={t(`consoleSales.revenue.${caption}`)}
              first={t(`consoleSales.revenue.${first}`)}
              currency={r.currency}
              rows={rows}
            />
          ))}
        </>
      ) : revenue.isPending ? (
        <p role="status">{t('consoleSales.loading')}</p>
      ) : null}
    </>
  )
}
