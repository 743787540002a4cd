import { describe, expect, it } from 'vitest'
import { isSharedFile } from './rate-limit.js'

describe('isSharedFile', () => {
  it('is the build files and the public media, read', () => {
    expect(isSharedFile({ method: 'GET', url: '/assets/index-B6QkQzcT.js' })).toBe(true)
    expect(isSharedFile({ method: 'HEAD', url: '/media/public/demo/logo.png' })).toBe(true)
  })

  it('is not a call, a page, signed media or a write', () => {
    expect(isSharedFile({ method: 'GET', url: '/api/events' })).toBe(false)
    expect(isSharedFile({ method: 'GET', url: '/runtime-config.json' })).toBe(false)
    expect(isSharedFile({ method: 'GET', url: '/watch/3' })).toBe(false)
    expect(isSharedFile({ method: 'GET', url: '/media/v/1/master.m3u8' })).toBe(false)
    expect(isSharedFile({ method: 'POST', url: '/assets/x.js' })).toBe(false)
  })
})
