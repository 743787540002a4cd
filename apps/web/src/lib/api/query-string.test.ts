import { describe, expect, it } from 'vitest'
import { serializeQuery } from './query-string'

describe('serializeQuery', () => {
  it('writes arrays as key[]=value', () => {
    expect(serializeQuery({ ids: [1, 2] })).toBe('ids[]=1&ids[]=2')
  })

  it('writes nested objects as a[b]=c', () => {
    expect(serializeQuery({ 'color-settings': { client_interface: 'web' }, slides: { client_interface: 'web' } })).toBe(
      'color-settings[client_interface]=web&slides[client_interface]=web',
    )
  })

  it('leaves out null and undefined but keeps empty strings and zero', () => {
    expect(serializeQuery({ a: null, b: undefined, c: '', d: 0 })).toBe('c=&d=0')
  })

  it('encodes values and keys', () => {
    expect(serializeQuery({ 'q w': 'a&b=c', flag: true, off: false })).toBe('q%20w=a%26b%3Dc&flag=1&off=0')
  })

  it('nests arrays inside objects', () => {
    expect(serializeQuery({ filter: { sport: ['soccer', 'hockey'] } })).toBe(
      'filter[sport][]=soccer&filter[sport][]=hockey',
    )
  })
})
