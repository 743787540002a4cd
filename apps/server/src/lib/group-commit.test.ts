import { describe, expect, it } from 'vitest'
import { GroupCommit } from './group-commit.js'

describe('GroupCommit', () => {
  it('commits what arrives together in one round, and answers each request after its round', async () => {
    const rounds: number[][] = []
    let release: () => void = () => {}
    const gc = new GroupCommit<number>(async (items) => {
      rounds.push(items)
      if (rounds.length === 1) await new Promise<void>((r) => (release = r))
    })
    const settled: number[] = []
    const a = gc.submit([1]).then(() => settled.push(1))
    await new Promise((r) => setImmediate(r))
    // The first round is running: these wait for the next one, together.
    const b = gc.submit([2, 3]).then(() => settled.push(2))
    const c = gc.submit([4]).then(() => settled.push(4))
    await new Promise((r) => setImmediate(r))
    expect(settled).toEqual([])
    release()
    await Promise.all([a, b, c])
    expect(rounds).toEqual([[1], [2, 3, 4]])
    expect(settled).toEqual([1, 2, 4])
  })

  it('a failed commit fails every request of its round, and the next round goes on', async () => {
    let fail = true
    const gc = new GroupCommit<number>(async () => {
      if (fail) {
        fail = false
        throw new Error('disk full')
      }
    })
    const [x, y] = await Promise.allSettled([gc.submit([1]), gc.submit([2])])
    expect(x?.status).toBe('rejected')
    expect(y?.status).toBe('rejected')
    await expect(gc.submit([3])).resolves.toBeUndefined()
  })

  it('keeps a round under its size, never splitting a request', async () => {
    const rounds: number[] = []
    const gc = new GroupCommit<number>(async (items) => void rounds.push(items.length), 3)
    await Promise.all([gc.submit([1, 2]), gc.submit([3, 4]), gc.submit([5])])
    await gc.drain()
    expect(rounds).toEqual([2, 3])
  })
})
