import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { runFfmpeg, testFeedArgs } from '@fieldhouse/media'
import { describe, expect, it } from 'vitest'
import { useProcessSuite } from '../test/bundle-entry.js'
import { testDatabases } from '../test/context.js'

const sizeOf = (dir: string): number =>
  fs.readdirSync(dir, { withFileTypes: true }).reduce((sum, e) => {
    const full = path.join(dir, e.name)
    return sum + (e.isDirectory() ? sizeOf(full) : fs.statSync(full).size)
  }, 0)

/**
 * Clean after a crash (issue 12): a worker process killed (SIGKILL) in the middle of an encode
 * leaves its temp folder behind; the next worker removes it when it starts.
 */
describe.each(testDatabases())('an encode killed mid-way, on %s', (kind) => {
  const suite = useProcessSuite(kind, 'worker-process')

  const startWorker = () =>
    new Promise<{ process: ChildProcess; exited: Promise<NodeJS.Signals | number | null> }>((resolve, reject) => {
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        SERVICES: 'worker',
        SEED_DEMO: 'false',
        DEMO_LIVE: 'false',
        WORKER_CONCURRENCY: '1',
        ENCODE_PRESET: 'medium',
        DATA_DIR: suite.ctx.config.dataDir,
        ...(kind === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' } : {}),
      }
      const child = spawn(process.execPath, [suite.entry, ...suite.schemaArgs], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      suite.started.push(child)
      const exited = new Promise<NodeJS.Signals | number | null>((done) =>
        child.once('exit', (code, signal) => done(signal ?? code)),
      )
      let out = ''
      let errors = ''
      child.stderr?.on('data', (c: Buffer) => {
        errors += c.toString()
      })
      child.stdout?.on('data', (c: Buffer) => {
        out += c.toString()
        if (out.includes('worker started')) resolve({ process: child, exited })
      })
      void exited.then((how) => reject(new Error(`the worker exited before starting (${how}): ${errors}`)))
    })

  it('the temp folder of the killed encode is gone once a worker starts again', async () => {
    const tmp = path.join(suite.ctx.config.mediaDir, 'tmp')
    const source = path.join(suite.ctx.config.dataDir, 'source.mp4')
    await runFfmpeg(
      testFeedArgs({
        output: source,
        durationSec: 30,
        width: 1280,
        height: 720,
        fps: 25,
        realtime: false,
        format: 'mp4',
      }),
      { durationSec: 30 },
    )
    const channel = await suite.ctx.app.services.channels.findByKey('demo')
    const event = await suite.ctx.db.kysely
      .selectFrom('events')
      .select('id')
      .where('channel_id', '=', channel?.id as number)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const asset = await suite.ctx.app.services.mediaRepo.createAsset(
      channel?.id as number,
      { type: 'event', id: event.id },
      'upload',
      'processing',
    )
    await suite.ctx.app.services.queue.enqueue('media.transcode', { assetId: asset.id, source, deleteSource: false })

    const first = await startWorker()
    // Wait until the encode has written real work into its process's temp folder, then kill it.
    let folder: string | undefined
    for (let i = 0; i < 600 && !folder; i++) {
      await new Promise((r) => setTimeout(r, 100))
      const own = fs.existsSync(tmp) ? fs.readdirSync(tmp).find((e) => e.includes(`-${first.process.pid}-`)) : undefined
      if (own && sizeOf(path.join(tmp, own)) > 200_000) folder = own
    }
    expect(folder).toBeDefined()
    first.process.kill('SIGKILL')
    expect(await first.exited).toBe('SIGKILL')
    const left = path.join(tmp, folder as string)
    expect(fs.existsSync(left)).toBe(true)
    expect(sizeOf(left)).toBeGreaterThan(200_000)

    const second = await startWorker()
    expect(fs.existsSync(left)).toBe(false)
    second.process.kill('SIGTERM')
    await second.exited
  }, 120_000) // a 30 s source is generated and encoded by real ffmpeg processes: a busy machine needs more than the default
})
