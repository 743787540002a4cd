import fs from 'node:fs'
import path from 'node:path'
import { MediaTypeId, OperatorRoles } from '@fieldhouse/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildChannel, buildUser, signedInKey } from '../../test/factories.js'
import { buildOperator } from '../../test/operators.js'
import { OperatorsRepository } from '../admin/operators.repository.js'
import { assetDir } from '../media/media.service.js'

const MASTER = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360\n360p/index.m3u8\n'

/**
 * Decision 0026: the people who run a channel watch its paid and pay-per-view games without a pass —
 * every role may read events — and nobody else does: not a viewer, not another channel's operator,
 * not an operator once removed, not an operator whose second factor this session has not passed.
 */
describe.each(testDatabases())('operators preview their channel on %s', (kind) => {
  let ctx: TestContext
  let channelId: number
  let rivalId: number
  let paid: number
  let ppv: number
  let operators: OperatorsRepository

  const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
  const detail = async (id: number, key: string) => (await ctx.json(`/api/events/${id}`, { headers: bearer(key) })).body
  const playback = async (id: number, key: string) =>
    (await ctx.json(`/api/events/${id}/playback`, { headers: bearer(key) })).status

  beforeAll(async () => {
    ctx = await createTestContext(kind)
    operators = new OperatorsRepository(ctx.db.kysely, ctx.db.dialect)
    channelId = (await ctx.app.services.channels.findByKey('demo'))?.id as number
    await buildChannel(ctx, `rival-${kind}`)
    rivalId = (await ctx.app.services.channels.findByKey(`rival-${kind}`))?.id as number
    const rows = await ctx.db.kysely
      .selectFrom('events')
      .select(['id', 'access_mode'])
      .where('channel_id', '=', channelId)
      .where('stream_status', '=', 'vod')
      .orderBy('id')
      .execute()
    paid = rows.find((r) => r.access_mode === 'paid')?.id as number
    ppv =
      rows.find((r) => r.access_mode === 'ppv')?.id ?? (rows.filter((r) => r.access_mode === 'paid')[1]?.id as number)
    await ctx.db.kysely.updateTable('events').set({ access_mode: 'ppv' }).where('id', '=', ppv).execute()
    // A replay of each, as the pipeline leaves it.
    for (const id of [paid, ppv]) {
      const asset = await ctx.app.services.mediaRepo.createAsset(channelId, { type: 'event', id }, 'upload', 'ready')
      fs.mkdirSync(assetDir(ctx.config.mediaDir, asset.id), { recursive: true })
      fs.writeFileSync(path.join(assetDir(ctx.config.mediaDir, asset.id), 'master.m3u8'), MASTER)
      await ctx.app.services.mediaRepo.setMedia(asset, MediaTypeId.vod, 'master.m3u8')
    }
  })
  afterAll(() => ctx.close())

  it('every role of the channel watches its paid and pay-per-view games; a viewer of the channel does not', async () => {
    for (const role of OperatorRoles) {
      const { key } = await buildOperator(ctx, 'demo', role)
      for (const id of [paid, ppv]) {
        expect((await detail(id, key)).data, `${role} on ${id}`).toMatchObject({ denial: null, has_access: true })
        expect((await detail(id, key)).data.playback.hls).toMatch(/master\.m3u8$/)
        expect(await playback(id, key), `${role} on ${id}`).toBe(200)
      }
    }
    const viewer = await signedInKey(ctx)
    expect((await detail(paid, viewer)).data).toMatchObject({ denial: 'no_access', playback: null })
    expect(await playback(ppv, viewer)).toBe(403)
  })

  it("another channel's operator gets nothing of it, nor does a viewer whose role is on another channel", async () => {
    const rivalOwner = await buildOperator(ctx, `rival-${kind}`, 'owner')
    // The rival's session belongs to the rival channel: the game is not there at all.
    expect((await ctx.json(`/api/events/${paid}`, { headers: bearer(rivalOwner.key) })).status).toBe(404)
    // A viewer of this channel with a role on the rival channel only.
    const user = await buildUser(ctx, { channelKey: 'demo' })
    await operators.setRole(rivalId, user.id, 'owner', Date.now())
    const key = await ctx.app.services.keys.issue(user.channel_id, user.id)
    expect((await detail(paid, key)).data).toMatchObject({ denial: 'no_access', playback: null })
    expect(await playback(paid, key)).toBe(403)
  })

  it('an operator removed from the channel loses it at once', async () => {
    const owner = await buildOperator(ctx, 'demo', 'owner')
    const producer = await buildOperator(ctx, 'demo', 'producer')
    expect(await playback(paid, producer.key)).toBe(200)
    const row = (await ctx.json('/api/admin/operators', { headers: bearer(owner.key) })).body.data.find(
      (o: { user_id: number }) => o.user_id === producer.user.id,
    )
    expect(
      (await ctx.request(`/api/admin/operators/${row.id}`, { method: 'DELETE', headers: bearer(owner.key) })).status,
    ).toBe(204)
    expect((await detail(paid, producer.key)).data).toMatchObject({ denial: 'no_access', playback: null })
    expect(await playback(paid, producer.key)).toBe(403)
  })

  it('an operator with a second factor previews only from a session that passed it', async () => {
    const manager = await buildOperator(ctx, 'demo', 'manager')
    await operators.saveTotpSecret(manager.user.id, 'sealed', Date.now())
    await operators.setTotp(manager.user.id, Date.now(), {
      channel_id: channelId,
      user_id: manager.user.id,
      user_email: manager.user.email,
      resource: 'operators',
      action: 'totp-on',
      created_at: Date.now(),
    })
    expect((await detail(paid, manager.key)).data).toMatchObject({ denial: 'no_access', playback: null })
    const session = await ctx.db.kysely
      .selectFrom('api_keys')
      .select('id')
      .where('user_id', '=', manager.user.id)
      .executeTakeFirstOrThrow()
    await operators.markSessionVerified(session.id, Date.now())
    expect(await playback(paid, manager.key)).toBe(200)
  })
})
