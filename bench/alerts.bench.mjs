import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { build } from 'esbuild'
import nodemailer from 'nodemailer'
import { SMTPServer } from 'smtp-server'
import { openDatabase } from '../apps/server/dist/db/database.js'
import { migrateToLatest } from '../apps/server/dist/db/migrate.js'
import { JobQueue } from '../apps/server/dist/jobs/queue.js'
import { notificationsModule } from '../apps/server/dist/modules/notifications/notifications.module.js'
import { resolveFfmpeg, testFeedArgs } from '../packages/media/dist/index.js'
import { freePort, median, root, serverCommand, startProduct, writeResult } from './lib.mjs'

/**
 * The tests' loopback push service (RFC 8030 with RFC 8291 payloads and VAPID, apps/server/src/test),
 * bundled as the kill tests bundle their entries: our TypeScript in one file, npm packages left to Node.
 */
async function loadPushService() {
  const outfile = path.join(root, 'node_modules', '.cache', 'fieldhouse-bench', `push-service-${process.pid}.mjs`)
  await build({
    entryPoints: [path.join(root, 'apps/server/src/test/push-service.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
    packages: 'external',
  })
  try {
    return await import(outfile)
  } finally {
    fs.rmSync(outfile, { force: true })
  }
}

/**
 * Issue 35, "Never miss a game": one team followed by FOLLOWERS viewers goes live, and the worker (a
 * process of its own, as in production) fans the alert out. Measured from the go-live (the fan-out
 * queued, as the live pipeline queues it once the stream is watchable) to the last alert the SMTP test
 * server (or the loopback push service) accepted; the mail run kills the worker with SIGKILL mid-run and
 * starts another, as a service manager would, and counts what each viewer received. The reference: a
 * bare nodemailer pool of the same size sending the same number of mails to the same server.
 */
const FOLLOWERS = Number(process.env.BENCH_ALERT_FOLLOWERS ?? 10_000)
const CONNECTIONS = 5
const GOAL = { seconds: 60, duplicates: 0, lost: 0 }
const KILL_AT = 0.3
/** Go-lives timed against their stream (issue 35: the alert never before the first segment, 20 of 20). */
const GO_LIVES = Number(process.env.BENCH_GO_LIVES ?? 20)

/** A mail server on loopback that counts what it accepted, by recipient. */
async function startMailServer() {
  const accepted = new Map()
  let total = 0
  let last = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    maxClients: 100,
    onData(stream, session, callback) {
      stream.on('data', () => {})
      stream.on('end', () => {
        // Only a message the client ended (its final dot) is one the server takes.
        for (const r of session.envelope.rcptTo) accepted.set(r.address, (accepted.get(r.address) ?? 0) + 1)
        total += 1
        last = Date.now()
        callback()
      })
    },
  })
  await new Promise((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    accepted,
    get total() {
      return total
    },
    get last() {
      return last
    },
    reset() {
      accepted.clear()
      total = 0
      last = 0
    },
    close: () => new Promise((r) => server.close(r)),
  }
}

/** A channel with one team, its game, and `count` verified viewers who follow the team. */
async function seed(db, { count, email, push }) {
  const now = Date.now()
  const k = db.kysely
  const channel = await k
    .insertInto('channels')
    .values({
      key: 'alerts',
      name: 'Alerts League',
      language: 'en',
      currency: 'USD',
      settings: '{}',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const team = await k
    .insertInto('participants')
    .values({
      channel_id: channel.id,
      name: 'Austin Owls',
      short_name: 'OWL',
      alias: 'owls',
      images: '[]',
      properties: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const event = await k
    .insertInto('events')
    .values({
      channel_id: channel.id,
      name: 'Jays @ Owls',
      access_mode: 'free',
      event_utc_ts: now,
      time_zone: 'America/Chicago',
      stream_status: 'live',
      base_price: 0,
      service_fee: 0,
      geo_rules: '[]',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await k
    .insertInto('event_participants')
    .values({ event_id: event.id, participant_id: team.id, side: 'home' })
    .execute()
  const endpoints = []
  for (let from = 0; from < count; from += 500) {
    const n = Math.min(500, count - from)
    const users = await k
      .insertInto('users')
      .values(
        Array.from({ length: n }, (_, i) => ({
          channel_id: channel.id,
          email: `fan${from + i}@example.com`,
          password_hash: null,
          first_name: 'Fan',
          last_name: String(from + i),
          news: 0,
          temporary_password: 0,
          email_verified_at: now,
          capabilities: '[]',
          trial_period_used: 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute()
    await k
      .insertInto('favorites')
      .values(
        users.map((u) => ({
          user_id: u.id,
          favoritable_type: 'participant',
          favoritable_id: team.id,
          created_at: now,
        })),
      )
      .execute()
    await k
      .insertInto('notification_settings')
      .values(
        users.map((u) => ({
          user_id: u.id,
          email: email ? 1 : 0,
          push: push ? 1 : 0,
          go_live: 1,
          reminder_minutes: null,
          spoiler_free: 0,
          quiet_start: null,
          quiet_end: null,
          time_zone: 'UTC',
          updated_at: now,
        })),
      )
      .execute()
    if (push) {
      const subs = users.map((u) => ({ user_id: u.id, ...push(u.id), created_at: now }))
      endpoints.push(...subs.map((s) => s.endpoint))
      await k.insertInto('push_subscriptions').values(subs).execute()
    }
  }
  return { channelId: channel.id, eventId: event.id, endpoints }
}

/** A worker process of the product on this data folder, as `SERVICES=worker npm start` runs one. */
function startWorker(dataDir, env) {
  const [cmd, args] = serverCommand([path.join(root, 'apps/server/dist/main.js')])
  const child = spawn(cmd, args, {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      SERVICES: 'worker',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WORKER_CONCURRENCY: '2',
      ALERT_MAIL_CONNECTIONS: String(CONNECTIONS),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  return { child, exited: new Promise((r) => child.once('exit', r)) }
}

const until = async (check, timeoutMs, everyMs = 20) => {
  const end = Date.now() + timeoutMs
  while (Date.now() < end) {
    if (await check()) return true
    await new Promise((r) => setTimeout(r, everyMs))
  }
  return false
}

/** One run: FOLLOWERS followers, by mail (with a kill mid-run) or by push. */
async function run(kind, mail, pushService) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `fh-bench-alerts-${kind}-`))
  const db = openDatabase({ sqliteFile: path.join(dataDir, 'fieldhouse.sqlite') })
  const workers = []
  try {
    await migrateToLatest(db)
    const pushOf =
      kind === 'push'
        ? () => {
            const s = pushService.subscribe()
            return { endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth }
          }
        : null
    const { channelId, eventId, endpoints } = await seed(db, { count: FOLLOWERS, email: kind === 'mail', push: pushOf })
    const env =
      kind === 'mail'
        ? { SMTP_URL: mail.url }
        : { PUSH_ENDPOINT_ORIGINS: pushService.url, NODE_EXTRA_CA_CERTS: pushService.caFile }
    workers.push(startWorker(dataDir, env))
    // The worker is up once its scheduled jobs are queued.
    const queue = new JobQueue(db.kysely, db.dialect)
    await until(async () => (await queue.counts()).queued > 0, 30_000, 100)
    mail.reset()
    const received = () =>
      kind === 'mail' ? mail.accepted.size : new Set(pushService.messages.map((m) => m.endpoint)).size
    const started = Date.now()
    await notificationsModule.announceGoLive(() => queue)({ eventId, channelId })
    let killedAt = null
    if (kind === 'mail') {
      await until(() => received() >= FOLLOWERS * KILL_AT, 60_000, 5)
      workers[0].child.kill('SIGKILL')
      await workers[0].exited
      killedAt = { afterMs: Date.now() - started, received: received() }
      workers.push(startWorker(dataDir, env))
    }
    await until(() => received() >= FOLLOWERS, 180_000, 10)
    const lastAt = kind === 'mail' ? mail.last : Math.max(...pushService.messages.map((m) => m.receivedAt.getTime()))
    // Late repeats, if any, arrive now.
    await new Promise((r) => setTimeout(r, 3000))
    const counts =
      kind === 'mail' ? [...mail.accepted.values()] : [...countBy(pushService.messages.map((m) => m.endpoint)).values()]
    const unique = counts.length
    const duplicates = counts.reduce((n, c) => n + c - 1, 0)
    const sends = await db.kysely.selectFrom('alert_sends').select(['status']).execute()
    return {
      followers: FOLLOWERS,
      seconds: Number(((lastAt - started) / 1000).toFixed(2)),
      received: unique,
      duplicates,
      lost: FOLLOWERS - unique,
      recordedSent: sends.filter((s) => s.status === 'sent').length,
      killedAt,
      endpoints: endpoints.length || undefined,
    }
  } finally {
    for (const w of workers) {
      w.child.kill('SIGTERM')
      await Promise.race([w.exited, new Promise((r) => setTimeout(r, 10_000))])
    }
    await db.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

const countBy = (list) => {
  const m = new Map()
  for (const v of list) m.set(v, (m.get(v) ?? 0) + 1)
  return m
}

/** The reference: the same number of mails through a bare nodemailer pool of the same size. */
async function bareMail(mail) {
  mail.reset()
  // As the product's pool does (apps/server/src/lib/mailer.ts): each write sent at once, no Nagle wait.
  const getSocket = (o, callback) => {
    const socket = net.connect(o.port, o.host, () => callback(null, { connection: socket }))
    socket.setNoDelay(true)
    socket.once('error', callback)
  }
  const { port } = new URL(mail.url)
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: Number(port),
    pool: true,
    maxConnections: CONNECTIONS,
    maxMessages: 1000,
    getSocket,
  })
  const started = Date.now()
  let next = 0
  const sender = async () => {
    while (next < FOLLOWERS) {
      const i = next++
      await transport.sendMail({
        from: 'alerts@example.com',
        to: `fan${i}@example.com`,
        subject: 'Jays @ Owls is live now',
        text: 'The stream has started.',
        html: '<p>The stream has started.</p>',
      })
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS * 2 }, sender))
  transport.close()
  return { seconds: Number(((Date.now() - started) / 1000).toFixed(2)) }
}

/**
 * The go-live alert against the stream, GO_LIVES times: the product as `npm start` runs it (API, worker,
 * ingest; the demo channel), a viewer who follows every team, and a generated feed published into one
 * upcoming game after another. For each, the moment the SMTP server accepted the alert against the
 * moment the recording's first segment was whole (its file's modification time): never before it.
 */
async function goLiveTiming(mail) {
  const rtmpPort = await freePort()
  const product = await startProduct(
    {
      SERVICES: 'api,worker,ingest',
      RTMP_PORT: String(rtmpPort),
      DEMO_LIVE: '0',
      DEMO_VIDEOS: '0',
      SMTP_URL: mail.url,
    },
    { pinned: false },
  )
  const db = openDatabase({ sqliteFile: path.join(product.dataDir, 'fieldhouse.sqlite') })
  const publishers = []
  try {
    const k = db.kysely
    const demo = await k.selectFrom('channels').select('id').where('key', '=', 'demo').executeTakeFirstOrThrow()
    const teams = await k.selectFrom('participants').select('id').where('channel_id', '=', demo.id).execute()
    // GO_LIVES games of the demo channel's teams, each with its own stream key, starting now.
    const games = []
    for (let i = 0; i < GO_LIVES; i++) {
      const at = Date.now()
      const game = await k
        .insertInto('events')
        .values({
          channel_id: demo.id,
          name: `Go-live ${i + 1}`,
          access_mode: 'free',
          event_utc_ts: at,
          time_zone: 'America/Chicago',
          stream_status: 'upcoming',
          base_price: 0,
          service_fee: 0,
          geo_rules: '[]',
          stream_key: randomBytes(24).toString('base64url'),
          created_at: at,
          updated_at: at,
        })
        .returning(['id', 'channel_id', 'stream_key'])
        .executeTakeFirstOrThrow()
      const home = teams[i % teams.length].id
      await k
        .insertInto('event_participants')
        .values({ event_id: game.id, participant_id: home, side: 'home' })
        .execute()
      games.push(game)
    }
    const now = Date.now()
    const fan = await k
      .insertInto('users')
      .values({
        channel_id: games[0].channel_id,
        email: 'every-team@example.com',
        password_hash: null,
        first_name: 'Every',
        last_name: 'Team',
        news: 0,
        temporary_password: 0,
        email_verified_at: now,
        capabilities: '[]',
        trial_period_used: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await k
      .insertInto('favorites')
      .values(
        teams.map((t) => ({ user_id: fan.id, favoritable_type: 'participant', favoritable_id: t.id, created_at: now })),
      )
      .execute()
    const timings = []
    for (const game of games) {
      mail.reset()
      const key = game.stream_key
      const args = testFeedArgs({
        output: `rtmp://127.0.0.1:${rtmpPort}/live/${key}`,
        durationSec: 30,
        width: 320,
        height: 180,
        fps: 25,
        realtime: true,
        format: 'flv',
      })
      const publisher = spawn(resolveFfmpeg(), args, { stdio: 'ignore' })
      publishers.push(publisher)
      const arrived = await until(() => mail.total > 0, 60_000, 5)
      const alertAt = mail.last
      publisher.kill('SIGKILL')
      if (!arrived) {
        timings.push({ event: game.id, alertMs: null, segmentMs: null, after: false })
        continue
      }
      const asset = await k
        .selectFrom('media_assets')
        .select('id')
        .where('owner_type', '=', 'event')
        .where('owner_id', '=', game.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
      const dir = path.join(product.dataDir, 'media', 'assets', String(asset.id), 'source')
      const playlist = fs.readFileSync(path.join(dir, 'index.m3u8'), 'utf8')
      const first = playlist.split('\n').find((line) => line && !line.startsWith('#'))
      const segmentAt = fs.statSync(path.join(dir, first)).mtimeMs
      timings.push({ event: game.id, afterSegmentMs: Math.round(alertAt - segmentAt), after: alertAt >= segmentAt })
      // The game ends when its encoder is gone for good; the next one starts on a quiet ingest.
      await new Promise((r) => setTimeout(r, 500))
    }
    const after = timings.filter((t) => t.after).length
    const delays = timings.filter((t) => t.after).map((t) => t.afterSegmentMs)
    return {
      goLives: games.length,
      alertAfterFirstSegment: after,
      medianAfterSegmentMs: median(delays),
      maxAfterSegmentMs: Math.max(...delays),
      timings,
    }
  } finally {
    for (const p of publishers) p.kill('SIGKILL')
    await db.close()
    await product.stop()
  }
}

export async function benchAlerts() {
  const mail = await startMailServer()
  const { startPushService } = await loadPushService()
  const pushService = await startPushService()
  try {
    const reference = await bareMail(mail)
    const byMail = await run('mail', mail, pushService)
    const byPush = await run('push', mail, pushService)
    const goLive = await goLiveTiming(mail)
    const result = {
      name: 'alerts',
      followers: FOLLOWERS,
      reference,
      mail: byMail,
      push: byPush,
      goLive,
      ratio: byMail.seconds / reference.seconds,
      goal: GOAL,
      met:
        byMail.seconds <= GOAL.seconds &&
        byMail.duplicates === 0 &&
        byMail.lost === 0 &&
        byPush.seconds <= GOAL.seconds &&
        byPush.duplicates === 0 &&
        byPush.lost === 0 &&
        goLive.alertAfterFirstSegment === goLive.goLives,
    }
    writeResult('alerts', result)
    return result
  } finally {
    await mail.close()
    await pushService.close()
  }
}

// `node bench/alerts.bench.mjs`: this benchmark alone; `… go-live`: only the go-lives against their stream.
if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2] === 'go-live') {
    const mail = await startMailServer()
    try {
      console.log(JSON.stringify(await goLiveTiming(mail), null, 2))
    } finally {
      await mail.close()
    }
  } else console.log(JSON.stringify(await benchAlerts(), null, 2))
}
