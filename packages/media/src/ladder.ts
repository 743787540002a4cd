import type { ProbeResult } from './probe.js'

export type H264Profile = 'baseline' | 'main' | 'high'

/** One rung of the HLS ladder: an H.264 (+ AAC) encode of the source at one size. */
export interface Rendition {
  /** '1080p', '720p'… (the short side); also the rendition's folder name. */
  name: string
  width: number
  height: number
  /** Output frame rate (the source's, at most 60). */
  fps: number
  /** Target video bitrate, bits per second. */
  videoBitrate: number
  /** VBV peak rate and buffer, bits per second / bits. */
  maxrate: number
  bufsize: number
  /** AAC bitrate in bits per second; null when the source has no audio. */
  audioBitrate: number | null
  profile: H264Profile
  /** H.264 level, '3.1'. */
  level: string
  /** The HLS CODECS attribute, 'avc1.4d401f,mp4a.40.2'. */
  codecs: string
  /** Nominal peak (BANDWIDTH) and average (AVERAGE-BANDWIDTH) in bits per second, audio included. */
  bandwidth: number
  averageBandwidth: number
}

interface Rung {
  size: number
  videoKbps: number
  audioKbps: number
  profile: H264Profile
}

/** The standard ladder, highest first; `size` is the short side of the picture. */
export const STANDARD_LADDER: readonly Rung[] = [
  { size: 1080, videoKbps: 5000, audioKbps: 128, profile: 'high' },
  { size: 720, videoKbps: 2800, audioKbps: 128, profile: 'main' },
  { size: 480, videoKbps: 1400, audioKbps: 96, profile: 'main' },
  { size: 360, videoKbps: 800, audioKbps: 96, profile: 'main' },
]

/** Lowest output: a source smaller than the last rung is encoded at its own size, no bitrate under this. */
const MIN_VIDEO_KBPS = 200
const MAX_FPS = 60
const MAXRATE_FACTOR = 1.07
const BUFSIZE_FACTOR = 1.5
/** MPEG-TS packaging overhead added to the nominal BANDWIDTH. */
const TS_OVERHEAD = 1.1

/** H.264 levels (Table A-1): max macroblocks/s, max frame size in macroblocks, max bitrate (kbit/s, Main). */
const LEVELS: readonly { level: string; idc: number; mbps: number; fs: number; kbps: number }[] = [
  { level: '3.0', idc: 30, mbps: 40_500, fs: 1_620, kbps: 10_000 },
  { level: '3.1', idc: 31, mbps: 108_000, fs: 3_600, kbps: 14_000 },
  { level: '3.2', idc: 32, mbps: 216_000, fs: 5_120, kbps: 20_000 },
  { level: '4.0', idc: 40, mbps: 245_760, fs: 8_192, kbps: 20_000 },
  { level: '4.1', idc: 41, mbps: 245_760, fs: 8_192, kbps: 50_000 },
  { level: '4.2', idc: 42, mbps: 522_240, fs: 8_704, kbps: 50_000 },
  { level: '5.0', idc: 50, mbps: 589_824, fs: 22_080, kbps: 135_000 },
  { level: '5.1', idc: 51, mbps: 983_040, fs: 36_864, kbps: 240_000 },
  { level: '5.2', idc: 52, mbps: 2_073_600, fs: 36_864, kbps: 240_000 },
]

/** The lowest H.264 level (3.0 at least) that allows this size, frame rate and peak bitrate. */
export function h264Level(width: number, height: number, fps: number, maxrate: number, profile: H264Profile): string {
  const frameMbs = Math.ceil(width / 16) * Math.ceil(height / 16)
  const kbps = maxrate / 1000 / (profile === 'high' ? 1.25 : 1)
  const found = LEVELS.find((l) => frameMbs <= l.fs && frameMbs * fps <= l.mbps && kbps <= l.kbps)
  return (found ?? LEVELS[LEVELS.length - 1]!).level
}

/** RFC 6381 codec string for H.264: avc1.PPCCLL (profile_idc, constraint flags as x264 writes them, level_idc). */
export function avc1Codec(profile: H264Profile, level: string): string {
  const idc = LEVELS.find((l) => l.level === level)?.idc ?? Math.round(Number(level) * 10)
  const hex = (n: number) => n.toString(16).padStart(2, '0')
  const profileConstraints = { baseline: '42c0', main: '4d40', high: '6400' }[profile]
  return `avc1.${profileConstraints}${hex(idc)}`
}

/** AAC-LC in HLS CODECS. */
export const AAC_LC_CODEC = 'mp4a.40.2'

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2)

function makeRendition(
  name: string,
  width: number,
  height: number,
  fps: number,
  videoKbps: number,
  audioKbps: number | null,
  profile: H264Profile,
): Rendition {
  const videoBitrate = Math.round(videoKbps) * 1000
  const maxrate = Math.round(videoKbps * MAXRATE_FACTOR) * 1000
  const bufsize = Math.round(videoKbps * BUFSIZE_FACTOR) * 1000
  const audioBitrate = audioKbps === null ? null : audioKbps * 1000
  const level = h264Level(width, height, fps, maxrate, profile)
  const codecs = [avc1Codec(profile, level), ...(audioBitrate === null ? [] : [AAC_LC_CODEC])].join(',')
  return {
    name,
    width,
    height,
    fps,
    videoBitrate,
    maxrate,
    bufsize,
    audioBitrate,
    profile,
    level,
    codecs,
    bandwidth: Math.round((maxrate + (audioBitrate ?? 0)) * TS_OVERHEAD),
    averageBandwidth: Math.round((videoBitrate + (audioBitrate ?? 0)) * TS_OVERHEAD),
  }
}

/**
 * Chooses the HLS renditions for a probed source, highest first: every rung of the standard ladder
 * (1080p/720p/480p/360p, measured on the short side so portrait video works too) that is not larger than
 * the source, each keeping the source's displayed aspect ratio with even dimensions. A source smaller than
 * 360p gets one rendition at its own size with a bitrate scaled by its pixel count. Without audio the
 * renditions carry no audio bitrate and their CODECS name only the video codec. Throws without video.
 */
export function planLadder(probe: ProbeResult): Rendition[] {
  const video = probe.video
  if (!video) throw new Error('the source has no video stream')
  const portrait = video.height > video.width
  const short = portrait ? video.width : video.height
  const aspect = video.width / video.height
  const fps = Math.min(video.fps > 0 ? video.fps : 25, MAX_FPS)
  const hasAudio = probe.audio !== null
  // Above 30 fps the same picture needs more bits; 1.5× is the usual allowance for 50/60 fps.
  const fpsFactor = fps > 31 ? 1.5 : 1

  const size = (s: number) =>
    portrait ? { width: s, height: even(s / aspect) } : { width: even(s * aspect), height: s }
  const rungs = STANDARD_LADDER.filter((r) => r.size <= short)
  if (rungs.length > 0) {
    return rungs.map((r) => {
      const { width, height } = size(r.size)
      return makeRendition(
        `${r.size}p`,
        width,
        height,
        fps,
        r.videoKbps * fpsFactor,
        hasAudio ? r.audioKbps : null,
        r.profile,
      )
    })
  }
  const lowest = STANDARD_LADDER[STANDARD_LADDER.length - 1]!
  const own = Math.max(2, Math.floor(short / 2) * 2)
  const { width, height } = size(own)
  const pixelShare = (width * height) / (even(lowest.size * (16 / 9)) * lowest.size)
  const kbps = Math.max(MIN_VIDEO_KBPS, Math.round(lowest.videoKbps * pixelShare * fpsFactor))
  return [makeRendition(`${own}p`, width, height, fps, kbps, hasAudio ? 64 : null, 'main')]
}
