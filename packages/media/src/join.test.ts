import { describe, expect, it } from 'vitest'
import { chaptersMetadataText, concatListText, hlsCopyArgs, joinCopyArgs, joinEncodeArgs } from './args/join.js'
import { checkInputs } from './inputs.js'
import { chapterStarts, planJoin } from './join.js'
import type { ProbeResult } from './probe.js'

const flagValue = (args: readonly string[], flag: string, nth = 0) => {
  const at = args.flatMap((a, i) => (a === flag ? [i] : []))[nth]
  return at === undefined ? undefined : args[at + 1]
}

describe('concatListText', () => {
  it('lists server-made absolute paths inside the work folder, quotes escaped', () => {
    expect(concatListText(['/srv/tmp/w/a.mp4', "/srv/tmp/w/o'b.mp4"], '/srv/tmp/w')).toBe(
      "ffconcat version 1.0\nfile '/srv/tmp/w/a.mp4'\nfile '/srv/tmp/w/o'\\''b.mp4'\n",
    )
  })

  it('refuses relative paths, paths outside the folder, `..` and line breaks', () => {
    expect(() => concatListText([], '/srv/tmp/w')).toThrow(/nothing/)
    expect(() => concatListText(['a.mp4'], '/srv/tmp/w')).toThrow(/absolute/)
    expect(() => concatListText(['/srv/tmp/other/a.mp4'], '/srv/tmp/w')).toThrow(/inside/)
    expect(() => concatListText(['/srv/tmp/w/../x/a.mp4'], '/srv/tmp/w')).toThrow(/absolute/)
    expect(() => concatListText(['/srv/tmp/w/a.mp4\nfile /etc/passwd'], '/srv/tmp/w')).toThrow(/absolute/)
    expect(() => concatListText(['/srv/tmp/wx/a.mp4'], '/srv/tmp/w')).toThrow(/inside/)
  })
})

describe('chaptersMetadataText', () => {
  it('writes the title and one chapter per entry in milliseconds, each ending where the next starts', () => {
    const text = chaptersMetadataText({
      title: 'Highlights: A = B; #1',
      chapters: [
        { title: 'Dunk — 24–21', startSec: 0 },
        { title: 'Block\nline', startSec: 5.5 },
      ],
      durationSec: 12.25,
    })
    expect(text).toBe(
      [
        ';FFMETADATA1',
        'title=Highlights: A \\= B\\; \\#1',
        '',
        '[CHAPTER]',
        'TIMEBASE=1/1000',
        'START=0',
        'END=5500',
        'title=Dunk — 24–21',
        '',
        '[CHAPTER]',
        'TIMEBASE=1/1000',
        'START=5500',
        'END=12250',
        'title=Block line',
        '',
      ].join('\n'),
    )
  })

  it('refuses chapters out of order or past the end', () => {
    const c = (startSec: number) => ({ title: 'x', startSec })
    expect(() => chaptersMetadataText({ chapters: [c(3), c(1)], durationSec: 10 })).toThrow(/chapter 1/)
    expect(() => chaptersMetadataText({ chapters: [c(0), c(10)], durationSec: 10 })).toThrow(/chapter 2/)
    expect(() => chaptersMetadataText({ chapters: [c(-1)], durationSec: 10 })).toThrow(/chapter 1/)
  })
})

describe('joinCopyArgs', () => {
  const args = joinCopyArgs({ list: '/w/l.ffconcat', metadata: '/w/m.txt', output: '/w/out.mp4', hasAudio: true })

  it('reads the list with the pinned concat demuxer, files only, and copies every stream with the chapters', () => {
    expect(args.slice(0, 3)).toEqual(['-hide_banner', '-nostdin', '-y'])
    expect(args.slice(3, 10)).toEqual(['-f', 'concat', '-safe', '0', '-protocol_whitelist', 'file', '-i'])
    expect(flagValue(args, '-i')).toBe('/w/l.ffconcat')
    expect(flagValue(args, '-f', 1)).toBe('ffmetadata')
    expect(flagValue(args, '-i', 1)).toBe('/w/m.txt')
    expect(flagValue(args, '-c')).toBe('copy')
    expect(args).not.toContain('libx264')
    expect(flagValue(args, '-map_metadata')).toBe('1')
    expect(flagValue(args, '-map_chapters')).toBe('1')
    expect(flagValue(args, '-movflags')).toBe('+faststart')
    expect(args.at(-1)).toBe('/w/out.mp4')
    expect(args.filter((a) => a === '-map')).toHaveLength(2)
  })

  it('passes the runner’s checks only when the list is named as the server’s own', () => {
    expect(() => checkInputs(args)).toThrow(/concat/)
    expect(checkInputs(args, { concatLists: ['/w/l.ffconcat'] })).toEqual(['/w/l.ffconcat', '/w/m.txt'])
  })

  it('maps no sound when the clips have none', () => {
    const silent = joinCopyArgs({ list: '/w/l', metadata: '/w/m', output: '/w/o.mp4', hasAudio: false })
    expect(silent).not.toContain('0:a:0')
  })
})

describe('joinEncodeArgs', () => {
  const args = joinEncodeArgs({
    inputs: [
      { file: '/w/a.mp4', hasAudio: true, durationSec: 4 },
      { file: '/w/b.mp4', hasAudio: false, durationSec: 3.5 },
    ],
    metadata: '/w/m.txt',
    output: '/w/out.mp4',
    width: 1280,
    height: 720,
    fps: 30,
  })

  it('scales every clip to one picture, fills a silent clip with silence, joins and encodes once', () => {
    expect(checkInputs(args)).toEqual(['/w/a.mp4', '/w/b.mp4', '/w/m.txt'])
    const graph = flagValue(args, '-filter_complex') as string
    expect(graph).toContain('[0:v:0]scale=1280:720:force_original_aspect_ratio=decrease,pad=1280:720')
    expect(graph).toContain('[0:a:0]aresample=48000')
    expect(graph).toContain('anullsrc=r=48000:cl=stereo,atrim=duration=3.5[a1]')
    expect(graph).toContain('[v0][a0][v1][a1]concat=n=2:v=1:a=1[v][a]')
    expect(flagValue(args, '-c:v')).toBe('libx264')
    expect(flagValue(args, '-c:a')).toBe('aac')
    expect(flagValue(args, '-g')).toBe('60')
    expect(flagValue(args, '-map_metadata')).toBe('2')
    expect(flagValue(args, '-map_chapters')).toBe('2')
  })

  it('joins the video alone when no clip has sound', () => {
    const silent = joinEncodeArgs({
      inputs: [{ file: '/w/a.mp4', hasAudio: false, durationSec: 2 }],
      ...{ metadata: '/w/m', output: '/w/o.mp4', width: 640, height: 360, fps: 25 },
    })
    expect(flagValue(silent, '-filter_complex')).toContain('[v0]concat=n=1:v=1:a=0[v]')
    expect(silent).not.toContain('-c:a')
  })
})

describe('hlsCopyArgs', () => {
  it('packages an MP4 as MPEG-TS HLS by stream copy', () => {
    const args = hlsCopyArgs({ input: '/w/reel.mp4', outDir: '/w/hls/720p', hasAudio: true })
    expect(checkInputs(args)).toEqual(['/w/reel.mp4'])
    expect(flagValue(args, '-f')).toBe('mp4')
    expect(flagValue(args, '-c')).toBe('copy')
    expect(flagValue(args, '-hls_time')).toBe('2')
    expect(flagValue(args, '-hls_playlist_type')).toBe('vod')
    expect(flagValue(args, '-hls_segment_filename')).toBe('/w/hls/720p/seg_%05d.ts')
    expect(args.at(-1)).toBe('/w/hls/720p/index.m3u8')
  })
})

const clip = (
  over: Partial<{ w: number; h: number; codec: string; rate: number; audio: boolean }> = {},
): ProbeResult => ({
  durationSec: 5,
  formatName: 'mov,mp4',
  video: { width: over.w ?? 1280, height: over.h ?? 720, fps: 30, codec: over.codec ?? 'h264' },
  audio: over.audio === false ? null : { codec: 'aac', channels: 2, sampleRate: over.rate ?? 48000 },
})

describe('planJoin', () => {
  it('copies clips whose streams match', () => {
    expect(planJoin([clip(), clip(), clip()])).toEqual({ mode: 'copy', hasAudio: true })
    expect(planJoin([clip({ audio: false }), clip({ audio: false })])).toEqual({ mode: 'copy', hasAudio: false })
  })

  it('encodes, to the first clip’s picture, when a size, codec, sample rate or sound differs', () => {
    expect(planJoin([clip(), clip({ w: 640, h: 360 })])).toMatchObject({
      mode: 'encode',
      reason: 'clip 2 is 640×360, not 1280×720',
      width: 1280,
      height: 720,
      fps: 30,
    })
    expect(planJoin([clip(), clip({ codec: 'hevc' })])).toMatchObject({ mode: 'encode', reason: /hevc/ })
    expect(planJoin([clip(), clip(), clip({ rate: 44100 })])).toMatchObject({ reason: /clip 3 sound is 44100/ })
    expect(planJoin([clip(), clip({ audio: false })])).toMatchObject({ reason: 'clip 2 has no sound' })
  })
})

describe('chapterStarts', () => {
  it('starts each chapter where its clip starts, unless it names its own start', () => {
    expect(chapterStarts([{ title: 'a' }, { title: 'b' }, { title: 'c', startSec: 9 }], [4.04, 3.0005, 2])).toEqual([
      { title: 'a', startSec: 0 },
      { title: 'b', startSec: 4.04 },
      { title: 'c', startSec: 9 },
    ])
    expect(() => chapterStarts([{ title: 'a' }, { title: 'b' }], [4])).toThrow(/chapter 2/)
  })
})
