import { describe, expect, it } from 'vitest'
import { chooseEngine } from './engine-choice'

describe('chooseEngine', () => {
  it('lets Safari play HLS itself', () => {
    expect(chooseEngine({ nativeHls: true, mse: true, apple: true })).toBe('native')
    expect(chooseEngine({ nativeHls: true, mse: false, apple: true })).toBe('native')
  })

  it('prefers hls.js wherever MSE is, even when the browser claims HLS', () => {
    expect(chooseEngine({ nativeHls: false, mse: true, apple: false })).toBe('hls.js')
    expect(chooseEngine({ nativeHls: true, mse: true, apple: false })).toBe('hls.js')
  })

  it('falls back to native HLS without MSE, and to nothing without either', () => {
    expect(chooseEngine({ nativeHls: true, mse: false, apple: false })).toBe('native')
    expect(chooseEngine({ nativeHls: false, mse: false, apple: false })).toBeNull()
  })
})
