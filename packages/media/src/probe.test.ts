import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FfmpegInputError } from './inputs.js'
import { parseProbe, parseRational, probe } from './probe.js'
import { makeFixture, tempDir } from './test/helpers.js'

const stream = (extra: Record<string, unknown>) => ({
  codec_type: 'video',
  codec_name: 'h264',
  width: 1920,
  height: 1080,
  avg_frame_rate: '30000/1001',
  r_frame_rate: '30000/1001',
  ...extra,
})
const audio = { codec_type: 'audio', codec_name: 'aac', channels: 2, sample_rate: '44100' }

describe('parseProbe', () => {
  it('reads duration, container, video and audio', () => {
    const result = parseProbe({
      format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '12.480000' },
      streams: [stream({ bit_rate: '4000000' }), audio],
    })
    expect(result).toEqual({
      durationSec: 12.48,
      formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
      video: { width: 1920, height: 1080, fps: 29.97, codec: 'h264', bitRate: 4_000_000 },
      audio: { codec: 'aac', channels: 2, sampleRate: 44100 },
    })
  })

  it('accepts the JSON text too, and handles missing audio or video', () => {
    const text = JSON.stringify({ format: { format_name: 'wav', duration: '3' }, streams: [audio] })
    expect(parseProbe(text)).toMatchObject({ durationSec: 3, video: null, audio: { channels: 2 } })
    const silent = parseProbe({ format: { format_name: 'mp4', duration: '1' }, streams: [stream({})] })
    expect(silent.audio).toBeNull()
  })

  it('skips cover art and falls back to r_frame_rate, then 25 fps', () => {
    const result = parseProbe({
      format: { format_name: 'mp4', duration: '1' },
      streams: [
        stream({ codec_name: 'mjpeg', width: 600, height: 600, disposition: { attached_pic: 1 } }),
        stream({ avg_frame_rate: '0/0', r_frame_rate: '25/1', width: 1280, height: 720 }),
      ],
    })
    expect(result.video).toMatchObject({ codec: 'h264', width: 1280, height: 720, fps: 25 })
    const noRate = parseProbe({
      format: { format_name: 'mp4' },
      streams: [stream({ avg_frame_rate: '0/0', r_frame_rate: '0/0', duration: '7.5' })],
    })
    expect(noRate.video!.fps).toBe(25)
    expect(noRate.durationSec).toBe(7.5)
  })

  it('applies rotation and non-square pixels to the displayed size', () => {
    const rotated = parseProbe({
      format: { format_name: 'mp4', duration: '1' },
      streams: [stream({ side_data_list: [{ rotation: -90 }] })],
    })
    expect(rotated.video).toMatchObject({ width: 1080, height: 1920 })
    const tagged = parseProbe({
      format: { format_name: 'mp4', duration: '1' },
      streams: [stream({ tags: { rotate: '270' } })],
    })
    expect(tagged.video).toMatchObject({ width: 1080, height: 1920 })
    const anamorphic = parseProbe({
      format: { format_name: 'mpegts', duration: '1' },
      streams: [stream({ width: 720, height: 576, sample_aspect_ratio: '64:45' })],
    })
    expect(anamorphic.video).toMatchObject({ width: 1024, height: 576 })
  })

  it('throws on something that is not a probe', () => {
    expect(() => parseProbe({})).toThrow()
    expect(() => parseProbe(null)).toThrow()
    expect(() => parseProbe('{"streams": []}')).toThrow()
  })

  it('parses rationals', () => {
    expect(parseRational('25/1')).toBe(25)
    expect(parseRational('0/0')).toBeUndefined()
    expect(parseRational('16:9')).toBeCloseTo(16 / 9)
    expect(parseRational(undefined)).toBeUndefined()
  })
})

describe('probe (ffprobe)', { timeout: 30_000 }, () => {
  let dir: string
  beforeAll(async () => {
    dir = await tempDir('probe')
    await makeFixture(path.join(dir, 'a.mp4'), { width: 320, height: 180, durationSec: 2 })
  }, 60_000)
  afterAll(() => fs.rm(dir, { recursive: true, force: true }))

  it('probes a generated file', async () => {
    const result = await probe(path.join(dir, 'a.mp4'))
    expect(result.durationSec).toBeGreaterThan(1.9)
    expect(result.durationSec).toBeLessThan(2.2)
    expect(result.formatName).toContain('mp4')
    expect(result.video).toMatchObject({ width: 320, height: 180, fps: 25, codec: 'h264' })
    expect(result.audio).toMatchObject({ codec: 'aac', channels: 2, sampleRate: 48000 })
  })

  it('rejects a corrupt file and refuses URLs', async () => {
    await fs.writeFile(path.join(dir, 'bad.mp4'), 'not a video at all')
    await expect(probe(path.join(dir, 'bad.mp4'))).rejects.toThrow(/ffprobe failed/)
    await expect(probe('http://127.0.0.1:9/a.mp4')).rejects.toBeInstanceOf(FfmpegInputError)
  })
})
