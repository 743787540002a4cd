import { describe, expect, it } from 'vitest'
import { markPure } from './pure-schemas'

describe('markPure', () => {
  it('marks zod calls and constants derived from other schemas', () => {
    const code = [
      "import { z } from 'zod'",
      'export const A = z.object({ a: z.string().max(3) }).strict()',
      'const B = A.extend({ b: z.number() })',
      'export const C = B',
      'export function f(x: unknown) {',
      '  return foo.z.parse(x)',
      '}',
    ].join('\n')
    expect(markPure(code).toString().split('\n')).toEqual([
      "import { z } from 'zod'",
      'export const A = /*#__PURE__*/ z.object({ a: /*#__PURE__*/ z.string().max(3) }).strict()',
      'const B = /*#__PURE__*/ A.extend({ b: /*#__PURE__*/ z.number() })',
      'export const C = B',
      'export function f(x: unknown) {',
      '  return foo.z.parse(x)',
      '}',
    ])
  })
})
