import { parse as parseFlat } from 'fast-querystring'

/**
 * Query strings as the spec's client sends them (§7): `key[]=v` arrays and `a[b]=c` objects, one
 * level deep, on top of plain `key=v`. A flat parse (fast-querystring) first; only keys with a
 * bracket are expanded, so the common query costs what Fastify's default parser costs.
 *
 * Bounded: at most `maxParams` keys and `maxArray` items per array; anything deeper than `a[b]`
 * stays a literal key. `__proto__`-style keys are dropped.
 */
export type QueryValue = string | string[] | Record<string, string | string[]>
export type Query = Record<string, QueryValue>

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype'])

/**
 * An object without a prototype that V8 still keeps in its fast (shaped) form, as fast-querystring
 * makes its own: `Object.create(null)` starts in dictionary mode, and every later read is slower.
 */
function NullObject() {}
NullObject.prototype = Object.create(null)
const Empty = NullObject as unknown as new () => Record<string, never>

export function parseQuery(str: string, maxParams = 200, maxArray = 100): Query {
  const flat = parseFlat(str) as Record<string, string | string[]>
  const out: Query = new Empty()
  let count = 0
  for (const rawKey in flat) {
    if (++count > maxParams) break
    const value = flat[rawKey] as string | string[]
    const open = rawKey.indexOf('[')
    const close = rawKey.indexOf(']', open)
    // Plain key, or a bracket that does not end the key (e.g. a[b][c], a[b]x): keep it literal.
    if (open <= 0 || close !== rawKey.length - 1 || rawKey.indexOf('[', open + 1) !== -1) {
      if (!FORBIDDEN.has(rawKey)) out[rawKey] = value
      continue
    }
    const base = rawKey.slice(0, open)
    const inner = rawKey.slice(open + 1, close)
    if (FORBIDDEN.has(base) || FORBIDDEN.has(inner)) continue
    const values = Array.isArray(value) ? value : [value]
    if (inner === '') {
      const prev = out[base]
      const list = Array.isArray(prev) ? prev : typeof prev === 'string' ? [prev] : []
      out[base] = [...list, ...values].slice(0, maxArray)
      continue
    }
    const prev = out[base]
    const obj: Record<string, string | string[]> =
      prev && typeof prev === 'object' && !Array.isArray(prev) ? prev : new Empty()
    obj[inner] = values.length === 1 ? (values[0] as string) : values.slice(0, maxArray)
    out[base] = obj
  }
  return out
}
