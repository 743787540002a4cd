import {
  type AdminChannel,
  AdminChannelUpdateSchema,
  type AdminCollection,
  type AdminColorSettings,
  AdminColorSettingsUpdateSchema,
  AdminInputSchemas,
  type AdminListQuery,
  type AdminSettings,
  AdminSettingsUpdateSchema,
  type AuditEntry,
  type AuditQuery,
  adminUpdateSchemaOf,
  deriveTheme,
  describeAdjustments,
} from '@fieldhouse/contract'
import type { ChannelRow } from '../../db/schema.js'
import { channelSettingsOf, clipSettingsOf, streamSettingsOf, uploadSettingsOf } from '../../lib/channel-settings.js'
import { conflict, invalid, notFound } from '../../lib/errors.js'
import { parseInput } from '../../lib/parse-input.js'
import type { AdminRepository } from './admin.repository.js'
import { type CollectionDef, collections } from './admin-resources.js'
import type { AuditRecord, AuditRepository } from './audit.repository.js'
import type { Operator } from './operators.service.js'

const uniqueViolation = (error: unknown) => /unique|duplicate/i.test(error instanceof Error ? error.message : '')
/** The resources that own videos (and clips): deleting one removes their files too. */
const mediaOwners: Partial<Record<AdminCollection, MediaOwner['type']>> = {
  events: 'event',
  'vod-media-items': 'vod',
  prerolls: 'preroll',
}

/** An owner of videos and clips, as the media and clips modules know it. */
export interface MediaOwner {
  type: 'event' | 'vod' | 'preroll'
  id: number
}

const inUse = (error: unknown) => /foreign key/i.test(error instanceof Error ? error.message : '')

/**
 * The console's channel content and catalogue (decision 0018): lists with search, sort and paging,
 * reads and writes, every one scoped to the operator's channel and recorded in the audit log with the
 * write. The route has already asked the rule table whether the operator may.
 */
export class AdminService {
  constructor(
    private readonly d: {
      repo: AdminRepository
      audit: AuditRepository
      /** Caches of the channel drop what they hold (catalogue, responses, bootstrap). */
      changed: (channelId: number) => Promise<void>
      /**
       * An owner is about to be deleted: refuses (a live recording) or answers what removes its videos
       * and its clips' files once its row is gone (the container fills it from media and clips).
       */
      mediaOf: (channelId: number, owner: MediaOwner) => Promise<() => Promise<void>>
      clock: () => number
    },
  ) {}

  private record(op: Operator, resource: string, action: string): AuditRecord {
    return {
      channel_id: op.channelId,
      user_id: op.userId,
      user_email: op.email,
      resource,
      action,
      created_at: this.d.clock(),
    }
  }

  async list(op: Operator, resource: AdminCollection, q: AdminListQuery) {
    const def = collections[resource]
    const sort = q.sort ?? def.sort[0] ?? 'id'
    if (!def.sort.includes(sort)) throw invalid({ sort: [`Sort by ${def.sort.join(', ')}`] })
    const { rows, total } = await this.d.repo.list(def.table, op.channelId, {
      search: q.search,
      searchColumns: def.search,
      sort,
      direction: q.direction,
      offset: q.offset,
      limit: q.limit,
    })
    return { data: rows.map(def.present), meta: { total, offset: q.offset, limit: q.limit } }
  }

  async get(op: Operator, resource: AdminCollection, id: number) {
    const def = collections[resource]
    const row = await this.d.repo.get(def.table, op.channelId, id)
    if (!row) throw notFound(resource)
    return def.present(row)
  }

  /** Every id the input names must be the channel's own (a 422 on the field otherwise). */
  private async checkRefs(op: Operator, def: CollectionDef, input: Record<string, unknown>) {
    for (const [field, table] of Object.entries(def.refs)) {
      const value = input[field]
      const ids = (Array.isArray(value) ? value : [value])
        .map((v) => (v && typeof v === 'object' ? (v as { participant_id?: number }).participant_id : v))
        .filter((v): v is number => typeof v === 'number')
      if (!ids.length) continue
      const owned = await this.d.repo.owned(table, op.channelId, ids)
      const missing = ids.filter((id) => !owned.has(id))
      if (missing.length) throw invalid({ [field]: [`Unknown ${field.replace(/_ids?$/, '')}: ${missing.join(', ')}`] })
    }
  }

  private async guard<T>(def: CollectionDef, work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      if (uniqueViolation(error)) {
        const field = def.unique ?? 'id'
        throw invalid({ [field]: ['Already used on this channel: choose another'] })
      }
      if (inUse(error)) throw conflict('Still in use: remove what refers to it first.')
      throw error
    }
  }

  async create(op: Operator, resource: AdminCollection, body: unknown) {
    const def = collections[resource]
    const input = parseInput(AdminInputSchemas[resource], body) as Record<string, unknown>
    await this.checkRefs(op, def, input)
    const now = this.d.clock()
    const { values, extras } = def.toRow(input, now, true)
    const row = await this.guard(def, () =>
      this.d.repo.insert(def.table, op.channelId, values, extras, this.record(op, resource, 'create')),
    )
    await this.d.changed(op.channelId)
    return def.present(row)
  }

  async update(op: Operator, resource: AdminCollection, id: number, body: unknown) {
    const def = collections[resource]
    const input = parseInput(adminUpdateSchemaOf(resource), body) as Record<string, unknown>
    await this.checkRefs(op, def, input)
    if (resource === 'events-categories' && input.parent_id === id)
      throw invalid({ parent_id: ['A sport cannot be its own division'] })
    const { values, extras } = def.toRow(input, this.d.clock(), false)
    const row = await this.guard(def, () =>
      this.d.repo.update(def.table, op.channelId, id, values, extras, this.record(op, resource, 'update')),
    )
    if (!row) throw notFound(resource)
    await this.d.changed(op.channelId)
    return def.present(row)
  }

  async remove(op: Operator, resource: AdminCollection, id: number) {
    const def = collections[resource]
    const type = mediaOwners[resource]
    // Rows first, then files: nothing viewers reach points at a missing file (decision 0020).
    const removeMedia = type ? await this.d.mediaOf(op.channelId, { type, id }) : null
    const done = await this.guard(def, () =>
      this.d.repo.delete(def.table, op.channelId, id, this.record(op, resource, 'delete')),
    )
    if (!done) throw notFound(resource)
    await removeMedia?.()
    await this.d.changed(op.channelId)
  }

  // The singletons

  private async channelRow(op: Operator): Promise<ChannelRow> {
    const row = await this.d.repo.channel(op.channelId)
    if (!row) throw notFound('channel')
    return row
  }

  async channel(op: Operator): Promise<AdminChannel> {
    const row = await this.channelRow(op)
    return {
      id: row.id,
      key: row.key,
      name: row.name,
      domains: await this.d.repo.domains(op.channelId),
      language: row.language,
      currency: row.currency,
      time_zone: row.time_zone,
    }
  }

  /** The channel's name, language, currency and time zone; its domains are the domains service's (owners). */
  async updateChannel(op: Operator, body: unknown): Promise<AdminChannel> {
    const { domains: _notHere, ...values } = parseInput(AdminChannelUpdateSchema, body)
    await this.d.repo.updateChannel(op.channelId, values, this.record(op, 'channel', 'update'), (trx) =>
      this.d.repo.channelSnapshot(trx, op.channelId),
    )
    await this.d.changed(op.channelId)
    return this.channel(op)
  }

  async settings(op: Operator): Promise<AdminSettings> {
    const row = await this.channelRow(op)
    const s = channelSettingsOf(row)
    return {
      logo: row.logo,
      google_tag: row.google_tag,
      yare_analytics_key: row.yare_analytics_key,
      contact: {
        email: s.contact?.email ?? null,
        phone: s.contact?.phone ?? null,
        address: s.contact?.address ?? null,
      },
      social: s.social ?? {},
      routes: s.routes ?? [],
      domain_category: {
        alias: s.domain_category?.alias ?? null,
        fallback_url: s.domain_category?.fallback_url ?? null,
      },
      streams: streamSettingsOf(row),
      clips: (({ maxDurationSec, perUserPerHour, storagePerUserBytes, sharePublic }) => ({
        max_duration_sec: maxDurationSec,
        per_user_per_hour: perUserPerHour,
        storage_per_user_bytes: storagePerUserBytes,
        share_public: sharePublic,
      }))(clipSettingsOf(row)),
      uploads: (({ maxDurationSec, openBytes }) => ({ max_duration_sec: maxDurationSec, open_bytes: openBytes }))(
        uploadSettingsOf(s),
      ),
    }
  }

  async updateSettings(op: Operator, body: unknown): Promise<AdminSettings> {
    const input = parseInput(AdminSettingsUpdateSchema, body)
    const row = await this.channelRow(op)
    const { logo, google_tag, yare_analytics_key, ...json } = input
    // Keys of the settings JSON this form does not show (geo rules, reCAPTCHA) are kept as they are,
    // and the clip and upload settings not named keep theirs.
    const stored = channelSettingsOf(row)
    const settings = {
      ...stored,
      ...json,
      ...(json.clips ? { clips: { ...stored.clips, ...json.clips } } : {}),
      ...(json.uploads ? { uploads: { ...stored.uploads, ...json.uploads } } : {}),
    }
    await this.d.repo
      .updateChannel(
        op.channelId,
        {
          ...(logo !== undefined ? { logo } : {}),
          ...(google_tag !== undefined ? { google_tag } : {}),
          ...(yare_analytics_key !== undefined ? { yare_analytics_key } : {}),
          ...(Object.keys(json).length ? { settings: JSON.stringify(settings) } : {}),
        },
        this.record(op, 'settings', 'update'),
        async (trx) => {
          const snap = await this.d.repo.channelSnapshot(trx, op.channelId)
          const parsed = JSON.parse(snap.settings) as Record<string, unknown>
          // The reCAPTCHA secret never goes into the log.
          const { recaptcha: _r, ...visible } = parsed
          return {
            logo: snap.logo,
            google_tag: snap.google_tag,
            yare_analytics_key: snap.yare_analytics_key,
            settings: visible,
          }
        },
      )
      .catch((error) => {
        // An analytics key names one channel (decision 0032).
        if (uniqueViolation(error)) throw invalid({ yare_analytics_key: ['Another channel uses this analytics key'] })
        throw error
      })
    await this.d.changed(op.channelId)
    return this.settings(op)
  }

  async colors(op: Operator): Promise<AdminColorSettings> {
    return presentColors(await this.d.repo.colors(undefined, op.channelId))
  }

  /** Stores the colours as chosen and says what the accessible theme adjusts (as `channel colors` does). */
  async updateColors(op: Operator, body: unknown): Promise<AdminColorSettings> {
    const changes = parseInput(AdminColorSettingsUpdateSchema, body)
    const after = await this.d.repo.setColors(op.channelId, changes, this.record(op, 'color-settings', 'update'))
    await this.d.changed(op.channelId)
    return presentColors(after)
  }

  // The audit log

  async auditLog(
    op: Operator,
    q: AuditQuery,
  ): Promise<{ data: AuditEntry[]; meta: { total: number; offset: number; limit: number } }> {
    const { rows, total } = await this.d.audit.list(op.channelId, q)
    return {
      data: rows.map((r) => ({
        id: r.id,
        user_id: r.user_id,
        user_email: r.user_email,
        resource: r.resource,
        resource_id: r.resource_id,
        action: r.action,
        before: r.before === null ? null : JSON.parse(r.before),
        after: r.after === null ? null : JSON.parse(r.after),
        created_at: Number(r.created_at),
      })),
      meta: { total, offset: q.offset, limit: q.limit },
    }
  }
}

const presentColors = (colors: Record<string, string>): AdminColorSettings => ({
  colors,
  adjustments: describeAdjustments(deriveTheme(colors).adjustments),
})
