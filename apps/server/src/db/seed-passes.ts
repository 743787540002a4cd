import type { Kysely } from 'kysely'
import type { Database } from './schema.js'

/**
 * The demo channel's passes, one of every kind, with a bundle and two coupons: a season and a
 * monthly subscription (the monthly one with a 7-day trial), a basketball package, a team pass, the
 * video-library add-on, and a single-event package for every paid and pay-per-view game.
 */
export async function seedDemoPasses(db: Kysely<Database>, channelId: number, now: number) {
  const category = async (alias: string) =>
    (
      await db
        .selectFrom('event_categories')
        .select('id')
        .where('channel_id', '=', channelId)
        .where('alias', '=', alias)
        .executeTakeFirst()
    )?.id
  const basketball = await category('basketball')
  const teams = await db
    .selectFrom('participants')
    .select(['id', 'name'])
    .where('channel_id', '=', channelId)
    .where('alias', 'like', 'northfield-%')
    .orderBy('id')
    .execute()
  const pass = (
    values: Partial<Database['passes']> & { kind: Database['passes']['kind']; name: string; price: number },
  ) =>
    db
      .insertInto('passes')
      .values({
        channel_id: channelId,
        description: null,
        base_price: values.price,
        service_fee: 0,
        image: null,
        offer: null,
        period: null,
        trial_period: 0,
        pass_type: 'regular',
        is_team_pass: 0,
        event_categories: '[]',
        participants: '[]',
        event_id: null,
        capabilities: '["watch"]',
        weight: 0,
        created_at: now,
        ...values,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow()

  await pass({
    kind: 'subscription',
    name: 'Season Pass',
    description: 'Every game, live and on replay, the whole video library, downloads, clips and no ads — for a year.',
    price: 9999,
    base_price: 11999,
    period: 'annual',
    offer: 'annual',
    capabilities: '["watch","download","vod_media","no_ads","clipping","download_clip"]',
    weight: 100,
  })
  await pass({
    kind: 'subscription',
    name: 'Monthly Pass',
    description: 'Every game, the video library and clips, month by month. Try it free for 7 days.',
    price: 1499,
    period: 'monthly',
    offer: 'monthly',
    trial_period: 7,
    capabilities: '["watch","vod_media","clipping"]',
    weight: 90,
  })
  const hoops = await pass({
    kind: 'package',
    name: 'Basketball Package',
    description: "Men's and women's basketball, every game of the season.",
    price: 4999,
    base_price: 5999,
    service_fee: 150,
    event_categories: JSON.stringify(basketball ? [basketball] : []),
    weight: 50,
  })
  if (teams.length > 0) {
    await pass({
      kind: 'package',
      name: 'Northfield Team Pass',
      description: "Every game of Northfield's men's and women's teams.",
      price: 2999,
      service_fee: 150,
      is_team_pass: 1,
      participants: JSON.stringify(teams.map((t) => t.id)),
      weight: 40,
    })
  }
  const library = await pass({
    kind: 'addon',
    name: 'Video Library Add-on',
    description: 'Every highlight, interview and feature in the video library.',
    price: 499,
    pass_type: 'addition',
    capabilities: '["vod_media"]',
    weight: 10,
  })
  const paid = await db
    .selectFrom('events')
    .select(['id', 'name', 'base_price', 'service_fee'])
    .where('channel_id', '=', channelId)
    .where('access_mode', 'in', ['paid', 'ppv'])
    .orderBy('event_utc_ts')
    .execute()
  for (const e of paid) {
    await pass({
      kind: 'event',
      name: `Game Pass: ${e.name}`,
      price: e.base_price,
      service_fee: e.service_fee,
      event_id: e.id,
      capabilities: '["watch","download"]',
    })
  }
  await db
    .insertInto('bundles')
    .values({
      channel_id: channelId,
      name: 'Basketball + Video Library',
      price: 4999,
      base_price: 5498,
      service_fee: 150,
      pass_ids: JSON.stringify([hoops.id, library.id]),
    })
    .execute()
  await db
    .insertInto('coupons')
    .values([
      {
        channel_id: channelId,
        code: 'FIELDHOUSE20',
        percent_off: 20,
        amount_off: null,
        applies_to: '[]',
        expires_at: null,
        max_redemptions: null,
        redemptions: 0,
      },
      {
        channel_id: channelId,
        code: 'WELCOME5',
        percent_off: null,
        amount_off: 500,
        applies_to: '[]',
        expires_at: null,
        max_redemptions: 1000,
        redemptions: 0,
      },
    ])
    .execute()
}
