import { describe, expect, it } from 'vitest'
import { avc1Codec, h264Level, planLadder } from './ladder.js'
import type { ProbeResult } from './probe.js'

const source = (width: number, height: number, opts: { fps?: number; audio?: boolean } = {}): ProbeResult => ({
  durationSec: 60,
  formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
  video: { width, height, fps: opts.fps ?? 25, codec: 'h264' },
  audio: opts.audio === false ? null : { codec: 'aac', channels: 2, sampleRate: 48000 },
})

describe('planLadder', () => {
  it('gives a 1080p source all four rungs, highest first', () => {
    const ladder = planLadder(source(1920, 1080))
    expect(ladder.map((r) => r.name)).toEqual(['1080p', '720p', '480p', '360p'])
    expect(ladder.map((r) => [r.width, r.height])).toEqual([
      [1920, 1080],
      [1280, 720],
      [854, 480],
      [640, 360],
    ])
    expect(ladder.map((r) => r.videoBitrate)).toEqual([5_000_000, 2_800_000, 1_400_000, 800_000])
    expect(ladder.map((r) => r.audioBitrate)).toEqual([128_000, 128_000, 96_000, 96_000])
    expect(ladder[0]!.codecs).toBe('avc1.640028,mp4a.40.2')
    expect(ladder[1]!.codecs).toBe('avc1.4d401f,mp4a.40.2')
    expect(ladder[3]!.codecs).toBe('avc1.4d401e,mp4a.40.2')
    for (const r of ladder) {
      expect(r.maxrate).toBeGreaterThan(r.videoBitrate)
      expect(r.bufsize).toBeGreaterThan(r.maxrate)
      expect(r.bandwidth).toBeGreaterThan(r.averageBandwidth)
      expect(r.averageBandwidth).toBeGreaterThanOrEqual(r.videoBitrate + (r.audioBitrate ?? 0))
    }
  })

  it('never upscales: a 720p source gets 720p, 480p, 360p', () => {
    expect(planLadder(source(1280, 720)).map((r) => r.name)).toEqual(['720p', '480p', '360p'])
    expect(planLadder(source(1000, 562)).map((r) => r.name)).toEqual(['480p', '360p'])
  })

  it('keeps a 4:3 aspect ratio', () => {
    const ladder = planLadder(source(1440, 1080))
    expect(ladder.map((r) => `${r.width}x${r.height}`)).toEqual(['1440x1080', '960x720', '640x480', '480x360'])
  })

  it('makes widths even for odd aspect ratios', () => {
    const ladder = planLadder(source(853, 480))
    for (const r of ladder) {
      expect(r.width % 2).toBe(0)
      expect(r.height % 2).toBe(0)
    }
    expect(ladder.map((r) => `${r.width}x${r.height}`)).toEqual(['854x480', '640x360'])
    const wide = planLadder(source(1999, 1081))
    expect(wide[0]).toMatchObject({ width: 1998, height: 1080 })
  })

  it('gives a 240p source one rung at its own size', () => {
    const ladder = planLadder(source(426, 240))
    expect(ladder).toHaveLength(1)
    expect(ladder[0]).toMatchObject({ name: '240p', width: 426, height: 240, profile: 'main', level: '3.0' })
    expect(ladder[0]!.videoBitrate).toBeGreaterThanOrEqual(200_000)
    expect(ladder[0]!.videoBitrate).toBeLessThan(800_000)
    const odd = planLadder(source(175, 143))
    expect(odd[0]).toMatchObject({ name: '142p', height: 142 })
    expect(odd[0]!.width % 2).toBe(0)
  })

  it('leaves audio out of an audio-less source', () => {
    const ladder = planLadder(source(1280, 720, { audio: false }))
    for (const r of ladder) {
      expect(r.audioBitrate).toBeNull()
      expect(r.codecs).not.toContain('mp4a')
      expect(r.codecs).toMatch(/^avc1\.[0-9a-f]{6}$/)
    }
  })

  it('measures portrait video on its short side', () => {
    const ladder = planLadder(source(1080, 1920))
    expect(ladder.map((r) => `${r.name}:${r.width}x${r.height}`)).toEqual([
      '1080p:1080x1920',
      '720p:720x1280',
      '480p:480x854',
      '360p:360x640',
    ])
  })

  it('raises level and bitrate for 50/60 fps and caps fps at 60', () => {
    const ladder = planLadder(source(1920, 1080, { fps: 59.94 }))
    expect(ladder[0]).toMatchObject({ level: '4.2', videoBitrate: 7_500_000, fps: 59.94 })
    expect(ladder[1]!.level).toBe('3.2')
    expect(planLadder(source(1280, 720, { fps: 120 }))[0]!.fps).toBe(60)
  })

  it('refuses a source without video', () => {
    expect(() => planLadder({ durationSec: 1, formatName: 'wav', video: null, audio: null })).toThrow(/no video/)
  })
})

describe('h264Level / avc1Codec', () => {
  it('picks the lowest level that fits', () => {
    expect(h264Level(640, 360, 30, 856_000, 'main')).toBe('3.0')
    expect(h264Level(1280, 720, 30, 2_996_000, 'main')).toBe('3.1')
    expect(h264Level(1920, 1080, 30, 5_350_000, 'high')).toBe('4.0')
    expect(h264Level(1920, 1080, 60, 8_000_000, 'high')).toBe('4.2')
  })

  it('formats RFC 6381 avc1 strings', () => {
    expect(avc1Codec('main', '3.1')).toBe('avc1.4d401f')
    expect(avc1Codec('high', '4.0')).toBe('avc1.640028')
    expect(avc1Codec('baseline', '3.0')).toBe('avc1.42c01e')
  })
})
