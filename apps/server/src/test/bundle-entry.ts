import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { sql } from 'kysely'
import { afterAll, beforeAll } from 'vitest'
import { createTestContext, type DatabaseKind, type TestContext } from './context.js'

const here = path.dirname(fileURLToPath(import.meta.url))
const repoRoot = path.resolve(here, '../../../..')

/**
 * A test entry (src/test/*-process.ts) as one file Node runs, for the tests that kill a process for
 * real: our TypeScript bundled, every npm package left to Node's resolution. It is written under
 * node_modules so those packages resolve.
 */
export async function bundleEntry(name: 'server-process' | 'worker-process' | 'analytics-process') {
  const outfile = path.join(repoRoot, 'node_modules', '.cache', 'fieldhouse-tests', `${name}-${process.pid}.mjs`)
  await build({
    entryPoints: [path.join(here, `${name}.ts`)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['source'],
    logLevel: 'silent',
    plugins: [
      {
        name: 'packages-stay-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (a) =>
            a.path.startsWith('@fieldhouse/') ? undefined : { path: a.path, external: true },
          )
        },
      },
    ],
  })
  return outfile
}

/**
 * The set-up every kill test shares: a test database, the bundled process entry, the PostgreSQL schema
 * the child must use, and the children it started (killed at the end if still running).
 */
export function useProcessSuite(kind: DatabaseKind, name: 'server-process' | 'worker-process' | 'analytics-process') {
  const suite = {
    ctx: undefined as unknown as TestContext,
    entry: '',
    /** `--schema` for the child on PostgreSQL (each test file has its own). */
    schemaArgs: [] as string[],
    started: [] as ChildProcess[],
  }
  beforeAll(async () => {
    suite.ctx = await createTestContext(kind)
    suite.entry = await bundleEntry(name)
    if (kind === 'postgres') {
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(suite.ctx.db.kysely)).rows[0]?.s
      if (schema) suite.schemaArgs = ['--schema', schema]
    }
  })
  afterAll(async () => {
    for (const child of suite.started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await suite.ctx?.close()
    if (suite.entry) fs.rmSync(suite.entry, { force: true })
  })
  return suite
}
