import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import maxmind, { type CountryResponse } from 'maxmind'
import { describe, expect, it } from 'vitest'
import { buildMmdb } from './mmdb-writer.js'

describe('buildMmdb', () => {
  it('writes a database the maxmind reader answers from', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mmdb-')), 'test.mmdb')
    fs.writeFileSync(
      file,
      buildMmdb([
        ['81.2.69.0/24', { country: { iso_code: 'GB', names: { en: 'United Kingdom' } } }],
        ['89.160.20.128/25', { country: { iso_code: 'SE', names: { en: 'Sweden' } } }],
        ['127.0.0.1/32', { country: { iso_code: 'US', names: { en: 'United States' } } }],
      ]),
    )
    const reader = await maxmind.open<CountryResponse>(file)
    expect(reader.get('81.2.69.160')?.country?.iso_code).toBe('GB')
    expect(reader.get('89.160.20.200')?.country?.names.en).toBe('Sweden')
    expect(reader.get('89.160.20.1')).toBeNull()
    expect(reader.get('127.0.0.1')?.country?.iso_code).toBe('US')
    expect(reader.get('8.8.8.8')).toBeNull()
  })
})
