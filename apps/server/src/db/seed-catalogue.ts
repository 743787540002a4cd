import fs from 'node:fs'
import path from 'node:path'
import type { Kysely } from 'kysely'
import { newStreamKey } from '../lib/secrets.js'
import type { Database } from './schema.js'
import { logoSvg, type SlideArtKind, slideSvg } from './seed-art.js'

/**
 * The demo channel's catalogue: three sports with men's and women's divisions, six schools with
 * twelve teams, four venues, about thirty events around the seed time (replays, two live, the next two
 * weeks) in every access mode, and a VOD library with categories and two rails.
 */
const HOUR = 3_600_000
const DAY = 24 * HOUR

const sports: { name: string; alias: string; art: SlideArtKind; divisions: [string, string][] }[] = [
  {
    name: 'Basketball',
    alias: 'basketball',
    art: 'court',
    divisions: [
      ["Men's Basketball", 'mens-basketball'],
      ["Women's Basketball", 'womens-basketball'],
    ],
  },
  {
    name: 'Soccer',
    alias: 'soccer',
    art: 'pitch',
    divisions: [
      ["Men's Soccer", 'mens-soccer'],
      ["Women's Soccer", 'womens-soccer'],
    ],
  },
  {
    name: 'Hockey',
    alias: 'hockey',
    art: 'rink',
    divisions: [
      ["Men's Hockey", 'mens-hockey'],
      ["Women's Hockey", 'womens-hockey'],
    ],
  },
]

const venues = [
  { name: 'Riverside Arena', city: 'Springfield', state: 'IL', address: '400 Arena Way', time_zone: 'America/Chicago' },
  {
    name: 'Lakeview Field House',
    city: 'Madison',
    state: 'WI',
    address: '12 Lakeshore Dr',
    time_zone: 'America/Chicago',
  },
  { name: 'Summit Ice Center', city: 'Denver', state: 'CO', address: '88 Summit Blvd', time_zone: 'America/Denver' },
  { name: 'Harbor Stadium', city: 'Portland', state: 'OR', address: '1 Harbor Pl', time_zone: 'America/Los_Angeles' },
]

const schools = [
  {
    name: 'Northfield College',
    short: 'NFC',
    alias: 'northfield',
    color: '#1f6feb',
    mascot: 'Falcons',
    city: 'Springfield',
    state: 'IL',
    conference: 'Prairie',
  },
  {
    name: 'Riverside University',
    short: 'RIV',
    alias: 'riverside',
    color: '#c0392b',
    mascot: 'Otters',
    city: 'Springfield',
    state: 'IL',
    conference: 'Prairie',
  },
  {
    name: 'Lakeview State',
    short: 'LVS',
    alias: 'lakeview',
    color: '#16a085',
    mascot: 'Herons',
    city: 'Madison',
    state: 'WI',
    conference: 'Prairie',
  },
  {
    name: 'Summit Tech',
    short: 'SMT',
    alias: 'summit',
    color: '#8e44ad',
    mascot: 'Goats',
    city: 'Denver',
    state: 'CO',
    conference: 'Mountain',
  },
  {
    name: 'Harbor Institute',
    short: 'HBR',
    alias: 'harbor',
    color: '#f39c12',
    mascot: 'Gulls',
    city: 'Portland',
    state: 'OR',
    conference: 'Mountain',
  },
  {
    name: 'Pinecrest Academy',
    short: 'PNC',
    alias: 'pinecrest',
    color: '#27ae60',
    mascot: 'Lynx',
    city: 'Denver',
    state: 'CO',
    conference: 'Mountain',
  },
]

/** Twelve teams: [school alias, division alias] — every division used has at least two teams. */
const teams: [string, string][] = [
  ['northfield', 'mens-basketball'],
  ['riverside', 'mens-basketball'],
  ['lakeview', 'mens-basketball'],
  ['summit', 'mens-basketball'],
  ['northfield', 'womens-soccer'],
  ['harbor', 'womens-soccer'],
  ['pinecrest', 'womens-soccer'],
  ['riverside', 'womens-soccer'],
  ['summit', 'mens-hockey'],
  ['pinecrest', 'mens-hockey'],
  ['lakeview', 'womens-basketball'],
  ['harbor', 'womens-basketball'],
]

const divisionName = (alias: string) => sports.flatMap((s) => s.divisions).find(([, a]) => a === alias)?.[0] ?? alias

/** The demo channel's pre-roll: a short generated sponsor spot (made by the worker at first start). */
export const DEMO_PREROLL_URL = '/media/public/demo/preroll.mp4'

const modes = ['free', 'register', 'paid', 'ppv'] as const
const price = { free: [0, 0], register: [0, 0], paid: [999, 150], ppv: [1499, 200] } as const

export async function seedDemoCatalogue(db: Kysely<Database>, channelId: number, mediaDir: string, now: number) {
  const art = path.join(mediaDir, 'public', 'demo')
  fs.mkdirSync(path.join(art, 'crests'), { recursive: true })
  fs.mkdirSync(path.join(art, 'vod'), { recursive: true })
  const url = (file: string) => `/media/public/demo/${file}`

  const categoryIds = new Map<string, number>()
  for (const [i, sport] of sports.entries()) {
    const { id } = await db
      .insertInto('event_categories')
      .values({ channel_id: channelId, parent_id: null, name: sport.name, alias: sport.alias, position: i })
      .returning('id')
      .executeTakeFirstOrThrow()
    categoryIds.set(sport.alias, id)
    for (const [j, [name, alias]] of sport.divisions.entries()) {
      const child = await db
        .insertInto('event_categories')
        .values({ channel_id: channelId, parent_id: id, name, alias, position: j })
        .returning('id')
        .executeTakeFirstOrThrow()
      categoryIds.set(alias, child.id)
    }
  }

  const venueIds: number[] = []
  for (const v of venues) {
    const { id } = await db
      .insertInto('event_locations')
      .values({ ...v, channel_id: channelId })
      .returning('id')
      .executeTakeFirstOrThrow()
    venueIds.push(id)
  }

  const schoolIds = new Map<string, number>()
  for (const [i, s] of schools.entries()) {
    fs.writeFileSync(path.join(art, 'crests', `${s.alias}.svg`), logoSvg(s.name, s.color, '#ffffff'))
    const { id } = await db
      .insertInto('participant_groups')
      .values({
        channel_id: channelId,
        name: s.name,
        short_name: s.short,
        alias: s.alias,
        images: JSON.stringify([url(`crests/${s.alias}.svg`)]),
        properties: JSON.stringify({ city: s.city, state: s.state, conference: s.conference }),
        position: i,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    schoolIds.set(s.alias, id)
  }

  const teamIds = new Map<string, number[]>()
  const homeCity = new Map<number, string>()
  for (const [schoolAlias, division] of teams) {
    const school = schools.find((s) => s.alias === schoolAlias)!
    const gender = division.startsWith('womens') ? 'W' : 'M'
    const alias = `${schoolAlias}-${division}`
    const { id } = await db
      .insertInto('participants')
      .values({
        channel_id: channelId,
        group_id: schoolIds.get(schoolAlias) as number,
        category_id: categoryIds.get(division) as number,
        name: `${school.name.split(' ')[0]} ${school.mascot}`,
        short_name: school.short,
        alias,
        images: JSON.stringify([url(`crests/${schoolAlias}.svg`)]),
        color: school.color,
        gender,
        properties: JSON.stringify({ mascot: school.mascot }),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    teamIds.set(division, [...(teamIds.get(division) ?? []), id])
    homeCity.set(id, school.city)
  }

  // Thirty events: 12 replays over the past three weeks, 2 live now, 16 over the next two weeks.
  const divisions = [...teamIds.keys()]
  const slots = [
    ...Array.from({ length: 12 }, (_, i) => ({ at: now - (i + 1) * 1.6 * DAY, status: 'vod' as const })),
    { at: now - 45 * 60_000, status: 'live' as const },
    { at: now - 20 * 60_000, status: 'live' as const },
    ...Array.from({ length: 16 }, (_, i) => ({
      at: now + (i + 1) * 0.85 * DAY + 3 * HOUR,
      status: 'upcoming' as const,
    })),
  ]
  for (const [i, slot] of slots.entries()) {
    const division = divisions[i % divisions.length] as string
    const pair = teamIds.get(division) as number[]
    // Round robin inside the division: every team meets every other, home and away in turn.
    const round = Math.floor(i / divisions.length)
    const k = pair.length
    const home = pair[round % k] as number
    const away = pair[((round % k) + 1 + (Math.floor(round / k) % (k - 1))) % k] as number
    // The home team's venue, and a 7 pm local start (standard-time offsets; live games keep their hour).
    const venueIndex = Math.max(
      0,
      venues.findIndex((v) => v.city === homeCity.get(home)),
    )
    const mode = modes[i % modes.length] as (typeof modes)[number]
    const names = await db
      .selectFrom('participants')
      .select(['id', 'short_name'])
      .where('id', 'in', [home, away])
      .execute()
    const short = (id: number) => names.find((n) => n.id === id)?.short_name ?? ''
    const utcOffset =
      { 'America/Chicago': -6, 'America/Denver': -7, 'America/Los_Angeles': -8 }[
        venues[venueIndex]?.time_zone as string
      ] ?? 0
    const localDay = Math.floor((slot.at + utcOffset * HOUR) / DAY) * DAY
    const at =
      slot.status === 'live' ? Math.floor(slot.at / (15 * 60_000)) * 15 * 60_000 : localDay + (19 - utcOffset) * HOUR
    const { id } = await db
      .insertInto('events')
      .values({
        channel_id: channelId,
        name: `${short(away)} @ ${short(home)} — ${divisionName(division)}`,
        description: `${division.startsWith('womens') ? "Women's" : "Men's"} conference game at ${venues[venueIndex]?.name}.`,
        access_mode: mode,
        event_utc_ts: at,
        time_zone: venues[venueIndex]?.time_zone as string,
        event_category_id: categoryIds.get(division) as number,
        location_id: venueIds[venueIndex] as number,
        stream_status: slot.status,
        base_price: price[mode][0],
        service_fee: price[mode][1],
        geo_rules: '{}',
        stream_key: newStreamKey(),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('event_participants')
      .values([
        { event_id: id, participant_id: home, side: 'home' },
        { event_id: id, participant_id: away, side: 'away' },
      ])
      .execute()
  }

  // The VOD library.
  const vodCategories = [
    ['Highlights', 'highlights'],
    ['Interviews', 'interviews'],
    ['Features', 'features'],
  ]
  const vodCategoryIds: number[] = []
  for (const [i, [name, alias]] of vodCategories.entries()) {
    const { id } = await db
      .insertInto('vod_categories')
      .values({ channel_id: channelId, name: name as string, alias: alias as string, position: i })
      .returning('id')
      .executeTakeFirstOrThrow()
    vodCategoryIds.push(id)
  }
  const titles = [
    'Top 10 plays of the week',
    'Buzzer-beater: Northfield stuns Riverside',
    'Overtime thriller at Summit Ice Center',
    'Coach Alvarez on the road to the final',
    'Captain’s corner: Harbor’s season so far',
    'Post-game: Lakeview after the comeback',
    'Inside the Pinecrest locker room',
    'The making of a conference champion',
    'Rivalry week: Springfield split in two',
  ]
  const itemIds: number[] = []
  for (const [i, title] of titles.entries()) {
    const kind = (['court', 'pitch', 'rink'] as SlideArtKind[])[i % 3] as SlideArtKind
    const file = `vod/item-${i + 1}.svg`
    fs.writeFileSync(
      path.join(art, file),
      slideSvg(kind, ['#1b2b4b', '#12331f', '#1c2f45'][i % 3] as string, schools[i % schools.length]?.color as string),
    )
    const { id } = await db
      .insertInto('vod_items')
      .values({
        channel_id: channelId,
        category_id: vodCategoryIds[Math.floor(i / 3)] as number,
        title,
        description: null,
        date: now - (i + 1) * 2 * DAY,
        duration: 90 + i * 45,
        assets: JSON.stringify([{ type: 'image', path: url(file) }]),
        // Most of the library is free; every third item needs the VOD pass.
        access_mode: i % 3 === 2 ? 'paid' : 'free',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    itemIds.push(id)
  }
  // One pre-roll for every event, live or replay (its video is generated at first start).
  await db
    .insertInto('prerolls')
    .values({
      channel_id: channelId,
      url: DEMO_PREROLL_URL,
      weight: 10,
      location_id: null,
      event_categories: '[]',
      for_vod: 1,
      for_live: 1,
      created_at: now,
    })
    .execute()

  for (const [position, [title, items]] of (
    [
      ['Latest highlights', itemIds.slice(0, 5)],
      ["Coaches' corner", itemIds.slice(3, 8)],
    ] as [string, number[]][]
  ).entries()) {
    const { id } = await db
      .insertInto('vod_rails')
      .values({ channel_id: channelId, title, position })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('vod_rail_items')
      .values(items.map((item_id, i) => ({ rail_id: id, item_id, position: i })))
      .execute()
  }
}
