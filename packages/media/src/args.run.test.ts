/**
 * The argument builders run through real ffmpeg (the static 4.1 build by default): escaping survives
 * ffmpeg's parsers, live HLS writes EVENT playlists with program-date-time, remux makes a playable MP4.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { escapeFilterValue, liveHlsArgs, liveHlsDirs, remuxMp4Args, testFeedArgs } from './args.js'
import { findFont } from './fonts.js'
import { planLadder } from './ladder.js'
import { probe } from './probe.js'
import { runFfmpeg } from './runner.js'
import { makeFixture, parsePlaylist, tempDir } from './test/helpers.js'

const hostile = [
  'O\'Brien\'s "Hawks"',
  'Team: A; B, C [1]',
  '100% \\ back\\slash %{localtime}',
  "'; rm -rf / # $(id) `id`",
]

let dir: string
let fixture: string
beforeAll(async () => {
  dir = await tempDir('args')
  fixture = await makeFixture(path.join(dir, 'in.mp4'), { width: 320, height: 180, durationSec: 4 })
}, 60_000)
afterAll(() => fs.rm(dir, { recursive: true, force: true }))

describe('escaping, through ffmpeg', { timeout: 60_000 }, () => {
  it('gives a filter option exactly the text we escaped', async () => {
    // The metadata filter stores an option value verbatim and prints it: the same two parsers drawtext's
    // text goes through (graph, then option).
    const adds = hostile.map((v, i) => `metadata=mode=add:key=k${i}:value=${escapeFilterValue(v)}`)
    // (ffmpeg 4.1's metadata filter adds nothing to a frame that has no metadata yet: signalstats gives it some.)
    const graph = ['signalstats', ...adds, 'metadata=mode=print:file=meta.txt'].join(',')
    const args = ['-hide_banner', '-nostdin', '-y', '-f', 'lavfi', '-i', 'color=size=16x16:duration=0.04']
    await runFfmpeg([...args, '-vf', graph, '-frames:v', '1', '-f', 'null', '-'], { cwd: dir })
    const printed = await fs.readFile(path.join(dir, 'meta.txt'), 'utf8')
    for (const [i, v] of hostile.entries()) expect(printed).toContain(`k${i}=${v}\n`)
  })

  it('renders hostile team names and title with drawtext', async () => {
    const output = path.join(dir, 'hostile.mp4')
    await runFfmpeg(
      testFeedArgs({
        output,
        durationSec: 0.5,
        width: 160,
        height: 90,
        fps: 10,
        realtime: false,
        title: hostile[2],
        home: hostile[0],
        away: hostile[1],
        scoreTimeline: [{ atSec: 0.2, home: 1, away: 0 }],
        fontFile: findFont(),
        format: 'mp4',
      }),
    )
    expect((await probe(output)).video).toMatchObject({ width: 160, height: 90 })
  })

  it('writes an FLV feed (what RTMP publishing sends)', async () => {
    const output = path.join(dir, 'feed.flv')
    await runFfmpeg(
      testFeedArgs({ output, durationSec: 1, width: 160, height: 90, fps: 25, realtime: false, format: 'flv' }),
    )
    const info = await probe(output)
    expect(info.formatName).toBe('flv')
    expect(info.video?.codec).toBe('h264')
    expect(info.audio?.codec).toBe('aac')
  })
})

describe('liveHlsArgs, fed from a file', { timeout: 60_000 }, () => {
  it('writes EVENT playlists with program-date-time, source and lower rendition, and appends on restart', async () => {
    const outDir = path.join(dir, 'live')
    const lower = planLadder(await probe(fixture))[0]!
    const lowerRendition = { ...lower, name: '144p', width: 256, height: 144 }
    for (const d of liveHlsDirs(lowerRendition)) await fs.mkdir(path.join(outDir, d), { recursive: true })

    await runFfmpeg(liveHlsArgs({ input: fixture, outDir, lowerRendition }), { useSlot: false })
    for (const name of ['source', '144p']) {
      const playlist = await parsePlaylist(path.join(outDir, name, 'index.m3u8'))
      expect(playlist.playlistType).toBe('EVENT')
      expect(playlist.segments.length).toBeGreaterThanOrEqual(2)
      for (const s of playlist.segments) {
        expect(s.dateTimeString).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/)
        expect(s.duration).toBeLessThanOrEqual(2.1)
      }
    }
    const lowInfo = await probe(path.join(outDir, '144p', 'seg_00000.ts'))
    expect(lowInfo.video).toMatchObject({ width: 256, height: 144, codec: 'h264' })
    expect(lowInfo.audio?.codec).toBe('aac')

    // A restart continues the same playlist: numbering goes on after a discontinuity.
    const before = (await parsePlaylist(path.join(outDir, 'source', 'index.m3u8'))).segments.length
    await runFfmpeg(liveHlsArgs({ input: fixture, outDir, append: true }), { useSlot: false })
    const after = await parsePlaylist(path.join(outDir, 'source', 'index.m3u8'))
    expect(after.segments.length).toBe(before * 2)
    expect(after.segments[before]!.discontinuity).toBe(true)
    expect(after.segments.map((s) => s.uri)).toEqual(
      after.segments.map((_, i) => `seg_${String(i).padStart(5, '0')}.ts`),
    )

    // And a recording of it is a stream copy into MP4.
    const mp4 = path.join(dir, 'remux.mp4')
    await runFfmpeg(remuxMp4Args({ inputPlaylist: path.join(outDir, '144p', 'index.m3u8'), output: mp4 }))
    const remuxed = await probe(mp4)
    expect(remuxed.formatName).toContain('mp4')
    expect(remuxed.video).toMatchObject({ codec: 'h264', width: 256, height: 144 })
    expect(remuxed.audio?.codec).toBe('aac')
    expect(remuxed.durationSec).toBeGreaterThan(3.5)
  })
})
