import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildChannel, signedInKey } from '../../test/factories.js'

type Ev = {
  id: number
  name: string
  type: string
  has_access: boolean
  event_utc_ts: string
  stream_status: string
  participants: { alias: string; side: string; participant_group_id: number; properties: Record<string, string> }[]
  category: { alias: string } | null
  location: { id: number; city: string; state: string } | null
  base_price: number
}

describe.each(testDatabases())('catalogue on %s', (kind) => {
  let ctx: TestContext
  let key: string
  const events = async (query: string): Promise<{ status: number; data: Ev[]; meta: any; body: any }> => {
    const res = await ctx.json(`/api/events?api_key=${key}${query ? `&${query}` : ''}`)
    return { status: res.status, data: res.body.data, meta: res.body.meta, body: res.body }
  }

  beforeAll(async () => {
    ctx = await createTestContext(kind)
    key = await ctx.apiKey()
  })
  afterAll(() => ctx.close())

  describe('GET /api/events', () => {
    it('lists every event, soonest first, with a page of 20 by default', async () => {
      const res = await events('')
      expect(res.status).toBe(200)
      expect(res.meta).toEqual({ total: 30, offset: 0, limit: 20 })
      expect(res.data).toHaveLength(20)
      const times = res.data.map((e) => e.event_utc_ts)
      expect([...times].sort()).toEqual(times)
      const first = res.data[0] as Ev
      expect(first.participants.map((p) => p.side)).toEqual(['home', 'away'])
      // Spec §3: a two-participant event reads away @ home by short names.
      expect(first.name).toMatch(/^[A-Z]{3} @ [A-Z]{3} — /)
    })

    it('filters by stream status, as one value or an array', async () => {
      expect((await events('stream_status=live')).data.map((e) => e.stream_status)).toEqual(['live', 'live'])
      const both = await events('stream_status[]=live&stream_status[]=upcoming&no_limit=1')
      expect(both.meta.total).toBe(18)
      expect(new Set(both.data.map((e) => e.stream_status))).toEqual(new Set(['live', 'upcoming']))
      const replays = await events('stream_status=vod')
      expect(replays.meta.total).toBe(12)
      // Replays: newest first.
      const times = replays.data.map((e) => e.event_utc_ts)
      expect([...times].sort().reverse()).toEqual(times)
    })

    it('filters by school and team, by alias or id', async () => {
      const groups = (await ctx.json(`/api/participant-groups?api_key=${key}`)).body.data as {
        id: number
        alias: string
      }[]
      const northfield = groups.find((g) => g.alias === 'northfield')!
      const bySchool = await events('school=northfield&no_limit=1')
      expect(bySchool.meta.total).toBeGreaterThan(0)
      for (const e of bySchool.data)
        expect(e.participants.some((p) => p.participant_group_id === northfield.id)).toBe(true)
      expect((await events(`group=${northfield.id}&no_limit=1`)).meta.total).toBe(bySchool.meta.total)

      const byTeam = await events('team=summit-mens-hockey&no_limit=1')
      expect(byTeam.meta.total).toBeGreaterThan(0)
      for (const e of byTeam.data) expect(e.participants.map((p) => p.alias)).toContain('summit-mens-hockey')
      const participants = (await ctx.json(`/api/participants?no_limit=1&api_key=${key}`)).body.data as {
        id: number
        alias: string
      }[]
      const hockey = participants.find((p) => p.alias === 'summit-mens-hockey')!
      expect((await events(`participant_id[]=${hockey.id}&no_limit=1`)).meta.total).toBe(byTeam.meta.total)
      expect((await events('team=no-such-team')).meta.total).toBe(0)
    })

    it('filters by sport (with its divisions), category, gender, venue, city and state', async () => {
      const hockey = await events('sport=hockey&no_limit=1')
      expect(hockey.meta.total).toBeGreaterThan(0)
      expect(new Set(hockey.data.map((e) => e.category?.alias))).toEqual(new Set(['mens-hockey']))
      const categories = (await ctx.json(`/api/events-categories?api_key=${key}`)).body.data as {
        id: number
        alias: string
      }[]
      const basketball = categories.find((c) => c.alias === 'basketball')!
      const byParent = await events(`category_id=${basketball.id}&no_limit=1`)
      expect(new Set(byParent.data.map((e) => e.category?.alias))).toEqual(
        new Set(['mens-basketball', 'womens-basketball']),
      )

      const women = await events('gender=women&no_limit=1')
      expect(women.meta.total).toBeGreaterThan(0)
      for (const e of women.data) expect(e.participants.every((p) => p.properties.gender === 'W')).toBe(true)
      expect((await events('gender=W&no_limit=1')).meta.total).toBe(women.meta.total)
      expect((await events('gender=men&no_limit=1')).meta.total + women.meta.total).toBe(30)

      const denver = await events('city=Denver&no_limit=1')
      expect(denver.meta.total).toBeGreaterThan(0)
      expect(new Set(denver.data.map((e) => e.location?.city))).toEqual(new Set(['Denver']))
      expect((await events('state=co&no_limit=1')).meta.total).toBe(denver.meta.total)
      const venue = denver.data[0]?.location?.id
      expect((await events(`venue=${venue}&no_limit=1`)).meta.total).toBe(denver.meta.total)
      // Filters combine.
      const combined = await events('sport=basketball&gender=women&state=OR&no_limit=1')
      for (const e of combined.data) {
        expect(e.category?.alias).toBe('womens-basketball')
        expect(e.location?.state).toBe('OR')
      }
    })

    it('filters by date range, whole days inclusive', async () => {
      const all = (await events('no_limit=1')).data
      const day = (all[5] as Ev).event_utc_ts.slice(0, 10)
      const sameDay = all.filter((e) => e.event_utc_ts.startsWith(day))
      const res = await events(`start_date=${day}&end_date=${day}&no_limit=1`)
      expect(res.data.map((e) => e.id)).toEqual(sameDay.map((e) => e.id))
    })

    it('pages and sorts', async () => {
      const page2 = await events('limit=5&offset=5')
      expect(page2.meta).toEqual({ total: 30, offset: 5, limit: 5 })
      const all = (await events('no_limit=1')).data
      expect(page2.data.map((e) => e.id)).toEqual(all.slice(5, 10).map((e) => e.id))
      const byName = (await events('sort_field=name&sort_direction=desc&no_limit=1')).data.map((e) => e.name)
      expect(byName).toEqual([...byName].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)))
      expect((await events('offset=100')).data).toEqual([])
    })

    it('refuses bad filters field by field', async () => {
      const res = await events(
        'limit=-1&offset=-5&stream_status=soon&start_date=yesterday&participant_id=abc&sort_field=price',
      )
      expect(res.status).toBe(422)
      expect(Object.keys(res.body.errors).sort()).toEqual(
        ['limit', 'offset', 'participant_id.0', 'sort_field', 'start_date', 'stream_status.0'].sort(),
      )
      expect(res.body.errors.limit).toEqual(['Must be 1 or more'])
      const reversed = await events('start_date=2026-12-01&end_date=2026-11-01')
      expect(reversed.body.errors.end_date).toEqual(['The end date must not be before the start date'])
      expect((await events('limit=101')).body.errors.limit).toEqual(['Must be 100 or less'])
    })
  })

  describe('GET /api/events/{id} and access', () => {
    it('shows an event with has_access by its access mode', async () => {
      const all = (await events('no_limit=1')).data
      const byType = (type: string) => all.find((e) => e.type === type) as Ev
      expect(byType('free').has_access).toBe(true)
      expect(byType('register').has_access).toBe(false)
      expect(byType('paid').has_access).toBe(false)
      expect(byType('ppv').has_access).toBe(false)
      expect(byType('paid').base_price).toBe(9.99)

      const userKey = await signedInKey(ctx)
      const one = await ctx.json(`/api/events/${byType('register').id}?api_key=${userKey}`)
      expect(one.body.data).toMatchObject({ id: byType('register').id, has_access: true })
      // Per viewer (it may carry signed video URLs): never kept by a shared cache.
      expect(one.headers.get('cache-control')).toBe('private, no-store')
      expect((await ctx.json(`/api/events/${byType('paid').id}?api_key=${userKey}`)).body.data.has_access).toBe(false)
    })

    it('answers 404 for an unknown id and for another channel’s event, 422 for a bad one', async () => {
      expect((await ctx.json(`/api/events/999999?api_key=${key}`)).status).toBe(404)
      expect((await ctx.json(`/api/events/abc?api_key=${key}`)).status).toBe(422)
      const otherId = await buildChannel(ctx, `other-${kind}`, { currency: 'EUR' })
      const now = Date.now()
      const { id } = await ctx.db.kysely
        .insertInto('events')
        .values({
          channel_id: otherId,
          name: 'Secret scrimmage',
          description: null,
          access_mode: 'free',
          event_utc_ts: now,
          time_zone: 'UTC',
          event_category_id: null,
          location_id: null,
          stream_status: 'upcoming',
          base_price: 0,
          service_fee: 0,
          geo_rules: '{}',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      expect((await ctx.json(`/api/events/${id}?api_key=${key}`)).status).toBe(404)
      expect((await events('no_limit=1')).data.map((e) => e.name)).not.toContain('Secret scrimmage')
      const otherKey = await ctx.apiKey(`other-${kind}`)
      const theirs = await ctx.json(`/api/events?api_key=${otherKey}`)
      expect(theirs.body.data.map((e: Ev) => e.name)).toEqual(['Secret scrimmage'])
      expect(theirs.body.data[0].currency).toBe('EUR')
      expect((await ctx.json(`/api/participants?api_key=${otherKey}`)).body.data).toEqual([])
    })
  })

  describe('lists', () => {
    it('GET /api/events-for-homepage: live now, next up, latest replays', async () => {
      const { data } = (await ctx.json(`/api/events-for-homepage?api_key=${key}`)).body
      expect(data.live).toHaveLength(2)
      expect(data.upcoming).toHaveLength(8)
      expect(data.vod).toHaveLength(8)
      expect(data.upcoming.every((e: Ev) => e.stream_status === 'upcoming')).toBe(true)
      expect(data.vod[0].event_utc_ts > data.vod[1].event_utc_ts).toBe(true)
    })

    it('GET /api/events-categories: sports with their divisions', async () => {
      const { data } = (await ctx.json(`/api/events-categories?api_key=${key}`)).body
      expect(data.map((c: { alias: string }) => c.alias)).toEqual(['basketball', 'soccer', 'hockey'])
      expect(data[0].children.map((c: { alias: string }) => c.alias)).toEqual(['mens-basketball', 'womens-basketball'])
    })

    it('GET /api/events-locations, /participants, /participant-groups, /participant-group-properties', async () => {
      const locations = (await ctx.json('/api/events-locations?channel_key=demo')).body.data
      expect(locations).toHaveLength(4)
      expect(locations[0]).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        city: expect.any(String),
        state: expect.any(String),
        address: expect.any(String),
        time_zone: expect.stringMatching(/^America\//),
      })
      const teams = (await ctx.json('/api/participants?no_limit=1&channel_key=demo')).body.data
      expect(teams).toHaveLength(12)
      expect(teams[0].properties).toMatchObject({ gender: expect.stringMatching(/^[MW]$/), sport: expect.any(String) })
      const schools = (await ctx.json('/api/participant-groups?channel_key=demo')).body.data
      expect(schools).toHaveLength(6)
      expect((await ctx.request(schools[0].images[0])).headers.get('content-type')).toContain('image/svg+xml')
      const byGroup = (await ctx.json(`/api/participants?group=${schools[0].id}&channel_key=demo`)).body.data
      expect(byGroup.every((t: { participant_group_id: number }) => t.participant_group_id === schools[0].id)).toBe(
        true,
      )
      const props = (await ctx.json('/api/participant-group-properties?channel_key=demo')).body.data
      expect(props.map((p: { name: string }) => p.name)).toEqual(['city', 'conference', 'state'])
      expect(props.find((p: { name: string }) => p.name === 'state').values).toEqual(['CO', 'IL', 'OR', 'WI'])
    })

    it('adds the catalogue to the bootstrap document', async () => {
      const { data } = (await ctx.json('/api/channel-bootstrap-data?channel_key=demo')).body
      expect(data['events-categories']).toHaveLength(3)
      expect(data['events-locations']).toHaveLength(4)
      expect(data['participant-groups']).toHaveLength(6)
      expect(data['participant-group-properties'].length).toBeGreaterThan(0)
    })
  })

  describe('caching', () => {
    it('serves anonymous lists from memory with an ETag, and revalidates', async () => {
      const first = await ctx.request(`/api/events?api_key=${key}&limit=3`)
      expect(first.headers.get('cache-control')).toBe('public, max-age=15')
      const etag = first.headers.get('etag') as string
      // Another anonymous viewer gets the same bytes.
      const other = await ctx.request(`/api/events?limit=3&api_key=${await ctx.apiKey()}`)
      expect(other.headers.get('etag')).toBe(etag)
      const again = await ctx.request(`/api/events?api_key=${key}&limit=3`, { headers: { 'if-none-match': etag } })
      expect(again.status).toBe(304)
    })

    it('keeps one answer per query as validated: parameters the list does not know, or their order, make no other', async () => {
      const first = await ctx.json(`/api/events?api_key=${key}&limit=4&sort_direction=desc`)
      const shown = first.body.data[0] as Ev
      // Written past the service, so the channel's content version stays: only a new query would see it.
      await ctx.db.kysely.updateTable('events').set({ description: 'changed' }).where('id', '=', shown.id).execute()
      try {
        const other = await ctx.json(
          `/api/events?sort_direction=desc&utm_source=x&limit=4&api_key=${await ctx.apiKey()}`,
        )
        expect(other.body).toEqual(first.body)
        // Another page is another answer, built afresh.
        const fresh = await ctx.json(`/api/events?api_key=${key}&limit=5&sort_direction=desc`)
        expect((fresh.body.data[0] as { description: string | null }).description).toBe('changed')
      } finally {
        await ctx.db.kysely
          .updateTable('events')
          .set({ description: (shown as unknown as { description: string | null }).description })
          .where('id', '=', shown.id)
          .execute()
      }
    })
  })
})
