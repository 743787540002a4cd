import { describe, expect, it } from 'vitest'
import { ChunkLoadTimeoutError, viewChunk, withTimeout } from './lazy-view'

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

describe('viewChunk', () => {
  it('fetches a chunk once, and has it at hand once it is here', async () => {
    let fetches = 0
    const chunk = viewChunk(async () => {
      fetches += 1
      return { View: 'the view' }
    })
    expect(chunk.loaded()).toBeNull()
    const first = chunk.load()
    expect(chunk.load()).toBe(first)
    await expect(first).resolves.toEqual({ View: 'the view' })
    expect(chunk.loaded()).toEqual({ View: 'the view' })
    await chunk.load()
    expect(fetches).toBe(1)
  })

  it('fetches again after a failure', async () => {
    let fetches = 0
    const chunk = viewChunk(async () => {
      fetches += 1
      if (fetches === 1) throw new Error('offline')
      return { View: 'the view' }
    })
    await expect(chunk.load()).rejects.toThrow('offline')
    expect(chunk.loaded()).toBeNull()
    await expect(chunk.load()).resolves.toEqual({ View: 'the view' })
    expect(fetches).toBe(2)
  })
})
