import { describe, expect, it } from 'vitest'
import {
  clipAudioArgs,
  clipEdgeArgs,
  clipMuxArgs,
  clipPosterArgs,
  edgeX264Params,
  levelText,
  x264Profile,
} from './args/edit.js'
import {
  ClipRangeError,
  checkClipRange,
  clipAudioStart,
  clipEndSegment,
  clipPosterFrame,
  planClip,
  ptsTimeline,
  type SegmentFrames,
  segmentAt,
  segmentStarts,
} from './clip.js'
import { vodMediaPlaylist } from './hls.js'
import { checkInputs } from './inputs.js'
import { parseSegmentProbe } from './probe.js'

const FPS = 25
/** `count` segments of `seconds` each (the VOD ladder's 2 s by default). */
const segs = (count: number, seconds = 2) => Array.from({ length: count }, () => ({ durationSec: seconds }))
/** A segment's frames at 25 fps with a keyframe at its start (and at `extraKeys`). */
const frames = (seconds = 2, extraKeys: number[] = []): SegmentFrames => ({
  frames: Array.from({ length: Math.round(seconds * FPS) }, (_, i) => i / FPS),
  keyframes: [0, ...extraKeys],
})
/** Every segment probed (the planner only reads the edges). */
const all = (count: number, seconds = 2) => new Map(Array.from({ length: count }, (_, i) => [i, frames(seconds)]))

describe('segment timeline', () => {
  it('starts each segment at the sum of the durations before it, and finds the segment of a time', () => {
    const list = [{ durationSec: 2 }, { durationSec: 1.5 }, { durationSec: 2 }]
    expect(segmentStarts(list)).toEqual([0, 2, 3.5])
    expect(segmentAt(list, 0)).toBe(0)
    expect(segmentAt(list, 1.99)).toBe(0)
    expect(segmentAt(list, 2)).toBe(1)
    expect(segmentAt(list, 3.6)).toBe(2)
    expect(segmentAt(list, 5.5)).toBe(2)
    expect(clipEndSegment(list, 1, 25, FPS)).toBe(0) // last frame at 1.96 s
    expect(clipEndSegment(list, 1, 26, FPS)).toBe(1) // last frame at 2.00 s
  })
})

describe('ptsTimeline', () => {
  // Two hours of 1-s segments at 30 fps whose EXTINF values say 0.99 (ffmpeg 4.1), timestamps from 7200 s.
  const count = 7200
  const listed = Array.from({ length: count }, () => ({ durationSec: 0.99 }))
  const anchor = (i: number) => [i, { first: 7200 + i, last: 7200 + i + 29 / 30 }] as const

  it('places each probed segment where its timestamps put it, and scales the EXTINF values between', () => {
    const timeline = ptsTimeline(listed, new Map([anchor(0), anchor(3600), anchor(count - 1)]), 30)
    const starts = segmentStarts(timeline)
    expect(starts[3600]).toBeCloseTo(3600, 9)
    expect(starts[1800]).toBeCloseTo(1800, 9)
    expect(starts[count - 1]).toBeCloseTo(count - 1, 9)
    // The last segment lasts to its last frame's end: the recording's whole length.
    expect(starts[count - 1]! + timeline[count - 1]!.durationSec).toBeCloseTo(count, 9)
    expect(segmentAt(timeline, 5400.5)).toBe(5400)
    // The EXTINF sum alone is 72 s short and 73 segments off.
    expect(segmentAt(listed, 5400.5)).toBe(5455)
  })

  it('goes on at the last anchor’s scale, and leaves EXTINF values alone without anchors or across a jump', () => {
    const after = segmentStarts(ptsTimeline(listed, new Map([anchor(0), anchor(100)]), 30))
    expect(after[1000]).toBeCloseTo(1000, 6)
    expect(ptsTimeline(listed, new Map(), 30)).toEqual(listed)
    expect(ptsTimeline(listed, new Map([anchor(100)]), 30)).toEqual(listed)
    // A restarted encoder: timestamps from 0 again at segment 100.
    const jumped = ptsTimeline(listed, new Map([anchor(0), [100, { first: 0, last: 29 / 30 }]]), 30)
    expect(segmentStarts(jumped)[100]).toBeCloseTo(99, 6)
  })

  it('reads timestamps across the MPEG-TS wrap', () => {
    const wrap = 2 ** 33 / 90_000
    const timeline = ptsTimeline(
      [{ durationSec: 1 }, { durationSec: 1 }, { durationSec: 1 }],
      new Map([
        [0, { first: wrap - 1, last: wrap - 1 + 24 / 25 }],
        [2, { first: 1, last: 1 + 24 / 25 }],
      ]),
      25,
    )
    expect(segmentStarts(timeline)).toEqual([0, 1, 2].map((n) => expect.closeTo(n, 6)))
  })
})

describe('checkClipRange', () => {
  it('accepts a range inside the listed segments, up to their very end', () => {
    expect(checkClipRange(segs(5), 0, 10)).toBe(10)
    expect(checkClipRange(segs(5), 3.3, 6.7)).toBe(10)
  })

  it.each([
    ['past the end', 9, 1.5],
    ['starting after the end', 12, 1],
    ['a negative start', -1, 2],
    ['a zero duration', 2, 0],
    ['a negative duration', 2, -1],
    ['no number', Number.NaN, 2],
  ])('refuses %s with the seconds available', (_, start, duration) => {
    const error = (() => {
      try {
        checkClipRange(segs(5), start, duration)
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(ClipRangeError)
    expect((error as ClipRangeError).availableSec).toBe(10)
  })
})

describe('planClip', () => {
  it('starts inside a segment: re-encodes the rest of it, copies the middle, re-encodes the start of the last', () => {
    // 3.3 s → frame 82 (3.28 s) is nearest: frame 32 of segment 1.
    const plan = planClip(segs(10), all(10), 3.3, 6, FPS)
    expect(plan).toMatchObject({ frames: 150, durationSec: 6, firstSegment: 1, lastSegment: 4 })
    expect(plan.firstFrameSec).toBeCloseTo(3.28, 9)
    expect(plan.head).toEqual({ segment: 1, fromFrame: 32, frames: 18 })
    expect(plan.copy).toEqual([2, 3])
    // 150 − 18 − 100 = 32 frames of segment 4 (8.00–9.24 s); the last frame is at 9.24 s = 3.28 + 149/25.
    expect(plan.tail).toEqual({ segment: 4, frames: 32 })
  })

  it('takes the nearest frame: a start a hair before a frame starts on it', () => {
    const plan = planClip(segs(10), all(10), 2.391, 2, FPS)
    expect(plan.head).toMatchObject({ segment: 1, fromFrame: 10 })
    expect(plan.firstFrameSec).toBeCloseTo(2.4, 9)
  })

  it('starts on a segment boundary (a keyframe): nothing to re-encode at the start', () => {
    const plan = planClip(segs(10), all(10), 4, 5.5, FPS)
    expect(plan.head).toBeNull()
    expect(plan.copy).toEqual([2, 3])
    expect(plan.tail).toEqual({ segment: 4, frames: 38 })
  })

  it('starts less than half a frame before a boundary: the next segment, from its keyframe', () => {
    const plan = planClip(segs(10), all(10), 3.99, 2, FPS)
    expect(plan.firstSegment).toBe(2)
    expect(plan.head).toBeNull()
    expect(plan.copy).toEqual([2])
    expect(plan.tail).toBeNull()
  })

  it('ends on a segment boundary: the last segment is copied whole, no tail', () => {
    const plan = planClip(segs(10), all(10), 2.5, 3.5, FPS)
    expect(plan.head).toEqual({ segment: 1, fromFrame: 12, frames: 38 })
    expect(plan.copy).toEqual([2])
    expect(plan.tail).toBeNull()
    expect(plan.lastSegment).toBe(2)
  })

  it('a whole-segment-aligned clip is only copies', () => {
    const plan = planClip(segs(10), all(10), 2, 6, FPS)
    expect(plan).toMatchObject({ head: null, tail: null, copy: [1, 2, 3], frames: 150 })
  })

  it('spans one segment: a single re-encoded piece', () => {
    const plan = planClip(segs(10), all(10), 4.5, 1, FPS)
    expect(plan).toMatchObject({ firstSegment: 2, lastSegment: 2, copy: [], tail: null })
    expect(plan.head).toEqual({ segment: 2, fromFrame: 12, frames: 25 })
  })

  it('spans two neighbouring segments: head and tail, nothing copied', () => {
    const plan = planClip(segs(10), all(10), 5, 2, FPS)
    expect(plan.head).toEqual({ segment: 2, fromFrame: 25, frames: 25 })
    expect(plan.copy).toEqual([])
    expect(plan.tail).toEqual({ segment: 3, frames: 25 })
  })

  it('holds no whole segment: 1 s lasting 2 s is two partial segments, the poster its first frame', () => {
    const plan = planClip(segs(10), all(10), 1, 2, FPS)
    expect(plan).toMatchObject({ firstSegment: 0, lastSegment: 1, copy: [], frames: 50 })
    expect(plan.head).toEqual({ segment: 0, fromFrame: 25, frames: 25 })
    expect(plan.tail).toEqual({ segment: 1, frames: 25 })
    expect(clipPosterFrame(plan, segmentStarts(segs(10)))).toEqual({ segment: 0, frame: 25 })
  })

  it('starts and ends inside one segment (0.5 s → 1.5 s): one re-encoded piece, the poster its first frame', () => {
    const plan = planClip(segs(10), all(10), 0.5, 1, FPS)
    expect(plan).toMatchObject({ firstSegment: 0, lastSegment: 0, copy: [], tail: null, frames: 25 })
    expect(plan.head).toEqual({ segment: 0, fromFrame: 12, frames: 25 })
    expect(clipPosterFrame(plan, segmentStarts(segs(10)))).toEqual({ segment: 0, frame: 12 })
  })

  it('is exactly one segment: copied alone, the poster its keyframe', () => {
    const plan = planClip(segs(10), all(10), 2, 2, FPS)
    expect(plan).toMatchObject({ head: null, tail: null, copy: [1], firstSegment: 1, lastSegment: 1 })
    expect(clipPosterFrame(plan, segmentStarts(segs(10)))).toEqual({ segment: 1, frame: 0 })
  })

  it("takes the poster from the copied segment nearest the clip's middle", () => {
    const plan = planClip(segs(10), all(10), 3.3, 6, FPS)
    // Middle 6.28 s: segment 3 (6 s) is nearer than segment 2 (4 s).
    expect(clipPosterFrame(plan, segmentStarts(segs(10)))).toEqual({ segment: 3, frame: 0 })
  })

  it('spans many segments of a live recording (1 s segments)', () => {
    const plan = planClip(segs(120, 1), all(120, 1), 10.11, 60, FPS)
    expect(plan.head).toEqual({ segment: 10, fromFrame: 3, frames: 22 })
    expect(plan.copy).toHaveLength(59)
    expect(plan.copy[0]).toBe(11)
    expect(plan.tail).toEqual({ segment: 70, frames: 3 })
    expect(plan.head!.frames + plan.copy.length * 25 + plan.tail!.frames).toBe(1500)
  })

  it('ends at the end of the last listed segment of a recording in progress', () => {
    const plan = planClip(segs(6), all(6), 7.32, 4.68, FPS)
    expect(plan.lastSegment).toBe(5)
    expect(plan.copy).toEqual([4, 5])
    expect(plan.tail).toBeNull()
    expect(plan.head).toEqual({ segment: 3, fromFrame: 33, frames: 17 })
  })

  it('ends at the playlist end with fewer frames there than listed: starts earlier rather than run past it', () => {
    const probed = all(6)
    probed.set(5, frames(1.8))
    const plan = planClip(segs(6), probed, 7.32, 4.68, FPS)
    expect(plan.frames).toBe(117)
    expect(plan.head).toEqual({ segment: 3, fromFrame: 28, frames: 22 })
    expect(plan.copy).toEqual([4, 5])
    expect(plan.firstFrameSec).toBeCloseTo(7.12, 9)
  })

  it('re-encodes a whole edge segment that does not open on a keyframe', () => {
    const probed = all(10)
    probed.set(2, { frames: frames().frames, keyframes: [0.4] })
    const plan = planClip(segs(10), probed, 4, 4, FPS)
    expect(plan.head).toEqual({ segment: 2, fromFrame: 0, frames: 50 })
    expect(plan.copy).toEqual([3])
  })

  it('counts frames of segments of uneven length (a live source cut where its keyframes fall)', () => {
    const list = [{ durationSec: 1.2 }, { durationSec: 0.8 }, { durationSec: 1.6 }, { durationSec: 1 }]
    const probed = new Map(list.map((s, i) => [i, frames(s.durationSec)]))
    const plan = planClip(list, probed, 0.6, 3.4, FPS)
    expect(plan.head).toEqual({ segment: 0, fromFrame: 15, frames: 15 })
    expect(plan.copy).toEqual([1, 2])
    // 85 frames: 15 + 60 copied (1.2–3.6 s) + 10 (3.60–3.96 s).
    expect(plan.tail).toEqual({ segment: 3, frames: 10 })
  })

  it('refuses a range outside the playlist, and says which segment it still needs probed', () => {
    expect(() => planClip(segs(5), all(5), 9, 2, FPS)).toThrow(ClipRangeError)
    expect(() => planClip(segs(5), all(5), -0.5, 2, FPS)).toThrow(ClipRangeError)
    expect(() => planClip(segs(5), new Map([[1, frames()]]), 2.5, 4, FPS)).toThrow('segment 3 was not probed')
  })
})

describe('edge x264 settings', () => {
  it('names x264 profiles and levels from ffprobe', () => {
    expect(x264Profile('Main')).toBe('main')
    expect(x264Profile('High')).toBe('high')
    expect(x264Profile('Constrained Baseline')).toBe('baseline')
    expect(() => x264Profile('High 10')).toThrow(/cannot match/)
    expect(levelText(31)).toBe('3.1')
    expect(levelText(40)).toBe('4.0')
    expect(levelText(9)).toBe('1b')
    expect(() => levelText(0)).toThrow(RangeError)
  })

  it('follows the source: B-frame pyramid for 2 frames of reordering, none for 1, no B-frames for 0', () => {
    const main = edgeX264Params({ profile: 'Main', reorderFrames: 2, keyint: 50 })
    expect(main).toBe(
      'keyint=50:min-keyint=50:scenecut=0:bframes=3:b-pyramid=normal:weightb=1:ref=1:cabac=1:weightp=1:8x8dct=0:stitchable=1',
    )
    expect(edgeX264Params({ profile: 'High', reorderFrames: 1, keyint: 25 })).toContain(
      'bframes=3:b-pyramid=none:weightb=1:ref=1:cabac=1:weightp=1:8x8dct=1',
    )
    expect(edgeX264Params({ profile: 'Main', reorderFrames: 0, keyint: 25 })).toContain('bframes=0:ref=1')
    expect(edgeX264Params({ profile: 'Constrained Baseline', reorderFrames: 2, keyint: 25 })).toContain(
      'bframes=0:ref=1:cabac=0:weightp=0:8x8dct=0',
    )
  })
})

describe('clipEdgeArgs', () => {
  const video = { profile: 'Main', level: 31, pixFmt: 'yuv420p', reorderFrames: 2, keyint: 50 }
  const edge = { input: '/m/seg_00003.ts', output: '/w/head.ts', timestampSec: 8.766_666_6, video }
  it('re-encodes the asked frames of one segment, placed at their source timestamps', () => {
    const args = clipEdgeArgs({ ...edge, fromFrame: 12, frames: 38 })
    expect(checkInputs(args)).toEqual(['/m/seg_00003.ts'])
    const after = (flag: string) => args[args.indexOf(flag) + 1]
    expect(after('-vf')).toBe('trim=start_frame=12:end_frame=50,setpts=PTS-STARTPTS')
    expect(after('-output_ts_offset')).toBe('8.766667')
    expect(after('-frames:v')).toBe('38')
    expect(after('-c:v')).toBe('libx264')
    expect(after('-preset')).toBe('superfast')
    expect(after('-profile:v')).toBe('main')
    expect(after('-level:v')).toBe('3.1')
    expect(after('-pix_fmt')).toBe('yuv420p')
    expect(after('-x264-params')).toContain('b-pyramid=normal')
    expect(after('-crf')).toBe('20')
    expect(after('-vsync')).toBe('passthrough')
    expect(after('-mpegts_copyts')).toBe('1')
    expect(after('-f')).toBe('mpegts')
    expect(args).toContain('-an')
    expect(args.at(-1)).toBe('/w/head.ts')
  })

  it('refuses nonsense frame numbers', () => {
    expect(() => clipEdgeArgs({ ...edge, fromFrame: -1, frames: 3 })).toThrow(RangeError)
    expect(() => clipEdgeArgs({ ...edge, fromFrame: 0, frames: 0 })).toThrow(RangeError)
    expect(() => clipEdgeArgs({ ...edge, fromFrame: 0, frames: 1.5 })).toThrow(RangeError)
    expect(() => clipEdgeArgs({ ...edge, fromFrame: 0, frames: 2, timestampSec: -1 })).toThrow(RangeError)
    expect(() => clipEdgeArgs({ ...edge, fromFrame: 0, frames: 2, crf: 60 })).toThrow(RangeError)
  })
})

describe('clipMuxArgs', () => {
  const base = {
    videoPlaylist: '/w/video.m3u8',
    firstFrameTimestamp: 8.766_666_7,
    audio: { file: '/w/audio.ts', timestampSec: 8.762_666_7 },
    mp4: '/w/clip.mp4',
    hlsDir: '/w/hls',
  }

  it('copies the video and the audio, each moved to start at 0, into a faststart MP4 and a VOD HLS', () => {
    const args = clipMuxArgs(base)
    expect(checkInputs(args)).toEqual(['/w/video.m3u8', '/w/audio.ts'])
    expect(args.slice(0, 4)).toEqual(['-hide_banner', '-nostdin', '-y', '-copyts'])
    // Each input's shift, rounded down to the microsecond (its first packet lands at 0, never before).
    expect(args.filter((_, i) => args[i - 1] === '-itsoffset')).toEqual(['-8.766666', '-8.762666'])
    expect(args.filter((_, i) => args[i - 1] === '-f')).toEqual(['hls', 'mpegts', 'mp4', 'hls'])
    const mp4At = args.indexOf('/w/clip.mp4')
    const mp4Part = args.slice(0, mp4At)
    expect(mp4Part).toEqual(expect.arrayContaining(['-bsf:a', 'aac_adtstoasc', '-movflags', '+faststart']))
    expect(mp4Part.filter((a) => a === '-map')).toHaveLength(2)
    expect(mp4Part[mp4Part.indexOf('-copypriorss:a') + 1]).toBe('0')
    expect(mp4Part[mp4Part.lastIndexOf('-c') + 1]).toBe('copy')
    const hlsPart = args.slice(mp4At + 1)
    expect(hlsPart).toEqual(
      expect.arrayContaining(['-hls_playlist_type', 'vod', '-hls_segment_filename', '/w/hls/seg_%03d.ts']),
    )
    expect(hlsPart).not.toContain('aac_adtstoasc')
    expect(args.at(-1)).toBe('/w/hls/index.m3u8')
  })

  it('without audio maps video only', () => {
    const args = clipMuxArgs({ ...base, audio: null })
    expect(checkInputs(args)).toEqual(['/w/video.m3u8'])
    expect(args).not.toContain('1:a:0')
    expect(args).not.toContain('aac_adtstoasc')
  })

  it('refuses nonsense numbers', () => {
    expect(() => clipMuxArgs({ ...base, firstFrameTimestamp: -1 })).toThrow(RangeError)
    expect(() => clipMuxArgs({ ...base, hlsSegmentSeconds: 0 })).toThrow(RangeError)
  })
})

describe('clipAudioArgs / clipPosterArgs / clipAudioStart', () => {
  it('copies the first packets of the spanned audio, keeping the source timestamps', () => {
    const args = clipAudioArgs({ playlist: '/w/audio.m3u8', output: '/w/audio.ts', packets: 140 })
    expect(checkInputs(args)).toEqual(['/w/audio.m3u8'])
    const after = (flag: string) => args[args.indexOf(flag) + 1]
    expect(args).toContain('-copyts')
    expect(after('-map')).toBe('0:a:0')
    expect(after('-c')).toBe('copy')
    expect(after('-frames:a')).toBe('140')
    expect(after('-mpegts_copyts')).toBe('1')
    expect(() => clipAudioArgs({ playlist: '/a', output: '/b', packets: 0 })).toThrow(RangeError)
  })

  it('makes a poster of one frame of a segment', () => {
    const args = clipPosterArgs({ input: '/m/seg_00004.ts', output: '/w/poster.jpg', frame: 12, width: 1280 })
    expect(checkInputs(args)).toEqual(['/m/seg_00004.ts'])
    expect(args[args.indexOf('-vf') + 1]).toBe('trim=start_frame=12,scale=1280:-2,setsar=1')
    expect(args[args.indexOf('-frames:v') + 1]).toBe('1')
    expect(() => clipPosterArgs({ input: '/a', output: '/b', frame: -1, width: 10 })).toThrow(RangeError)
  })

  it('starts the audio at the packet nearest the first frame, and counts the packets to its end', () => {
    const frame = 1024 / 48_000
    const packets = Array.from({ length: 90 }, (_, i) => 10 + i * frame)
    // 10.05 s lies between packets 2 (10.0427) and 3 (10.064): 2 is nearer.
    expect(clipAudioStart(packets, 10.05, 2)).toEqual({ timestampSec: packets[2], packetsFromSpanStart: 2 + 94 })
    expect(clipAudioStart(packets, 10.06, 2)?.timestampSec).toBe(packets[3])
    // Past the segment's last packet: the next one, at the same pace.
    expect(clipAudioStart(packets, 10 + 90 * frame, 1)?.timestampSec).toBeCloseTo(10 + 90 * frame, 9)
    expect(clipAudioStart([], 10, 2)).toBeNull()
  })
})

describe('vodMediaPlaylist', () => {
  it('lists the segments in order as a finished playlist', () => {
    const text = vodMediaPlaylist([
      { uri: '/w/head.ts', durationSec: 0.72 },
      { uri: '/m/seg_00004.ts', durationSec: 2 },
    ])
    expect(text).toBe(
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n' +
        '#EXTINF:0.720000,\n/w/head.ts\n#EXTINF:2.000000,\n/m/seg_00004.ts\n#EXT-X-ENDLIST\n',
    )
    expect(() => vodMediaPlaylist([{ uri: 'a\n#EXT-X-KEY', durationSec: 1 }])).toThrow()
    expect(() => vodMediaPlaylist([{ uri: 'a.ts', durationSec: 0 }])).toThrow(RangeError)
  })
})

describe('parseSegmentProbe', () => {
  it('reads frame times in presentation order, keyframes, reordering and audio', () => {
    const probe = parseSegmentProbe({
      streams: [
        {
          index: 0,
          codec_type: 'video',
          codec_name: 'h264',
          profile: 'Main',
          level: 31,
          pix_fmt: 'yuv420p',
          width: 1280,
          height: 720,
          r_frame_rate: '30/1',
          time_base: '1/90000',
        },
        { index: 1, codec_type: 'audio', codec_name: 'aac' },
      ],
      packets: [
        { stream_index: 0, pts: 1032000, dts: 1026000, flags: 'K__' },
        { stream_index: 1, pts: 1027000, dts: 1027000, flags: 'K__' },
        { stream_index: 0, pts: 1041000, dts: 1029000, flags: '___' },
        { stream_index: 0, pts: 1035000, dts: 1032000, flags: '___' },
        { stream_index: 0, pts: 1038000, dts: 1035000, flags: '___' },
      ],
      format: { start_time: '11.408000' },
    })
    expect(probe.frames.map((t) => Math.round(t * 90000))).toEqual([1032000, 1035000, 1038000, 1041000])
    expect(probe.keyframes).toEqual([1032000 / 90000])
    expect(probe.reorderSec).toBeCloseTo(2 / 30, 9)
    expect(probe.startTimeSec).toBe(11.408)
    expect(probe.hasAudio).toBe(true)
    expect(probe.video).toEqual({
      codec: 'h264',
      profile: 'Main',
      level: 31,
      pixFmt: 'yuv420p',
      width: 1280,
      height: 720,
      fps: 30,
    })
    expect(() => parseSegmentProbe({ streams: [], packets: [] })).toThrow('no video stream')
  })
})
