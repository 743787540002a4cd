import type { Kysely } from 'kysely'
import { countedPage } from '../../db/paged.js'
import type { Database } from '../../db/schema.js'
import type { AuditSink } from '../../lib/operator.js'

/** One operator write, as the audit log keeps it (before → after as JSON). */
export interface AuditRecord {
  channel_id: number
  user_id: number | null
  user_email: string | null
  resource: string
  resource_id?: string | null
  action: string
  before?: unknown
  after?: unknown
  created_at: number
}

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v))

/** Writes the audit entry with the transaction of the write it records. */
export function insertAudit(trx: Kysely<Database>, r: AuditRecord) {
  return trx
    .insertInto('audit_log')
    .values({
      channel_id: r.channel_id,
      user_id: r.user_id,
      user_email: r.user_email,
      resource: r.resource,
      resource_id: r.resource_id ?? null,
      action: r.action,
      before: json(r.before),
      after: json(r.after),
      created_at: r.created_at,
    })
    .execute()
}

/** Where the writes of services outside the console module (going live, uploads) are recorded. */
export function auditSink(db: Kysely<Database>, clock: () => number): AuditSink {
  return async (op, e) => {
    const resource_id = e.resourceId === null ? null : String(e.resourceId)
    const entry = { resource: e.resource, resource_id, action: e.action, before: e.before, after: e.after }
    await insertAudit(db, {
      ...{ channel_id: op.session.channel.id, user_id: op.userId, user_email: op.email, ...entry },
      created_at: clock(),
    })
  }
}

/** Reads the audit log of a channel (owners only, through the admin service). */
export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** An entry for a write outside the database (a stored file). */
  async add(record: AuditRecord) {
    await insertAudit(this.db, record)
  }

  async list(
    channelId: number,
    q: {
      resource?: string | undefined
      resource_id?: string | undefined
      action?: string | undefined
      user_id?: number | undefined
      from?: number | undefined
      to?: number | undefined
      search?: string | undefined
      direction: 'asc' | 'desc'
      offset: number
      limit: number
    },
  ) {
    let base = this.db.selectFrom('audit_log').where('channel_id', '=', channelId)
    if (q.resource) base = base.where('resource', '=', q.resource)
    if (q.resource_id) base = base.where('resource_id', '=', q.resource_id)
    if (q.action) base = base.where('action', '=', q.action)
    if (q.user_id) base = base.where('user_id', '=', q.user_id)
    if (q.from !== undefined) base = base.where('created_at', '>=', q.from)
    if (q.to !== undefined) base = base.where('created_at', '<=', q.to)
    if (q.search) base = base.where('user_email', 'like', `%${q.search.replace(/[\\%_]/g, '')}%`)
    return countedPage(base, (rows) => rows.selectAll(), {
      ...q,
      sort: 'created_at',
      tieBreak: 'id',
    })
  }
}
