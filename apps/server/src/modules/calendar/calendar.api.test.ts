import { messages } from '@fieldhouse/contract'
import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildChannel, signedInKey } from '../../test/factories.js'
import { buildOperator, memoryMailer } from '../../test/operators.js'

/** Whether a UID is the entry of this event (its UID also carries when the event was made). */
const isEntryOf = (uid: string | undefined, channelKey: string, id: number) =>
  new RegExp(`^event-${id}-[0-9a-z]+\\.${channelKey}@fieldhouse$`).test(uid ?? '')

const entries = (text: string) => {
  const cal = new ICAL.Component(ICAL.parse(text))
  for (const vtz of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(vtz))
  return cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v)
    return {
      uid: e.uid,
      summary: e.summary,
      sequence: e.sequence,
      status: v.getFirstPropertyValue('status'),
      url: v.getFirstPropertyValue('url'),
      zone: e.startDate.zone.tzid,
      local: e.startDate.toString(),
      start: e.startDate.toJSDate().toISOString(),
    }
  })
}

describe.each(testDatabases())('calendar feeds on %s', (kind) => {
  let ctx: TestContext
  let channelId: number
  const channelKey = `cal-${kind}`
  const ids = { sport: 0, school: 0, owls: 0, jays: 0, hawks: 0, venue: 0 }
  const admin = () => ctx.app.services.catalogAdmin
  const feed = (path: string, headers: Record<string, string> = {}) => ctx.request(path, { headers })
  const teamFeed = (id: number) => `/api/calendar/teams/${id}.ics?channel_key=${channelKey}`
  const game = (name: string, at: string, home: number, away: number) => ({
    name,
    access_mode: 'paid',
    event_utc_ts: at,
    time_zone: 'America/Chicago',
    event_category_id: ids.sport,
    location_id: ids.venue,
    base_price: 500,
    participants: [
      { participant_id: home, side: 'home' },
      { participant_id: away, side: 'away' },
    ],
  })

  beforeAll(async () => {
    ctx = await createTestContext(kind, { mailer: memoryMailer() })
    channelId = await buildChannel(ctx, channelKey, { name: 'League' })
    ids.sport = await admin().createCategory(channelId, { name: 'Volleyball', alias: 'volleyball' })
    ids.venue = await admin().createLocation(channelId, {
      name: 'Dome',
      city: 'Austin',
      state: 'TX',
      time_zone: 'America/Chicago',
    })
    ids.school = await admin().createGroup(channelId, { name: 'Austin Tech', short_name: 'ATX', alias: 'austin-tech' })
    const team = (name: string, alias: string, group_id?: number) =>
      admin().createParticipant(channelId, { name, short_name: alias.slice(0, 3).toUpperCase(), alias, group_id })
    ids.owls = await team('Austin Owls', 'owls', ids.school)
    ids.jays = await team('Dallas Jays', 'jays')
    ids.hawks = await team('Houston Hawks', 'hawks')
  })
  afterAll(() => ctx.close())

  it("serves a team's, a school's and a sport's games in the venue's time zone, each with its watch link", async () => {
    const eventId = await admin().saveEvent(
      channelId,
      null,
      game('Jays @ Owls', '2027-01-15T01:00:00Z', ids.owls, ids.jays),
    )
    const res = await feed(teamFeed(ids.owls))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    const [entry, ...rest] = entries(await res.text())
    expect(rest).toEqual([])
    expect(isEntryOf(entry?.uid, channelKey, eventId)).toBe(true)
    expect(entry).toMatchObject({
      summary: 'Jays @ Owls',
      sequence: 0,
      status: 'CONFIRMED',
      zone: 'America/Chicago',
      local: '2027-01-14T19:00:00',
      start: '2027-01-15T01:00:00.000Z',
    })
    expect(entry?.url).toBe(`${ctx.config.publicUrl}/watch/${eventId}`)
    for (const path of [
      `/api/calendar/schools/${ids.school}.ics?channel_key=${channelKey}`,
      `/api/calendar/sports/${ids.sport}.ics?channel_key=${channelKey}`,
      teamFeed(ids.jays),
    ])
      expect(entries(await (await feed(path)).text()).map((e) => e.uid)).toEqual([entry?.uid])
    expect(entries(await (await feed(teamFeed(ids.hawks))).text())).toEqual([])
  })

  it('answers a calendar app that polls with 304 until the schedule changes; a rescheduled game moves, a cancelled one says so', async () => {
    const eventId = await admin().saveEvent(
      channelId,
      null,
      game('Hawks @ Jays', '2027-02-01T02:00:00Z', ids.jays, ids.hawks),
    )
    const first = await feed(teamFeed(ids.hawks))
    const etag = first.headers.get('etag') ?? ''
    const firstUid = entries(await first.text())[0]?.uid
    expect(isEntryOf(firstUid, channelKey, eventId)).toBe(true)
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/)
    expect(first.headers.get('cache-control')).toBe('public, max-age=300')
    const again = await feed(teamFeed(ids.hawks), { 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')

    await admin().saveEvent(channelId, eventId, game('Hawks @ Jays', '2027-02-02T03:30:00Z', ids.jays, ids.hawks))
    const moved = await feed(teamFeed(ids.hawks), { 'if-none-match': etag })
    expect(moved.status).toBe(200)
    // The same entry (its UID), moved, one revision on.
    expect(entries(await moved.text())).toMatchObject([
      { uid: firstUid, sequence: 1, local: '2027-02-01T21:30:00', status: 'CONFIRMED' },
    ])

    await admin().delete(channelId, 'events', eventId)
    const cancelled = entries(await (await feed(teamFeed(ids.hawks))).text())
    expect(cancelled).toMatchObject([{ uid: firstUid, sequence: 2, status: 'CANCELLED', summary: 'Hawks @ Jays' }])
    // The sport's feed says so too, and the other team's.
    const sport = entries(await (await feed(`/api/calendar/sports/${ids.sport}.ics?channel_key=${channelKey}`)).text())
    expect(sport.find((e) => e.uid === cancelled[0]?.uid)?.status).toBe('CANCELLED')
    expect(entries(await (await feed(teamFeed(ids.jays))).text()).map((e) => e.status)).toContain('CANCELLED')
  })

  it("follows the console's own writes: a game moved in the console moves, one deleted before play is cancelled, one deleted after leaves", async () => {
    const { key } = await buildOperator(ctx, channelKey, 'producer')
    const call = (path: string, method: string, body?: unknown) =>
      ctx.json(path, { method, headers: { authorization: `Bearer ${key}` }, ...(body ? { body } : {}) })
    const made = await call(
      '/api/admin/events',
      'POST',
      game('Owls @ Hawks', '2027-03-01T02:00:00Z', ids.hawks, ids.owls),
    )
    expect(made.status).toBe(201)
    const id = made.body.data.id as number
    const feedNow = async () => entries(await (await feed(teamFeed(ids.hawks))).text())
    // On SQLite the new event may have the id of the game cancelled above: its UID is its own all the same.
    const uid = (await feedNow()).find((e) => isEntryOf(e.uid, channelKey, id) && e.summary === 'Owls @ Hawks')?.uid
    expect(uid).toBeDefined()
    const entryOf = async () => (await feedNow()).find((e) => e.uid === uid)
    expect(await entryOf()).toMatchObject({ sequence: 0, status: 'CONFIRMED', local: '2027-02-28T20:00:00' })
    expect((await call(`/api/admin/events/${id}`, 'PATCH', { event_utc_ts: '2027-03-02T02:00:00Z' })).status).toBe(200)
    expect(await entryOf()).toMatchObject({ sequence: 1, local: '2027-03-01T20:00:00' })
    expect((await call(`/api/admin/events/${id}`, 'DELETE')).status).toBe(204)
    expect(await entryOf()).toMatchObject({ sequence: 2, status: 'CANCELLED', summary: 'Owls @ Hawks' })

    // A game already played that is deleted is not a cancellation: it leaves the feed.
    const past = await call(
      '/api/admin/events',
      'POST',
      game('Hawks @ Owls', '2026-11-20T02:00:00Z', ids.owls, ids.hawks),
    )
    const pastEntries = async () =>
      entries(await (await feed(teamFeed(ids.hawks))).text()).filter((e) => e.summary === 'Hawks @ Owls')
    expect(await pastEntries()).toMatchObject([{ status: 'CONFIRMED' }])
    await call(`/api/admin/events/${past.body.data.id}`, 'DELETE')
    expect(await pastEntries()).toEqual([])
    // A new event that SQLite gives a deleted one's id is another game: the cancellation stays.
    expect((await entryOf())?.status).toBe('CANCELLED')
  })

  it("holds a sport's divisions' games in the sport's feed", async () => {
    const division = await admin().createCategory(channelId, {
      name: "Women's Volleyball",
      alias: 'womens-volleyball',
      parent_id: ids.sport,
    })
    await admin().saveEvent(channelId, null, {
      ...game('Jays @ Hawks (W)', '2027-04-01T01:00:00Z', ids.hawks, ids.jays),
      event_category_id: division,
    })
    const sportFeed = (id: number) => `/api/calendar/sports/${id}.ics?channel_key=${channelKey}`
    expect(entries(await (await feed(sportFeed(ids.sport))).text()).map((e) => e.summary)).toContain('Jays @ Hawks (W)')
    expect(entries(await (await feed(sportFeed(division))).text()).map((e) => e.summary)).toEqual(['Jays @ Hawks (W)'])
  })

  it('finds nothing of another channel, an unknown team, or without a channel key', async () => {
    await buildChannel(ctx, `other-${kind}`)
    expect((await feed(`/api/calendar/teams/${ids.owls}.ics?channel_key=other-${kind}`)).status).toBe(404)
    expect((await feed(`/api/calendar/teams/999999.ics?channel_key=${channelKey}`)).status).toBe(404)
    const keyless = await ctx.json(`/api/calendar/teams/${ids.owls}.ics`)
    expect(keyless.status).toBe(401)
    expect((await ctx.json(`/api/calendar/teams/abc.ics?channel_key=${channelKey}`)).status).toBe(422)
  })

  it("serves a viewer's follows by a private link they can renew and turn off", async () => {
    const anon = await ctx.apiKey(channelKey)
    expect((await ctx.json(`/api/calendar/link?api_key=${anon}`)).body).toEqual({ message: messages.loginRequired })

    const key = await signedInKey(ctx, { channelKey })
    expect((await ctx.json(`/api/calendar/link?api_key=${key}`)).body.data).toEqual({ https: null, webcal: null })
    const made = (await ctx.json('/api/calendar/link', { method: 'POST', body: { api_key: key } })).body.data
    expect(made.https).toMatch(
      new RegExp(`^${ctx.config.publicUrl}/api/calendar/follows/\\d+\\.\\d+\\.[\\w-]{32}\\.ics$`),
    )
    expect(made.webcal).toBe(made.https.replace(/^http:/, 'webcal:'))
    // The profile shows the same link again.
    expect((await ctx.json(`/api/calendar/link?api_key=${key}`)).body.data).toEqual(made)
    const path = new URL(made.https).pathname

    expect(entries(await (await feed(path)).text())).toEqual([])
    await ctx.json('/api/favorite', {
      method: 'POST',
      body: { favoritable_type: 'group', favoritable_id: ids.school, api_key: key },
    })
    const followed = await feed(path)
    expect(followed.headers.get('cache-control')).toBe('private, max-age=300')
    // The school's teams' games: the one to be played, and the one the console cancelled.
    expect(entries(await followed.text()).map((e) => [e.summary, e.status])).toEqual([
      ['Jays @ Owls', 'CONFIRMED'],
      ['Owls @ Hawks', 'CANCELLED'],
    ])

    const renewed = (await ctx.json('/api/calendar/link', { method: 'POST', body: { api_key: key } })).body.data
    expect(renewed.https).not.toBe(made.https)
    expect((await feed(path)).status).toBe(404)
    expect((await feed(new URL(renewed.https).pathname)).status).toBe(200)

    const off = await ctx.json(`/api/calendar/link?api_key=${key}`, { method: 'DELETE' })
    expect(off.body.data).toEqual({ https: null, webcal: null })
    expect((await feed(new URL(renewed.https).pathname)).status).toBe(404)
    // A made-up token: the same answer as a revoked one.
    expect((await feed('/api/calendar/follows/1.1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics')).status).toBe(404)
  })
})
