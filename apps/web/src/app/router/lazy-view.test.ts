import { describe, expect, it } from 'vitest'
import { ChunkLoadTimeoutError, withTimeout } from './lazy-view'

describe('withTimeout', () => {
  it('passes a value through in time', async () => {
    await expect(withTimeout(Promise.resolve('chunk'), 50)).resolves.toBe('chunk')
  })

  it('passes a failure through', async () => {
    await expect(withTimeout(Promise.reject(new Error('404')), 50)).rejects.toThrow('404')
  })

  it('gives up after the timeout', async () => {
    await expect(withTimeout(new Promise(() => {}), 5)).rejects.toBeInstanceOf(ChunkLoadTimeoutError)
  })
})
