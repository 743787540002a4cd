import type { Kysely, Selectable } from 'kysely'
import { anyInChannel } from './channel-rows.js'
import type { Database, EventTable } from './schema.js'

/** An event or VOD item of the demo channel that gets a generated video, with what it shows. */
export interface DemoVideoOwner {
  type: 'event' | 'vod'
  id: number
  title: string
  home: string
  away: string
}

/** What the embedded demo reads to make its videos and its simulated live feed. */
export class DemoRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async channelId(channelKey: string) {
    const row = await this.db.selectFrom('channels').select('id').where('key', '=', channelKey).executeTakeFirst()
    return row?.id
  }

  /** The channel's finished events (newest first, with their teams) and its VOD items. */
  async videoOwners(channelId: number): Promise<DemoVideoOwner[]> {
    const events = await this.db
      .selectFrom('events')
      .select(['id', 'name'])
      .where('channel_id', '=', channelId)
      .where('stream_status', '=', 'vod')
      .orderBy('event_utc_ts', 'desc')
      .execute()
    const teams = await this.db
      .selectFrom('event_participants')
      .innerJoin('participants', 'participants.id', 'event_participants.participant_id')
      .select(['event_participants.event_id', 'event_participants.side', 'participants.name'])
      .where('event_participants.event_id', 'in', events.length ? events.map((e) => e.id) : [0])
      .execute()
    const items = await this.db
      .selectFrom('vod_items')
      .select(['id', 'title'])
      .where('channel_id', '=', channelId)
      .orderBy('date', 'desc')
      .execute()
    return [
      ...events.map((e) => ({
        type: 'event' as const,
        id: e.id,
        title: e.name.split(' — ')[1] ?? e.name,
        home: teams.find((t) => t.event_id === e.id && t.side === 'home')?.name ?? 'Home',
        away: teams.find((t) => t.event_id === e.id && t.side === 'away')?.name ?? 'Away',
      })),
      ...items.map((v) => ({ type: 'vod' as const, id: v.id, title: v.title, home: 'Fieldhouse', away: 'Highlights' })),
    ]
  }

  /** The channel's first free event that is live, where the simulated feed publishes. */
  freeLiveEvent(channelKey: string) {
    return this.db
      .selectFrom('events')
      .innerJoin('channels', 'channels.id', 'events.channel_id')
      .select(['events.id', 'events.channel_id', 'events.stream_key', 'events.name'])
      .where('channels.key', '=', channelKey)
      .where('events.stream_status', '=', 'live')
      .where('events.access_mode', '=', 'free')
      .orderBy('events.event_utc_ts')
      .executeTakeFirst()
  }

  /** Whether the channel has a premiere already (the demo makes its own once). */
  hasPremiere(channelId: number) {
    return anyInChannel(this.db, 'premieres', channelId)
  }

  /** The channel's newest finished free event whose replay is encoded: what the demo premieres. */
  premiereSource(channelId: number) {
    return this.db
      .selectFrom('events')
      .innerJoin('media_assets', (j) =>
        j.onRef('media_assets.owner_id', '=', 'events.id').on('media_assets.owner_type', '=', 'event'),
      )
      .selectAll('events')
      .where('events.channel_id', '=', channelId)
      .where('events.stream_status', '=', 'vod')
      .where('events.access_mode', '=', 'free')
      .where('media_assets.status', '=', 'ready')
      .orderBy('events.event_utc_ts', 'desc')
      .executeTakeFirst()
  }

  /** A new upcoming free event for the demo premiere, of the same teams, sport and venue as its source. */
  async createPremiereEvent(source: Selectable<EventTable>, startsAt: number, now: number) {
    const { id } = await this.db
      .insertInto('events')
      .values({
        channel_id: source.channel_id,
        name: `${source.name.split(' — ')[0] ?? source.name} — Premiere`,
        description: 'A replay shown as live: everyone watches it together, as it happened.',
        access_mode: 'free',
        event_utc_ts: startsAt,
        time_zone: source.time_zone,
        event_category_id: source.event_category_id,
        location_id: source.location_id,
        stream_status: 'upcoming',
        base_price: 0,
        service_fee: 0,
        geo_rules: '{}',
        stream_key: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const teams = await this.db
      .selectFrom('event_participants')
      .select(['participant_id', 'side'])
      .where('event_id', '=', source.id)
      .execute()
    if (teams.length)
      await this.db
        .insertInto('event_participants')
        .values(teams.map((t) => ({ ...t, event_id: id })))
        .execute()
    return id
  }
}
