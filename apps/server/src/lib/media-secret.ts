import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/**
 * The key that signs media URLs: MEDIA_SECRET when set (several API processes must share it), else
 * one made at first start and kept, readable by this user only, in DATA_DIR/secrets/media.key — so
 * URLs signed before a restart still work after it.
 */
export function loadMediaSecret(configured: string | undefined, dataDir: string): Buffer {
  if (configured) return Buffer.from(configured, 'utf8')
  const file = path.join(dataDir, 'secrets', 'media.key')
  try {
    const existing = fs.readFileSync(file)
    if (existing.length >= 32) return existing
  } catch {
    // None yet.
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  const secret = randomBytes(32)
  try {
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
    return secret
  } catch (error) {
    // Another process made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file)
    throw error
  }
}
