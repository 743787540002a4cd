import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseMediaPlaylist } from './hls.js'
import { probe } from './probe.js'
import { FfmpegError } from './runner.js'
import { makeFixture, parsePlaylist, tempDir } from './test/helpers.js'
import { measureBandwidth, type RenditionReady, transcodeToHls } from './vod-pipeline.js'

describe('parseMediaPlaylist / measureBandwidth', () => {
  it('reads segments and measures peak and average rates', () => {
    const text = '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.000000,\nseg_00000.ts\n#EXTINF:1.5,\nseg_00001.ts\n'
    expect(parseMediaPlaylist(text)).toEqual([
      { durationSec: 2, uri: 'seg_00000.ts' },
      { durationSec: 1.5, uri: 'seg_00001.ts' },
    ])
    const rates = measureBandwidth([
      { durationSec: 2, bytes: 250_000 },
      { durationSec: 2, bytes: 500_000 },
      { durationSec: 0.04, bytes: 50_000 },
    ])
    expect(rates.peak).toBe(2_000_000)
    expect(rates.average).toBe(Math.round((800_000 * 8) / 4.04))
    expect(measureBandwidth([])).toEqual({ peak: 0, average: 0 })
  })
})

// Real encodes: generous limits for a loaded two-core machine (no timing assertions).
describe('transcodeToHls (pipeline)', { timeout: 120_000 }, () => {
  let dir: string
  let input: string
  beforeAll(async () => {
    dir = await tempDir('vod')
    input = await makeFixture(path.join(dir, 'source.mp4'), { width: 854, height: 480, durationSec: 4 })
  }, 60_000)
  afterAll(() => fs.rm(dir, { recursive: true, force: true }))

  it('encodes an 854x480 source into a 480p + 360p HLS asset with poster, thumbnails and preview', async () => {
    const finalDir = path.join(dir, 'asset')
    const tmpRoot = path.join(dir, 'tmp')
    const ready: RenditionReady[] = []
    const progress: number[] = []
    const stages = new Set<string>()
    const masterAtReady: string[] = []

    const result = await transcodeToHls({
      input,
      finalDir,
      tmpRoot,
      onProgress: (percent, stage) => {
        progress.push(percent)
        stages.add(stage)
      },
      onRenditionReady: async (info) => {
        ready.push(info)
        masterAtReady.push(await fs.readFile(path.join(finalDir, info.master), 'utf8'))
      },
    })

    // Lowest first, each announced once its folder and the master are in place.
    expect(ready).toEqual([
      { name: '360p', ready: ['360p'], master: 'master.m3u8' },
      { name: '480p', ready: ['480p', '360p'], master: 'master.m3u8' },
    ])
    expect(masterAtReady[0]).toContain('360p/index.m3u8')
    expect(masterAtReady[0]).not.toContain('480p/index.m3u8')

    // The master playlist, read by a real HLS parser.
    const master = await parsePlaylist(path.join(finalDir, 'master.m3u8'))
    const variants = master.playlists ?? []
    expect(variants.map((v) => v.uri)).toEqual(['480p/index.m3u8', '360p/index.m3u8'])
    expect(variants.map((v) => v.attributes.RESOLUTION)).toEqual([
      { width: 854, height: 480 },
      { width: 640, height: 360 },
    ])
    for (const v of variants) {
      const bandwidth = Number(v.attributes.BANDWIDTH)
      // m3u8-parser 7 leaves AVERAGE-BANDWIDTH as text.
      const average = Number(v.attributes['AVERAGE-BANDWIDTH'])
      expect(bandwidth).toBeGreaterThan(0)
      expect(average).toBeGreaterThan(0)
      expect(average).toBeLessThanOrEqual(bandwidth)
      expect(v.attributes.CODECS).toBe('avc1.4d401e,mp4a.40.2')
      expect(v.attributes['FRAME-RATE']).toBe(25)
    }

    // Each variant: VOD, 2 s segments adding up to the source's 4 s, H.264 + AAC inside.
    for (const v of variants) {
      const media = await parsePlaylist(path.join(finalDir, v.uri))
      expect(media.playlistType).toBe('VOD')
      expect(media.endList).toBe(true)
      expect(media.segments.length).toBeGreaterThanOrEqual(2)
      for (const s of media.segments) expect(s.duration).toBeLessThanOrEqual(2.1)
      const total = media.segments.reduce((n, s) => n + s.duration, 0)
      expect(total).toBeGreaterThan(3.8)
      expect(total).toBeLessThan(4.2)
      const segment = path.join(finalDir, path.dirname(v.uri), media.segments[0]!.uri)
      const info = await probe(segment)
      expect(info.formatName).toBe('mpegts')
      expect(info.video?.codec).toBe('h264')
      expect(info.video?.width).toBe(v.attributes.RESOLUTION!.width)
      expect(info.audio?.codec).toBe('aac')
    }

    // The extras.
    expect(result).toMatchObject({
      master: 'master.m3u8',
      poster: 'poster.jpg',
      thumbnailsVtt: 'thumbnails/thumbnails.vtt',
      preview: 'preview.mp4',
    })
    expect(result.durationSec).toBeCloseTo(4, 0)
    expect(result.renditions.map((r) => r.name)).toEqual(['480p', '360p'])
    const poster = await probe(path.join(finalDir, result.poster))
    expect(poster.video).toMatchObject({ codec: 'mjpeg', width: 854 })
    const sprite = await probe(path.join(finalDir, 'thumbnails/sprite.jpg'))
    expect(sprite.video).toMatchObject({ codec: 'mjpeg', width: 320, height: 90 })
    const vtt = await fs.readFile(path.join(finalDir, result.thumbnailsVtt), 'utf8')
    expect(vtt.startsWith('WEBVTT')).toBe(true)
    expect(vtt).toContain('00:00:00.000 --> 00:00:02.000\nsprite.jpg#xywh=0,0,160,90')
    expect(vtt).toContain('sprite.jpg#xywh=160,0,160,90')
    const preview = await probe(path.join(finalDir, result.preview))
    expect(preview.video).toMatchObject({ codec: 'h264', width: 480 })
    expect(preview.audio).toBeNull()

    expect(progress.at(-1)).toBe(100)
    for (let i = 1; i < progress.length; i++) expect(progress[i]!).toBeGreaterThanOrEqual(progress[i - 1]!)
    expect([...stages]).toEqual(expect.arrayContaining(['probe', '360p', '480p', 'poster', 'thumbnails', 'done']))

    expect(await fs.readdir(tmpRoot)).toEqual([])
    expect((await fs.readdir(finalDir)).sort()).toEqual(
      ['360p', '480p', 'master.m3u8', 'poster.jpg', 'preview.mp4', 'thumbnails'].sort(),
    )
  })

  it('rejects a corrupt input and leaves nothing behind', async () => {
    const corrupt = path.join(dir, 'corrupt.mp4')
    const original = await fs.readFile(input)
    await fs.writeFile(corrupt, Buffer.concat([Buffer.from('garbage'), original.subarray(0, 4096)]))
    const finalDir = path.join(dir, 'corrupt-asset')
    const tmpRoot = path.join(dir, 'corrupt-tmp')
    await expect(transcodeToHls({ input: corrupt, finalDir, tmpRoot })).rejects.toThrow()
    await expect(fs.readdir(finalDir)).rejects.toMatchObject({ code: 'ENOENT' })
    expect(await fs.readdir(tmpRoot).catch(() => [])).toEqual([])
  })

  it('cancels mid-encode and removes its temp folder', async () => {
    const finalDir = path.join(dir, 'cancel-asset')
    const tmpRoot = path.join(dir, 'cancel-tmp')
    const ac = new AbortController()
    const error = await transcodeToHls({
      input,
      finalDir,
      tmpRoot,
      signal: ac.signal,
      onProgress: (_, stage) => {
        if (stage === '360p') ac.abort()
      },
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FfmpegError)
    expect((error as FfmpegError).reason).toBe('cancelled')
    expect(await fs.readdir(tmpRoot)).toEqual([])
    await expect(fs.readdir(finalDir)).rejects.toMatchObject({ code: 'ENOENT' })
  })
})
