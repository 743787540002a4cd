import { createHash, createHmac, randomUUID } from 'node:crypto'
import {
  type AnalyticsBatchRecord,
  AnalyticsBatchRecordSchema,
  AnalyticsBatchSchema,
  analyticsExtrasSchemas,
  analyticsLimits,
  analyticsMessages,
  ClientErrorReportSchema,
  messages,
} from '@fieldhouse/contract'
import { type FieldErrors, forbidden, invalid } from '../../lib/errors.js'
import type { GroupCommit } from '../../lib/group-commit.js'
import { parseInput } from '../../lib/parse-input.js'
import type { AnalyticsRepository, NewAnalyticsRow } from './analytics.repository.js'

/** What the service knows of a request besides its fields: the country its address is in. */
export interface Origin {
  country: string | null
}

/**
 * The datalake's ingest (decision 0032): checks each record against the contract, finds the channel
 * by its analytics key (`profile`), reduces what identifies a person (email → keyed hash, address →
 * country) and hands the rows to the group commit; it answers only once they are committed.
 */
export class AnalyticsIngestService {
  private readonly profiles = new Map<string, { channelId: number | null; until: number }>()

  constructor(
    private readonly repo: AnalyticsRepository,
    private readonly committer: GroupCommit<NewAnalyticsRow>,
    private readonly options: { emailKey: Buffer; clock: () => number },
  ) {}

  /** `GET /datalake/hash/`: a new session's id. */
  hash(): string {
    return randomUUID()
  }

  /** One call's record (`kind` names the call) or a batch's records: committed, then counted. */
  async record(profile: unknown, kind: AnalyticsBatchRecord['kind'], input: object, origin: Origin) {
    const channelId = await this.channelOf(profile)
    const record = parseInput(AnalyticsBatchRecordSchema, { ...input, kind })
    const rows = [this.rowOf(channelId, record, origin, '')]
    await this.committer.submit(rows)
    return rows.length
  }

  /** `POST /datalake/batch/`: every record valid, or none stored (each bad field named by its index). */
  async batch(body: unknown, origin: Origin) {
    const { profile, records } = parseInput(AnalyticsBatchSchema, body)
    const channelId = await this.channelOf(profile)
    const errors: FieldErrors = {}
    const rows: NewAnalyticsRow[] = []
    records.forEach((raw, i) => {
      const parsed = AnalyticsBatchRecordSchema.safeParse(raw)
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = ['records', i, ...issue.path].join('.')
          errors[field] = [...(errors[field] ?? []), issue.message]
        }
        return
      }
      try {
        rows.push(this.rowOf(channelId, parsed.data, origin, `records.${i}.`))
      } catch (error) {
        const fields = (error as { errors?: FieldErrors }).errors
        if (!fields) throw error
        Object.assign(errors, fields)
      }
    })
    if (Object.keys(errors).length > 0) throw invalid(errors, messages.validationFailed)
    await this.committer.submit(rows)
    return rows.length
  }

  /** `POST /datalake/error/`: kept once per session and fingerprint. */
  async reportError(body: unknown, origin: Origin) {
    const report = parseInput(ClientErrorReportSchema, body)
    const channelId = await this.channelOf(report.profile)
    const firstFrame = report.stack?.split('\n').find((l) => l.trim().startsWith('at ') || l.includes('@')) ?? ''
    const fingerprint = createHash('sha256')
      .update(`${report.kind}\n${report.message}\n${firstFrame.trim()}\n${report.request_url ?? ''}`)
      .digest('hex')
    await this.committer.submit([
      {
        table: 'analytics_errors',
        row: {
          channel_id: channelId,
          session_uuid: report.session_uuid ?? '',
          fingerprint,
          kind: report.kind,
          message: report.message,
          stack: report.stack ?? null,
          url: report.url ?? null,
          request_url: report.request_url ?? null,
          status: report.status ?? null,
          release: report.release ?? null,
          country_code: origin.country,
          at: this.options.clock(),
        },
      },
    ])
    return 1
  }

  private async channelOf(profile: unknown): Promise<number> {
    if (typeof profile !== 'string' || profile.trim() === '') {
      throw invalid({ profile: [analyticsMessages.profileRequired] })
    }
    const now = this.options.clock()
    let known = this.profiles.get(profile)
    if (!known || known.until < now) {
      const channelId = (await this.repo.channelIdByKey(profile.trim())) ?? null
      // Briefly remembered, a miss too: a made-up key costs one query per ten seconds.
      known = { channelId, until: now + 10_000 }
      if (this.profiles.size > 10_000) this.profiles.clear()
      this.profiles.set(profile, known)
    }
    if (known.channelId === null)
      throw forbidden(analyticsMessages.unknownProfile, { profile: [analyticsMessages.unknownProfile] })
    return known.channelId
  }

  private rowOf(channelId: number, record: AnalyticsBatchRecord, origin: Origin, prefix: string): NewAnalyticsRow {
    const now = this.options.clock()
    const clientTs = record.ts ?? null
    const at = clientTs !== null && Math.abs(clientTs - now) <= analyticsLimits.clockSkewMs ? clientTs : now
    if (record.kind === 'session') {
      return {
        table: 'analytics_sessions',
        row: {
          channel_id: channelId,
          session_uuid: record.session,
          device_type: record.device_type,
          user_agent: record.user_agent ?? null,
          resolution: record.resolution ?? null,
          platform: record.platform,
          country_code: origin.country,
          at,
        },
      }
    }
    const base = {
      channel_id: channelId,
      record_id: record.record_id ?? randomUUID(),
      session_uuid: record.session_uuid,
      at,
      client_ts: clientTs,
      received_at: now,
      country_code: origin.country,
    }
    if (record.kind === 'event') {
      const extras = this.extrasOf(record.event, record.extras, prefix)
      const page =
        record.event === 'visit_page'
          ? String((extras as { page: string }).page)
          : record.event === 'api_request'
            ? String((extras as { request_url: string }).request_url)
            : null
      return {
        table: 'analytics_records',
        row: {
          ...base,
          kind: 'event',
          name: record.event,
          user_id: record.user_id ?? null,
          email_hash: record.user_email ? this.emailHash(record.user_email) : null,
          page: page?.slice(0, 2048) ?? null,
          origin_url: record.origin_url ?? null,
          trk: record.trk ?? null,
          extras: JSON.stringify(extras),
        },
      }
    }
    const video = {
      ...base,
      stream_type: record.stream_type,
      stream_id: record.stream_id,
      view_uuid: record.video_view_uuid,
    }
    if (record.kind === 'video_event') {
      const { position, quality, error_message } = record
      const extras = { ...(quality ? { quality } : {}), ...(error_message ? { error_message } : {}) }
      return {
        table: 'analytics_records',
        row: {
          ...video,
          kind: 'video_event',
          name: record.event,
          value: position ?? null,
          extras: Object.keys(extras).length > 0 ? JSON.stringify(extras) : null,
        },
      }
    }
    const { category, sport, gender, school, league } = record
    return {
      table: 'analytics_records',
      row: {
        ...video,
        kind: 'video_viewing',
        name: 'viewing',
        value: record.viewing_time,
        extras: JSON.stringify({ category, sport, gender, school, league }),
      },
    }
  }

  /** `extras`: JSON text on a GET, an object in a batch; checked against the event's own fields. */
  private extrasOf(event: keyof typeof analyticsExtrasSchemas, raw: unknown, prefix: string): object {
    let value: unknown = raw ?? {}
    if (typeof raw === 'string') {
      if (raw.length > analyticsLimits.extrasMaxBytes) {
        throw invalid({ [`${prefix}extras`]: [`at most ${analyticsLimits.extrasMaxBytes} characters`] })
      }
      try {
        value = raw.trim() === '' ? {} : JSON.parse(raw)
      } catch {
        throw invalid({ [`${prefix}extras`]: [analyticsMessages.extrasNotJson] })
      }
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw invalid({ [`${prefix}extras`]: [analyticsMessages.extrasNotJson] })
    }
    const parsed = analyticsExtrasSchemas[event].safeParse(value)
    if (!parsed.success) {
      const errors: FieldErrors = {}
      for (const issue of parsed.error.issues) {
        const field = [`${prefix}extras`, ...issue.path].join('.')
        errors[field] = [...(errors[field] ?? []), issue.message]
      }
      throw invalid(errors)
    }
    return parsed.data
  }

  private emailHash(email: string) {
    return createHmac('sha256', this.options.emailKey).update(email.trim().toLowerCase()).digest('hex')
  }
}
