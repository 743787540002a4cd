import { describe, expect, it } from 'vitest'
import { countLines, isExempt, LIMIT, problemsOf } from './check-file-lines.mjs'

const server = (p: string) => `apps/server/src/${p}`

describe('the 400-line rule', () => {
  it('counts lines as wc -l does, a last line without its newline included', () => {
    expect(countLines('')).toBe(0)
    expect(countLines('a\n')).toBe(1)
    expect(countLines('a\nb\n')).toBe(2)
    expect(countLines('a\nb')).toBe(2)
    expect(countLines('\n\n\n')).toBe(3)
  })

  it('leaves out tests, their support, the schema and seed data, and nothing else', () => {
    for (const file of [
      'modules/payments/sales.api.test.ts',
      'lib/csv.test.ts',
      'modules/payments/payments.test-support.ts',
      'test/context.ts',
      'db/schema.ts',
      'db/seed.ts',
      'db/seed-catalogue.ts',
      'db/seed-passes.ts',
    ]) {
      expect(isExempt(server(file)), file).toBe(true)
    }
    for (const file of [
      'modules/payments/sales.service.ts',
      'db/demo.repository.ts',
      'db/migrate.ts',
      'db/migrations/0004_catalogue.ts',
      'modules/catalog/schema.ts',
      'modules/channel/seed.ts',
      'container.ts',
    ]) {
      expect(isExempt(server(file)), file).toBe(false)
    }
  })

  it('names a file over the limit with its count and what to do', () => {
    const problems = problemsOf(
      [
        { file: server('modules/a/a.service.ts'), lines: LIMIT + 1 },
        { file: server('modules/a/a.repository.ts'), lines: LIMIT },
        { file: server('db/schema.ts'), lines: 2000 },
      ],
      { allow: [] },
    )
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain('apps/server/src/modules/a/a.service.ts has 401 lines')
    expect(problems[0]).toContain('Move code to the module it belongs to')
    expect(problems[0]).toContain('do not fold lines')
  })

  it('lets a listed file through, and asks for it to be taken off the list once it is under the limit', () => {
    const big = server('modules/clips/clips.service.ts')
    expect(problemsOf([{ file: big, lines: 544 }], { allow: [big] })).toEqual([])
    const fixed = problemsOf([{ file: big, lines: 390 }], { allow: [big] })
    expect(fixed).toHaveLength(1)
    expect(fixed[0]).toContain('take it off TEMPORARY_ALLOW')
    const gone = problemsOf([], { allow: [big] })
    expect(gone[0]).toContain('no longer exists')
  })
})
