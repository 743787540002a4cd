import { type OperatorRole, OperatorRoles } from '@fieldhouse/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assetKey } from '../../lib/media-store/index.js'
import { buildClip } from '../../test/clips.js'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildChannel, buildUser } from '../../test/factories.js'
import { buildOperator, memoryMailer, sampleInput } from '../../test/operators.js'
import { clipKey } from './clips.presenter.js'

const bearer = (key: string) => ({ authorization: `Bearer ${key}` })

/**
 * The console's clips moderation (decision 0024) through HTTP, on both databases: who may list and
 * delete, another channel's clips never reached, the list's search, filters and paging, and a delete
 * that takes the files, the feed entry and the share link with it, recorded in the audit log.
 */
describe.each(testDatabases())('clips moderation on %s', (kind) => {
  let ctx: TestContext
  const own = `clipmod-${kind}`
  const other = `clipmod-other-${kind}`
  const keys = {} as Record<OperatorRole, string>
  let otherKey: string
  let ownChannelId: number
  let otherChannelId: number
  let game: { id: number; name: string }
  let derby: { id: number; name: string }
  let ann: { id: number; email: string }
  let bob: { id: number; email: string }
  let otherViewer: { id: number }
  let otherGame: number
  const call = (key: string, path: string, method = 'GET') => ctx.json(path, { method, headers: bearer(key) })

  beforeAll(async () => {
    ctx = await createTestContext(kind, { mailer: memoryMailer() })
    ownChannelId = await buildChannel(ctx, own)
    otherChannelId = await buildChannel(ctx, other)
    for (const role of OperatorRoles) keys[role] = (await buildOperator(ctx, own, role)).key
    const owner = await buildOperator(ctx, own, 'owner')
    const otherOwner = await buildOperator(ctx, other, 'owner')
    otherKey = otherOwner.key
    const event = async (op: typeof owner.operator, name: string) =>
      (await ctx.app.services.admin.service.create(op, 'events', { ...sampleInput('events'), name })) as {
        id: number
        name: string
      }
    game = await event(owner.operator, 'Tigers at Lions')
    derby = await event(owner.operator, 'Hawks at Owls')
    otherGame = (await event(otherOwner.operator, 'Elsewhere game')).id
    ann = await buildUser(ctx, { channelKey: own, email: `Ann.Clipper-${kind}@example.com` })
    bob = await buildUser(ctx, { channelKey: own, email: `bob-${kind}@example.com` })
    otherViewer = await buildUser(ctx, { channelKey: other })
  })
  afterAll(() => ctx.close())

  it('lets owners, managers and producers list and delete clips; support and scorers get 403; another channel 404', async () => {
    const theirs = await buildClip(ctx, { channelId: otherChannelId, userId: otherViewer.id, eventId: otherGame })
    for (const role of OperatorRoles) {
      const mayModerate = role !== 'support' && role !== 'scorer'
      expect([role, (await call(keys[role], '/api/admin/clips')).status]).toEqual([role, mayModerate ? 200 : 403])
      const deleted = await call(keys[role], `/api/admin/clips/${theirs.id}`, 'DELETE')
      expect([role, deleted.status]).toEqual([role, mayModerate ? 404 : 403])
    }
    // Untouched: its owner's operator still lists it, its files are still there.
    const listed = await call(otherKey, '/api/admin/clips')
    expect(listed.body.data.map((c: { id: number }) => c.id)).toContain(theirs.id)
    expect(await ctx.app.services.store.list(clipKey(theirs))).not.toHaveLength(0)
    // And the own channel's list never shows it.
    const ours = await call(keys.owner, '/api/admin/clips?limit=100')
    expect(ours.body.data.map((c: { id: number }) => c.id)).not.toContain(theirs.id)
  })

  it('lists the channel’s clips with their event, author, poster and downloads; searches, filters and pages', async () => {
    const base = { channelId: ownChannelId }
    const buzzer = await buildClip(ctx, { ...base, userId: ann.id, eventId: game.id, name: 'Buzzer beater' })
    const dunk = await buildClip(ctx, { ...base, userId: bob.id, eventId: game.id, name: 'Big dunk', status: 'failed' })
    const save = await buildClip(ctx, { ...base, userId: bob.id, eventId: derby.id, name: 'Goal-line save' })
    await ctx.db.kysely
      .insertInto('downloads')
      .values(
        [1, 2].map(() => ({
          channel_id: ownChannelId,
          user_id: ann.id,
          kind: 'clip' as const,
          target_id: buzzer.id,
          created_at: Date.now(),
        })),
      )
      .execute()

    const all = await call(keys.producer, '/api/admin/clips?limit=100')
    expect(all.status).toBe(200)
    const row = all.body.data.find((c: { id: number }) => c.id === buzzer.id)
    expect(row).toMatchObject({
      id: buzzer.id,
      uuid: buzzer.uuid,
      name: 'Buzzer beater',
      tags: ['Highlight'],
      event: { id: game.id, name: game.name },
      author: { id: ann.id, email: ann.email },
      status: 'ready',
      start_time: 10,
      duration: 8,
      poster: `/media/cp/${buzzer.id}/${buzzer.uuid}/poster.jpg`,
      share_url: `/share/${buzzer.id}/${buzzer.uuid}`,
      downloads: 2,
    })
    expect(typeof row.created_at).toBe('number')
    const failed = all.body.data.find((c: { id: number }) => c.id === dunk.id)
    expect(failed).toMatchObject({ status: 'failed', poster: null, downloads: 0 })
    // Newest first.
    expect(all.body.data.map((c: { id: number }) => c.id).slice(0, 3)).toEqual([save.id, dunk.id, buzzer.id])

    const ids = async (query: string) =>
      (await call(keys.producer, `/api/admin/clips?${query}`)).body.data.map((c: { id: number }) => c.id)
    expect(await ids('search=buzzer')).toEqual([buzzer.id])
    // By the author's email, whatever its case.
    expect(await ids(`search=${encodeURIComponent(ann.email.toLowerCase())}`)).toEqual([buzzer.id])
    expect(await ids(`search=bob-${kind}`)).toEqual([save.id, dunk.id])
    expect(await ids(`event_id=${derby.id}`)).toEqual([save.id])
    expect(await ids(`event_id=${game.id}&status=failed`)).toEqual([dunk.id])
    expect(await ids('status=processing')).toEqual([])
    // Another channel's event names none of ours.
    expect(await ids(`event_id=${otherGame}`)).toEqual([])
    expect(await ids('sort=name&direction=asc&limit=100')).toEqual(
      [...all.body.data].sort((a, b) => a.name.localeCompare(b.name)).map((c: { id: number }) => c.id),
    )

    const page = await call(keys.producer, `/api/admin/clips?event_id=${game.id}&limit=1&offset=1`)
    expect(page.body.meta).toEqual({ total: 2, offset: 1, limit: 1 })
    expect(page.body.data.map((c: { id: number }) => c.id)).toEqual([buzzer.id])

    const bad = await call(keys.producer, '/api/admin/clips?status=hidden&sort=uuid')
    expect(bad.status).toBe(422)
    expect(bad.body.errors.status).toEqual(['Choose queued, processing, ready or failed'])
    const badSort = await call(keys.producer, '/api/admin/clips?sort=uuid')
    expect(badSort.status).toBe(422)
    expect(badSort.body.errors.sort[0]).toMatch(/^Sort by created_at/)
  })

  it('deleting an event or a VOD item takes its videos and its clips’ files; a live event is refused', async () => {
    const { store, mediaRepo } = ctx.app.services
    const withVideoAndClip = async (owner: { type: 'event' | 'vod'; id: number }) => {
      const asset = await mediaRepo.createAsset(ownChannelId, owner, 'upload', 'ready')
      await store.put(assetKey(asset.id, 'hls/master.m3u8'), { bytes: '#EXTM3U\n' })
      await store.put(assetKey(asset.id, 'poster.jpg'), { bytes: Buffer.from([0xff, 0xd8, 0xff, 0xd9]) })
      await mediaRepo.setMedia(asset, 1, 'poster.jpg')
      const clip = await buildClip(ctx, {
        channelId: ownChannelId,
        userId: ann.id,
        eventId: owner.type === 'event' ? owner.id : null,
        vodItemId: owner.type === 'vod' ? owner.id : undefined,
      })
      return [assetKey(asset.id), clipKey(clip)]
    }
    const assetsOf = (type: 'event' | 'vod', id: number) =>
      ctx.db.kysely
        .selectFrom('media_assets')
        .select('id')
        .where('owner_type', '=', type)
        .where('owner_id', '=', id)
        .execute()

    const made = await ctx.json('/api/admin/events', {
      method: 'POST',
      headers: bearer(keys.owner),
      body: { ...sampleInput('events'), name: 'Gone game' },
    })
    expect(made.status).toBe(201)
    const eventId = made.body.data.id as number
    const item = await ctx.json('/api/admin/vod-media-items', {
      method: 'POST',
      headers: bearer(keys.owner),
      body: sampleInput('vod-media-items'),
    })
    expect(item.status).toBe(201)
    const itemId = item.body.data.id as number
    const eventFiles = await withVideoAndClip({ type: 'event', id: eventId })
    const itemFiles = await withVideoAndClip({ type: 'vod', id: itemId })
    for (const prefix of [...eventFiles, ...itemFiles]) expect(await store.list(prefix)).not.toHaveLength(0)

    // A recording in progress: refused, nothing changes.
    const live = await mediaRepo.createAsset(ownChannelId, { type: 'event', id: eventId }, 'live', 'live')
    const refused = await call(keys.owner, `/api/admin/events/${eventId}`, 'DELETE')
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe('The event is live: end the stream before deleting it.')
    expect((await call(keys.owner, `/api/admin/events/${eventId}`)).status).toBe(200)
    for (const prefix of eventFiles) expect(await store.list(prefix)).not.toHaveLength(0)
    await mediaRepo.updateAsset(live.id, { status: 'ready' })

    expect((await call(keys.owner, `/api/admin/events/${eventId}`, 'DELETE')).status).toBe(204)
    expect((await call(keys.owner, `/api/admin/vod-media-items/${itemId}`, 'DELETE')).status).toBe(204)
    for (const prefix of [...eventFiles, ...itemFiles]) expect(await store.list(prefix)).toEqual([])
    expect(await assetsOf('event', eventId)).toEqual([])
    expect(await assetsOf('vod', itemId)).toEqual([])
  })

  it('deletes a clip with its files: the feed, the share link and the poster lose it; the audit log has it', async () => {
    const clip = await buildClip(ctx, { channelId: ownChannelId, userId: ann.id, eventId: game.id, name: 'Last shot' })
    const viewer = await ctx.apiKey(own)
    const feed = async () =>
      (await ctx.json(`/api/clips/moments?api_key=${viewer}&limit=100`)).body.data.map((c: { id: number }) => c.id)
    const shared = () => ctx.request(`/api/shared-clip/${clip.id}?uuid=${clip.uuid}&api_key=${viewer}`)
    const poster = () => ctx.request(`/media/cp/${clip.id}/${clip.uuid}/poster.jpg`)
    expect(await feed()).toContain(clip.id)
    expect((await shared()).status).toBe(200)
    expect((await poster()).status).toBe(200)

    const res = await ctx.request(`/api/admin/clips/${clip.id}`, { method: 'DELETE', headers: bearer(keys.producer) })
    expect(res.status).toBe(204)
    expect(await ctx.app.services.store.list(clipKey(clip))).toEqual([])
    expect(await ctx.db.kysely.selectFrom('clips').select('id').where('id', '=', clip.id).execute()).toEqual([])
    expect(await feed()).not.toContain(clip.id)
    expect((await shared()).status).toBe(404)
    expect((await poster()).status).toBe(404)
    // Gone: a second delete finds nothing.
    expect((await call(keys.producer, `/api/admin/clips/${clip.id}`, 'DELETE')).status).toBe(404)

    const log = await call(keys.owner, `/api/admin/audit-log?resource=clips&resource_id=${clip.id}`)
    expect(log.body.data).toHaveLength(1)
    expect(log.body.data[0]).toMatchObject({
      resource: 'clips',
      resource_id: String(clip.id),
      action: 'delete',
      after: null,
      before: {
        id: clip.id,
        name: 'Last shot',
        author: { id: ann.id, email: ann.email },
        event: { id: game.id, name: game.name },
        status: 'ready',
      },
    })
    expect(log.body.data[0].user_email).toMatch(/@example\.com$/)
  })
})
