import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const here = path.dirname(fileURLToPath(import.meta.url))
const repoRoot = path.resolve(here, '../../../..')

/**
 * A test entry (src/test/*-process.ts) as one file Node runs, for the tests that kill a process for
 * real: our TypeScript bundled, every npm package left to Node's resolution. It is written under
 * node_modules so those packages resolve.
 */
export async function bundleEntry(name: 'server-process' | 'worker-process') {
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
