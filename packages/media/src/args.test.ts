import { describe, expect, it } from 'vitest'
import {
  escapeDrawtext,
  escapeFilterValue,
  hlsRenditionArgs,
  LIVE_SEGMENT_SECONDS,
  liveHlsArgs,
  liveHlsDirs,
  planSprite,
  posterArgs,
  previewArgs,
  remuxMp4Args,
  spriteArgs,
  testFeedArgs,
  thumbnailsVtt,
} from './args.js'
import { checkInputs } from './inputs.js'
import { planLadder, type Rendition } from './ladder.js'

const ladder = planLadder({
  durationSec: 10,
  formatName: 'mp4',
  video: { width: 1280, height: 720, fps: 25, codec: 'h264' },
  audio: { codec: 'aac', channels: 2, sampleRate: 48000 },
})
const r720 = ladder[0]!
const r360 = ladder.find((r) => r.name === '360p') as Rendition

/** The value following `flag` (the last occurrence). */
function flagValue(args: readonly string[], flag: string): string | undefined {
  const i = args.lastIndexOf(flag)
  return i >= 0 ? args[i + 1] : undefined
}

function expectCommon(args: readonly string[]) {
  expect(args.slice(0, 3)).toEqual(['-hide_banner', '-nostdin', '-y'])
  expect(flagValue(args, '-progress')).toBe('pipe:1')
  expect(args).toContain('-nostats')
  for (const a of args) expect(typeof a).toBe('string')
  // Every input passes the runner's checks.
  expect(() => checkInputs(args)).not.toThrow()
}

describe('hlsRenditionArgs', () => {
  const args = hlsRenditionArgs({
    input: '/srv/in put.mp4',
    outDir: '/srv/tmp/720p',
    rendition: r720,
    fps: 25,
    hasAudio: true,
  })

  it('encodes one rendition into 2 s MPEG-TS HLS', () => {
    expectCommon(args)
    expect(flagValue(args, '-protocol_whitelist')).toBe('file')
    expect(flagValue(args, '-i')).toBe('/srv/in put.mp4')
    expect(flagValue(args, '-c:v')).toBe('libx264')
    expect(flagValue(args, '-preset')).toBe('veryfast')
    expect(flagValue(args, '-profile:v')).toBe('main')
    expect(flagValue(args, '-level:v')).toBe('3.1')
    expect(flagValue(args, '-b:v')).toBe('2800k')
    expect(flagValue(args, '-maxrate')).toBe('2996k')
    expect(flagValue(args, '-bufsize')).toBe('4200k')
    expect(flagValue(args, '-vf')).toBe('scale=1280:720:flags=bicubic,setsar=1,fps=25')
    expect(flagValue(args, '-c:a')).toBe('aac')
    expect(flagValue(args, '-b:a')).toBe('128k')
    expect(flagValue(args, '-f')).toBe('hls')
    expect(flagValue(args, '-hls_time')).toBe('2')
    expect(flagValue(args, '-hls_playlist_type')).toBe('vod')
    expect(flagValue(args, '-hls_flags')).toBe('independent_segments')
    expect(flagValue(args, '-hls_segment_filename')).toBe('/srv/tmp/720p/seg_%05d.ts')
    expect(args.at(-1)).toBe('/srv/tmp/720p/index.m3u8')
  })

  it('puts a keyframe at every segment boundary', () => {
    expect(flagValue(args, '-g')).toBe('50')
    expect(flagValue(args, '-keyint_min')).toBe('50')
    expect(flagValue(args, '-sc_threshold')).toBe('0')
    expect(flagValue(args, '-force_key_frames')).toBe('expr:gte(t,n_forced*2)')
    const four = hlsRenditionArgs({
      input: 'a.mp4',
      outDir: 'o',
      rendition: r360,
      segmentSeconds: 4,
      fps: 29.97,
      hasAudio: true,
      preset: 'medium',
    })
    expect(flagValue(four, '-g')).toBe('120')
    expect(flagValue(four, '-hls_time')).toBe('4')
    expect(flagValue(four, '-preset')).toBe('medium')
    expect(flagValue(four, '-force_key_frames')).toBe('expr:gte(t,n_forced*4)')
  })

  it('drops audio for a silent source', () => {
    const silent = hlsRenditionArgs({ input: 'a.mp4', outDir: 'o', rendition: r360, hasAudio: false })
    expect(silent).toContain('-an')
    expect(silent).not.toContain('0:a:0')
    expect(silent).not.toContain('aac')
  })

  it('refuses nonsense numbers', () => {
    expect(() => hlsRenditionArgs({ input: 'a', outDir: 'o', rendition: r360, hasAudio: true, fps: 0 })).toThrow()
    expect(() =>
      hlsRenditionArgs({ input: 'a', outDir: 'o', rendition: r360, hasAudio: true, segmentSeconds: -1 }),
    ).toThrow()
  })
})

describe('poster, sprite and preview', () => {
  it('poster: one JPEG frame at a time, scaled', () => {
    const args = posterArgs({ input: '/in.mp4', output: '/out/poster.jpg', atSec: 1.23456, width: 641 })
    expectCommon(args)
    expect(flagValue(args, '-ss')).toBe('1.235')
    expect(args.indexOf('-ss')).toBeLessThan(args.indexOf('-i'))
    expect(flagValue(args, '-frames:v')).toBe('1')
    expect(flagValue(args, '-vf')).toBe('scale=642:-2,setsar=1')
    expect(flagValue(args, '-f')).toBe('image2')
    expect(args.at(-1)).toBe('/out/poster.jpg')
  })

  it('sprite: fps, scale and tile', () => {
    const args = spriteArgs({
      input: '/in.mp4',
      output: '/out/sprite.jpg',
      intervalSec: 2,
      columns: 5,
      rows: 4,
      tileWidth: 160,
      tileHeight: 90,
    })
    expectCommon(args)
    expect(flagValue(args, '-vf')).toBe('fps=1/2,scale=160:90,setsar=1,tile=5x4')
    expect(flagValue(args, '-frames:v')).toBe('1')
    expect(args).toContain('-an')
  })

  it('preview: short silent faststart MP4', () => {
    const args = previewArgs({ input: '/in.mp4', output: '/out/p.mp4', startSec: 3, durationSec: 6, width: 480 })
    expectCommon(args)
    expect(flagValue(args, '-ss')).toBe('3')
    expect(flagValue(args, '-t')).toBe('6')
    expect(args).toContain('-an')
    expect(flagValue(args, '-movflags')).toBe('+faststart')
    expect(flagValue(args, '-c:v')).toBe('libx264')
    expect(flagValue(args, '-f')).toBe('mp4')
  })
})

describe('planSprite / thumbnailsVtt', () => {
  it('keeps the preferred interval while everything fits', () => {
    expect(planSprite(4)).toEqual({ intervalSec: 2, count: 2, columns: 2, rows: 1 })
    expect(planSprite(25)).toEqual({ intervalSec: 2, count: 13, columns: 10, rows: 2 })
  })

  it('widens the interval so a long video fits one sprite', () => {
    const plan = planSprite(2 * 3600)
    expect(plan.intervalSec).toBe(36)
    expect(plan.count).toBe(200)
    expect(plan.columns * plan.rows).toBeGreaterThanOrEqual(plan.count)
  })

  it('writes one cue per tile with xywh fragments', () => {
    const vtt = thumbnailsVtt({
      durationSec: 25,
      intervalSec: 2,
      columns: 10,
      rows: 2,
      tileWidth: 160,
      tileHeight: 90,
      spriteUri: 'sprite.jpg',
    })
    const lines = vtt.split('\n')
    expect(lines[0]).toBe('WEBVTT')
    const cues = vtt.match(/-->/g) ?? []
    expect(cues).toHaveLength(13)
    expect(vtt).toContain('00:00:00.000 --> 00:00:02.000\nsprite.jpg#xywh=0,0,160,90\n')
    expect(vtt).toContain('00:00:18.000 --> 00:00:20.000\nsprite.jpg#xywh=1440,0,160,90\n')
    expect(vtt).toContain('00:00:20.000 --> 00:00:22.000\nsprite.jpg#xywh=0,90,160,90\n')
    expect(vtt).toContain('00:00:24.000 --> 00:00:25.000\nsprite.jpg#xywh=320,90,160,90\n')
  })

  it('caps the interval when the sprite is too small, and formats hours', () => {
    const vtt = thumbnailsVtt({
      durationSec: 7200,
      intervalSec: 2,
      columns: 10,
      rows: 10,
      tileWidth: 100,
      tileHeight: 56,
      spriteUri: 's.jpg',
    })
    expect(vtt.match(/-->/g)).toHaveLength(100)
    expect(vtt).toContain('01:58:48.000 --> 02:00:00.000\ns.jpg#xywh=900,504,100,56')
  })
})

describe('liveHlsArgs', () => {
  it('passes the source through into an EVENT playlist with program-date-time', () => {
    const args = liveHlsArgs({ input: 'rtmp://127.0.0.1:1935/live/abc', outDir: '/live/ev1' })
    expectCommon(args)
    expect(flagValue(args, '-protocol_whitelist')).toBe('rtmp,tcp,file')
    expect(flagValue(args, '-c')).toBe('copy')
    expect(flagValue(args, '-hls_playlist_type')).toBe('event')
    expect(flagValue(args, '-hls_flags')).toBe('program_date_time+independent_segments')
    // 1-s segments wherever the source has a keyframe each second: players sit about 2 s behind.
    expect(flagValue(args, '-hls_time')).toBe(String(LIVE_SEGMENT_SECONDS))
    expect(flagValue(args, '-hls_segment_filename')).toBe('/live/ev1/source/seg_%05d.ts')
    expect(args.at(-1)).toBe('/live/ev1/source/index.m3u8')
    expect(args).toContain('0:a:0?')
    expect(args).not.toContain('libx264')
    expect(liveHlsDirs()).toEqual(['source'])
  })

  it('adds a lower rendition as a second output, and append_list on restart', () => {
    const args = liveHlsArgs({ input: '/srv/replay.mp4', outDir: '/live/ev1', lowerRendition: r360, append: true })
    expect(() => checkInputs(args)).not.toThrow()
    expect(flagValue(args, '-protocol_whitelist')).toBe('file')
    expect(args.filter((a) => a === '-f')).toHaveLength(2)
    expect(flagValue(args, '-hls_flags')).toBe('program_date_time+independent_segments+append_list')
    expect(args.at(-1)).toBe('/live/ev1/360p/index.m3u8')
    expect(args).toContain('/live/ev1/source/index.m3u8')
    expect(flagValue(args, '-preset')).toBe('ultrafast')
    expect(flagValue(args, '-vf')).toBe('scale=640:360,setsar=1')
    // The rendition encoded here gets a keyframe at every segment boundary.
    expect(flagValue(args, '-force_key_frames')).toBe('expr:gte(t,n_forced*1)')
    expect(
      flagValue(liveHlsArgs({ input: 'in.flv', outDir: '/o', segmentSeconds: 2, lowerRendition: r360 }), '-hls_time'),
    ).toBe('2')
    // The scale applies to the second output only: it comes after the first output's file name.
    expect(args.indexOf('-vf')).toBeGreaterThan(args.indexOf('/live/ev1/source/index.m3u8'))
    expect(liveHlsDirs(r360)).toEqual(['source', '360p'])
  })
})

describe('remuxMp4Args', () => {
  it('stream-copies an HLS playlist into a faststart MP4', () => {
    const args = remuxMp4Args({ inputPlaylist: '/media/a/720p/index.m3u8', output: '/dl/a.mp4' })
    expectCommon(args)
    expect(flagValue(args, '-protocol_whitelist')).toBe('file')
    expect(flagValue(args, '-c')).toBe('copy')
    expect(flagValue(args, '-bsf:a')).toBe('aac_adtstoasc')
    expect(flagValue(args, '-movflags')).toBe('+faststart')
    expect(args).not.toContain('-ss')
    const cut = remuxMp4Args({ inputPlaylist: 'p.m3u8', output: 'o.mp4', startSec: 10, durationSec: 5.5 })
    expect(flagValue(cut, '-ss')).toBe('10')
    expect(flagValue(cut, '-t')).toBe('5.5')
  })
})

describe('escapeFilterValue / escapeDrawtext', () => {
  it('escapes for the option parser, then for the graph parser', () => {
    expect(escapeFilterValue('plain text')).toBe('plain text')
    expect(escapeFilterValue('a:b')).toBe('a\\\\:b')
    expect(escapeFilterValue("it's")).toBe("it\\\\\\'s")
    expect(escapeFilterValue('a,b;c[d]')).toBe('a\\,b\\;c\\[d\\]')
    expect(escapeFilterValue('back\\slash')).toBe('back\\\\\\\\slash')
    expect(escapeFilterValue('  padded  ')).toBe('padded')
  })

  it('escapes drawtext expansion, and removes control characters', () => {
    expect(escapeDrawtext('100%')).toBe('100\\\\\\\\%')
    expect(escapeDrawtext('%{pts}')).toBe('\\\\\\\\%{pts}')
    expect(escapeDrawtext('a\nb\tc')).toBe('a b c')
  })

  it.each([
    'O\'Brien\'s "Hawks"',
    'Team: A; B, C [1]',
    '100% \\ back\\slash %{localtime}',
    "'; rm -rf / #",
    '$(touch /tmp/x) `id`',
    'Ünïcödé ⚽ 東京',
  ])('leaves nothing unescaped in %j', (name) => {
    const escaped = escapeDrawtext(name)
    // Undo the graph level, then the option level, then drawtext's: we must get the text back.
    const unescapeOnce = (s: string) => s.replace(/\\(.)/g, '$1')
    expect(unescapeOnce(unescapeOnce(unescapeOnce(escaped)))).toBe(name.trim())
    // No graph-level, option-level or drawtext special character stands unescaped at its level.
    expect(escaped.replace(/\\./g, '')).not.toMatch(/[\\'[\],;]/)
    expect(unescapeOnce(escaped).replace(/\\./g, '')).not.toMatch(/[\\':]/)
    expect(unescapeOnce(unescapeOnce(escaped)).replace(/\\./g, '')).not.toMatch(/[\\%]/)
  })
})

describe('testFeedArgs', () => {
  const font = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'

  it('generates a file feed with clock, title and a changing score bug', () => {
    const args = testFeedArgs({
      output: '/tmp/feed.mp4',
      durationSec: 4,
      width: 640,
      height: 360,
      fps: 25,
      realtime: false,
      title: 'Final: North v South',
      home: 'North',
      away: 'South',
      scoreTimeline: [
        { atSec: 3, home: 1, away: 1 },
        { atSec: 1.5, home: 1, away: 0 },
      ],
      fontFile: font,
      format: 'mp4',
    })
    expectCommon(args)
    expect(args).not.toContain('-re')
    expect(args.filter((a) => a === 'lavfi')).toHaveLength(2)
    expect(args).toContain('testsrc2=size=640x360:rate=25:duration=4')
    expect(args).toContain('sine=frequency=440:beep_factor=4:sample_rate=48000:duration=4')
    const vf = flagValue(args, '-vf')!
    expect(vf).toContain('text=%{pts\\\\:hms}')
    expect(vf).toContain('text=Final\\\\: North v South')
    expect(vf).toContain('text=North 0 - 0 South:')
    expect(vf).toContain('enable=gte(t\\,0)*lt(t\\,1.5)')
    expect(vf).toContain('text=North 1 - 0 South:')
    expect(vf).toContain('enable=gte(t\\,1.5)*lt(t\\,3)')
    expect(vf).toContain('enable=gte(t\\,3)')
    expect(vf.match(/drawtext=/g)).toHaveLength(5)
    expect(flagValue(args, '-g')).toBe('50')
    expect(flagValue(args, '-preset')).toBe('ultrafast')
    expect(flagValue(args, '-pix_fmt')).toBe('yuv420p')
    expect(flagValue(args, '-c:a')).toBe('aac')
    expect(flagValue(args, '-t')).toBe('4')
    expect(flagValue(args, '-movflags')).toBe('+faststart')
    expect(flagValue(args, '-f')).toBe('mp4')
  })

  it('publishes an endless realtime FLV to RTMP', () => {
    const args = testFeedArgs({
      output: 'rtmp://127.0.0.1:1935/live/key',
      durationSec: null,
      width: 854,
      height: 480,
      fps: 30,
      realtime: true,
      fontFile: null,
      format: 'flv',
    })
    expect(args.filter((a) => a === '-re')).toHaveLength(2)
    expect(args.indexOf('-re')).toBeLessThan(args.indexOf('-i'))
    expect(args).toContain('testsrc2=size=854x480:rate=30')
    expect(args).not.toContain('-t')
    expect(args).not.toContain('-vf')
    expect(flagValue(args, '-g')).toBe('60')
    expect(flagValue(args, '-f')).toBe('flv')
    expect(args.at(-1)).toBe('rtmp://127.0.0.1:1935/live/key')
  })

  it('sends a keyframe as often as asked, as a live encoder set for 1-s segments does', () => {
    const feed = (keyframeSeconds?: number) =>
      testFeedArgs({
        output: 'rtmp://127.0.0.1:1935/live/key',
        width: 640,
        height: 360,
        fps: 25,
        realtime: true,
        format: 'flv',
        ...(keyframeSeconds === undefined ? {} : { keyframeSeconds }),
      })
    expect(flagValue(feed(LIVE_SEGMENT_SECONDS), '-g')).toBe('25')
    expect(flagValue(feed(LIVE_SEGMENT_SECONDS), '-keyint_min')).toBe('25')
    expect(flagValue(feed(LIVE_SEGMENT_SECONDS), '-sc_threshold')).toBe('0')
    expect(flagValue(feed(), '-g')).toBe('50')
    expect(() => feed(0)).toThrow(RangeError)
  })

  it('escapes hostile team names', () => {
    const args = testFeedArgs({
      output: 'o.mp4',
      durationSec: 1,
      width: 320,
      height: 180,
      fps: 25,
      realtime: false,
      home: "L'Équipe: 100%",
      away: 'A,B;[C]\\D',
      fontFile: font,
      format: 'mp4',
    })
    const vf = flagValue(args, '-vf')!
    expect(vf).toContain("text=L\\\\\\'Équipe\\\\: 100\\\\\\\\% 0 - 0 A\\,B\\;\\[C\\]\\\\\\\\\\\\\\\\D:")
  })
})
