import { describe, expect, it } from 'vitest'
import { scryptHasher } from './passwords.js'

describe('scryptHasher', () => {
  it('hashes with the production cost and verifies', async () => {
    const hasher = scryptHasher()
    const stored = await hasher.hash('correct horse battery')
    expect(stored).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/)
    expect(await hasher.verify('correct horse battery', stored)).toBe(true)
    expect(await hasher.verify('correct horse batterY', stored)).toBe(false)
  }, 30_000) // three scrypt runs at the production cost (128 MiB each): seconds on a busy 2-core machine

  it('salts every hash and refuses a missing or malformed one', async () => {
    const hasher = scryptHasher(14)
    const a = await hasher.hash('same password')
    expect(await hasher.hash('same password')).not.toBe(a)
    expect(await hasher.verify('same password', null)).toBe(false)
    expect(await hasher.verify('same password', 'md5$abc')).toBe(false)
  })

  it('verifies hashes made with other parameters', async () => {
    const old = await scryptHasher(14).hash('pw-123456')
    expect(await scryptHasher(17).verify('pw-123456', old)).toBe(true)
  })
})
