import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * Password hashing with scrypt (design §8: N = 2^17, r = 8, p = 1). The parameters travel with each
 * hash (`scrypt$17$8$1$salt$hash`), so raising the cost later still verifies old hashes.
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>
  verify(password: string, stored: string | null): Promise<boolean>
}

const KEY_LENGTH = 32

const derive = (password: string, salt: Buffer, logN: number, r: number, p: number) =>
  new Promise<Buffer>((resolve, reject) => {
    const N = 2 ** logN
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    )
  })

export function scryptHasher(logN = 17, r = 8, p = 1): PasswordHasher {
  // Verified against when the account is unknown or has no password, so both cost the same time.
  let dummy: Promise<string> | undefined
  const hash = async (password: string) => {
    const salt = randomBytes(16)
    const key = await derive(password, salt, logN, r, p)
    return `scrypt$${logN}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`
  }
  return {
    hash,
    async verify(password, stored) {
      dummy ??= hash('not a password of anyone')
      const parts = (stored ?? (await dummy)).split('$')
      const [scheme, n, rr, pp, salt, key] = parts
      if (parts.length !== 6 || scheme !== 'scrypt' || !salt || !key) return false
      const expected = Buffer.from(key, 'base64url')
      const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(rr), Number(pp))
      return stored !== null && expected.length === actual.length && timingSafeEqual(expected, actual)
    },
  }
}
