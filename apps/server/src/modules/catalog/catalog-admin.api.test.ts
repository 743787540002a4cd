import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../lib/errors.js'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildChannel } from '../../test/factories.js'

/** Operator writes at the service level, read back through the API as a viewer sees them. */
describe.each(testDatabases())('catalogue writes on %s', (kind) => {
  let ctx: TestContext
  let channelId: number
  let key: string
  const admin = () => ctx.app.services.catalogAdmin
  const fieldErrors = async (work: Promise<unknown>) => {
    try {
      await work
    } catch (error) {
      if (error instanceof AppError) return { status: error.statusCode, errors: error.errors }
      throw error
    }
    throw new Error('expected a refusal')
  }

  beforeAll(async () => {
    ctx = await createTestContext(kind)
    channelId = await buildChannel(ctx, `league-${kind}`, { name: 'League' })
    key = await ctx.apiKey(`league-${kind}`)
  })
  afterAll(() => ctx.close())

  it('builds a catalogue that viewers see at once', async () => {
    // Read first, so the caches hold the empty catalogue.
    expect((await ctx.json(`/api/events?api_key=${key}`)).body.meta.total).toBe(0)
    const sport = await admin().createCategory(channelId, { name: 'Volleyball', alias: 'volleyball' })
    const division = await admin().createCategory(channelId, {
      name: "Women's Volleyball",
      alias: 'womens-volleyball',
      parent_id: sport,
    })
    const venue = await admin().createLocation(channelId, {
      name: 'Dome',
      city: 'Austin',
      state: 'TX',
      time_zone: 'America/Chicago',
    })
    const school = await admin().createGroup(channelId, {
      name: 'Austin Tech',
      short_name: 'ATX',
      alias: 'austin-tech',
    })
    const home = await admin().createParticipant(channelId, {
      name: 'Austin Owls',
      short_name: 'ATX',
      alias: 'atx-wvb',
      group_id: school,
      category_id: division,
      gender: 'W',
    })
    const away = await admin().createParticipant(channelId, {
      name: 'Dallas Jays',
      short_name: 'DAL',
      alias: 'dal-wvb',
      category_id: division,
      gender: 'W',
    })
    const event = await admin().saveEvent(channelId, null, {
      name: 'DAL @ ATX',
      access_mode: 'paid',
      event_utc_ts: '2026-12-01T01:00:00Z',
      time_zone: 'America/Chicago',
      event_category_id: division,
      location_id: venue,
      base_price: 1299,
      participants: [
        { participant_id: home, side: 'home' },
        { participant_id: away, side: 'away' },
      ],
    })
    const list = (await ctx.json(`/api/events?sport=volleyball&api_key=${key}`)).body
    expect(list.meta.total).toBe(1)
    expect(list.data[0]).toMatchObject({
      id: event,
      name: 'DAL @ ATX',
      type: 'paid',
      base_price: 12.99,
      event_utc_ts: '2026-12-01T01:00:00.000Z',
      category: { alias: 'womens-volleyball' },
      location: { city: 'Austin' },
    })
    expect(list.data[0].participants.map((p: { alias: string; side: string }) => [p.alias, p.side])).toEqual([
      ['atx-wvb', 'home'],
      ['dal-wvb', 'away'],
    ])
    const bootstrap = (await ctx.json(`/api/channel-bootstrap-data?api_key=${key}`)).body.data
    expect(bootstrap['participant-groups'].map((g: { alias: string }) => g.alias)).toEqual(['austin-tech'])

    await admin().setStreamStatus(channelId, event, 'live')
    expect((await ctx.json(`/api/events?stream_status=live&api_key=${key}`)).body.meta.total).toBe(1)
    await admin().delete(channelId, 'events', event)
    expect((await ctx.json(`/api/events/${event}?api_key=${key}`)).status).toBe(404)
  })

  it('refuses bad input field by field', async () => {
    const res = await fieldErrors(
      admin().saveEvent(channelId, null, {
        name: '',
        access_mode: 'gratis',
        event_utc_ts: 'tomorrow',
        time_zone: 'Mars/Olympus',
      }),
    )
    expect(res.status).toBe(422)
    expect(Object.keys(res.errors ?? {}).sort()).toEqual(['access_mode', 'event_utc_ts', 'name', 'time_zone'])
    expect(res.errors?.time_zone).toEqual(['Use an IANA time zone such as America/Chicago'])
    const alias = await fieldErrors(admin().createGroup(channelId, { name: 'X', short_name: 'X', alias: 'Bad Alias' }))
    expect(alias.errors?.alias).toEqual(['Use lower-case letters, digits and -'])
  })

  it('refuses references to another channel', async () => {
    const demo = await ctx.app.services.channels.findByKey('demo')
    const demoTeam = (
      await ctx.db.kysely
        .selectFrom('participants')
        .select('id')
        .where('channel_id', '=', demo!.id)
        .executeTakeFirstOrThrow()
    ).id
    const res = await fieldErrors(
      admin().saveEvent(channelId, null, {
        name: 'Borrowed team',
        access_mode: 'free',
        event_utc_ts: '2026-12-01T01:00:00Z',
        time_zone: 'UTC',
        participants: [{ participant_id: demoTeam, side: 'home' }],
      }),
    )
    expect(res).toEqual({ status: 422, errors: { participant_id: [`Unknown participant: ${demoTeam}`] } })
    const demoEvent = (
      await ctx.db.kysely.selectFrom('events').select('id').where('channel_id', '=', demo!.id).executeTakeFirstOrThrow()
    ).id
    expect((await fieldErrors(admin().setStreamStatus(channelId, demoEvent, 'vod'))).status).toBe(404)
    expect((await fieldErrors(admin().delete(channelId, 'events', demoEvent))).status).toBe(404)
  })
})
