import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { binaryEnv, clearBinaryCache, findOnPath, resolveFfmpeg, resolveFfprobe } from './binaries.js'

let dir: string

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-bin-'))
  for (const name of ['ffmpeg', 'ffprobe']) {
    fs.writeFileSync(path.join(dir, name), '#!/bin/sh\nexit 0\n', { mode: 0o755 })
  }
  fs.writeFileSync(path.join(dir, 'not-executable'), '', { mode: 0o644 })
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
beforeEach(() => clearBinaryCache())

describe('binary resolution', () => {
  it('prefers FFMPEG_PATH / FFPROBE_PATH', () => {
    const ffmpeg = path.join(dir, 'ffmpeg')
    expect(resolveFfmpeg({ FFMPEG_PATH: ffmpeg, PATH: '' })).toBe(ffmpeg)
    expect(resolveFfprobe({ FFPROBE_PATH: path.join(dir, 'ffprobe'), PATH: '' })).toBe(path.join(dir, 'ffprobe'))
  })

  it('refuses an explicit path that is not executable', () => {
    expect(() => resolveFfmpeg({ FFMPEG_PATH: path.join(dir, 'not-executable') })).toThrow(/FFMPEG_PATH/)
  })

  it('searches PATH itself, skipping empty and relative entries', () => {
    expect(findOnPath('ffmpeg', `:relative:/nonexistent:${dir}`)).toBe(path.join(dir, 'ffmpeg'))
    expect(findOnPath('not-executable', dir)).toBeNull()
    expect(resolveFfmpeg({ PATH: dir })).toBe(path.join(dir, 'ffmpeg'))
  })

  it('falls back to the installer packages', () => {
    const ffmpeg = resolveFfmpeg({ PATH: '/nonexistent' })
    const ffprobe = resolveFfprobe({ PATH: '/nonexistent' })
    expect(ffmpeg).toMatch(/@ffmpeg-installer/)
    expect(ffprobe).toMatch(/@ffprobe-installer/)
  })

  it('caches per environment', () => {
    const env = { PATH: dir }
    expect(resolveFfmpeg(env)).toBe(path.join(dir, 'ffmpeg'))
    expect(resolveFfmpeg({ PATH: '/nonexistent' })).not.toBe(path.join(dir, 'ffmpeg'))
  })

  it('keeps the static builds away from the system gconv modules', () => {
    const ffprobe = resolveFfprobe({ PATH: '/nonexistent' })
    expect(binaryEnv(ffprobe, { PATH: '/bin' })).toEqual({ PATH: '/bin', GCONV_PATH: path.dirname(ffprobe) })
    expect(binaryEnv(ffprobe, { GCONV_PATH: '/x' })).toEqual({ GCONV_PATH: '/x' })
    const env = { PATH: '/bin' }
    expect(binaryEnv('/usr/bin/ffprobe', env)).toBe(env)
  })
})
