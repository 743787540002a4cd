import { randomUUID } from 'node:crypto'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { freePort, startProduct } from './lib.mjs'

/**
 * Product analytics ingest (issue 17): records per second through the analytics service (viewing
 * heartbeats in beacon batches over HTTP, validated, reduced, group-committed, acknowledged after the
 * commit) against bare batched inserts of the same rows into the same SQLite database, in the same
 * run. Then every acknowledged record is looked for: none may be missing.
 */
const BATCH = 100
const CONCURRENCY = 32
const PROFILE = 'yak_demo'

const record = (session, view, stream) => ({
  kind: 'video_viewing',
  record_id: randomUUID(),
  session_uuid: session,
  video_view_uuid: view,
  stream_id: stream,
  stream_type: 'live',
  viewing_time: 10,
  sport: 'Basketball',
  school: 'Central High',
})

export async function benchIngest({ duration }) {
  const analyticsPort = await freePort()
  const product = await startProduct({
    SERVICES: 'api,analytics',
    ANALYTICS_PORT: String(analyticsPort),
    ANALYTICS_RATE_LIMIT_MAX: '100000000',
    DEMO_LIVE: '0',
    DEMO_VIDEOS: '0',
  })
  const url = `http://127.0.0.1:${analyticsPort}/datalake/batch/`
  const acknowledged = []
  let failed = 0
  try {
    // Warm-up: the service's first requests compile its paths.
    const warm = { profile: PROFILE, records: [record(randomUUID(), randomUUID(), 1)] }
    for (let i = 0; i < 50; i++) await fetch(url, { method: 'POST', body: JSON.stringify(warm) })

    const end = Date.now() + duration * 1000
    const started = performance.now()
    const client = async (c) => {
      const session = randomUUID()
      const view = randomUUID()
      while (Date.now() < end) {
        const records = Array.from({ length: BATCH }, () => record(session, view, c + 1))
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({ profile: PROFILE, records }),
        })
        await res.arrayBuffer()
        if (res.status === 200) for (const r of records) acknowledged.push(r.record_id)
        else failed += 1
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, c) => client(c)))
    const seconds = (performance.now() - started) / 1000
    const ours = acknowledged.length / seconds

    // The reference: the same rows, inserted in batches of the same size, each batch one transaction,
    // straight into the same database with the product's settings (WAL, synchronous=FULL).
    const db = new SQLite(path.join(product.dataDir, 'fieldhouse.sqlite'))
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL')
    db.pragma('busy_timeout = 5000')
    const channelId = db.prepare('select id from channels where yare_analytics_key = ?').get(PROFILE).id
    const cols = [
      'channel_id',
      'record_id',
      'kind',
      'name',
      'session_uuid',
      'at',
      'client_ts',
      'received_at',
      'user_id',
      'email_hash',
      'country_code',
      'stream_type',
      'stream_id',
      'view_uuid',
      'value',
      'page',
      'origin_url',
      'trk',
      'extras',
    ]
    const one = `(${cols.map(() => '?').join(',')})`
    const insert = db.prepare(
      `insert into analytics_records (${cols.join(',')}) values ${Array(BATCH).fill(one).join(',')} on conflict (channel_id, record_id) do nothing`,
    )
    const session = randomUUID()
    const view = randomUUID()
    const extras = JSON.stringify({ sport: 'Basketball', school: 'Central High' })
    let inserted = 0
    const refEnd = Date.now() + duration * 1000
    const refStarted = performance.now()
    while (Date.now() < refEnd) {
      const now = Date.now()
      const values = []
      for (let i = 0; i < BATCH; i++) {
        values.push(channelId, randomUUID(), 'video_viewing', 'viewing', session, now, null, now, null, null, null)
        values.push('live', 1, view, 10, null, null, null, extras)
      }
      db.transaction(() => insert.run(values))()
      inserted += BATCH
    }
    const reference = inserted / ((performance.now() - refStarted) / 1000)

    // Every acknowledged record is there.
    const have = db.prepare('select 1 from analytics_records where channel_id = ? and record_id = ?')
    let lost = 0
    for (const id of acknowledged) if (!have.get(channelId, id)) lost += 1
    db.close()
    return {
      name: 'ingest',
      ours: { recordsPerSecond: Math.round(ours), acknowledged: acknowledged.length, failedRequests: failed },
      reference: { recordsPerSecond: Math.round(reference) },
      ratio: ours / reference,
      lost,
      goal: { ratio: 0.6, recordsPerSecond: 20_000, lost: 0 },
      batch: BATCH,
      concurrency: CONCURRENCY,
    }
  } finally {
    await product.stop()
  }
}
