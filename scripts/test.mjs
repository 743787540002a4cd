#!/usr/bin/env node
/**
 * `npm test`: every test. The browser journeys (one server, files one after another) take most of
 * the time and wait on the browser and the server more than they compute, so the unit and API tests
 * run beside them, in a second process, rather than before them. Each part's own report is kept and
 * printed again at the end, so the end of the output says what failed, whichever part it was in.
 *
 * With arguments (`npm test -- path/to/file.test.ts`), one vitest run with those arguments.
 */
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'

const vitest = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs')
const env = { ...process.env, TZ: 'UTC' }

function run(label, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    const lines = []
    let partial = ''
    const take = (chunk, out) => {
      const text = partial + chunk.toString()
      const parts = text.split('\n')
      partial = parts.pop() ?? ''
      for (const line of parts) {
        out.write(`${label} ${line}\n`)
        lines.push(line)
      }
    }
    child.stdout.on('data', (c) => take(c, process.stdout))
    child.stderr.on('data', (c) => take(c, process.stderr))
    child.on('close', (code, signal) => {
      if (partial) lines.push(partial)
      resolve({ label, code: code ?? (signal ? 1 : 0), lines })
    })
  })
}

/** What a part's report ends with: its failures (if any) and its totals. */
function report({ label, code, lines }) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes in vitest's output
  const plain = lines.map((l) => l.replace(/\u001b\[[0-9;]*m/g, ''))
  const failed = plain.findIndex((l) => /Failed Tests \d+/.test(l))
  const totals = plain.findIndex((l) => /^\s*Test Files\s/.test(l))
  const from = failed >= 0 ? failed : totals >= 0 ? totals : Math.max(0, plain.length - 30)
  return [`== ${label}: ${code === 0 ? 'passed' : `failed (exit ${code})`}`, ...plain.slice(from)].join('\n')
}

const extra = process.argv.slice(2)
if (extra.length > 0) {
  const child = spawn(process.execPath, [vitest, 'run', ...extra], { env, stdio: 'inherit' })
  child.on('close', (code) => process.exit(code ?? 1))
} else {
  const results = await Promise.all([
    run('[unit+api]', ['--project', 'unit', '--project', 'api']),
    run('[e2e]', ['--project', 'e2e']),
  ])
  console.log(`\n${results.map(report).join('\n\n')}`)
  process.exit(results.some((r) => r.code !== 0) ? 1 : 0)
}
