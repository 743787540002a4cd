import {
  type AnalyticsRangeQuery,
  analyticsConstants,
  analyticsRangeMaxMs,
  type ChannelReport,
  HOUR,
  MINUTE,
  type StreamReport,
  type StreamReportQuery,
  type StreamType,
} from '@fieldhouse/contract'
import { invalid } from '../../lib/errors.js'
import type { AuditSink, Operator } from '../../lib/operator.js'
import type { AnalyticsRepository, RecordRange } from './analytics.repository.js'
import { percentile, percentOf, qualityOf } from './rollups.js'

const minutesOf = (seconds: number) => Math.round((seconds / 60) * 100) / 100

/**
 * The console's reports (decision 0033), read from the raw records of the operator's channel, per
 * stream and per minute: viewers, viewing minutes, startup, rebuffering, failures, countries,
 * devices; for the channel: visits, sessions, the funnel, the most watched streams, client errors.
 */
export class AnalyticsReportsService {
  constructor(
    private readonly repo: AnalyticsRepository,
    private readonly audit: AuditSink,
    private readonly clock: () => number,
  ) {}

  private rangeOf(q: AnalyticsRangeQuery) {
    const now = this.clock()
    const to = q.to ?? now + MINUTE
    const from = q.from ?? to - 3 * HOUR
    if (from >= to) throw invalid({ from: ['must be before to'] })
    if (to - from > analyticsRangeMaxMs) throw invalid({ from: ['at most 31 days before to'] })
    return { from, to, now }
  }

  async stream(op: Operator, q: StreamReportQuery): Promise<StreamReport> {
    const { from, to, now } = this.rangeOf(q)
    const stream = q.id === undefined ? undefined : { type: q.type, id: q.id }
    const range: RecordRange = { channelId: op.session.channel.id, from, to, stream }
    const [minutes, unique, events, viewers, viewersNow] = await Promise.all([
      this.repo.viewingByMinute(range),
      this.repo.uniqueViewers(range),
      this.repo.videoEvents(range),
      this.repo.viewers(range),
      this.repo.uniqueViewers({ ...range, from: now - analyticsConstants.concurrentWindowMs, to: now + 1 }),
    ])
    const seconds = minutes.reduce((sum, m) => sum + Number(m.seconds), 0)
    const quality = qualityOf(events)
    const tally = (pick: (v: (typeof viewers)[number]) => string | null) => {
      const counts = new Map<string, number>()
      for (const v of viewers) {
        const name = pick(v) ?? 'unknown'
        counts.set(name, (counts.get(name) ?? 0) + 1)
      }
      return [...counts].map(([name, n]) => ({ name, viewers: n })).sort((a, b) => b.viewers - a.viewers)
    }
    return {
      stream_type: stream?.type ?? null,
      stream_id: stream?.id ?? null,
      from,
      to,
      viewers_now: viewersNow,
      unique_viewers: unique,
      viewing_minutes: minutesOf(seconds),
      startup_ms: {
        p50: percentile(quality.startupMs, 50),
        p95: percentile(quality.startupMs, 95),
        count: quality.startupMs.length,
      },
      rebuffer_percent: percentOf(quality.stallSeconds, quality.stallSeconds + seconds),
      failure_percent: percentOf(quality.failedViews, quality.views),
      views: quality.views,
      countries: tally((v) => v.country_code),
      devices: tally((v) => v.device_type),
      minutes: minutes.map((m) => ({
        minute: Number(m.minute) * MINUTE,
        viewers: Number(m.viewers),
        viewing_minutes: minutesOf(Number(m.seconds)),
      })),
    }
  }

  /** Viewers watching an event now (its report's `viewers_now`), for the game-day home. */
  viewersNow(channelId: number, eventId: number): Promise<number> {
    const now = this.clock()
    const stream = { type: 'event' as const, id: eventId }
    return this.repo.uniqueViewers({
      channelId,
      from: now - analyticsConstants.concurrentWindowMs,
      to: now + 1,
      stream,
    })
  }

  async channel(op: Operator, q: AnalyticsRangeQuery): Promise<ChannelReport> {
    const { from, to } = this.rangeOf(q)
    const range: RecordRange = { channelId: op.session.channel.id, from, to }
    const [events, steps, sessions, top, errors] = await Promise.all([
      this.repo.eventsByMinute(range),
      this.repo.sessionsByEvent(range),
      this.repo.sessionsByMinute(range),
      this.repo.topStreams(range, 10),
      this.repo.errors(range.channelId, from, to, 50),
    ])
    const step = (name: string) => Number(steps.find((s) => s.name === name)?.sessions ?? 0)
    const byMinute = new Map<number, { minute: number; visits: number; sessions: number }>()
    const at = (minute: number) => {
      const row = byMinute.get(minute) ?? { minute: minute * MINUTE, visits: 0, sessions: 0 }
      byMinute.set(minute, row)
      return row
    }
    for (const e of events) if (e.name === 'visit_page') at(Number(e.minute)).visits += Number(e.count)
    for (const s of sessions) at(Number(s.minute)).sessions += Number(s.sessions)
    const minutes = [...byMinute.values()].sort((a, b) => a.minute - b.minute)
    return {
      from,
      to,
      visits: minutes.reduce((n, m) => n + m.visits, 0),
      sessions: minutes.reduce((n, m) => n + m.sessions, 0),
      funnel: {
        visit: step('visit_page'),
        item_list: step('view_item_list'),
        begin_checkout: step('begin_checkout'),
        purchase: step('purchase_success'),
      },
      minutes,
      top_streams: top.map((t) => ({
        stream_type: t.stream_type as StreamType,
        stream_id: Number(t.stream_id),
        viewing_minutes: minutesOf(Number(t.seconds)),
        viewers: Number(t.viewers),
      })),
      errors: errors.map((e) => ({ ...e, at: Number(e.at) })),
    }
  }

  async retention(op: Operator) {
    return { days: await this.repo.retentionDays(op.session.channel.id) }
  }

  async setRetention(op: Operator, days: number) {
    const before = await this.repo.retentionDays(op.session.channel.id)
    await this.repo.setRetentionDays(op.session.channel.id, days)
    await this.audit(op, {
      action: 'update',
      resource: 'analytics',
      resourceId: null,
      before: { days: before },
      after: { days },
    })
    return { days }
  }

  /** The scheduled sweep: every channel's records older than its retention. */
  sweep() {
    return this.repo.sweep(this.clock())
  }
}
