import { describe, expect, it } from 'vitest'
import { parseWindow } from './key-play-window'

describe('a key play’s clip window', () => {
  it('takes seconds from 0 to 120 on each side', () => {
    expect(parseWindow('8', '4')).toEqual({ before: 8, after: 4 })
    expect(parseWindow('0', '120')).toEqual({ before: 0, after: 120 })
    expect(parseWindow(' 2.5 ', '1')).toEqual({ before: 2.5, after: 1 })
  })

  it('refuses an empty field, a number out of range, words, or no clip at all', () => {
    expect(parseWindow('', '4')).toBeNull()
    expect(parseWindow('121', '4')).toBeNull()
    expect(parseWindow('-1', '4')).toBeNull()
    expect(parseWindow('eight', '4')).toBeNull()
    expect(parseWindow('0', '0')).toBeNull()
  })
})
