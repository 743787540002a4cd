import { describe, expect, it } from 'vitest'
import { sniffImage } from './admin-images.js'

const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

describe('sniffImage', () => {
  it('knows PNG, JPEG and WebP by their first bytes, and nothing else', () => {
    expect(sniffImage(tinyPng)).toBe('image/png')
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg')
    expect(sniffImage(Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('image/webp')
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull()
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(sniffImage(Buffer.alloc(0))).toBeNull()
  })
})
