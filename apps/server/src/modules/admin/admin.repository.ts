import { type Kysely, sql, type Updateable } from 'kysely'
import { bumpCalendarSequence, deletionCancels, keepCancelledGame } from '../../db/calendar-entries.js'
import { deleteInChannel, findInChannel, updateInChannel } from '../../db/channel-rows.js'
import { bumpContentVersion } from '../../db/content-version.js'
import { containsText, type Dialect, writeTransaction } from '../../db/dialect.js'
import { countedPage } from '../../db/paged.js'
import type { Database } from '../../db/schema.js'
import { servingHosts } from '../../db/serving-hosts.js'
import { newStreamKey } from '../../lib/secrets.js'
import { type AuditRecord, insertAudit } from './audit.repository.js'

/** The channel tables the console writes row by row. */
export type AdminTable =
  | 'menu_items'
  | 'slides'
  | 'pages'
  | 'faqs'
  | 'static_blocks'
  | 'prerolls'
  | 'events'
  | 'participants'
  | 'participant_groups'
  | 'event_categories'
  | 'event_locations'
  | 'vod_items'
  | 'vod_rails'
  | 'vod_categories'

type Row = Record<string, unknown> & { id: number }

/** The tables viewers follow, and the favourite type that follows each (spec §3). */
const followable = { participants: 'participant', participant_groups: 'group', event_categories: 'category' } as const
type AnyDb = Kysely<Record<string, Record<string, any>>>

/** What a write adds besides the row's own columns (an event's teams, a library item's rails). */
export interface Extras {
  participants?: { participant_id: number; side: 'home' | 'away' }[]
  rail_ids?: number[]
}

export interface ListOptions {
  search?: string | undefined
  searchColumns: string[]
  sort: string
  direction: 'asc' | 'desc'
  offset: number
  limit: number
}

/**
 * The console's writes to channel content and catalogue: every statement scoped by channel, every write
 * in one transaction with its audit entry and the bump of the channel's content version (so every cache
 * of the channel rebuilds, decision 3).
 */
export class AdminRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  private any(trx: Kysely<Database> = this.db) {
    return trx as unknown as AnyDb
  }

  async list(table: AdminTable, channelId: number, o: ListOptions) {
    let base = this.any().selectFrom(table).where('channel_id', '=', channelId)
    const search = o.search
    if (search && o.searchColumns.length)
      base = base.where((eb) => eb.or(o.searchColumns.map((c) => eb(containsText(c, search), '=', sql.lit(true)))))
    const page = await countedPage(base, (all) => all.selectAll(), { ...o, tieBreak: 'id' })
    const rows = await this.withExtras(this.db, table, page.rows as Row[])
    return { rows: await this.withFollowers(table, rows), total: page.total }
  }

  /** A list of teams, schools or sports with how many viewers follow each (keep it as a favourite). */
  private async withFollowers(table: AdminTable, rows: Row[]): Promise<Row[]> {
    const type = followable[table as keyof typeof followable]
    if (!type || !rows.length) return rows
    const counts = await this.db
      .selectFrom('favorites')
      .select(['favoritable_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('favoritable_type', '=', type)
      .where(
        'favoritable_id',
        'in',
        rows.map((r) => r.id),
      )
      .groupBy('favoritable_id')
      .execute()
    const byId = new Map(counts.map((c) => [c.favoritable_id, Number(c.n)]))
    return rows.map((r) => ({ ...r, followers: byId.get(r.id) ?? 0 }))
  }

  async get(table: AdminTable, channelId: number, id: number) {
    return this.read(this.db, table, channelId, id)
  }

  private async read(trx: Kysely<Database>, table: AdminTable, channelId: number, id: number) {
    const row = (await findInChannel(trx, table, channelId, { id })) as Row | undefined
    if (!row) return undefined
    return (await this.withExtras(trx, table, [row]))[0]
  }

  private async withExtras(trx: Kysely<Database>, table: AdminTable, rows: Row[]): Promise<Row[]> {
    const ids = rows.map((r) => r.id)
    if (!ids.length) return rows
    if (table === 'events') {
      const teams = await trx
        .selectFrom('event_participants')
        .select(['event_id', 'participant_id', 'side'])
        .where('event_id', 'in', ids)
        .orderBy('side', 'desc')
        .execute()
      return rows.map((r) => ({
        ...r,
        participants: teams
          .filter((t) => t.event_id === r.id)
          .map((t) => ({ participant_id: t.participant_id, side: t.side })),
      }))
    }
    if (table === 'vod_items') {
      const rails = await trx
        .selectFrom('vod_rail_items')
        .select(['item_id', 'rail_id'])
        .where('item_id', 'in', ids)
        .orderBy('rail_id')
        .execute()
      return rows.map((r) => ({ ...r, rail_ids: rails.filter((x) => x.item_id === r.id).map((x) => x.rail_id) }))
    }
    return rows
  }

  private async writeExtras(trx: Kysely<Database>, table: AdminTable, id: number, extras: Extras) {
    if (table === 'events' && extras.participants) {
      await trx.deleteFrom('event_participants').where('event_id', '=', id).execute()
      if (extras.participants.length)
        await trx
          .insertInto('event_participants')
          .values(extras.participants.map((p) => ({ ...p, event_id: id })))
          .execute()
    }
    if (table === 'vod_items' && extras.rail_ids) {
      await trx.deleteFrom('vod_rail_items').where('item_id', '=', id).execute()
      if (extras.rail_ids.length)
        await trx
          .insertInto('vod_rail_items')
          .values(extras.rail_ids.map((rail_id, position) => ({ rail_id, item_id: id, position })))
          .execute()
    }
  }

  /** Which of `ids` in `table` belong to the channel. */
  async owned(table: AdminTable, channelId: number, ids: number[]) {
    if (!ids.length) return new Set<number>()
    const rows = await this.any()
      .selectFrom(table)
      .select('id')
      .where('channel_id', '=', channelId)
      .where('id', 'in', ids)
      .execute()
    return new Set(rows.map((r) => Number(r.id)))
  }

  insert(table: AdminTable, channelId: number, values: Record<string, unknown>, extras: Extras, audit: AuditRecord) {
    return writeTransaction(this.db, this.dialect, async (trx) => {
      const withKey = table === 'events' ? { stream_key: newStreamKey(), ...values } : values
      const { id } = (await this.any(trx)
        .insertInto(table)
        .values({ ...withKey, channel_id: channelId })
        .returning('id')
        .executeTakeFirstOrThrow()) as { id: number }
      await this.writeExtras(trx, table, id, extras)
      const after = await this.read(trx, table, channelId, id)
      await bumpContentVersion(trx, channelId, audit.created_at)
      await insertAudit(trx, { ...audit, resource_id: String(id), before: null, after: auditable(after) })
      return after as Row
    })
  }

  update(
    table: AdminTable,
    channelId: number,
    id: number,
    values: Record<string, unknown>,
    extras: Extras,
    audit: AuditRecord,
  ) {
    return writeTransaction(this.db, this.dialect, async (trx) => {
      const before = await this.read(trx, table, channelId, id)
      if (!before) return undefined
      if (Object.keys(values).length)
        await updateInChannel(trx, table, channelId, { id }, values as Updateable<Database[AdminTable]>)
      await this.writeExtras(trx, table, id, extras)
      // Any save may move the game's calendar entry (decision 0055).
      if (table === 'events') await bumpCalendarSequence(trx, channelId, id)
      const after = await this.read(trx, table, channelId, id)
      await bumpContentVersion(trx, channelId, audit.created_at)
      await insertAudit(trx, { ...audit, resource_id: String(id), before: auditable(before), after: auditable(after) })
      return after as Row
    })
  }

  delete(table: AdminTable, channelId: number, id: number, audit: AuditRecord) {
    return writeTransaction(this.db, this.dialect, async (trx) => {
      const before = await this.read(trx, table, channelId, id)
      if (!before) return false
      if (table === 'events' && deletionCancels(before, audit.created_at))
        await keepCancelledGame(trx, channelId, id, audit.created_at)
      await deleteInChannel(trx, table, channelId, { id })
      await bumpContentVersion(trx, channelId, audit.created_at)
      await insertAudit(trx, { ...audit, resource_id: String(id), before: auditable(before), after: null })
      return true
    })
  }

  // The channel itself

  channel(channelId: number) {
    return this.db.selectFrom('channels').selectAll().where('id', '=', channelId).executeTakeFirst()
  }

  /** The hosts that serve the channel (its verified domains), the primary first. */
  async domains(channelId: number) {
    const rows = await servingHosts(this.db, channelId).execute()
    return rows.map((r) => r.host)
  }

  /** Changes the channel's row, with the audit entry, in one transaction. */
  updateChannel(
    channelId: number,
    values: {
      name?: string
      language?: string
      currency?: string
      time_zone?: string
      logo?: string | null
      google_tag?: string | null
      yare_analytics_key?: string | null
      settings?: string
    },
    audit: AuditRecord & { resource: string },
    snapshot: (trx: Kysely<Database>) => Promise<unknown>,
  ) {
    return writeTransaction(this.db, this.dialect, async (trx) => {
      const before = await snapshot(trx)
      if (Object.keys(values).length)
        await trx.updateTable('channels').set(values).where('id', '=', channelId).execute()
      await bumpContentVersion(trx, channelId, audit.created_at)
      const after = await snapshot(trx)
      await insertAudit(trx, { ...audit, before, after })
    })
  }

  /** The channel's row as it stands in `trx` (the audit's before and after; domains have their own entries). */
  channelSnapshot(trx: Kysely<Database>, channelId: number) {
    return trx
      .selectFrom('channels')
      .select(['name', 'language', 'currency', 'time_zone', 'logo', 'google_tag', 'yare_analytics_key', 'settings'])
      .where('id', '=', channelId)
      .executeTakeFirstOrThrow()
  }

  async colors(trx: Kysely<Database> | undefined, channelId: number) {
    const rows = await (trx ?? this.db)
      .selectFrom('color_settings')
      .select(['name', 'value'])
      .where('channel_id', '=', channelId)
      .where('client_interface', '=', 'web')
      .orderBy('id')
      .execute()
    return Object.fromEntries(rows.map((r) => [r.name, r.value]))
  }

  /** Sets (a value) or removes (null) web colours, with the audit entry, in one transaction. */
  setColors(channelId: number, changes: Record<string, string | null>, audit: AuditRecord) {
    return writeTransaction(this.db, this.dialect, async (trx) => {
      const before = await this.colors(trx, channelId)
      for (const [name, value] of Object.entries(changes)) {
        if (value === null) {
          await trx
            .deleteFrom('color_settings')
            .where('channel_id', '=', channelId)
            .where('client_interface', '=', 'web')
            .where('name', '=', name)
            .execute()
        } else {
          await trx
            .insertInto('color_settings')
            .values({ channel_id: channelId, client_interface: 'web', name, value })
            .onConflict((oc) => oc.columns(['channel_id', 'client_interface', 'name']).doUpdateSet({ value }))
            .execute()
        }
      }
      await bumpContentVersion(trx, channelId, audit.created_at)
      const after = await this.colors(trx, channelId)
      await insertAudit(trx, { ...audit, before, after })
      return after
    })
  }
}

/** A row as the audit log keeps it: JSON columns read back as values, no stream key. */
function auditable(row: Row | undefined) {
  if (!row) return null
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(row)) {
    if (k === 'stream_key' || k === 'channel_id') continue
    out[k] = typeof v === 'string' && /^[[{]/.test(v) ? safeParse(v) : v
  }
  return out
}

const safeParse = (v: string) => {
  try {
    return JSON.parse(v)
  } catch {
    return v
  }
}
