import { favoriteTypeMessage, messages } from '@fieldhouse/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildChannel, signedInKey } from '../../test/factories.js'
import { buildOperator } from '../../test/operators.js'

describe.each(testDatabases())('favourites on %s', (kind) => {
  let ctx: TestContext
  const viewer = (channelKey = 'demo') => signedInKey(ctx, { channelKey })
  const teamId = async (alias: string) =>
    (
      (await ctx.json('/api/participants?no_limit=1&channel_key=demo')).body.data as { id: number; alias: string }[]
    ).find((p) => p.alias === alias)!.id

  beforeAll(async () => {
    ctx = await createTestContext(kind)
  })
  afterAll(() => ctx.close())

  it('needs a signed-in viewer (spec §5)', async () => {
    const anon = await ctx.apiKey()
    expect((await ctx.json(`/api/favorites?api_key=${anon}`)).body).toEqual({ message: messages.loginRequired })
    const add = await ctx.json('/api/favorite', {
      method: 'POST',
      body: { favoritable_id: 1, favoritable_type: 'participant', api_key: anon },
    })
    expect(add).toMatchObject({ status: 401, body: { message: messages.loginRequired } })
  })

  it('refuses a type outside participant, group and category with the allowed-values message', async () => {
    const key = await viewer()
    const res = await ctx.json('/api/favorite', {
      method: 'POST',
      body: { favoritable_id: 1, favoritable_type: 'event', api_key: key },
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ favoritable_type: [favoriteTypeMessage] })
    expect(favoriteTypeMessage).toBe(
      'favoritable_type must be equal to one of the allowed values: participant, group, category',
    )
  })

  it('adds a team, a school and a sport once each, lists them, and removes one', async () => {
    const key = await viewer()
    const team = await teamId('summit-mens-hockey')
    const school = (
      (await ctx.json('/api/participant-groups?channel_key=demo')).body.data as { id: number; alias: string }[]
    ).find((g) => g.alias === 'lakeview')!.id
    const sport = (
      (await ctx.json(`/api/events-categories?api_key=${key}`)).body.data as { id: number; alias: string }[]
    ).find((c) => c.alias === 'soccer')!.id
    const add = (favoritable_type: string, favoritable_id: number) =>
      ctx.json('/api/favorite', { method: 'POST', body: { favoritable_id, favoritable_type, api_key: key } })
    const first = await add('participant', team)
    expect(first.body.data).toMatchObject({
      favoritable_type: 'participant',
      favoritable_id: team,
      favoritable: { alias: 'summit-mens-hockey' },
    })
    expect((await add('participant', team)).body.data.id).toBe(first.body.data.id)
    await add('group', school)
    await add('category', sport)
    const list = (await ctx.json(`/api/favorites?api_key=${key}`)).body.data
    expect(list.map((f: { favoritable: { alias: string } }) => f.favoritable.alias)).toEqual([
      'summit-mens-hockey',
      'lakeview',
      'soccer',
    ])

    const followed = (await ctx.json(`/api/events/favorite?no_limit=1&api_key=${key}`)).body
    expect(followed.meta.total).toBeGreaterThan(0)
    for (const e of followed.data) {
      const aliases = e.participants.map((p: { alias: string }) => p.alias)
      const schools = e.participants.map((p: { participant_group_id: number }) => p.participant_group_id)
      expect(
        aliases.includes('summit-mens-hockey') || schools.includes(school) || e.category.alias.endsWith('soccer'),
      ).toBe(true)
    }
    const upcoming = (await ctx.json(`/api/events/favorite?stream_status=upcoming&limit=3&api_key=${key}`)).body
    expect(upcoming.data.length).toBeLessThanOrEqual(3)
    expect(upcoming.data.every((e: { stream_status: string }) => e.stream_status === 'upcoming')).toBe(true)

    const removed = await ctx.request(`/api/favorite/${first.body.data.id}?api_key=${key}`, { method: 'DELETE' })
    expect(await removed.json()).toEqual({ data: { status: 'deleted' } })
    expect((await ctx.json(`/api/favorites?api_key=${key}`)).body.data).toHaveLength(2)
  })

  it('keeps favourites to their owner and their channel', async () => {
    const alice = await viewer()
    const bob = await viewer()
    const fav = (
      await ctx.json('/api/favorite', {
        method: 'POST',
        body: { favoritable_id: await teamId('harbor-womens-soccer'), favoritable_type: 'participant', api_key: alice },
      })
    ).body.data
    expect((await ctx.json(`/api/favorites?api_key=${bob}`)).body.data).toEqual([])
    const steal = await ctx.request(`/api/favorite/${fav.id}?api_key=${bob}`, { method: 'DELETE' })
    expect(steal.status).toBe(404)
    expect((await ctx.json(`/api/favorites?api_key=${alice}`)).body.data).toHaveLength(1)

    await buildChannel(ctx, `fav-other-${kind}`)
    const stranger = await viewer(`fav-other-${kind}`)
    const cross = await ctx.json('/api/favorite', {
      method: 'POST',
      body: { favoritable_id: fav.favoritable_id, favoritable_type: 'participant', api_key: stranger },
    })
    expect(cross.status).toBe(404)
    expect(
      (
        await ctx.json('/api/favorite', {
          method: 'POST',
          body: { favoritable_id: 999999, favoritable_type: 'group', api_key: alice },
        })
      ).status,
    ).toBe(404)
  })

  it("shows the console's lists how many viewers follow each team, school and sport", async () => {
    const channel = `fav-console-${kind}`
    await buildChannel(ctx, channel)
    const { key } = await buildOperator(ctx, channel, 'manager')
    const call = (path: string, method = 'GET', body?: unknown) =>
      ctx.json(path, { method, headers: { authorization: `Bearer ${key}` }, ...(body ? { body } : {}) })
    const school = (
      await call('/api/admin/participant-groups', 'POST', { name: 'Lakeside', short_name: 'LKS', alias: 'lakeside' })
    ).body.data.id
    const sport = (await call('/api/admin/events-categories', 'POST', { name: 'Rugby', alias: 'rugby' })).body.data.id
    const team = (
      await call('/api/admin/participants', 'POST', {
        name: 'Lakeside Otters',
        short_name: 'LKO',
        alias: 'otters',
        group_id: school,
      })
    ).body.data.id
    const other = (
      await call('/api/admin/participants', 'POST', { name: 'Hill Goats', short_name: 'HLG', alias: 'goats' })
    ).body.data.id
    for (let i = 0; i < 3; i++) {
      const fan = await viewer(channel)
      const follow = (favoritable_type: string, favoritable_id: number) =>
        ctx.json('/api/favorite', { method: 'POST', body: { favoritable_type, favoritable_id, api_key: fan } })
      await follow('participant', team)
      if (i === 0) await follow('group', school)
      if (i < 2) await follow('category', sport)
    }
    const followersOf = async (resource: string) =>
      Object.fromEntries(
        ((await call(`/api/admin/${resource}`)).body.data as { id: number; followers: number }[]).map((r) => [
          r.id,
          r.followers,
        ]),
      )
    expect(await followersOf('participants')).toEqual({ [team]: 3, [other]: 0 })
    expect(await followersOf('participant-groups')).toEqual({ [school]: 1 })
    expect(await followersOf('events-categories')).toEqual({ [sport]: 2 })
    // One row's own answer (the edit form's) is the row as written, with no count to audit.
    expect((await call(`/api/admin/participants/${team}`)).body.data.followers).toBeUndefined()
  })
})
