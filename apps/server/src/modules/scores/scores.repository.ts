import type { Insertable, Kysely, Updateable } from 'kysely'
import { listInChannel } from '../../db/channel-rows.js'
import { type Dialect, writeTransaction } from '../../db/dialect.js'
import type {
  Database,
  ScoreActionRow,
  ScoreActionTable,
  ScoreFeedTable,
  ScoreGameRow,
  ScoreGameTable,
  ScoreSuggestionTable,
} from '../../db/schema.js'

/** An event as the Score page and the timeline show it. */
export interface ScoreEventRow {
  id: number
  channel_id: number
  name: string
  event_utc_ts: number
  stream_status: 'upcoming' | 'live' | 'vod'
  event_category_id: number | null
}

/** A game's home or away team. */
export interface ScoreTeamRow {
  event_id: number
  side: 'home' | 'away'
  name: string
  short_name: string
  color: string | null
}

export type NewScoreAction = Omit<Insertable<ScoreActionTable>, 'channel_id' | 'event_id'>

/** What a write to one game sees and does, inside its transaction (the game's row locked). */
export interface GameWrite {
  game: ScoreGameRow
  /** The game's actions in the order they were recorded. */
  actions: ScoreActionRow[]
  insertActions(rows: NewScoreAction[]): Promise<void>
  updateGame(values: Updateable<ScoreGameTable>): Promise<void>
  /** Decides one of the game's open suggestions; false when it is not open (decided already, or none). */
  decideSuggestion(id: number, values: SuggestionDecision): Promise<boolean>
}

/** What deciding a suggestion writes. */
export type SuggestionDecision = Pick<ScoreSuggestionTable, 'action_uid' | 'decided_at'> & {
  status: 'accepted' | 'dismissed'
}

const eventColumns = [
  'id',
  'channel_id',
  'name',
  'event_utc_ts',
  'stream_status',
  'event_category_id',
] as const satisfies readonly (keyof ScoreEventRow)[]

/** The only code that queries `score_games`, `score_actions`, `score_suggestions` and `score_feeds` (decision 0057). */
export class ScoresRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** The channel's event, if it is there. */
  event(channelId: number, eventId: number): Promise<ScoreEventRow | undefined> {
    return this.db
      .selectFrom('events')
      .select(eventColumns)
      .where('channel_id', '=', channelId)
      .where('id', '=', eventId)
      .executeTakeFirst()
  }

  /** The event, whatever its channel (the timeline checks the viewer's channel itself). */
  anyEvent(eventId: number): Promise<ScoreEventRow | undefined> {
    return this.db.selectFrom('events').select(eventColumns).where('id', '=', eventId).executeTakeFirst()
  }

  /**
   * The games a scorer would pick: the channel's events live now or starting between `from` and `to`,
   * and those whose score is live; soonest first.
   */
  pickable(channelId: number, from: number, to: number) {
    return this.db
      .selectFrom('events')
      .leftJoin('score_games', 'score_games.event_id', 'events.id')
      .select(eventColumns.map((c) => `events.${c}` as const))
      .where('events.channel_id', '=', channelId)
      .where((eb) =>
        eb.or([
          eb('events.stream_status', '=', 'live'),
          eb.and([eb('events.event_utc_ts', '>=', from), eb('events.event_utc_ts', '<=', to)]),
          eb('score_games.status', '=', 'live'),
        ]),
      )
      .orderBy('events.event_utc_ts')
      .orderBy('events.id')
      .limit(500)
      .execute()
  }

  /** The home and away teams of the events. */
  teams(eventIds: number[]): Promise<ScoreTeamRow[]> {
    if (!eventIds.length) return Promise.resolve([])
    return this.db
      .selectFrom('event_participants')
      .innerJoin('participants', 'participants.id', 'event_participants.participant_id')
      .select([
        'event_participants.event_id',
        'event_participants.side',
        'participants.name',
        'participants.short_name',
        'participants.color',
      ])
      .where('event_participants.event_id', 'in', eventIds)
      .orderBy('participants.id')
      .execute()
  }

  /** The channel's sports and leagues (the sport of one is its top-level ancestor's alias). */
  categories(channelId: number) {
    return listInChannel(this.db, 'event_categories', channelId, {
      select: ['id', 'parent_id', 'alias'],
      orderBy: ['id'],
    })
  }

  /** The channel's clip tags of these categories and those for every sport, in order. */
  tags(channelId: number, categoryIds: number[]) {
    return this.db
      .selectFrom('clip_tags')
      .select('name')
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

  game(eventId: number) {
    return this.db.selectFrom('score_games').selectAll().where('event_id', '=', eventId).executeTakeFirst()
  }

  games(eventIds: number[]) {
    if (!eventIds.length) return Promise.resolve([])
    return this.db.selectFrom('score_games').selectAll().where('event_id', 'in', eventIds).execute()
  }

  /** The game's version; 0 for a game nothing was recorded for. */
  async version(eventId: number): Promise<number> {
    const row = await this.db
      .selectFrom('score_games')
      .select('version')
      .where('event_id', '=', eventId)
      .executeTakeFirst()
    return row?.version ?? 0
  }

  /** The game's actions on the stream's clock, then in the order they were recorded. */
  actions(eventId: number) {
    return this.db
      .selectFrom('score_actions')
      .selectAll()
      .where('event_id', '=', eventId)
      .orderBy('stream_ms')
      .orderBy('id')
      .execute()
  }

  /**
   * Runs `fn` over the game's row (made, pending, when there is none) locked for this write:
   * `FOR UPDATE` on PostgreSQL, `BEGIN IMMEDIATE` on SQLite, so two batches of one game never
   * interleave. `fn` decides; everything it writes commits with the game's new version, or nothing does.
   */
  inGame<T>(channelId: number, eventId: number, now: number, fn: (write: GameWrite) => Promise<T>): Promise<T> {
    return writeTransaction(this.db, this.dialect, async (trx) => {
      await trx
        .insertInto('score_games')
        .values({
          event_id: eventId,
          channel_id: channelId,
          sport: null,
          status: 'pending',
          final_at: null,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .execute()
      let q = trx.selectFrom('score_games').selectAll().where('event_id', '=', eventId)
      if (this.dialect === 'postgres') q = q.forUpdate()
      const game = await q.executeTakeFirstOrThrow()
      const actions = await trx
        .selectFrom('score_actions')
        .selectAll()
        .where('event_id', '=', eventId)
        .orderBy('id')
        .execute()
      return fn({
        game,
        actions,
        insertActions: async (rows) => {
          if (!rows.length) return
          const values = rows.map((r) => ({ ...r, channel_id: channelId, event_id: eventId }))
          // A batch holds at most 200 actions: well under either database's limit on parameters.
          await trx.insertInto('score_actions').values(values).execute()
        },
        updateGame: async (values) => {
          await trx.updateTable('score_games').set(values).where('event_id', '=', eventId).execute()
        },
        decideSuggestion: (id, values) => decideOpen(trx, eventId, id, values),
      })
    })
  }

  /** One of the game's suggestions (of the channel's game), if it is there. */
  suggestion(channelId: number, eventId: number, id: number) {
    return this.db
      .selectFrom('score_suggestions')
      .selectAll()
      .where('id', '=', id)
      .where('event_id', '=', eventId)
      .where('channel_id', '=', channelId)
      .executeTakeFirst()
  }

  /** The game's open suggestions, the newest moment first. */
  openSuggestions(eventId: number, limit: number) {
    return this.db
      .selectFrom('score_suggestions')
      .selectAll()
      .where('event_id', '=', eventId)
      .where('status', '=', 'open')
      .orderBy('stream_ms', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
  }

  /** Whether the game has a suggestion (of any status) with its moment between `from` and `to`. */
  async suggestedBetween(eventId: number, from: number, to: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('score_suggestions')
      .select('id')
      .where('event_id', '=', eventId)
      .where('stream_ms', '>=', from)
      .where('stream_ms', '<=', to)
      .limit(1)
      .executeTakeFirst()
    return row !== undefined
  }

  async insertSuggestion(values: Insertable<ScoreSuggestionTable>): Promise<number> {
    const row = await this.db.insertInto('score_suggestions').values(values).returning('id').executeTakeFirstOrThrow()
    return row.id
  }

  /** Dismisses an open suggestion of the game; false when it is not open. */
  dismissSuggestion(eventId: number, id: number, now: number) {
    return decideOpen(this.db, eventId, id, { status: 'dismissed', action_uid: null, decided_at: now })
  }

  /** The channel's score-feed generation (0 before any rotation). */
  async feedGeneration(channelId: number): Promise<number> {
    const row = await this.db
      .selectFrom('score_feeds')
      .select('generation')
      .where('channel_id', '=', channelId)
      .executeTakeFirst()
    return row?.generation ?? 0
  }

  /** Bumps the channel's feed generation (its old secret stops working); the new one. */
  async rotateFeed(channelId: number, now: number): Promise<number> {
    const first: Insertable<ScoreFeedTable> = { channel_id: channelId, generation: 1, rotated_at: now }
    const row = await this.db
      .insertInto('score_feeds')
      .values(first)
      .onConflict((oc) =>
        oc
          .column('channel_id')
          .doUpdateSet((eb) => ({ generation: eb('score_feeds.generation', '+', 1), rotated_at: now })),
      )
      .returning('generation')
      .executeTakeFirstOrThrow()
    return row.generation
  }
}

/** Decides a suggestion only while it is open: of two deciding at once, one does. */
async function decideOpen(db: Kysely<Database>, eventId: number, id: number, values: SuggestionDecision) {
  const result = await db
    .updateTable('score_suggestions')
    .set(values)
    .where('id', '=', id)
    .where('event_id', '=', eventId)
    .where('status', '=', 'open')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
