import { fromLocalInput, minuteText, type StreamReport } from '@fieldhouse/contract'
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { ApiRequestError } from '../../../lib/api/api-error'
import { errorText } from '../../../lib/api/error-text'
import type { consoleEn } from '../../../lib/i18n/resources/console.en'
import { allowed } from '../access'
import { type Row, useAdminOptions } from '../api/admin-api'
import { useChannelReport, useRetention, useSaveRetention, useStreamReport } from '../api/use-analytics'
import { useChannelZone } from '../channel-time'
import { useOperator } from '../operator-context'
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
  const t = useConsoleText()
  return (
    <ScrollBox label={caption}>
      <table className="console-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            <th scope="col">{t('analytics.viewers')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={2}>{t('analytics.noViewers')}</td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.name}>
                <th scope="row">{r.name === 'unknown' ? t('analytics.notKnown') : r.name}</th>
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
            <ScrollBox label={t('analytics.perMinute')}>
              <table className="console-table">
                <caption>{t('analytics.perMinuteIn', { zone: timeZone })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('analytics.minute')}</th>
                    <th scope="col">{t('analytics.viewers')}</th>
                    <th scope="col">{t('analytics.viewingMinutes')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.length === 0 ? (
                    <tr>
                      <td colSpan={3}>{t('analytics.noViewing')}</td>
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
          <div className="field">
            <label className="field__label" htmlFor={id}>
              {t('analytics.days')}
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
              {t('analytics.daysHint')}
            </p>
          </div>
          <div className="console-form__actions">
            <Button type="submit" disabled={save.isPending || current === undefined}>
              {save.isPending ? t('common.saving') : t('common.save')}
            </Button>
          </div>
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
  const ids = { subject: useId(), range: useId(), from: useId(), to: useId(), channel: useId(), viewing: useId() }

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
      <h1>{t('analytics.title')}</h1>
      <p className="console-lead">{t('analytics.lead', { zone: timeZone })}</p>
      <div className="console-list__filters">
        <div className="field">
          <label className="field__label" htmlFor={ids.subject}>
            {t('analytics.event')}
          </label>
          <select
            id={ids.subject}
            className="field__input"
            value={selected ?? ''}
            onChange={(e) => setSubject(e.target.value)}
          >
            <option value="">{t('analytics.allViewing')}</option>
            {eventRows.map((row) => (
              <option key={row.id} value={String(row.id)}>
                {String(row.name ?? row.id)}
                {isLive(row) ? t('analytics.liveSuffix') : ''}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.range}>
            {t('analytics.range')}
          </label>
          <select
            id={ids.range}
            className="field__input"
            value={choice}
            onChange={(e) => setChoice(e.target.value as RangeChoice)}
          >
            {rangeChoices.map((r) => (
              <option key={r.value} value={r.value}>
                {t(`analytics.ranges.${r.value}`)}
              </option>
            ))}
          </select>
        </div>
        {choice === 'dates' ? (
          <>
            <div className="field">
              <label className="field__label" htmlFor={ids.from}>
                {t('analytics.from')}
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
                {t('analytics.to')}
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

      <section aria-labelledby={ids.viewing} className="console-analytics-section">
        <h2 id={ids.viewing}>{t('analytics.viewing', { name })}</h2>
        {s ? (
          <>
            <dl className="console-analytics-stats">
              <Stat label={t('analytics.viewersNow')} value={String(s.viewers_now)} testId="analytics-viewers-now" />
              <Stat
                label={t('analytics.uniqueViewers')}
                value={String(s.unique_viewers)}
                testId="analytics-unique-viewers"
              />
              <Stat
                label={t('analytics.viewingMinutes')}
                value={countText(s.viewing_minutes)}
                testId="analytics-viewing-minutes"
              />
              <Stat label={t('analytics.views')} value={String(s.views)} />
              <Stat label={t('analytics.startupMedian')} value={durationText(s.startup_ms.p50)} />
              <Stat label={t('analytics.startup95')} value={durationText(s.startup_ms.p95)} />
              <Stat label={t('analytics.rebuffering')} value={percentText(s.rebuffer_percent)} />
              <Stat label={t('analytics.failures')} value={percentText(s.failure_percent)} />
            </dl>
            <ViewingPlot report={s} timeZone={timeZone} name={name} />
            <div className="console-analytics-pair">
              <CountsTable caption={t('analytics.byCountry')} first={t('analytics.country')} rows={s.countries} />
              <CountsTable caption={t('analytics.byDevice')} first={t('analytics.device')} rows={s.devices} />
            </div>
          </>
        ) : stream.isPending && range !== null ? (
          <p role="status">{t('common.loading')}</p>
        ) : null}
      </section>

      <section aria-labelledby={ids.channel} className="console-analytics-section">
        <h2 id={ids.channel}>{t('analytics.channel')}</h2>
        {c ? (
          <>
            <dl className="console-analytics-stats">
              <Stat label={t('analytics.visits')} value={String(c.visits)} testId="analytics-visits" />
              <Stat label={t('analytics.sessions')} value={String(c.sessions)} />
            </dl>
            <div className="console-analytics-stack">
              <ScrollBox label={t('analytics.funnel')}>
                <table className="console-table">
                  <caption>{t('analytics.funnelCaption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('analytics.step')}</th>
                      <th scope="col">{t('analytics.sessions')}</th>
                      <th scope="col">{t('analytics.ofBefore')}</th>
                      <th scope="col">{t('analytics.ofVisits')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {funnelSteps(c.funnel).map((step) => (
                      <tr key={step.key}>
                        <th scope="row">
                          {t(`analytics.steps.${step.key as keyof typeof consoleEn.analytics.steps}`)}
                        </th>
                        <td>{step.sessions}</td>
                        <td>{percentText(step.ofPrevious)}</td>
                        <td>{percentText(step.ofFirst)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollBox>
              <ScrollBox label={t('analytics.mostWatched')}>
                <table className="console-table">
                  <caption>{t('analytics.mostWatched')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('analytics.eventOrVideo')}</th>
                      <th scope="col">{t('analytics.viewers')}</th>
                      <th scope="col">{t('analytics.viewingMinutes')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {c.top_streams.length === 0 ? (
                      <tr>
                        <td colSpan={3}>{t('analytics.nothingWatched')}</td>
                      </tr>
                    ) : (
                      c.top_streams.map((top) => (
                        <tr key={`${top.stream_type}:${top.stream_id}`}>
                          <th scope="row">
                            {nameOf(top.stream_type, top.stream_id)}
                            {top.stream_type === 'vod' ? '' : ` (${top.stream_type})`}
                          </th>
                          <td>{top.viewers}</td>
                          <td>{countText(top.viewing_minutes)}</td>
                        </tr>
                      ))
                    )}
                  </tbody>
                </table>
              </ScrollBox>
            </div>
          </>
        ) : report.isPending && range !== null ? (
          <p role="status">{t('common.loading')}</p>
        ) : null}
      </section>
      <Retention />
    </>
  )
}
