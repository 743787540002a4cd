import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { clearBinaryCache, runFfmpeg } from '@fieldhouse/media'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type Roles, startRoles } from '../../roles.js'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildChannel } from '../../test/factories.js'
import { buildOperator } from '../../test/operators.js'

/** Polls `fn` until it returns something truthy (the test timeout bounds it). */
async function until<T>(fn: () => Promise<T | undefined | null | false>, what: string, ms = 90_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await fn()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

const b64 = (s: string) => Buffer.from(s).toString('base64')
const metadata = (m: Record<string, string | number>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${b64(String(v))}`)
    .join(',')

const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '25']
const makeVideo = (out: string, size: string, seconds: number, extra: string[] = []) =>
  runFfmpeg([
    '-hide_banner',
    '-nostdin',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${size}:rate=25:duration=${seconds}`,
    ...h264,
    ...extra,
    out,
  ])

/**
 * Uploads as an attacker sends them (docs/security.md, "Uploads and ffmpeg"; the D1–D3, D10),
 * through the real HTTP layer with raw tus requests and the real worker, on SQLite and PostgreSQL:
 * a file that is an HLS playlist of another channel's recording with MPEG-TS appended; every tus
 * route aimed at another channel's upload through its path, a query or a method override; a few KB
 * that declare ten hours; uploads past the channel's share or the disk's room.
 *
 * ffprobe is the one the installer package ships (5.2), as the issue found it: it takes such a
 * polyglot, named without an extension, for MPEG-TS, where Debian's 5.1 calls it HLS.
 */
describe.each(testDatabases())('uploads under attack (%s)', (kind) => {
  let ctx: TestContext
  let roles: Roles
  let base: string
  let dir: string
  let own: string
  let attacker: string
  let victim: string
  let victimUpload: string
  let eventOfA: number
  let freeAtStart: number
  const victimSegment = () => path.join(ctx.config.mediaDir, 'assets', '900001', '720p', 'seg_00000.ts')

  beforeAll(async () => {
    const require = createRequire(import.meta.url)
    const installer = path.join(path.dirname(require.resolve('@ffprobe-installer/linux-x64/package.json')), 'ffprobe')
    // A dependency of the product (its fallback build): always installed, so the case is always run.
    expect(fs.existsSync(installer)).toBe(true)
    vi.stubEnv('FFPROBE_PATH', installer)
    clearBinaryCache()
    freeAtStart = (() => {
      const s = fs.statfsSync(process.cwd())
      return s.bavail * s.bsize
    })()
    ctx = await createTestContext(kind, {
      env: {
        SERVICES: 'api,worker',
        SEED_DEMO: 'false',
        DEMO_LIVE: '0',
        ENCODE_PRESET: 'ultrafast',
        UPLOAD_MAX_BYTES: String(16 * 1024 ** 3),
        // The disk keeps all but 5 GB of what it has free now: a 6 GB upload finds no room.
        UPLOAD_DISK_RESERVE_BYTES: String(Math.max(0, freeAtStart - 5 * 1024 ** 3)),
      },
    })
    base = ctx.baseUrl
    roles = await startRoles(ctx.container, { except: ['api'] })
    dir = fs.mkdtempSync(path.join(ctx.config.dataDir, 'attack-'))
    own = path.join(dir, 'own.ts')
    await makeVideo(own, '320x180', 3)
    // Another channel's paid replay, as the store keeps it: 640x360, 6 s.
    fs.mkdirSync(path.dirname(victimSegment()), { recursive: true })
    await makeVideo(victimSegment(), '640x360', 6, ['-f', 'mpegts'])
    eventOfA = (
      await ctx.db.kysely
        .selectFrom('events')
        .select('id')
        .where('stream_status', '=', 'upcoming')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id
    attacker = (await buildOperator(ctx, 'demo', 'producer')).key
    await buildChannel(ctx, 'victim')
    victim = (await buildOperator(ctx, 'victim', 'producer')).key
    const created = await create(victim, 1000, { target: 'vod', title: 'Final, paid' })
    expect(created.status).toBe(201)
    victimUpload = (created.headers.get('location') ?? '').split('/').pop()!
    expect((await patch(victim, victimUpload, 0, Buffer.alloc(100, 1))).status).toBe(204)
  }, 120_000)
  afterAll(async () => {
    vi.unstubAllEnvs()
    clearBinaryCache()
    await roles?.stop()
    await ctx?.close()
  })

  const tus = (key: string, extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${key}`,
    'tus-resumable': '1.0.0',
    ...extra,
  })
  const create = (key: string, size: number, meta: Record<string, string | number>) =>
    fetch(`${base}/api/admin/uploads`, {
      method: 'POST',
      headers: tus(key, { 'upload-length': String(size), 'upload-metadata': metadata(meta) }),
    })
  const patch = (key: string, id: string, offset: number, body: Buffer) =>
    fetch(`${base}/api/admin/uploads/${id}`, {
      method: 'PATCH',
      headers: tus(key, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
      body,
    })
  const statusOf = async (key: string, id: string) => {
    const res = await fetch(`${base}/api/admin/uploads/${id}`, { headers: { authorization: `Bearer ${key}` } })
    return ((await res.json()) as { data: Record<string, any> }).data
  }
  /** Uploads a whole file; answers the upload's id and the last PATCH. */
  const send = async (key: string, bytes: Buffer, meta: Record<string, string | number>) => {
    const created = await create(key, bytes.length, meta)
    expect(created.status, await created.clone().text()).toBe(201)
    const id = (created.headers.get('location') ?? '').split('/').pop()!
    return { id, res: await patch(key, id, 0, bytes) }
  }
  const settled = (key: string, id: string) =>
    until(async () => {
      const s = await statusOf(key, id)
      return s.status === 'ready' || s.status === 'failed' ? s : null
    }, 'the upload to settle')
  const victimState = async () => {
    const row = await ctx.db.kysely.selectFrom('uploads').selectAll().where('id', '=', victimUpload).executeTakeFirst()
    const file = path.join(ctx.config.uploadsDir, victimUpload)
    const audits = await ctx.db.kysely
      .selectFrom('audit_log')
      .select('id')
      .where('resource_id', '=', victimUpload)
      .execute()
    return {
      row: row && { status: row.status, size: row.size, updated_at: row.updated_at },
      bytes: fs.existsSync(file) ? fs.readFileSync(file).toString('hex') : null,
      record: fs.existsSync(`${file}.json`) ? fs.readFileSync(`${file}.json`, 'utf8') : null,
      audits: audits.length,
    }
  }

  it('an HLS playlist of another channel’s recording with MPEG-TS appended is refused or encoded from its own bytes', async () => {
    const playlist = [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-TARGETDURATION:6',
      '#EXTINF:6.0,',
      '../assets/900001/720p/seg_00000.ts',
      '#EXTINF:6.0,',
      `file:${victimSegment()}`,
      '#EXT-X-ENDLIST',
      '',
    ].join('\n')
    const polyglot = Buffer.concat([Buffer.from(playlist), fs.readFileSync(own)])
    const { id, res } = await send(attacker, polyglot, {
      target: 'vod',
      title: 'Nothing to see',
      filename: 'game.m3u8',
    })
    expect([204, 422]).toContain(res.status)
    const s = await settled(attacker, id)
    let outcome = ''
    if (s.status === 'ready') {
      // Encoded: from the upload's own 320x180, 3 s, never the other channel's 640x360, 6 s.
      const item = await ctx.db.kysely
        .selectFrom('vod_items')
        .select('duration')
        .where('id', '=', s.target_id)
        .executeTakeFirstOrThrow()
      expect(item.duration).toBeLessThanOrEqual(3)
      const master = fs.readFileSync(
        path.join(ctx.config.mediaDir, 'assets', String(s.asset_id), 'master.m3u8'),
        'utf8',
      )
      expect(master).not.toMatch(/RESOLUTION=(640x360|\d{3,4}x(360|480|720|1080))/)
      expect(master).toMatch(/RESOLUTION=320x180/)
      outcome = 'encoded from its own bytes'
    } else {
      expect(s.error).toMatch(/not a video we can read/)
      outcome = 'refused'
    }
    // ffprobe 5.2 reads the polyglot as MPEG-TS: it is encoded, pinned to that demuxer (5.1 refuses it).
    expect(outcome).toBe('encoded from its own bytes')
    // Nothing named after the client's file is left to guess a format from.
    expect(fs.readdirSync(path.join(ctx.config.mediaDir, 'imports')).filter((f) => f.includes('.'))).toEqual([])
  })

  it('every tus route aimed at another channel’s upload, by path, query or method override, answers 404 or 405 and changes nothing', async () => {
    const before = await victimState()
    expect(before.row?.status).toBe('uploading')
    const mine = (await create(attacker, 1000, { target: 'event', event_id: eventOfA })).headers.get('location') ?? ''
    // The upload routes come from the app itself: one added later is walked too.
    const routes = ctx.app.adminRoutes.filter((r) => r.url.startsWith('/api/admin/uploads'))
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'DELETE /api/admin/uploads/:id',
      'GET /api/admin/uploads/:id',
      'HEAD /api/admin/uploads/:id',
      'PATCH /api/admin/uploads/:id',
      'POST /api/admin/uploads',
    ])
    const pathsOf = (url: string) =>
      url.includes(':id')
        ? [
            url.replace(':id', victimUpload),
            `${url.replace(':id', victimUpload)}?x=1`,
            `${url.replace('/:id', '')}?/${victimUpload}`,
            `${url.replace('/:id', '/')}?/${victimUpload}`,
            `${url.replace(':id', mine.split('/').pop()!)}?/${victimUpload}`,
            `${url.replace(':id', mine.split('/').pop()!)}?id=${victimUpload}`,
          ]
        : [`${url}?/${victimUpload}`, `${url}/?/${victimUpload}`, `${url}?id=${victimUpload}`]
    const bodyHeaders = { 'upload-offset': '100', 'content-type': 'application/offset+octet-stream' }
    const attempts: { method: string; url: string; headers: Record<string, string>; body?: Buffer }[] = []
    for (const route of routes) {
      for (const url of pathsOf(route.url)) {
        for (const override of [undefined, 'HEAD', 'PATCH', 'DELETE', 'POST', 'GET', 'OPTIONS']) {
          // The tus routes answer a method override with 405; the state GET only reads, and is walked
          // by its foreign id alone.
          if (route.method === 'GET' && (override !== undefined || url.includes('?'))) continue
          const method = route.method
          const headers = tus(attacker, {
            ...(override ? { 'x-http-method-override': override } : {}),
            ...(method === 'PATCH' || override === 'PATCH' ? bodyHeaders : {}),
            ...(method === 'POST' ? { 'upload-length': '100', 'upload-metadata': metadata({ target: 'vod' }) } : {}),
          })
          attempts.push({ method, url, headers, ...(method === 'PATCH' ? { body: Buffer.alloc(900, 7) } : {}) })
        }
      }
    }
    const answers: string[] = []
    for (const a of attempts) {
      const res = await fetch(base + a.url, { method: a.method, headers: a.headers, body: a.body })
      await res.arrayBuffer()
      answers.push(`${res.status} ${a.method} ${a.url} ${a.headers['x-http-method-override'] ?? ''}`)
    }
    const allowed = answers.filter((line) => !/^40[45] /.test(line))
    expect(allowed).toEqual([])
    expect(attempts.length).toBeGreaterThan(100)
    expect(await victimState()).toEqual(before)
    // The victim still resumes its own upload.
    const head = await fetch(`${base}/api/admin/uploads/${victimUpload}`, { method: 'HEAD', headers: tus(victim) })
    expect(head.headers.get('upload-offset')).toBe('100')
  })

  it('what changes an upload is in the audit log: its creation, its writing, its outcome, its cancellation', async () => {
    const created = await create(attacker, 2000, { target: 'vod', title: 'Audited' })
    const id = (created.headers.get('location') ?? '').split('/').pop()!
    expect((await patch(attacker, id, 0, Buffer.alloc(1000, 1))).status).toBe(204)
    expect((await patch(attacker, id, 1000, Buffer.alloc(1000, 2))).status).toBe(422)
    const gone = await create(attacker, 100, { target: 'vod', title: 'Cancelled' })
    const goneId = (gone.headers.get('location') ?? '').split('/').pop()!
    expect(
      (await fetch(`${base}/api/admin/uploads/${goneId}`, { method: 'DELETE', headers: tus(attacker) })).status,
    ).toBe(204)
    const entries = await ctx.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'resource_id', 'after'])
      .where('resource', '=', 'uploads')
      .where('resource_id', 'in', [id, goneId])
      .orderBy('id')
      .execute()
    expect(entries.map((e) => `${e.action} ${e.resource_id === id ? 'upload' : 'cancelled'}`)).toEqual([
      'create upload',
      'update upload',
      'update upload',
      'create cancelled',
      'delete cancelled',
    ])
    expect(JSON.parse(entries[1]!.after ?? '{}')).toMatchObject({ writing_from: 0 })
    expect(JSON.parse(entries[2]!.after ?? '{}')).toMatchObject({ status: 'failed' })
  })

  it('a few KB that declare ten hours are refused when complete; pictures with a long gap are refused by the encode', async () => {
    // 60 frames, then the rest ten hours later.
    const gapped = path.join(dir, 'gapped.mkv')
    await runFfmpeg([
      '-hide_banner',
      '-nostdin',
      '-y',
      '-protocol_whitelist',
      'file',
      '-i',
      own,
      '-c',
      'copy',
      '-bsf:v',
      'setts=pts=if(gte(N\\,60)\\,PTS+36000000\\,PTS):dts=if(gte(N\\,60)\\,DTS+36000000\\,DTS)',
      gapped,
    ])
    const tiny = await send(attacker, fs.readFileSync(gapped), { target: 'vod', title: 'Ten hours' })
    expect(tiny.res.status).toBe(422)
    expect(((await tiny.res.json()) as { message: string }).message).toMatch(
      /^The video lasts 10:00:0\d, longer than the 6:00:00 this channel takes\.$/,
    )
    expect((await statusOf(attacker, tiny.id)).status).toBe('failed')

    // Bytes enough for its length (a noisy picture), but 40 s without one in the middle: the encode refuses it.
    const noisy = path.join(dir, 'noisy.ts')
    await runFfmpeg([
      '-hide_banner',
      '-nostdin',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'nullsrc=size=640x360:rate=25:duration=3,geq=random(1)*255:128:128',
      ...h264,
      '-b:v',
      '4M',
      noisy,
    ])
    const withGap = path.join(dir, 'with-gap.mkv')
    await runFfmpeg([
      '-hide_banner',
      '-nostdin',
      '-y',
      '-protocol_whitelist',
      'file',
      '-i',
      noisy,
      '-c',
      'copy',
      '-bsf:v',
      'setts=pts=if(gte(N\\,50)\\,PTS+40000\\,PTS):dts=if(gte(N\\,50)\\,DTS+40000\\,DTS)',
      withGap,
    ])
    const gap = await send(attacker, fs.readFileSync(withGap), { target: 'vod', title: 'A gap' })
    expect(gap.res.status).toBe(204)
    const s = await settled(attacker, gap.id)
    expect(s.status).toBe('failed')
    expect(s.error).toMatch(/^The video has no picture for 0:00:40 from 0:00:02: cut the gap out/)
  })

  /** The demo channel's settings with `uploads` set, for the length of `fn`. */
  const withUploadSettings = async (uploads: object, fn: () => Promise<void>) => {
    const row = await ctx.db.kysely
      .selectFrom('channels')
      .select('settings')
      .where('key', '=', 'demo')
      .executeTakeFirstOrThrow()
    const set = (settings: string) =>
      ctx.db.kysely.updateTable('channels').set({ settings }).where('key', '=', 'demo').execute()
    await set(JSON.stringify({ ...JSON.parse(row.settings), uploads }))
    try {
      await fn()
    } finally {
      await set(row.settings)
    }
  }

  it('the channel’s longest video is its own setting', async () => {
    await withUploadSettings({ max_duration_sec: 2 }, async () => {
      const { res } = await send(attacker, fs.readFileSync(own), { target: 'vod', title: 'Too long here' })
      expect(res.status).toBe(422)
      expect(((await res.json()) as { message: string }).message).toBe(
        'The video lasts 0:00:03, longer than the 0:00:02 this channel takes.',
      )
    })
  })

  it('uploads under way stay within the channel’s share and the disk’s room', async () => {
    await withUploadSettings({ open_bytes: 3 * 1024 ** 3 }, async () => {
      const first = await create(attacker, 2 * 1024 ** 3, { target: 'vod', title: 'Two GB' })
      expect(first.status).toBe(201)
      const second = await create(attacker, 2 * 1024 ** 3, { target: 'vod', title: 'Two more' })
      expect(second.status).toBe(413)
      expect(((await second.json()) as { message: string }).message).toBe(
        "The channel's uploads under way would pass 3 GB: let them finish or cancel one before starting another.",
      )
      // Another channel's share is its own; the disk's room is everyone's.
      expect((await create(victim, 2 * 1024 ** 3, { target: 'vod', title: 'Theirs' })).status).toBe(201)
      const tooBig = await create(victim, 6 * 1024 ** 3, { target: 'vod', title: 'Six GB' })
      expect(tooBig.status).toBe(507)
      expect(((await tooBig.json()) as { message: string }).message).toMatch(
        /^The server has no room for this file now/,
      )
    })
  })
})
