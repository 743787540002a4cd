import { type Insertable, type Kysely, sql } from 'kysely'
import { containsText } from '../../db/dialect.js'
import type { ClipRow, ClipStatusValue, ClipTable, Database } from '../../db/schema.js'

/** What a new clip is made of; `tags` as a list (stored as JSON text). */
type NewClip = Required<
  Pick<
    Insertable<ClipTable>,
    'channel_id' | 'user_id' | 'uuid' | 'event_id' | 'vod_item_id' | 'asset_id' | 'name' | 'start_time' | 'duration'
  >
> & { tags: string[] } & Partial<Pick<Insertable<ClipTable>, 'official' | 'programme_start'>>

/** The address of a channel's own account, the author of its official clips: never a mailbox, never signed in. */
export const houseEmail = (channelId: number) => `highlights+${channelId}@house.fieldhouse.invalid`

/** A clip with what it is of: its game's name and access, or its library video's title (decision 27). */
export type ClipWithEvent = ClipRow & {
  event_name: string | null
  event_access_mode: string | null
  vod_title: string | null
  vod_access_mode: string | null
}
/** A clip as the console lists it: with its author's email and the downloads of it granted. */
export type ModeratedClip = ClipWithEvent & { author_email: string; downloads: number | string | null }

export interface ClipFilter {
  eventIds?: number[]
  categoryIds?: number[]
  participantIds?: number[]
  /**
   * Only clips of events and library videos in these access modes (a channel whose shared clips of
   * paid games are not public).
   */
  accessModes?: ('free' | 'register' | 'paid' | 'ppv')[]
  /** Only this user's clips. */
  userId?: number
}

/** What the console's clip list asks for (decision 0024). */
export interface ModerationQuery {
  /** In the clip's name or its author's email. */
  search?: string | undefined
  eventId?: number | undefined
  status?: ClipStatusValue | undefined
  sort: 'created_at' | 'name' | 'status' | 'duration' | 'downloads'
  direction: 'asc' | 'desc'
  offset: number
  limit: number
}

/** What a clip is of, beside its own columns: its game's name and access, or its library video's. */
const subjectColumns = [
  'events.name as event_name',
  'events.access_mode as event_access_mode',
  'vod_items.title as vod_title',
  'vod_items.access_mode as vod_access_mode',
] as const

/** Clips, the channel's clip tags and the record of downloads: the clips module's queries. */
export class ClipsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number = Date.now,
  ) {}

  private withEvent() {
    return this.db
      .selectFrom('clips')
      .leftJoin('events', 'events.id', 'clips.event_id')
      .leftJoin('vod_items', 'vod_items.id', 'clips.vod_item_id')
      .selectAll('clips')
      .select(subjectColumns)
  }

  /** The channel's clips joined to their author and event, searched and filtered as the console asks. */
  private moderation(channelId: number, q: Partial<ModerationQuery> = {}) {
    let base = this.db
      .selectFrom('clips')
      .innerJoin('users', 'users.id', 'clips.user_id')
      .leftJoin('events', 'events.id', 'clips.event_id')
      .leftJoin('vod_items', 'vod_items.id', 'clips.vod_item_id')
      .where('clips.channel_id', '=', channelId)
    const text = q.search
    if (text) {
      base = base.where((eb) =>
        eb.or([
          eb(containsText('clips.name', text), '=', sql.lit(true)),
          eb(containsText('users.email', text), '=', sql.lit(true)),
        ]),
      )
    }
    if (q.eventId !== undefined) base = base.where('clips.event_id', '=', q.eventId)
    if (q.status !== undefined) base = base.where('clips.status', '=', q.status)
    return base
  }

  /** The clip, its event's name, its author's email and the downloads of it granted. */
  private withDetails(base: ReturnType<ClipsRepository['moderation']>) {
    return base
      .selectAll('clips')
      .select([...subjectColumns, 'users.email as author_email'])
      .select((eb) =>
        eb
          .selectFrom('downloads')
          .select((d) => d.fn.countAll<number>().as('n'))
          .where('downloads.kind', '=', 'clip')
          .whereRef('downloads.target_id', '=', 'clips.id')
          .as('downloads'),
      )
  }

  /** One page of the channel's clips (searched, filtered, sorted), with the number of matches. */
  async moderationList(channelId: number, q: ModerationQuery) {
    const sort = q.sort === 'downloads' ? sql.ref('downloads') : sql.ref(`clips.${q.sort}`)
    const [rows, count] = await Promise.all([
      this.withDetails(this.moderation(channelId, q))
        .orderBy(sort, q.direction)
        .orderBy('clips.id', q.direction)
        .limit(q.limit)
        .offset(q.offset)
        .execute(),
      this.moderation(channelId, q)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ])
    return { rows, total: Number(count.n) }
  }

  /** One clip of the channel as the console shows it; another channel's is undefined. */
  moderationFind(channelId: number, id: number) {
    return this.withDetails(this.moderation(channelId)).where('clips.id', '=', id).executeTakeFirst()
  }

  /** A queued clip: its subject, range, name and tags (the rest is the queue's to fill in). */
  async create(values: NewClip) {
    const now = this.clock()
    const { id } = await this.db
      .insertInto('clips')
      .values({
        ...values,
        tags: JSON.stringify(values.tags),
        status: 'queued',
        failure_reason: null,
        bytes: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return id
  }

  find(id: number): Promise<ClipWithEvent | undefined> {
    return this.withEvent().where('clips.id', '=', id).executeTakeFirst()
  }

  /** The clip with its channel's settings (its poster is served by id, without a session). */
  findWithChannel(id: number) {
    return this.withEvent()
      .innerJoin('channels', 'channels.id', 'clips.channel_id')
      .select('channels.settings as channel_settings')
      .where('clips.id', '=', id)
      .executeTakeFirst()
  }

  findOnChannel(channelId: number, id: number): Promise<ClipWithEvent | undefined> {
    return this.withEvent().where('clips.id', '=', id).where('clips.channel_id', '=', channelId).executeTakeFirst()
  }

  async update(
    id: number,
    values: { status: ClipStatusValue; failure_reason?: string | null; bytes?: number },
    onlyFrom?: ClipStatusValue[],
  ) {
    let q = this.db
      .updateTable('clips')
      .set({ ...values, updated_at: this.clock() })
      .where('id', '=', id)
    if (onlyFrom) q = q.where('status', 'in', onlyFrom)
    const result = await q.executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  }

  /** The channel's official clip of a library video (a game's highlight reel, decision 0058), if any. */
  officialOfVodItem(vodItemId: number) {
    return this.db
      .selectFrom('clips')
      .selectAll()
      .where('vod_item_id', '=', vodItemId)
      .where('official', '=', 1)
      .orderBy('id')
      .executeTakeFirst()
  }

  /** A clip's range cut again (an official clip whose window moved): queued, its files to be made anew. */
  async recut(id: number, values: { start_time: number; duration: number; programme_start: number | null }) {
    await this.db
      .updateTable('clips')
      .set({ ...values, status: 'queued', failure_reason: null, bytes: 0, updated_at: this.clock() })
      .where('id', '=', id)
      .execute()
  }

  /**
   * The channel's own account (decision 0058), made the first time it is needed: the author of its
   * official clips. It has no password and is blocked, so nobody signs in as it.
   */
  async houseAccount(channelId: number, name: string): Promise<number> {
    const email = houseEmail(channelId)
    const found = await this.db
      .selectFrom('users')
      .select('id')
      .where('channel_id', '=', channelId)
      .where('email', '=', email)
      .executeTakeFirst()
    if (found) return found.id
    const now = this.clock()
    const row = await this.db
      .insertInto('users')
      .values({
        ...{ channel_id: channelId, email, password_hash: null, first_name: name.slice(0, 100), last_name: '' },
        ...{ news: 0, temporary_password: 0, email_verified_at: null, capabilities: '[]', trial_period_used: 0 },
        ...{ blocked_at: now, created_at: now, updated_at: now },
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst()
    if (row) return row.id
    return (
      await this.db
        .selectFrom('users')
        .select('id')
        .where('channel_id', '=', channelId)
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).id
  }

  async delete(id: number) {
    const result = await this.db.deleteFrom('clips').where('id', '=', id).executeTakeFirst()
    return Number(result.numDeletedRows) > 0
  }

  /** The clips cut from an event or a library video (its delete takes their rows by cascade). */
  ofSubject(channelId: number, subject: { type: 'event' | 'vod'; id: number }) {
    return this.db
      .selectFrom('clips')
      .select(['id', 'uuid'])
      .where('channel_id', '=', channelId)
      .where(subject.type === 'event' ? 'event_id' : 'vod_item_id', '=', subject.id)
      .execute()
  }

  /** A user's clips, newest first, with the number of them all. */
  async ofUser(channelId: number, userId: number, page: { offset: number; limit: number }) {
    const base = this.withEvent().where('clips.channel_id', '=', channelId).where('clips.user_id', '=', userId)
    const [rows, total] = await Promise.all([
      base
        .orderBy('clips.created_at', 'desc')
        .orderBy('clips.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      this.countUser(userId),
    ])
    return { rows, total }
  }

  private readyFiltered(channelId: number, f: ClipFilter) {
    let q = this.withEvent().where('clips.channel_id', '=', channelId).where('clips.status', '=', 'ready')
    if (f.eventIds) q = q.where('clips.event_id', 'in', f.eventIds.length ? f.eventIds : [0])
    if (f.userId !== undefined) q = q.where('clips.user_id', '=', f.userId)
    if (f.categoryIds) q = q.where('events.event_category_id', 'in', f.categoryIds.length ? f.categoryIds : [0])
    if (f.accessModes) {
      const modes = f.accessModes
      // A library video has no pay-per-view mode.
      const vodModes = modes.filter((m): m is 'free' | 'register' | 'paid' => m !== 'ppv')
      q = q.where((eb) =>
        eb.or([
          eb('events.access_mode', 'in', modes),
          ...(vodModes.length ? [eb('vod_items.access_mode', 'in', vodModes)] : []),
        ]),
      )
    }
    if (f.participantIds) {
      const ids = f.participantIds.length ? f.participantIds : [0]
      q = q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('event_participants')
            .select(sql`1`.as('one'))
            .where(sql<boolean>`event_participants.event_id = clips.event_id`)
            .where('event_participants.participant_id', 'in', ids),
        ),
      )
    }
    return q
  }

  /** Ready clips of the channel, newest first, with the number of matches. */
  async ready(channelId: number, f: ClipFilter, page: { offset: number; limit: number }) {
    const [rows, count] = await Promise.all([
      this.readyFiltered(channelId, f)
        .orderBy('clips.created_at', 'desc')
        .orderBy('clips.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      this.db
        .selectFrom('clips')
        .where('clips.id', 'in', this.readyFiltered(channelId, f).clearSelect().select('clips.id'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ])
    return { rows, total: Number(count.n) }
  }

  /** The events of the channel that have ready clips. */
  async eventsWithReadyClips(channelId: number) {
    const rows = await this.db
      .selectFrom('clips')
      .select('event_id')
      .distinct()
      .where('channel_id', '=', channelId)
      .where('status', '=', 'ready')
      .where('event_id', 'is not', null)
      .execute()
    return rows.map((r) => r.event_id as number)
  }

  async countUser(userId: number, since?: number) {
    let q = this.db
      .selectFrom('clips')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
    if (since !== undefined) q = q.where('created_at', '>=', since)
    return Number((await q.executeTakeFirstOrThrow()).n)
  }

  async bytesOfUser(userId: number) {
    const row = await this.db
      .selectFrom('clips')
      .select((eb) => eb.fn.sum<number>('bytes').as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
    return Number(row.n ?? 0)
  }

  /** The channel's tags for a sport (and its parent) and those for every sport, in order. */
  tags(channelId: number, categoryIds: number[]) {
    return this.db
      .selectFrom('clip_tags')
      .select(['id', 'name', 'event_category_id'])
      .where('channel_id', '=', channelId)
      .where((eb) =>
        eb.or([
          eb('event_category_id', 'is', null),
          ...(categoryIds.length ? [eb('event_category_id', 'in', categoryIds)] : []),
        ]),
      )
      .orderBy('position')
      .orderBy('id')
      .execute()
  }

  async recordDownload(channelId: number, userId: number, kind: 'clip' | 'event', targetId: number) {
    await this.db
      .insertInto('downloads')
      .values({ channel_id: channelId, user_id: userId, kind, target_id: targetId, created_at: this.clock() })
      .execute()
  }

  async countDownloads(userId: number) {
    const row = await this.db
      .selectFrom('downloads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }
}
