import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { runFfmpeg, testFeedArgs } from '@fieldhouse/media'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Roles, startRoles } from '../../roles.js'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildChannel } from '../../test/factories.js'
import { buildOperator } from '../../test/operators.js'

/** Polls `fn` until it returns something truthy (the test timeout bounds it). */
async function until<T>(fn: () => Promise<T | undefined | null | false>, what: string, ms = 60_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await fn()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

const metadata = (m: Record<string, string | number>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(String(v)).toString('base64')}`)
    .join(',')

/**
 * A pre-roll's video uploaded from the console (decision 25): through tus like a game recording,
 * encoded by the worker, then the pre-roll's address is the public MP4 the ad player plays; replaced
 * by a new upload, deleted (the pre-roll plays nowhere then), or made with a new pre-roll. Only who may
 * write pre-rolls may upload one, on their own channel.
 */
describe.each(testDatabases())('pre-roll uploads on %s', (kind) => {
  let ctx: TestContext
  let roles: Roles
  let video: Buffer
  let manager: string
  let producer: string
  let support: string
  let other: string
  let viewerKey: string
  let prerollId: number

  beforeAll(async () => {
    ctx = await createTestContext(kind, {
      env: { SERVICES: 'api,worker', SEED_DEMO: 'false', DEMO_LIVE: '0', ENCODE_PRESET: 'ultrafast' },
    })
    roles = await startRoles(ctx.container, { except: ['api'] })
    const fixture = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fh-preroll-')), 'ad.mp4')
    await runFfmpeg(
      testFeedArgs({
        output: fixture,
        durationSec: 2,
        width: 320,
        height: 180,
        fps: 25,
        realtime: false,
        format: 'mp4',
      }),
    )
    video = fs.readFileSync(fixture)
    manager = (await buildOperator(ctx, 'demo', 'manager')).key
    producer = (await buildOperator(ctx, 'demo', 'producer')).key
    support = (await buildOperator(ctx, 'demo', 'support')).key
    await buildChannel(ctx, `other-${kind}`)
    other = (await buildOperator(ctx, `other-${kind}`, 'owner')).key
    viewerKey = await ctx.apiKey('demo')
  }, 60_000)
  afterAll(async () => {
    await roles?.stop()
    await ctx?.close()
  })

  const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
  const tus = (key: string, extra: Record<string, string> = {}) => ({
    ...bearer(key),
    'tus-resumable': '1.0.0',
    ...extra,
  })
  const create = (key: string, meta: Record<string, string | number>, size = video.length) =>
    fetch(`${ctx.baseUrl}/api/admin/uploads`, {
      method: 'POST',
      headers: tus(key, { 'upload-length': String(size), 'upload-metadata': metadata(meta) }),
    })
  /** Creates the upload, sends the whole file and waits for its encode: the upload's last state. */
  const uploadAndWait = async (key: string, meta: Record<string, string | number>) => {
    const created = await create(key, { ...meta, filename: 'ad.mp4' })
    expect(created.status).toBe(201)
    const location = created.headers.get('location') ?? ''
    const sent = await fetch(ctx.baseUrl + location, {
      method: 'PATCH',
      headers: tus(key, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
      body: video,
    })
    expect(sent.status).toBe(204)
    return until(async () => {
      const s = (await ctx.json(location, { headers: bearer(key) })).body.data
      return s.status === 'ready' ? s : s.status === 'failed' ? Promise.reject(new Error(s.error)) : null
    }, 'the encode')
  }
  const preroll = async (id: number) =>
    (await ctx.json(`/api/admin/prerolls/${id}`, { headers: bearer(manager) })).body.data
  const settingsPrerolls = async () =>
    (await ctx.json(`/api/settings?api_key=${viewerKey}`)).body.data.prerolls as { id: number; url: string }[]
  const assetDir = (id: number) => path.join(ctx.config.mediaDir, 'assets', String(id))

  it('an uploaded file becomes the pre-roll video: a public MP4 the player plays, and an HLS preview', {
    timeout: 120_000,
  }, async () => {
    // A pre-roll with no video yet (no typed address either) plays nowhere.
    const made = await ctx.json('/api/admin/prerolls', {
      method: 'POST',
      headers: bearer(manager),
      body: { weight: 7, for_live: false, for_vod: true },
    })
    expect(made.status).toBe(201)
    prerollId = made.body.data.id
    expect(made.body.data.url).toBe('')
    expect((await settingsPrerolls()).map((p) => p.id)).not.toContain(prerollId)

    const ready = await uploadAndWait(manager, { target: 'preroll', preroll_id: prerollId })
    expect(ready).toMatchObject({ target: 'preroll', target_id: prerollId, progress: 100 })
    const url = `/media/o/${ready.asset_id}/preroll.mp4`
    expect((await preroll(prerollId)).url).toBe(url)
    expect((await settingsPrerolls()).find((p) => p.id === prerollId)).toMatchObject({ url, weight: 7 })

    // Public like every pre-roll's address: no key, and a plain MP4 (its first box is `ftyp`).
    const mp4 = await fetch(ctx.baseUrl + url)
    expect(mp4.status).toBe(200)
    expect(mp4.headers.get('content-type')).toMatch(/^video\/mp4/)
    const bytes = Buffer.from(await mp4.arrayBuffer())
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp')
    const ranged = await fetch(ctx.baseUrl + url, { headers: { range: 'bytes=0-99' } })
    expect(ranged.status).toBe(206)

    const media = await ctx.json(`/api/admin/prerolls/${prerollId}/media`, { headers: bearer(manager) })
    expect(media.status).toBe(200)
    expect(media.body.data.assets).toEqual([expect.objectContaining({ status: 'ready', playing: true })])
    const master = await fetch(ctx.baseUrl + media.body.data.preview.hls)
    expect(master.status).toBe(200)
    expect(await master.text()).toContain('#EXTM3U')

    const audit = await ctx.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('resource', '=', 'uploads')
      .where('action', '=', 'create')
      .execute()
    expect(audit.map((a) => JSON.parse(a.after ?? '{}'))).toContainEqual(
      expect.objectContaining({ target: 'preroll', target_id: prerollId }),
    )
  })

  it('a new upload replaces the video once it plays; deleting it leaves the pre-roll without one', {
    timeout: 120_000,
  }, async () => {
    const before = Number(/\/media\/o\/(\d+)\//.exec((await preroll(prerollId)).url)?.[1])
    const ready = await uploadAndWait(manager, { target: 'preroll', preroll_id: prerollId })
    expect((await preroll(prerollId)).url).toBe(`/media/o/${ready.asset_id}/preroll.mp4`)
    await until(async () => !fs.existsSync(assetDir(before)), 'the old files to go')
    expect((await fetch(`${ctx.baseUrl}/media/o/${before}/preroll.mp4`)).status).toBe(404)

    // Support, and a producer (no pre-roll rights), may not delete it.
    for (const key of [support, producer]) {
      const refused = await ctx.request(`/api/admin/media/${ready.asset_id}`, {
        method: 'DELETE',
        headers: bearer(key),
      })
      expect(refused.status).toBe(403)
    }
    const deleted = await ctx.request(`/api/admin/media/${ready.asset_id}`, {
      method: 'DELETE',
      headers: bearer(manager),
    })
    expect(deleted.status).toBe(204)
    expect(fs.existsSync(assetDir(ready.asset_id))).toBe(false)
    expect((await preroll(prerollId)).url).toBe('')
    expect((await settingsPrerolls()).map((p) => p.id)).not.toContain(prerollId)
    expect((await fetch(`${ctx.baseUrl}/media/o/${ready.asset_id}/preroll.mp4`)).status).toBe(404)
  })

  it('an upload without a pre-roll makes a new one, playing before live and on-demand video', {
    timeout: 120_000,
  }, async () => {
    const ready = await uploadAndWait(manager, { target: 'preroll' })
    expect(ready.target_id).not.toBe(prerollId)
    expect(await preroll(ready.target_id)).toMatchObject({
      url: `/media/o/${ready.asset_id}/preroll.mp4`,
      weight: 1,
      for_live: true,
      for_vod: true,
      event_categories: [],
      location_id: null,
    })

    // Deleting the pre-roll takes its uploaded video: no files, no asset, no upload row left.
    const gone = await ctx.request(`/api/admin/prerolls/${ready.target_id}`, {
      method: 'DELETE',
      headers: bearer(manager),
    })
    expect(gone.status).toBe(204)
    expect(fs.existsSync(assetDir(ready.asset_id))).toBe(false)
    const assets = await ctx.db.kysely
      .selectFrom('media_assets')
      .select('id')
      .where('id', '=', ready.asset_id)
      .execute()
    expect(assets).toEqual([])
    const rows = await ctx.db.kysely.selectFrom('uploads').select('id').where('asset_id', '=', ready.asset_id).execute()
    expect(rows).toEqual([])
  })

  it('refuses the roles without pre-roll rights and another channel', async () => {
    const meta = { target: 'preroll', preroll_id: prerollId }
    const uploads = () => ctx.db.kysely.selectFrom('uploads').select('id').execute()
    const before = (await uploads()).length
    expect((await create(producer, meta)).status).toBe(403)
    expect((await create(producer, { target: 'preroll' })).status).toBe(403)
    expect((await create(support, meta)).status).toBe(403)
    expect((await create(other, meta)).status).toBe(404)
    const videos = async (key: string) =>
      (await ctx.request(`/api/admin/prerolls/${prerollId}/media`, { headers: bearer(key) })).status
    expect(await videos(producer)).toBe(403)
    expect(await videos(support)).toBe(403)
    expect(await videos(other)).toBe(404)
    // Nothing was begun.
    expect((await uploads()).length).toBe(before)
  })
})
