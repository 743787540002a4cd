/**
 * The highlight reel's join through real ffmpeg (decision 0058): three generated clips (`testFeedArgs`)
 * joined by stream copy into one MP4 with a chapter per clip, then packaged as HLS by stream copy; a clip
 * of another size makes the join encode once instead.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { binaryEnv, resolveFfprobe } from './binaries.js'
import { parseMediaPlaylist } from './hls.js'
import { joinClips, packageHls } from './join.js'
import { probe } from './probe.js'
import { makeFixture, tempDir } from './test/helpers.js'

const run = promisify(execFile)

async function ffprobeJson(file: string, args: string[]) {
  const binary = resolveFfprobe()
  const { stdout } = await run(binary, ['-v', 'error', '-of', 'json', ...args, file], {
    env: binaryEnv(binary),
    maxBuffer: 64 * 1024 * 1024,
  })
  return JSON.parse(stdout)
}

/** The video stream's packets: how many, each one's size, and which are keyframes. */
async function videoPackets(file: string) {
  const json = await ffprobeJson(file, ['-select_streams', 'v:0', '-show_entries', 'packet=size,flags'])
  const packets = json.packets as { size: string; flags: string }[]
  return {
    count: packets.length,
    sizes: packets.map((p) => Number(p.size)),
    keys: packets.map((p) => p.flags[0] === 'K'),
  }
}

let dir: string
let clips: string[]
const lengths = [3, 2, 4]
beforeAll(async () => {
  dir = await tempDir('join')
  clips = await Promise.all(
    lengths.map((durationSec, i) =>
      makeFixture(path.join(dir, `clip-${i}.mp4`), { width: 320, height: 180, durationSec, fps: 25 }),
    ),
  )
}, 120_000)
afterAll(() => fs.rm(dir, { recursive: true, force: true }))

describe('joinClips and packageHls, through ffmpeg', { timeout: 120_000 }, () => {
  it('joins matching clips by stream copy into one MP4 with a chapter per clip, and packages it as HLS by copy', async () => {
    const output = path.join(dir, 'reel.mp4')
    const titles = ['Dunk — 24–21', 'Block; = #2', 'Three — 27–21']
    const result = await joinClips({
      inputs: clips,
      chapters: titles.map((title) => ({ title })),
      output,
      title: 'Highlights: Hawks vs Owls',
    })
    expect(result.copied).toBe(true)
    const sum = (await Promise.all(clips.map((c) => probe(c)))).reduce((n, p) => n + p.durationSec, 0)
    expect(Math.abs(result.durationSec - sum)).toBeLessThan(0.25)

    const { chapters, format } = await ffprobeJson(output, ['-show_chapters', '-show_format'])
    expect(chapters.map((c: { tags: { title: string } }) => c.tags.title)).toEqual(titles)
    expect(Number(chapters[1].start_time)).toBeCloseTo(result.chapters[1]!.startSec, 2)
    expect(result.chapters[1]!.startSec).toBeGreaterThan(2.9)
    expect(format.tags.title).toBe('Highlights: Hawks vs Owls')

    // Nothing re-encoded: the joined video is the clips' packets, each of the same size, and keyframes where
    // the clips have them; a keyframe only gains its clip's parameter sets in band (the concat demuxer's
    // conversion, which lets clips with different headers follow one another), a few dozen bytes.
    const clipPackets = await Promise.all(clips.map(videoPackets))
    const inputs = clipPackets.flatMap((p) => p.sizes)
    const joined = await videoPackets(output)
    expect(joined.sizes).toHaveLength(inputs.length)
    expect(joined.keys).toEqual(clipPackets.flatMap((p) => p.keys))
    joined.sizes.forEach((size, i) => {
      const grew = size - (inputs[i] as number)
      if (joined.keys[i]) expect(grew).toBeLessThan(200)
      else expect(grew).toBe(0)
    })

    const hls = path.join(dir, 'hls')
    const packaged = await packageHls({ input: output, outDir: hls })
    expect(packaged.rendition).toBe('180p')
    const master = await fs.readFile(path.join(hls, packaged.master), 'utf8')
    expect(master).toContain('RESOLUTION=320x180')
    expect(master).toMatch(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/)
    expect(master).toContain('180p/index.m3u8')
    const playlist = await fs.readFile(path.join(hls, '180p', 'index.m3u8'), 'utf8')
    expect(playlist).toContain('#EXT-X-ENDLIST')
    const segments = parseMediaPlaylist(playlist)
    expect(segments.length).toBeGreaterThanOrEqual(4)
    expect(Math.max(...segments.map((s) => s.durationSec))).toBeLessThan(3.5)
    expect(Math.abs(packaged.durationSec - result.durationSec)).toBeLessThan(0.25)
    const firstSegment = await videoPackets(path.join(hls, '180p', segments[0]!.uri))
    expect(firstSegment.count).toBeGreaterThan(0)
  })

  it('encodes once, to the first clip’s picture, when a clip differs in size', async () => {
    const other = await makeFixture(path.join(dir, 'other.mp4'), { width: 256, height: 144, durationSec: 2 })
    const output = path.join(dir, 'mixed.mp4')
    const result = await joinClips({
      inputs: [clips[0]!, other],
      chapters: [{ title: 'One' }, { title: 'Two' }],
      output,
    })
    expect(result.copied).toBe(false)
    expect(result.reason).toBe('clip 2 is 256×144, not 320×180')
    expect({ width: result.width, height: result.height, hasAudio: result.hasAudio }).toEqual({
      width: 320,
      height: 180,
      hasAudio: true,
    })
    expect(Math.abs(result.durationSec - 5)).toBeLessThan(0.3)
    const { chapters } = await ffprobeJson(output, ['-show_chapters'])
    expect(chapters).toHaveLength(2)
  })
})
