import { fromLocalInput, minuteText, type StreamReport } from '@fieldhouse/contract'
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { ApiRequestError } from '../../../lib/api/api-error'
import { errorText } from '../../../lib/api/error-text'
import type { consoleEn } from '../../../lib/i18n/resources/console.en'
import { allowed } from '../access'
import { type Row, useAdminOptions } from '../api/admin-api'
import { useChannelReport, useRetention, useSaveRetention, useStreamReport } from '../api/use-analytics'
import { useChannelZone } from '../channel-time'
import { ScrollTable } from '../components/data-table'
import { Fact } from '../components/fact'
import { LabelledField } from '../components/labelled-field'
import { PageHead } from '../components/page-head'
import { SubmitActions } from '../components/submit-actions'
import { useOperator } from '../operator-context'
import { DateField, SelectField } from '../sales/sales-fields'
import { useConsoleText } from '../words'
import {
  countText,
  durationText,
  funnelSteps,
  LIVE_REFRESH_MS,
  minutesCsv,
  percentText,
  plotMinutes,
  type RangeChoice,
  rangeChoices,
  rangeQuery,
} from './analytics-format'
import { MinutePlot } from './minute-plot'

const VIEWERS_COLOR = '#1f5fbf'
const MINUTES_COLOR = '#b35c00'

const isLive = (row: Row | undefined) => row?.stream_status === 'live'

/** Figures of a report: each its label, its value and (for the journeys) its test id. */
function Stats({ stats }: { stats: readonly (readonly [label: string, value: string, testId?: string])[] }) {
  return (
    <dl className="console-analytics-stats">
      {stats.map(([label, value, testId]) => (
        <Fact key={label} term={label} testId={testId}>
          {value}
        </Fact>
      ))}
    </dl>
  )
}

/** A row of viewers and viewing minutes: a minute's, or a stream's. */
function ViewingRow({ head, viewers, minutes }: { head: ReactNode; viewers: number; minutes: number }) {
  return (
    <tr>
      <th scope="row">{head}</th>
      <td>{viewers}</td>
      <td>{countText(minutes)}</td>
    </tr>
  )
}

/** A section of the report: its heading, then its figures once read (or that they are being read). */
function ReportSection({ title, loading, children }: { title: string; loading: boolean; children: ReactNode }) {
  const t = useConsoleText()
  const id = useId()
  return (
    <section aria-labelledby={id} className="console-analytics-section">
      <h2 id={id}>{title}</h2>
      {children ?? (loading ? <p role="status">{t('common.loading')}</p> : null)}
    </section>
  )
}

function CountsTable({ caption, first, rows }: { caption: string; first: string; rows: StreamReport['countries'] }) {
  const t = useConsoleText()
  return (
    <ScrollTable
      caption={caption}
      headers={[first, t('analytics.viewers')]}
      empty={rows.length === 0 && t('analytics.noViewers')}
    >
      {rows.map((r) => (
        <tr key={r.name}>
          <th scope="row">{r.name === 'unknown' ? t('analytics.notKnown') : r.name}</th>
          <td>{r.viewers}</td>
        </tr>
      ))}
    </ScrollTable>
  )
}

/** Viewers and viewing minutes per minute: the plot, its table and the CSV of the same rows. */
function ViewingPlot({ report, timeZone, name }: { report: StreamReport; timeZone: string; name: string }) {
  const t = useConsoleText()
  const minutes = useMemo(() => plotMinutes(report, Date.now()), [report])
  const times = useMemo(() => minutes.map((m) => m.minute), [minutes])
  const series = useMemo(
    () => [
      { label: t('analytics.viewers'), values: minutes.map((m) => m.viewers), color: VIEWERS_COLOR },
      {
        label: t('analytics.viewingMinutes'),
        values: minutes.map((m) => m.viewing_minutes),
        color: MINUTES_COLOR,
        right: true,
      },
    ],
    [minutes, t],
  )
  const peak = minutes.reduce((best, m) => (m.viewers > (best?.viewers ?? -1) ? m : best), minutes[0])
  const summary = peak
    ? t('analytics.mostViewers', {
        viewers: peak.viewers,
        time: minuteText(peak.minute, timeZone),
        now: report.viewers_now,
      })
    : t('analytics.noViewing')
  const download = () => {
    const url = URL.createObjectURL(new Blob([minutesCsv(report.minutes, timeZone)], { type: 'text/csv' }))
    const a = document.createElement('a')
    a.href = url
    a.download = `viewers-${name.replace(/[^\w-]+/g, '-').toLowerCase()}.csv`
    a.click()
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  }
  const rows = report.minutes.filter((m) => m.viewers > 0)
  return (
    <MinutePlot
      title={t('analytics.plotTitle', { name })}
      summary={summary}
      times={times}
      series={series}
      timeZone={timeZone}
      table={
        <>
          <details className="console-analytics-details">
            <summary>{t('analytics.everyMinute', { count: rows.length })}</summary>
            <ScrollTable
              label={t('analytics.perMinute')}
              caption={t('analytics.perMinuteIn', { zone: timeZone })}
              headers={[t('analytics.minute'), t('analytics.viewers'), t('analytics.viewingMinutes')]}
              empty={rows.length === 0 && t('analytics.noViewing')}
            >
              {rows.map((m) => (
                <ViewingRow
                  key={m.minute}
                  head={minuteText(m.minute, timeZone)}
                  viewers={m.viewers}
                  minutes={m.viewing_minutes}
                />
              ))}
            </ScrollTable>
          </details>
          <Button variant="secondary" onClick={download} disabled={report.minutes.length === 0}>
            {t('analytics.downloadCsv')}
          </Button>
        </>
      }
    />
  )
}

function Retention() {
  const t = useConsoleText()
  const me = useOperator()
  const canUpdate = allowed(me, 'update', 'analytics')
  const id = useId()
  const retention = useRetention()
  const [days, setDays] = useState('')
  const [saved, setSaved] = useState<string | null>(null)
  const save = useSaveRetention()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setSaved(null)
    save.mutate(days || String(retention.data?.days ?? ''), {
      onSuccess: (data) => {
        setDays('')
        setSaved(t('analytics.savedDays', { days: data.days }))
      },
    })
  }
  const fieldError =
    save.error instanceof ApiRequestError ? (save.error.fieldErrors.days?.[0] ?? errorText(save.error)) : null
  const current = retention.data?.days
  return (
    <section aria-labelledby={`${id}-head`} className="console-card console-analytics-section">
      <h2 id={`${id}-head`}>{t('analytics.retention')}</h2>
      {canUpdate ? (
        <form className="console-form" onSubmit={submit}>
          <LabelledField id={id} label={t('analytics.days')}>
            <input
              id={id}
              className="field__input"
              type="number"
              inputMode="numeric"
              min={1}
              max={3650}
              required
              value={days || (current === undefined ? '' : String(current))}
              onChange={(e) => setDays(e.target.value)}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${id}-error` : `${id}-hint`}
            />
            <p id={`${id}-hint`} className="field__hint">
              {t('analytics.daysHint')}
            </p>
          </LabelledField>
          <SubmitActions disabled={save.isPending || current === undefined}>
            {save.isPending ? t('common.saving') : t('common.save')}
          </SubmitActions>
          {fieldError ? (
            <p id={`${id}-error`} role="alert" className="console-error">
              {t('analytics.daysError', { error: fieldError })}
            </p>
          ) : null}
          {saved ? (
            <p role="status" className="console-note">
              {saved}
            </p>
          ) : null}
        </form>
      ) : (
        <p>{current === undefined ? t('common.loading') : t('analytics.keptDays', { days: current })}</p>
      )}
    </section>
  )
}

/**
 * Analytics (decision 0039, the reports of decision 0033): per event (or all the channel's viewing)
 * viewers now and per minute, viewing minutes, unique viewers, startup, rebuffering and failures;
 * per channel visits, sessions, the funnel and the most watched; the retention. While a live game is
 * shown it asks again every 15 s.
 */
export default function AnalyticsPage() {
  const t = useConsoleText()
  const events = useAdminOptions('events')
  const timeZone = useChannelZone()
  const [subject, setSubject] = useState<string | null>(null)
  const [choice, setChoice] = useState<RangeChoice>('live')
  const [dates, setDates] = useState({ from: '', to: '' })

  // A live game is the first thing shown; else all of the channel's viewing.
  const eventRows = events.data ?? []
  const firstLive = eventRows.find(isLive)
  const selected = subject ?? (events.isPending ? null : firstLive ? String(firstLive.id) : '')
  const event = selected ? eventRows.find((r) => String(r.id) === selected) : undefined
  const live = choice === 'live' && (selected === '' ? eventRows.some(isLive) : isLive(event))

  const msOf = (local: string) => fromLocalInput(local, timeZone)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fixed range is taken at the moment it is chosen.
  const range = useMemo(
    () => rangeQuery(choice, Date.now(), { from: msOf(dates.from), to: msOf(dates.to) }),
    [choice, dates, timeZone],
  )
  const query = { ...range, ...(selected ? { type: 'event', id: selected } : {}) }
  const refresh = live ? LIVE_REFRESH_MS : false
  const stream = useStreamReport(query, { enabled: selected !== null && range !== null, refetchInterval: refresh })
  const report = useChannelReport(range, refresh)
  const hasVod = report.data?.top_streams.some((top) => top.stream_type === 'vod') ?? false
  const vod = useAdminOptions(hasVod ? 'vod-media-items' : null)
  const nameOf = (type: string, id: number) =>
    String(
      (type === 'vod' ? vod.data : eventRows)?.find((r) => r.id === id)?.name ??
        t('analytics.numbered', { what: t(type === 'vod' ? 'analytics.vodItem' : 'analytics.event'), id }),
    )
  const [asked, setAsked] = useState<number | null>(null)
  useEffect(() => {
    if (stream.dataUpdatedAt) setAsked(stream.dataUpdatedAt)
  }, [stream.dataUpdatedAt])

  const s = stream.data
  const c = report.data
  const name = event ? String(event.name ?? event.id) : t('analytics.allViewingName')
  const error = stream.error ?? report.error

  return (
    <>
      <PageHead title={t('analytics.title')} lead={t('analytics.lead', { zone: timeZone })} />
      <div className="console-list__filters">
        <SelectField
          label={t('analytics.event')}
          value={selected ?? ''}
          onChange={setSubject}
          options={[
            { value: '', label: t('analytics.allViewing') },
            ...eventRows.map((row) => ({
              value: String(row.id),
              label: `${String(row.name ?? row.id)}${isLive(row) ? t('analytics.liveSuffix') : ''}`,
            })),
          ]}
        />
        <SelectField
          label={t('analytics.range')}
          value={choice}
          onChange={(value) => setChoice(value as RangeChoice)}
          options={rangeChoices.map((r) => ({ value: r.value, label: t(`analytics.ranges.${r.value}`) }))}
        />
        {choice === 'dates'
          ? (['from', 'to'] as const).map((end) => (
              <DateField
                key={end}
                type="datetime-local"
                label={t(`analytics.${end}`)}
                value={dates[end]}
                onChange={(value) => setDates({ ...dates, [end]: value })}
              />
            ))
          : null}
      </div>
      {choice === 'dates' && range === null ? <p className="console-note">{t('analytics.badDates')}</p> : null}
      {live ? (
        <p className="console-note" data-testid="analytics-live">
          <span className="console-live-badge is-live">{t('analytics.live')}</span> {t('analytics.refreshed')}
          {asked ? t('analytics.lastAt', { time: minuteText(asked, timeZone).slice(11) }) : ''}.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="console-error">
          {errorText(error) ?? t('analytics.couldNotRead')}
        </p>
      ) : null}

      <ReportSection title={t('analytics.viewing', { name })} loading={stream.isPending && range !== null}>
        {s ? (
          <>
            <Stats
              stats={[
                [t('analytics.viewersNow'), String(s.viewers_now), 'analytics-viewers-now'],
                [t('analytics.uniqueViewers'), String(s.unique_viewers), 'analytics-unique-viewers'],
                [t('analytics.viewingMinutes'), countText(s.viewing_minutes), 'analytics-viewing-minutes'],
                [t('analytics.views'), String(s.views)],
                [t('analytics.startupMedian'), durationText(s.startup_ms.p50)],
                [t('analytics.startup95'), durationText(s.startup_ms.p95)],
                [t('analytics.rebuffering'), percentText(s.rebuffer_percent)],
                [t('analytics.failures'), percentText(s.failure_percent)],
              ]}
            />
            <ViewingPlot report={s} timeZone={timeZone} name={name} />
            <div className="console-analytics-pair">
              <CountsTable caption={t('analytics.byCountry')} first={t('analytics.country')} rows={s.countries} />
              <CountsTable caption={t('analytics.byDevice')} first={t('analytics.device')} rows={s.devices} />
            </div>
          </>
        ) : null}
      </ReportSection>

      <ReportSection title={t('analytics.channel')} loading={report.isPending && range !== null}>
        {c ? (
          <>
            <Stats
              stats={[
                [t('analytics.visits'), String(c.visits), 'analytics-visits'],
                [t('analytics.sessions'), String(c.sessions)],
              ]}
            />
            <div className="console-analytics-stack">
              <ScrollTable
                label={t('analytics.funnel')}
                caption={t('analytics.funnelCaption')}
                headers={[
                  t('analytics.step'),
                  t('analytics.sessions'),
                  t('analytics.ofBefore'),
                  t('analytics.ofVisits'),
                ]}
              >
                {funnelSteps(c.funnel).map((step) => (
                  <tr key={step.key}>
                    <th scope="row">{t(`analytics.steps.${step.key as keyof typeof consoleEn.analytics.steps}`)}</th>
                    <td>{step.sessions}</td>
                    <td>{percentText(step.ofPrevious)}</td>
                    <td>{percentText(step.ofFirst)}</td>
                  </tr>
                ))}
              </ScrollTable>
              <ScrollTable
                caption={t('analytics.mostWatched')}
                headers={[t('analytics.eventOrVideo'), t('analytics.viewers'), t('analytics.viewingMinutes')]}
                empty={c.top_streams.length === 0 && t('analytics.nothingWatched')}
              >
                {c.top_streams.map((top) => (
                  <ViewingRow
                    key={`${top.stream_type}:${top.stream_id}`}
                    head={`${nameOf(top.stream_type, top.stream_id)}${top.stream_type === 'vod' ? '' : ` (${top.stream_type})`}`}
                    viewers={top.viewers}
                    minutes={top.viewing_minutes}
                  />
                ))}
              </ScrollTable>
            </div>
          </>
        ) : null}
      </ReportSection>
      <Retention />
    </>
  )
}
