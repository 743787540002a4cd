import { describe, expect, it } from 'vitest'
import { parseQuery } from './query-string.js'

const plain = (v: unknown) => JSON.parse(JSON.stringify(v))

describe('parseQuery', () => {
  it('parses plain keys like any query parser', () => {
    expect(plain(parseQuery('a=1&b=two%20words&c='))).toEqual({ a: '1', b: 'two words', c: '' })
    expect(plain(parseQuery('a=1&a=2'))).toEqual({ a: ['1', '2'] })
  })

  it('turns key[]=v into arrays (spec §7)', () => {
    expect(plain(parseQuery('id[]=1&id[]=2&id%5B%5D=3'))).toEqual({ id: ['1', '2', '3'] })
    expect(plain(parseQuery('id[]=7'))).toEqual({ id: ['7'] })
  })

  it('turns a[b]=c into one-level objects, as the bootstrap query has them', () => {
    expect(
      plain(parseQuery('color-settings%5Bclient_interface%5D=web&slides[client_interface]=web&api_key=k')),
    ).toEqual({ 'color-settings': { client_interface: 'web' }, slides: { client_interface: 'web' }, api_key: 'k' })
    expect(plain(parseQuery('f[a]=1&f[b]=2'))).toEqual({ f: { a: '1', b: '2' } })
  })

  it('keeps deeper or odd brackets literal and drops prototype keys', () => {
    expect(plain(parseQuery('a[b][c]=1&x[y]z=2&[q]=3'))).toEqual({ 'a[b][c]': '1', 'x[y]z': '2', '[q]': '3' })
    const parsed = parseQuery('__proto__[polluted]=1&constructor=2&a[__proto__]=3')
    expect(plain(parsed)).toEqual({})
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('bounds keys and array sizes', () => {
    const many = Array.from({ length: 300 }, (_, i) => `k${i}=1`).join('&')
    expect(Object.keys(parseQuery(many))).toHaveLength(200)
    const long = Array.from({ length: 150 }, () => 'a[]=1').join('&')
    expect(parseQuery(long).a).toHaveLength(100)
  })
})
