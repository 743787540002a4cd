#!/usr/bin/env node
/**
 * The server's file-size rule, run by `npm run lint`: no source file in apps/server/src over 400 lines
 * (docs/architecture.md, "Rules a machine checks"). A file that grows past it is doing the work of
 * more than one thing; the fix is to move code to where it belongs, never to fold lines to fit.
 *
 * Run alone: `node scripts/check-file-lines.mjs`. Exits 1 and names every file over the limit.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const LIMIT = 400
export const ROOT = 'apps/server/src'

/**
 * What the rule does not cover, each with its reason:
 * - tests and their support files (`*.test.ts`, `*.test-support.ts`, the shared `src/test/` helpers):
 *   a test file is one story told case by case;
 * - `db/schema.ts`: every table's types in one place, the map a newcomer reads once;
 * - the demo channel's seed data, `db/seed.ts` and `db/seed-*.ts`: rows written out, not logic
 *   (`db/demo.repository.ts` and the rest of `db/` are code, and are covered).
 */
export const EXCEPTIONS = [
  { pattern: /\.test\.ts$/, why: 'a test' },
  { pattern: /\.test-support\.ts$/, why: "a test's support" },
  { pattern: /^apps\/server\/src\/test\//, why: 'the shared test helpers' },
  { pattern: /^apps\/server\/src\/db\/schema\.ts$/, why: 'the schema' },
  { pattern: /^apps\/server\/src\/db\/seed(-[a-z-]+)?\.ts$/, why: 'seed data' },
]

/**
 * Files over the limit for now, each to be brought under it and then taken off this list (the
 * check fails when a listed file is under the limit already, so the list only shrinks).
 */
export const TEMPORARY_ALLOW = []

/** Lines as `wc -l` counts them (a last line without its newline still counts). */
export function countLines(text) {
  if (text.length === 0) return 0
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
}

export const isExempt = (file) => EXCEPTIONS.some((e) => e.pattern.test(file))

/**
 * The problems with a set of files (`{ file, lines }`, paths from the repository's root, `/`-separated):
 * every covered file over the limit, and every allowed file that no longer needs to be.
 */
export function problemsOf(files, { limit = LIMIT, allow = TEMPORARY_ALLOW } = {}) {
  const problems = []
  for (const { file, lines } of files) {
    if (isExempt(file)) continue
    const allowed = allow.includes(file)
    if (lines > limit && !allowed) {
      problems.push(
        `${file} has ${lines} lines, over the limit of ${limit}. Move code to the module it belongs to ` +
          '(a narrower service, a repository per table, a helper file of its own, a presenter); do not ' +
          'fold lines to fit.',
      )
    } else if (lines <= limit && allowed) {
      problems.push(
        `${file} has ${lines} lines, within the limit of ${limit}: take it off TEMPORARY_ALLOW in ` +
          'scripts/check-file-lines.mjs.',
      )
    }
  }
  for (const file of allow) {
    if (!files.some((f) => f.file === file)) {
      problems.push(`${file} is on TEMPORARY_ALLOW in scripts/check-file-lines.mjs but no longer exists: take it off.`)
    }
  }
  return problems
}

/** Every TypeScript source under `dir`, its path relative to `root`. */
function sourcesUnder(root, dir) {
  const out = []
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`
    if (entry.isDirectory()) out.push(...sourcesUnder(root, rel))
    else if (/\.tsx?$/.test(entry.name)) out.push(rel)
  }
  return out
}

export function check(root) {
  const files = sourcesUnder(root, ROOT).map((file) => ({
    file,
    lines: countLines(fs.readFileSync(path.join(root, file), 'utf8')),
  }))
  return problemsOf(files)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  const problems = check(root)
  if (problems.length > 0) {
    console.error(`File size (${ROOT}, at most ${LIMIT} lines a file):`)
    for (const p of problems) console.error(`  ${p}`)
    process.exit(1)
  }
}
