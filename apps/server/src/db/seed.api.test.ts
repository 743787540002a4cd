import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChannelRepository } from '../modules/channel/channel.repository.js'
import { createTestContext, type TestContext, testDatabases } from '../test/context.js'
import { DemoRepository } from './demo.repository.js'
import { DEMO_CHANNEL_KEY, seedDemoChannel } from './seed.js'
import { DEMO_FAN_EMAIL } from './seed-viewers.js'

describe.each(testDatabases())('demo seed on %s', (kind) => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext(kind)
  })
  afterAll(() => ctx.close())

  it('is idempotent: a second run adds nothing', async () => {
    const count = async (table: 'channels' | 'pages' | 'menu_items' | 'slides' | 'faqs') =>
      Number(
        (
          await ctx.db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await Promise.all((['channels', 'pages', 'menu_items', 'slides', 'faqs'] as const).map(count))
    const again = await seedDemoChannel(new ChannelRepository(ctx.db.kysely, ctx.db.dialect), ctx.config.mediaDir)
    expect(again.created).toBe(false)
    expect(await Promise.all((['channels', 'pages', 'menu_items', 'slides', 'faqs'] as const).map(count))).toEqual(
      before,
    )
    expect(before).toEqual([1, 5, 12, 3, 6])
    const catalogue = await Promise.all(
      (
        [
          'event_categories',
          'event_locations',
          'participant_groups',
          'participants',
          'events',
          'vod_items',
          'vod_rails',
        ] as const
      ).map(async (t) =>
        Number(
          (
            await ctx.db.kysely
              .selectFrom(t)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ),
    )
    expect(catalogue).toEqual([9, 4, 6, 12, 30, 9, 2])
  })

  it('writes the artwork the channel names', async () => {
    const dir = path.join(ctx.config.mediaDir, 'public', 'demo')
    expect(fs.readdirSync(dir).sort()).toEqual([
      'crests',
      'logo.svg',
      'slide-court.svg',
      'slide-pitch.svg',
      'slide-rink.svg',
      'vod',
    ])
    expect(fs.readdirSync(path.join(dir, 'crests'))).toHaveLength(6)
    expect(fs.readdirSync(path.join(dir, 'vod'))).toHaveLength(9)
    expect(fs.readFileSync(path.join(dir, 'logo.svg'), 'utf8')).toContain('<svg')
  })

  it('gives the demo clip tags by sport, and clips to the Season and Monthly Pass, once', async () => {
    const tags = await ctx.db.kysely
      .selectFrom('clip_tags')
      .leftJoin('event_categories', 'event_categories.id', 'clip_tags.event_category_id')
      .select(['clip_tags.name', 'event_categories.alias'])
      .execute()
    const of = (alias: string | null) => tags.filter((t) => t.alias === alias).map((t) => t.name)
    expect(of('soccer')).toEqual(expect.arrayContaining(['Goal', 'Save']))
    expect(of('hockey')).toEqual(expect.arrayContaining(['Goal', 'Save']))
    expect(of('basketball')).toEqual(expect.arrayContaining(['Dunk', 'Three-pointer']))
    expect(of(null)).toContain('Highlight')
    await seedDemoChannel(new ChannelRepository(ctx.db.kysely, ctx.db.dialect), ctx.config.mediaDir)
    expect(await ctx.db.kysely.selectFrom('clip_tags').select('id').execute()).toHaveLength(tags.length)
    const passes = await ctx.db.kysely
      .selectFrom('passes')
      .select(['name', 'capabilities'])
      .where('name', 'in', ['Season Pass', 'Monthly Pass'])
      .execute()
    const caps = (name: string) => JSON.parse(passes.find((p) => p.name === name)?.capabilities ?? '[]')
    expect(caps('Season Pass')).toEqual(expect.arrayContaining(['clipping', 'download_clip']))
    expect(caps('Monthly Pass')).toContain('clipping')
    expect(caps('Monthly Pass')).not.toContain('download_clip')
  })

  it('has a verified viewer who follows the simulated live game’s home team with alerts, once', async () => {
    const live = await new DemoRepository(ctx.db.kysely).freeLiveEvent(DEMO_CHANNEL_KEY)
    expect(live?.stream_key).toBeTruthy()
    const home = await ctx.db.kysely
      .selectFrom('event_participants')
      .select('participant_id')
      .where('event_id', '=', live?.id ?? 0)
      .where('side', '=', 'home')
      .executeTakeFirstOrThrow()
    const follows = () =>
      ctx.db.kysely
        .selectFrom('users')
        .innerJoin('channels', 'channels.id', 'users.channel_id')
        .leftJoin('favorites', 'favorites.user_id', 'users.id')
        .select([
          'channels.key',
          'users.email_verified_at',
          'users.blocked_at',
          'favorites.favoritable_type',
          'favorites.favoritable_id',
          'favorites.alerts',
        ])
        .where('users.email', '=', DEMO_FAN_EMAIL)
        .execute()
    const rows = await follows()
    expect(rows).toEqual([
      {
        key: DEMO_CHANNEL_KEY,
        email_verified_at: expect.any(Number),
        blocked_at: null,
        favoritable_type: 'participant',
        favoritable_id: home.participant_id,
        alerts: 1,
      },
    ])
    await seedDemoChannel(new ChannelRepository(ctx.db.kysely, ctx.db.dialect), ctx.config.mediaDir)
    expect(await follows()).toEqual(rows)
  })
})
