import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { type App, buildApp } from '../app.js'
import { type Config, loadConfig } from '../config.js'
import { type Container, type ContainerDeps, createContainer } from '../container.js'
import { type Db, openDatabase } from '../db/database.js'
import { migrateToLatest } from '../db/migrate.js'
import { seedDemoChannel } from '../db/seed.js'
import { ChannelRepository } from '../modules/channel/channel.repository.js'

/**
 * API test context: a real database (a fresh SQLite file, or a fresh schema in the PostgreSQL of
 * TEST_DATABASE_URL), migrated and seeded, and the app listening on a loopback port.
 */
export type DatabaseKind = 'sqlite' | 'postgres'

/** SQLite always; PostgreSQL when TEST_DATABASE_URL is set (CI always sets it). */
export const testDatabases = (): DatabaseKind[] => (process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'])

export interface TestContext {
  app: App
  /** The services the app serves, for the tests that start the other roles over them. */
  container: Container
  db: Db
  config: Config
  baseUrl: string
  /** fetch against the running app; JSON bodies are encoded for you. */
  request(path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }): Promise<Response>
  json<T = any>(
    path: string,
    init?: { method?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T; headers: Headers }>
  apiKey(channelKey?: string): Promise<string>
  close(): Promise<void>
}

/** A fresh database: a SQLite file, or a schema of its own in TEST_DATABASE_URL's PostgreSQL. */
export async function openTestDatabase(kind: DatabaseKind, sqliteFile: string) {
  if (kind === 'sqlite') return { db: openDatabase({ sqliteFile }), dropSchema: async () => {} }
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DATABASE_URL is not set')
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE SCHEMA ${schema}`)
  await admin.end()
  const db = openDatabase({ url, schema, poolSize: 4 })
  const dropSchema = async () => {
    const c = new pg.Client({ connectionString: url })
    await c.connect()
    await c.query(`DROP SCHEMA ${schema} CASCADE`)
    await c.end()
  }
  return { db, dropSchema }
}

export async function createTestContext(
  kind: DatabaseKind,
  options: {
    env?: Record<string, string>
    logger?: ContainerDeps['logger']
    webDist?: string
    redis?: ContainerDeps['redis']
    rateLimitNamespace?: string
    hasher?: ContainerDeps['hasher']
    mailer?: ContainerDeps['mailer']
    clock?: ContainerDeps['clock']
    pushAgent?: ContainerDeps['pushAgent']
  } = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-test-'))
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // The production cost is tested in lib/passwords.test.ts; here hashing must not dominate.
    NODE_ENV: 'test',
    SCRYPT_LOG_N: '12',
    ...options.env,
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
  })
  const { db, dropSchema } = await openTestDatabase(kind, config.sqliteFile)
  await migrateToLatest(db)
  await seedDemoChannel(new ChannelRepository(db.kysely, db.dialect), config.mediaDir)
  const container = await createContainer({
    config,
    db,
    logger: options.logger ?? false,
    redis: options.redis,
    rateLimitNamespace: options.rateLimitNamespace,
    ...(options.hasher ? { hasher: options.hasher } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.pushAgent ? { pushAgent: options.pushAgent } : {}),
  })
  const app = await buildApp(container)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

  const request: TestContext['request'] = (p, init = {}) =>
    fetch(baseUrl + p, {
      method: init.method ?? 'GET',
      headers: { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
      body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
    })
  const json: TestContext['json'] = async (p, init) => {
    const res = await request(p, init)
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers }
  }
  return {
    app,
    container,
    db,
    config,
    baseUrl,
    request,
    json,
    async apiKey(channelKey = 'demo') {
      const res = await json('/api/get_api_key', { method: 'POST', body: { channel_key: channelKey } })
      if (res.status !== 200) throw new Error(`get_api_key: ${res.status} ${JSON.stringify(res.body)}`)
      return res.body.data.api_key as string
    },
    async close() {
      await app.close()
      container.close()
      await db.close()
      await dropSchema()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
