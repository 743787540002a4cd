import type { AnalyticsRetention, ChannelReport, StreamReport } from '@fieldhouse/contract'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { useApiClient } from '../../../lib/api/api-context'
import { ApiRequestError } from '../../../lib/api/api-error'
import { errorText } from '../../../lib/api/error-text'
import { allowed } from '../access'
import { adminQueriesRoot, type Row, useAdminOptions } from '../api/admin-api'
import { useChannelZone } from '../channel-time'
import { zonedToIso } from '../fields'
import { useOperator } from '../operator-context'
import {
  countText,
  durationText,
  funnelSteps,
  LIVE_REFRESH_MS,
  minutesCsv,
  minuteText,
  percentText,
  plotMinutes,
  type RangeChoice,
  rangeChoices,
  rangeQuery,
} from './analytics-format'
import { MinutePlot } from './minute-plot'

const root = [...adminQueriesRoot, 'analytics'] as const
const VIEWERS_COLOR = '#1f5fbf'
const MINUTES_COLOR = '#b35c00'

const isLive = (row: Row | undefined) => row?.stream_status === 'live'

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  )
}

/**
 * A table's box, scrolled sideways on a narrow screen: focusable, so a keyboard can scroll it, and
 * named as its table.
 */
function ScrollBox({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard (WCAG 2.1.1).
    <section className="console-table-wrap" tabIndex={0} aria-label={label}>
      {children}
    </section>
  )
}

function CountsTable({ caption, first, rows }: { caption: string; first: string; rows: StreamReport['countries'] }) {
  return (
    <ScrollBox label={caption}>
      <table className="console-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            <th scope="col">Viewers</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={2}>No viewers in this range.</td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.name}>
                <th scope="row">{r.name === 'unknown' ? 'Not known' : r.name}</th>
                <td>{r.viewers}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </ScrollBox>
  )
}

/** Viewers and viewing minutes per minute: the plot, its table and the CSV of the same rows. */
function ViewingPlot({ report, timeZone, name }: { report: StreamReport; timeZone: string; name: string }) {
  const minutes = useMemo(() => plotMinutes(report, Date.now()), [report])
  const times = useMemo(() => minutes.map((m) => m.minute), [minutes])
  const series = useMemo(
    () => [
      { label: 'Viewers', values: minutes.map((m) => m.viewers), color: VIEWERS_COLOR },
      { label: 'Viewing minutes', values: minutes.map((m) => m.viewing_minutes), color: MINUTES_COLOR, right: true },
    ],
    [minutes],
  )
  const peak = minutes.reduce((best, m) => (m.viewers > (best?.viewers ?? -1) ? m : best), minutes[0])
  const summary = peak
    ? `Most viewers: ${peak.viewers} at ${minuteText(peak.minute, timeZone)}; ${report.viewers_now} watching now.`
    : 'No viewing in this range.'
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
      title={`Concurrent viewers per minute, ${name}`}
      summary={summary}
      times={times}
      series={series}
      timeZone={timeZone}
      table={
        <>
          <details className="console-analytics-details">
            <summary>Every minute as a table ({rows.length})</summary>
            <ScrollBox label="Viewers and viewing minutes per minute">
              <table className="console-table">
                <caption>Viewers and viewing minutes per minute ({timeZone})</caption>
                <thead>
                  <tr>
                    <th scope="col">Minute</th>
                    <th scope="col">Viewers</th>
                    <th scope="col">Viewing minutes</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.length === 0 ? (
                    <tr>
                      <td colSpan={3}>No viewing in this range.</td>
                    </tr>
                  ) : (
                    rows.map((m) => (
                      <tr key={m.minute}>
                        <th scope="row">{minuteText(m.minute, timeZone)}</th>
                        <td>{m.viewers}</td>
                        <td>{countText(m.viewing_minutes)}</td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            </ScrollBox>
          </details>
          <Button variant="secondary" onClick={download} disabled={report.minutes.length === 0}>
            Download CSV
          </Button>
        </>
      }
    />
  )
}

function Retention() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const me = useOperator()
  const canUpdate = allowed(me, 'update', 'analytics')
  const id = useId()
  const retention = useQuery({
    queryKey: [...root, 'retention'],
    queryFn: async ({ signal }) =>
      (await api.get<AnalyticsRetention>('admin/analytics/retention', { signal })).data as AnalyticsRetention,
  })
  const [days, setDays] = useState('')
  const [saved, setSaved] = useState<string | null>(null)
  const save = useMutation({
    mutationFn: async (value: string) =>
      (await api.request<AnalyticsRetention>('PATCH', 'admin/analytics/retention', { body: { days: value } }))
        .data as AnalyticsRetention,
    onSuccess: (data) => {
      queryClient.setQueryData([...root, 'retention'], data)
      setDays('')
      setSaved(`Saved: records are kept ${data.days} days.`)
    },
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setSaved(null)
    save.mutate(days || String(retention.data?.days ?? ''))
  }
  const fieldError =
    save.error instanceof ApiRequestError ? (save.error.fieldErrors.days?.[0] ?? errorText(save.error)) : null
  const current = retention.data?.days
  return (
    <section aria-labelledby={`${id}-head`} className="console-card console-analytics-section">
      <h2 id={`${id}-head`}>Retention</h2>
      {canUpdate ? (
        <form className="console-form" onSubmit={submit}>
          <div className="field">
            <label className="field__label" htmlFor={id}>
              Days the records are kept
            </label>
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
              Older records are deleted every hour (1 to 3650 days).
            </p>
          </div>
          <div className="console-form__actions">
            <Button type="submit" disabled={save.isPending || current === undefined}>
              {save.isPending ? 'Saving…' : 'Save'}
            </Button>
          </div>
          {fieldError ? (
            <p id={`${id}-error`} role="alert" className="console-error">
              Days: {fieldError}
            </p>
          ) : null}
          {saved ? (
            <p role="status" className="console-note">
              {saved}
            </p>
          ) : null}
        </form>
      ) : (
        <p>{current === undefined ? 'Loading…' : `Records are kept ${current} days, then deleted.`}</p>
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
  const api = useApiClient()
  const events = useAdminOptions('events')
  const timeZone = useChannelZone()
  const [subject, setSubject] = useState<string | null>(null)
  const [choice, setChoice] = useState<RangeChoice>('live')
  const [dates, setDates] = useState({ from: '', to: '' })
  const ids = { subject: useId(), range: useId(), from: useId(), to: useId(), channel: useId(), viewing: useId() }

  // A live game is the first thing shown; else all of the channel's viewing.
  const eventRows = events.data ?? []
  const firstLive = eventRows.find(isLive)
  const selected = subject ?? (events.isPending ? null : firstLive ? String(firstLive.id) : '')
  const event = selected ? eventRows.find((r) => String(r.id) === selected) : undefined
  const live = choice === 'live' && (selected === '' ? eventRows.some(isLive) : isLive(event))

  const msOf = (local: string) => {
    const iso = local ? zonedToIso(local, timeZone) : null
    return iso ? Date.parse(iso) : null
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fixed range is taken at the moment it is chosen.
  const range = useMemo(
    () => rangeQuery(choice, Date.now(), { from: msOf(dates.from), to: msOf(dates.to) }),
    [choice, dates, timeZone],
  )
  const query = { ...range, ...(selected ? { type: 'event', id: selected } : {}) }
  const stream = useQuery({
    queryKey: [...root, 'stream', query],
    enabled: selected !== null && range !== null,
    queryFn: async ({ signal }) =>
      (await api.get<StreamReport>('admin/analytics/streams', { query, signal })).data as StreamReport,
    placeholderData: keepPreviousData,
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  })
  const report = useQuery({
    queryKey: [...root, 'channel', range],
    enabled: range !== null,
    queryFn: async ({ signal }) =>
      (await api.get<ChannelReport>('admin/analytics/channel', { query: range ?? {}, signal })).data as ChannelReport,
    placeholderData: keepPreviousData,
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  })
  const hasVod = report.data?.top_streams.some((t) => t.stream_type === 'vod') ?? false
  const vod = useAdminOptions(hasVod ? 'vod-media-items' : null)
  const nameOf = (type: string, id: number) =>
    String(
      (type === 'vod' ? vod.data : eventRows)?.find((r) => r.id === id)?.name ??
        `${type === 'vod' ? 'VOD item' : 'Event'} #${id}`,
    )
  const [asked, setAsked] = useState<number | null>(null)
  useEffect(() => {
    if (stream.dataUpdatedAt) setAsked(stream.dataUpdatedAt)
  }, [stream.dataUpdatedAt])

  const s = stream.data
  const c = report.data
  const name = event ? String(event.name ?? event.id) : 'all viewing'
  const error = stream.error ?? report.error

  return (
    <>
      <h1>Analytics</h1>
      <p className="console-lead">
        Who watched, for how long and how well it played, from the channel’s own records. Times are in {timeZone}.
      </p>
      <div className="console-list__filters">
        <div className="field">
          <label className="field__label" htmlFor={ids.subject}>
            Event
          </label>
          <select
            id={ids.subject}
            className="field__input"
            value={selected ?? ''}
            onChange={(e) => setSubject(e.target.value)}
          >
            <option value="">All viewing (events and VOD)</option>
            {eventRows.map((row) => (
              <option key={row.id} value={String(row.id)}>
                {String(row.name ?? row.id)}
                {isLive(row) ? ' (live)' : ''}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.range}>
            Range
          </label>
          <select
            id={ids.range}
            className="field__input"
            value={choice}
            onChange={(e) => setChoice(e.target.value as RangeChoice)}
          >
            {rangeChoices.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
        {choice === 'dates' ? (
          <>
            <div className="field">
              <label className="field__label" htmlFor={ids.from}>
                From
              </label>
              <input
                id={ids.from}
                type="datetime-local"
                className="field__input"
                value={dates.from}
                onChange={(e) => setDates({ ...dates, from: e.target.value })}
              />
            </div>
            <div className="field">
              <label className="field__label" htmlFor={ids.to}>
                To
              </label>
              <input
                id={ids.to}
                type="datetime-local"
                className="field__input"
                value={dates.to}
                onChange={(e) => setDates({ ...dates, to: e.target.value })}
              />
            </div>
          </>
        ) : null}
      </div>
      {choice === 'dates' && range === null ? (
        <p className="console-note">Choose a start and an end after it, at most 31 days apart.</p>
      ) : null}
      {live ? (
        <p className="console-note" data-testid="analytics-live">
          <span className="console-live-badge is-live">Live</span> Refreshed every 15 seconds
          {asked ? `; last at ${minuteText(asked, timeZone).slice(11)}` : ''}.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="console-error">
          {errorText(error) ?? 'The analytics could not be read.'}
        </p>
      ) : null}

      <section aria-labelledby={ids.viewing} className="console-analytics-section">
        <h2 id={ids.viewing}>Viewing: {name}</h2>
        {s ? (
          <>
            <dl className="console-analytics-stats">
              <Stat label="Viewers now" value={String(s.viewers_now)} testId="analytics-viewers-now" />
              <Stat label="Unique viewers" value={String(s.unique_viewers)} testId="analytics-unique-viewers" />
              <Stat label="Viewing minutes" value={countText(s.viewing_minutes)} testId="analytics-viewing-minutes" />
              <Stat label="Views" value={String(s.views)} />
              <Stat label="Startup time, median" value={durationText(s.startup_ms.p50)} />
              <Stat label="Startup time, 95th percentile" value={durationText(s.startup_ms.p95)} />
              <Stat label="Rebuffering" value={percentText(s.rebuffer_percent)} />
              <Stat label="Playback failures" value={percentText(s.failure_percent)} />
            </dl>
            <ViewingPlot report={s} timeZone={timeZone} name={name} />
            <div className="console-analytics-pair">
              <CountsTable caption="Viewers by country" first="Country" rows={s.countries} />
              <CountsTable caption="Viewers by device" first="Device" rows={s.devices} />
            </div>
          </>
        ) : stream.isPending && range !== null ? (
          <p role="status">Loading…</p>
        ) : null}
      </section>

      <section aria-labelledby={ids.channel} className="console-analytics-section">
        <h2 id={ids.channel}>The channel</h2>
        {c ? (
          <>
            <dl className="console-analytics-stats">
              <Stat label="Page visits" value={String(c.visits)} testId="analytics-visits" />
              <Stat label="Sessions" value={String(c.sessions)} />
            </dl>
            <div className="console-analytics-stack">
              <ScrollBox label="The funnel">
                <table className="console-table">
                  <caption>The funnel: sessions at each step</caption>
                  <thead>
                    <tr>
                      <th scope="col">Step</th>
                      <th scope="col">Sessions</th>
                      <th scope="col">Of the step before</th>
                      <th scope="col">Of the visits</th>
                    </tr>
                  </thead>
                  <tbody>
                    {funnelSteps(c.funnel).map((step) => (
                      <tr key={step.key}>
                        <th scope="row">{step.label}</th>
                        <td>{step.sessions}</td>
                        <td>{percentText(step.ofPrevious)}</td>
                        <td>{percentText(step.ofFirst)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollBox>
              <ScrollBox label="Most watched">
                <table className="console-table">
                  <caption>Most watched</caption>
                  <thead>
                    <tr>
                      <th scope="col">Event or video</th>
                      <th scope="col">Viewers</th>
                      <th scope="col">Viewing minutes</th>
                    </tr>
                  </thead>
                  <tbody>
                    {c.top_streams.length === 0 ? (
                      <tr>
                        <td colSpan={3}>Nothing watched in this range.</td>
                      </tr>
                    ) : (
                      c.top_streams.map((t) => (
                        <tr key={`${t.stream_type}:${t.stream_id}`}>
                          <th scope="row">
                            {nameOf(t.stream_type, t.stream_id)}
                            {t.stream_type === 'vod' ? '' : ` (${t.stream_type})`}
                          </th>
                          <td>{t.viewers}</td>
                          <td>{countText(t.viewing_minutes)}</td>
                        </tr>
                      ))
                    )}
                  </tbody>
                </table>
              </ScrollBox>
            </div>
          </>
        ) : report.isPending && range !== null ? (
          <p role="status">Loading…</p>
        ) : null}
      </section>
      <Retention />
    </>
  )
}
