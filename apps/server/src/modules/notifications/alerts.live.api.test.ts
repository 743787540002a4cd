import fs from 'node:fs'
import path from 'node:path'
import { type FfmpegProcess, parseMediaPlaylist } from '@fieldhouse/media'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assetKey } from '../../lib/media-store/index.js'
import { type Roles, startRoles } from '../../roles.js'
import type { TestContext } from '../../test/context.js'
import { buildUser } from '../../test/factories.js'
import { publishFeed, startLiveSuite, until } from '../../test/live.js'

/** The header of a mail as written to the outbox, unfolded. */
const headerOf = (raw: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'mi')
    .exec(raw)?.[1]
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .trim()

/**
 * The go-live alert through the real path (decision 0056): ffmpeg publishes a generated feed over RTMP,
 * the ingest writes HLS, and once the recording's playlist names a first segment the worker fans out
 * and mails the followers (to DATA_DIR/outbox, no SMTP_URL). A restart mid-game and the encoder's
 * reconnect announce the go-live again, and nobody is mailed twice. SQLite only, as the live suite.
 */
describe('go-live alerts of a real live stream', () => {
  let ctx: TestContext
  let roles: Roles
  let rtmp: string
  let event: { id: number; stream_key: string }
  let viewer: { id: number; email: string }
  let team: { id: number; name: string }
  const feeds: FfmpegProcess[] = []
  const feed = (seconds: number) => {
    const f = publishFeed(`${rtmp}/${event.stream_key}`, seconds)
    feeds.push(f)
    return f
  }

  /** The go-live mails in the outbox addressed to the viewer. */
  const liveMails = () => {
    const dir = ctx.config.outboxDir
    if (!fs.existsSync(dir)) return []
    return fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .filter((raw) => headerOf(raw, 'To') === viewer.email && /is live now/.test(headerOf(raw, 'Subject') ?? ''))
  }
  const fanouts = () =>
    ctx.db.kysely
      .selectFrom('jobs')
      .select(['id', 'status'])
      .where('kind', '=', 'alerts.fanout')
      .where('dedupe_key', '=', `alerts:go_live:${event.id}`)
      .orderBy('id')
      .execute()
  const streamStatus = async () =>
    (
      await ctx.db.kysely
        .selectFrom('events')
        .select('stream_status')
        .where('id', '=', event.id)
        .executeTakeFirstOrThrow()
    ).stream_status

  beforeAll(async () => {
    ;({ ctx, roles, rtmp, event } = await startLiveSuite())
    const { channel_id } = await ctx.db.kysely
      .selectFrom('events')
      .select('channel_id')
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow()
    const teams = await ctx.db.kysely
      .selectFrom('event_participants')
      .innerJoin('participants', 'participants.id', 'event_participants.participant_id')
      .select(['participants.id', 'participants.name', 'event_participants.side'])
      .where('event_participants.event_id', '=', event.id)
      .orderBy('participants.id')
      .execute()
    const home = teams.find((t) => t.side === 'home') ?? teams[0]
    if (home) team = { id: home.id, name: home.name }
    else {
      const name = 'Alert Test Hawks'
      const id = await ctx.app.services.catalogAdmin.createParticipant(channel_id, {
        name,
        short_name: 'ATH',
        alias: 'alert-test-hawks',
      })
      await ctx.db.kysely
        .insertInto('event_participants')
        .values({ event_id: event.id, participant_id: id, side: 'home' })
        .execute()
      team = { id, name }
    }
    const user = await buildUser(ctx, { email: `live-fan-${process.pid}@example.com`, verified: true })
    viewer = { id: user.id, email: user.email }
    const key = await ctx.app.services.keys.issue(user.channel_id, user.id)
    const follow = await ctx.json('/api/favorite', {
      method: 'POST',
      body: { favoritable_type: 'participant', favoritable_id: team.id },
      headers: { authorization: `Bearer ${key}` },
    })
    expect(follow.status).toBe(200)
  })
  afterAll(async () => {
    await Promise.allSettled(feeds.map((f) => f.stop()))
    await roles?.stop()
    await ctx?.close()
  })

  it('mails a follower once the stream can be watched, with one-click unsubscribe', async () => {
    expect(liveMails()).toHaveLength(0)
    // Long enough to outlast the alert: the next test cuts it short with a restart.
    feed(30)
    const [mail] = await until(async () => {
      const mails = liveMails()
      return mails.length > 0 ? mails : null
    }, 'the go-live mail in the outbox')
    expect(liveMails()).toHaveLength(1)
    expect(headerOf(mail as string, 'Subject')).toContain(team.name)
    expect(headerOf(mail as string, 'List-Unsubscribe')).toMatch(
      /^<https?:\/\/[^>]+\/api\/alerts\/unsubscribe\/[^>]+>$/,
    )
    expect(headerOf(mail as string, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')

    // The fan-out began only once the recording's playlist named a segment: after that segment was written.
    const asset = await ctx.db.kysely
      .selectFrom('media_assets')
      .select('id')
      .where('owner_type', '=', 'event')
      .where('owner_id', '=', event.id)
      .where('source', '=', 'live')
      .executeTakeFirstOrThrow()
    const playlist = path.join(ctx.config.mediaDir, ...assetKey(asset.id, 'source/index.m3u8').split('/'))
    const first = await until(
      async () => fs.existsSync(playlist) && parseMediaPlaylist(fs.readFileSync(playlist, 'utf8'))[0],
      'the first segment in the source playlist',
    )
    const segmentWritten = fs.statSync(path.join(path.dirname(playlist), first.uri)).mtimeMs
    const run = await ctx.db.kysely
      .selectFrom('alert_runs')
      .select(['started_at', 'fanned_out_at'])
      .where('event_id', '=', event.id)
      .where('kind', '=', 'go_live')
      .executeTakeFirstOrThrow()
    expect(Number(run.started_at)).toBeGreaterThanOrEqual(Math.floor(segmentWritten))
    expect(run.fanned_out_at).not.toBeNull()
    expect(await fanouts()).toEqual([{ id: expect.any(Number), status: 'done' }])
  }, 60_000)

  it('a restart mid-game and the encoder’s reconnect announce the go-live again, and send nothing more', async () => {
    // The server goes down while live (the encoder's connection with it), then comes back.
    await roles.stop()
    await Promise.allSettled(feeds.map((f) => f.done))
    roles = await startRoles(ctx.container, { except: ['api'] })
    rtmp = `rtmp://127.0.0.1:${roles.rtmpPort}/live`
    expect(await streamStatus()).toBe('live')

    // The encoder publishes again within the reconnect grace: the recording resumes, and its
    // playlist names segments at once, so the go-live is announced a second time.
    const again = feed(4)
    const runs = await until(async () => {
      const jobs = await fanouts()
      return jobs.length === 2 && jobs.every((j) => j.status === 'done') ? jobs : null
    }, 'the second go-live fan-out')
    expect(runs).toHaveLength(2)
    await again.done
    await until(async () => (await streamStatus()) === 'vod', 'the event to become a replay')

    expect(liveMails()).toHaveLength(1)
    const sends = await ctx.db.kysely
      .selectFrom('alert_sends')
      .select(['via', 'status'])
      .where('event_id', '=', event.id)
      .where('user_id', '=', viewer.id)
      .where('kind', '=', 'go_live')
      .execute()
    expect(sends).toEqual([{ via: 'email', status: 'sent' }])
  }, 60_000)
})
