/**
 * Pure ffmpeg argument builders. Each returns an argument array for `runFfmpeg`/`spawnFfmpeg` (never a
 * shell line), starting with `-hide_banner -nostdin -y`, reporting through `-progress pipe:1 -nostats`,
 * and limiting each input's protocols (`-protocol_whitelist`). Written for ffmpeg ≥ 4.1.
 */
import path from 'node:path'
import type { Rendition } from './ladder.js'

const COMMON = ['-hide_banner', '-nostdin', '-y'] as const
const PROGRESS = ['-progress', 'pipe:1', '-nostats'] as const
const FILE_INPUT = ['-protocol_whitelist', 'file'] as const

/** Seconds as ffmpeg reads them, without exponent notation or float noise. */
export function seconds(value: number): string {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`invalid time: ${value}`)
  return String(Math.round(value * 1000) / 1000)
}

const kbps = (bitsPerSecond: number) => `${Math.round(bitsPerSecond / 1000)}k`

function assertPositive(name: string, value: number, integer = true): void {
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new RangeError(`${name} must be a positive ${integer ? 'integer' : 'number'}: ${value}`)
  }
}

const evenUp = (n: number) => Math.max(2, Math.ceil(n / 2) * 2)

/** The keyframe options that make every segment start with an IDR frame at exact multiples of `segmentSeconds`. */
function keyframes(segmentSeconds: number, fps?: number): string[] {
  const gop = fps ? ['-g', String(Math.max(1, Math.round(fps * segmentSeconds)))] : []
  const keyintMin = fps ? ['-keyint_min', String(Math.max(1, Math.round(fps * segmentSeconds)))] : []
  return [
    ...gop,
    ...keyintMin,
    '-sc_threshold',
    '0',
    '-force_key_frames',
    `expr:gte(t,n_forced*${seconds(segmentSeconds)})`,
  ]
}

// ---------------------------------------------------------------------------------------------------------
// Filter graph escaping

/**
 * Escapes a value for a filter option inside a filter graph (`-vf`, `-filter_complex`): first for the
 * option parser (`\`, `'`, `:`), then for the graph parser (`\`, `'`, `[`, `]`, `,`, `;`). Leading and
 * trailing white space would be dropped by ffmpeg, so it is trimmed here.
 */
export function escapeFilterValue(value: string): string {
  const option = value.trim().replace(/[\\':]/g, (c) => `\\${c}`)
  return option.replace(/[\\'[\],;]/g, (c) => `\\${c}`)
}

/**
 * Escapes literal text for drawtext's `text=` option: control characters become spaces, then drawtext's own
 * expansion characters (`\` and `%`) are escaped, then the value is escaped for the option and graph parsers
 * (`escapeFilterValue`). The result renders exactly the given text with the default `expansion=normal`.
 */
export function escapeDrawtext(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove
  const printable = text.replace(/[\u0000-\u001f\u007f]/g, ' ')
  return escapeFilterValue(printable.replace(/[\\%]/g, (c) => `\\${c}`))
}

// ---------------------------------------------------------------------------------------------------------
// VOD

/** 8-bit 4:2:0 at the rendition's target bitrate, capped by its VBV peak rate and buffer. */
function rateControl(r: Pick<Rendition, 'videoBitrate' | 'maxrate' | 'bufsize'>): string[] {
  return ['-pix_fmt', 'yuv420p', '-b:v', kbps(r.videoBitrate), '-maxrate', kbps(r.maxrate), '-bufsize', kbps(r.bufsize)]
}

export interface HlsRenditionArgsOptions {
  input: string
  /** Folder for this rendition: `index.m3u8` and `seg_00000.ts`… are written into it. Must exist. */
  outDir: string
  rendition: Rendition
  segmentSeconds?: number
  /** Output frame rate; the rendition's when omitted. */
  fps?: number
  hasAudio: boolean
  /** x264 preset; veryfast by default. */
  preset?: string
}

/**
 * One VOD HLS rendition per ffmpeg run: scales to the rendition's size (square pixels), encodes H.264 with
 * its profile, level and VBV limits, forces an IDR frame at every segment boundary (so each 2 s MPEG-TS
 * segment starts independently), AAC stereo 48 kHz when the source has audio, and writes a VOD playlist
 * `outDir/index.m3u8` with segments `outDir/seg_%05d.ts`.
 */
export function hlsRenditionArgs(options: HlsRenditionArgsOptions): string[] {
  const { input, outDir, rendition: r, segmentSeconds = 2, hasAudio, preset = 'veryfast' } = options
  const fps = options.fps ?? r.fps
  assertPositive('segmentSeconds', segmentSeconds, false)
  assertPositive('fps', fps, false)
  const audio =
    hasAudio && r.audioBitrate !== null
      ? ['-c:a', 'aac', '-b:a', kbps(r.audioBitrate), '-ac', '2', '-ar', '48000']
      : ['-an']
  return [
    ...COMMON,
    ...FILE_INPUT,
    '-i',
    input,
    '-map',
    '0:v:0',
    ...(hasAudio ? ['-map', '0:a:0'] : []),
    '-vf',
    `scale=${r.width}:${r.height}:flags=bicubic,setsar=1,fps=${fps}`,
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-profile:v',
    r.profile,
    '-level:v',
    r.level,
    ...rateControl(r),
    ...keyframes(segmentSeconds, fps),
    ...audio,
    '-sn',
    '-dn',
    '-map_metadata',
    '-1',
    '-f',
    'hls',
    '-hls_time',
    seconds(segmentSeconds),
    '-hls_playlist_type',
    'vod',
    '-hls_list_size',
    '0',
    '-hls_segment_type',
    'mpegts',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_filename',
    path.join(outDir, 'seg_%05d.ts'),
    ...PROGRESS,
    path.join(outDir, 'index.m3u8'),
  ]
}

export interface MasterPlaylistEntry {
  name: string
  /** Peak bits per second (BANDWIDTH). */
  bandwidth: number
  /** Average bits per second (AVERAGE-BANDWIDTH); omitted when unknown. */
  averageBandwidth?: number
  width: number
  height: number
  codecs: string
  /** Variant playlist, relative to the master: `720p/index.m3u8`. */
  uri: string
  frameRate?: number
}

/**
 * The text of an HLS master playlist listing the given variants highest bandwidth first, with BANDWIDTH,
 * AVERAGE-BANDWIDTH, RESOLUTION, CODECS and FRAME-RATE (RFC 8216 §4.3.4.2). Throws on values that would
 * break the playlist's syntax (quotes or line breaks).
 */
export function masterPlaylist(renditions: readonly MasterPlaylistEntry[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS']
  const sorted = [...renditions].sort((a, b) => b.bandwidth - a.bandwidth || b.height - a.height)
  for (const r of sorted) {
    if (/["\r\n]/.test(r.codecs) || /[\r\n]/.test(r.uri) || r.uri.startsWith('#') || !r.uri) {
      throw new Error(`invalid rendition entry: ${r.name}`)
    }
    assertPositive('bandwidth', Math.round(r.bandwidth))
    const attributes = [
      `BANDWIDTH=${Math.round(r.bandwidth)}`,
      ...(r.averageBandwidth ? [`AVERAGE-BANDWIDTH=${Math.round(r.averageBandwidth)}`] : []),
      `RESOLUTION=${r.width}x${r.height}`,
      `CODECS="${r.codecs}"`,
      ...(r.frameRate ? [`FRAME-RATE=${r.frameRate.toFixed(3)}`] : []),
    ]
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, r.uri)
  }
  return `${lines.join('\n')}\n`
}

/** A JPEG poster: one frame at `atSec`, `width` wide (height by aspect ratio, even). */
export function posterArgs(options: { input: string; output: string; atSec: number; width: number }): string[] {
  assertPositive('width', options.width)
  return [
    ...COMMON,
    '-ss',
    seconds(options.atSec),
    ...FILE_INPUT,
    '-i',
    options.input,
    '-map',
    '0:v:0',
    '-frames:v',
    '1',
    '-vf',
    `scale=${evenUp(options.width)}:-2,setsar=1`,
    '-q:v',
    '3',
    '-an',
    '-f',
    'image2',
    '-update',
    '1',
    ...PROGRESS,
    options.output,
  ]
}

export interface SpriteOptions {
  input: string
  output: string
  intervalSec: number
  columns: number
  rows: number
  tileWidth: number
  tileHeight: number
}

/**
 * A JPEG sprite of seek thumbnails: one frame every `intervalSec`, scaled to the tile size, laid out in
 * `columns × rows`. Only the first sprite is kept, so choose the interval with `planSprite` (everything fits).
 */
export function spriteArgs(options: SpriteOptions): string[] {
  const { intervalSec, columns, rows, tileWidth, tileHeight } = options
  assertPositive('intervalSec', intervalSec, false)
  for (const [k, v] of Object.entries({ columns, rows, tileWidth, tileHeight })) assertPositive(k, v)
  return [
    ...COMMON,
    ...FILE_INPUT,
    '-i',
    options.input,
    '-map',
    '0:v:0',
    '-an',
    '-vf',
    `fps=1/${seconds(intervalSec)},scale=${tileWidth}:${tileHeight},setsar=1,tile=${columns}x${rows}`,
    '-frames:v',
    '1',
    '-q:v',
    '5',
    '-f',
    'image2',
    '-update',
    '1',
    ...PROGRESS,
    options.output,
  ]
}

export interface SpritePlan {
  intervalSec: number
  count: number
  columns: number
  rows: number
}

/**
 * How many thumbnails a video gets and how they are laid out: one every `preferredIntervalSec`, unless that
 * would need more than `columns × maxRows` tiles, in which case the interval grows (whole seconds) so every
 * thumbnail fits ONE sprite. Rows are only as many as needed.
 */
export function planSprite(
  durationSec: number,
  options: { preferredIntervalSec?: number; columns?: number; maxRows?: number } = {},
): SpritePlan {
  const { preferredIntervalSec = 2, columns = 10, maxRows = 20 } = options
  const duration = Math.max(durationSec, 0.001)
  const intervalSec = Math.max(preferredIntervalSec, Math.ceil(duration / (columns * maxRows)))
  const count = Math.max(1, Math.ceil(duration / intervalSec - 1e-6))
  const cols = Math.min(columns, count)
  return { intervalSec, count, columns: cols, rows: Math.ceil(count / cols) }
}

export interface ThumbnailsVttOptions {
  durationSec: number
  intervalSec: number
  columns: number
  rows: number
  tileWidth: number
  tileHeight: number
  /** How the cues name the sprite, relative to the VTT: 'sprite.jpg'. */
  spriteUri: string
}

function vttTime(sec: number): string {
  const ms = Math.round(sec * 1000)
  const h = Math.floor(ms / 3_600_000)
  const m = Math.floor((ms % 3_600_000) / 60_000)
  const s = Math.floor((ms % 60_000) / 1000)
  const pad = (n: number, w = 2) => String(n).padStart(w, '0')
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`
}

/**
 * WebVTT of seek thumbnails: one cue per interval pointing at its tile (`sprite.jpg#xywh=x,y,w,h`). Uses a
 * single sprite: when the duration holds more intervals than `columns × rows` tiles, the interval is widened
 * so they fit (the same rule as `planSprite`, so pass the plan's interval to `spriteArgs` too).
 */
export function thumbnailsVtt(options: ThumbnailsVttOptions): string {
  const { durationSec, columns, rows, tileWidth, tileHeight, spriteUri } = options
  const capacity = columns * rows
  const intervalSec = Math.max(options.intervalSec, durationSec / capacity)
  const count = Math.min(capacity, Math.max(1, Math.ceil(durationSec / intervalSec - 1e-6)))
  const out = ['WEBVTT', '']
  for (let i = 0; i < count; i++) {
    const start = i * intervalSec
    const end = Math.min((i + 1) * intervalSec, Math.max(durationSec, start + 0.001))
    const x = (i % columns) * tileWidth
    const y = Math.floor(i / columns) * tileHeight
    out.push(`${vttTime(start)} --> ${vttTime(end)}`, `${spriteUri}#xywh=${x},${y},${tileWidth},${tileHeight}`, '')
  }
  return out.join('\n')
}

/** A short silent H.264 MP4 preview (faststart), `width` wide, from `startSec` for `durationSec`. */
export function previewArgs(options: {
  input: string
  output: string
  startSec: number
  durationSec: number
  width: number
}): string[] {
  assertPositive('durationSec', options.durationSec, false)
  assertPositive('width', options.width)
  return [
    ...COMMON,
    '-ss',
    seconds(options.startSec),
    ...FILE_INPUT,
    '-i',
    options.input,
    '-t',
    seconds(options.durationSec),
    '-map',
    '0:v:0',
    '-an',
    '-sn',
    '-vf',
    `scale=${evenUp(options.width)}:-2,setsar=1`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '28',
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    '-map_metadata',
    '-1',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    ...PROGRESS,
    options.output,
  ]
}

// ---------------------------------------------------------------------------------------------------------
// Live

/**
 * Live segments are cut every second where the source has a keyframe, so players can sit about two
 * seconds behind the newest picture. Passed through untouched, the source's keyframes decide: an
 * encoder sending one every 2 s gives 2-s segments (OBS: set "Keyframe Interval" to 1 s; its "auto"
 * means several seconds). The lower rendition, encoded here, gets a keyframe every segment.
 */
export const LIVE_SEGMENT_SECONDS = 1

export interface LiveHlsArgsOptions {
  /** `rtmp://127.0.0.1:1935/live/<key>`; a local file path works too (tests, replays). */
  input: string
  outDir: string
  /** Default `LIVE_SEGMENT_SECONDS`. */
  segmentSeconds?: number
  /** A second, lower rendition encoded live (libx264 ultrafast); null for the source only. */
  lowerRendition?: Rendition | null
  /** Continue the playlists a previous run left (publisher reconnected): `append_list`. */
  append?: boolean
}

/** The rendition folders `liveHlsArgs` writes into, relative to its `outDir`; create them before starting. */
export function liveHlsDirs(lowerRendition?: Rendition | null): string[] {
  return ['source', ...(lowerRendition ? [lowerRendition.name] : [])]
}

/**
 * Live HLS from an RTMP publish: an EVENT playlist (grows from the start: DVR) with program-date-time tags,
 * the source passed through untouched as `outDir/source/index.m3u8`, and optionally a lower rendition
 * encoded live as `outDir/<name>/index.m3u8`. Each rendition is a separate output of the same process (ffmpeg
 * 4.1's `-var_stream_map` cannot name its folders). With `append`, the playlists a previous run wrote are
 * continued (numbering goes on, a discontinuity marks the gap). The folders must exist (`liveHlsDirs`);
 * the master playlist is written separately (`masterPlaylist`). Stopping ffmpeg (SIGTERM) ends the playlists.
 */
export function liveHlsArgs(options: LiveHlsArgsOptions): string[] {
  const { input, outDir, segmentSeconds = LIVE_SEGMENT_SECONDS, lowerRendition = null, append = false } = options
  assertPositive('segmentSeconds', segmentSeconds, false)
  const flags = `program_date_time+independent_segments${append ? '+append_list' : ''}`
  const hls = (dir: string) => [
    '-f',
    'hls',
    '-hls_time',
    seconds(segmentSeconds),
    '-hls_playlist_type',
    'event',
    '-hls_list_size',
    '0',
    '-hls_segment_type',
    'mpegts',
    '-hls_flags',
    flags,
    '-hls_segment_filename',
    path.join(outDir, dir, 'seg_%05d.ts'),
    path.join(outDir, dir, 'index.m3u8'),
  ]
  const args = [
    ...COMMON,
    '-protocol_whitelist',
    input.toLowerCase().startsWith('rtmp://') ? 'rtmp,tcp,file' : 'file',
    '-i',
    input,
    ...PROGRESS,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-c',
    'copy',
    ...hls('source'),
  ]
  if (lowerRendition) {
    const r = lowerRendition
    args.push(
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-vf',
      `scale=${r.width}:${r.height},setsar=1`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-tune',
      'zerolatency',
      '-profile:v',
      r.profile === 'baseline' ? 'baseline' : 'main',
      ...rateControl(r),
      ...keyframes(segmentSeconds),
      '-c:a',
      'aac',
      '-b:a',
      kbps(r.audioBitrate ?? 96_000),
      '-ac',
      '2',
      '-ar',
      '48000',
      ...hls(r.name),
    )
  }
  return args
}

/**
 * An MP4 (faststart) from an HLS playlist by stream copy: ADTS AAC turned into MP4's form, nothing
 * re-encoded. `startSec`/`durationSec` cut a range (at keyframes, as stream copy must).
 */
export function remuxMp4Args(options: {
  inputPlaylist: string
  output: string
  startSec?: number
  durationSec?: number
}): string[] {
  return [
    ...COMMON,
    ...(options.startSec ? ['-ss', seconds(options.startSec)] : []),
    ...FILE_INPUT,
    '-i',
    options.inputPlaylist,
    ...(options.durationSec ? ['-t', seconds(options.durationSec)] : []),
    '-map',
    '0:v?',
    '-map',
    '0:a?',
    '-c',
    'copy',
    '-bsf:a',
    'aac_adtstoasc',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    ...PROGRESS,
    options.output,
  ]
}

// ---------------------------------------------------------------------------------------------------------
// Generated test feed

export interface ScoreChange {
  atSec: number
  home: number
  away: number
}

export interface TestFeedArgsOptions {
  /** A file path (mp4) or an RTMP URL (flv). */
  output: string
  /** null: endless (until stopped). */
  durationSec?: number | null
  width: number
  height: number
  fps: number
  /** Read the generated source at its native rate (`-re`), as a live encoder would send it. */
  realtime: boolean
  /** An IDR frame every this many seconds (default 2); a live feed sends one every second (see `LIVE_SEGMENT_SECONDS`). */
  keyframeSeconds?: number
  title?: string
  home?: string
  away?: string
  /** Score changes; the score is 0–0 before the first one. */
  scoreTimeline?: readonly ScoreChange[]
  /** A TrueType font for the overlays; null or omitted: no text is drawn. */
  fontFile?: string | null
  format: 'flv' | 'mp4'
}

function drawtext(fontFile: string, text: string, extra: string): string {
  return `drawtext=fontfile=${escapeFilterValue(fontFile)}:text=${text}:${extra}`
}

/** drawtext's `enable` expression for [from, to) (to = null: forever). */
function enableBetween(from: number, to: number | null): string {
  const expr = to === null ? `gte(t,${seconds(from)})` : `gte(t,${seconds(from)})*lt(t,${seconds(to)})`
  return `enable=${escapeFilterValue(expr)}`
}

/**
 * A generated "sport-like" feed: a moving test pattern (testsrc2) with a running clock, a title, and a score
 * bug (home/away names and a score that changes at the timeline's times), plus a 440 Hz tone; H.264
 * ultrafast with an IDR frame every `keyframeSeconds` (2 s by default), AAC. `flv` publishes to RTMP;
 * `mp4` writes a faststart file. Team names and title are escaped (`escapeDrawtext`), so any text is safe.
 */
export function testFeedArgs(options: TestFeedArgsOptions): string[] {
  const { width, height, fps, realtime, durationSec = null, fontFile = null, format, keyframeSeconds = 2 } = options
  assertPositive('width', width)
  assertPositive('height', height)
  assertPositive('fps', fps, false)
  assertPositive('keyframeSeconds', keyframeSeconds, false)
  if (durationSec !== null) assertPositive('durationSec', durationSec, false)
  const duration = durationSec === null ? '' : `:duration=${seconds(durationSec)}`
  const re = realtime ? ['-re'] : []
  const fontSize = Math.max(12, Math.round(height / 18))
  const pad = Math.round(fontSize / 2)
  const box = `fontsize=${fontSize}:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=${Math.round(pad / 2)}`

  const overlays: string[] = []
  if (fontFile) {
    overlays.push(drawtext(fontFile, escapeFilterValue('%{pts:hms}'), `${box}:x=${pad}:y=h-th-${pad}`))
    if (options.title) {
      overlays.push(drawtext(fontFile, escapeDrawtext(options.title), `${box}:x=(w-tw)/2:y=h-th-${pad}`))
    }
    if (options.home !== undefined || options.away !== undefined || options.scoreTimeline?.length) {
      const home = options.home ?? 'HOME'
      const away = options.away ?? 'AWAY'
      const changes = [...(options.scoreTimeline ?? [])].filter((c) => c.atSec > 0).sort((a, b) => a.atSec - b.atSec)
      const states = [{ atSec: 0, home: 0, away: 0 }, ...changes]
      states.forEach((s, i) => {
        const next = states[i + 1]
        const label = escapeDrawtext(`${home} ${s.home} - ${s.away} ${away}`)
        const enable = enableBetween(s.atSec, next ? next.atSec : null)
        overlays.push(drawtext(fontFile, label, `${box}:x=w-tw-${pad}:y=${pad}:${enable}`))
      })
    }
  }
  const video = overlays.length > 0 ? ['-vf', overlays.join(',')] : []
  const gop = String(Math.max(1, Math.round(fps * keyframeSeconds)))
  const container = format === 'flv' ? ['-f', 'flv'] : ['-movflags', '+faststart', '-f', 'mp4']
  return [
    ...COMMON,
    ...re,
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=${fps}${duration}`,
    ...re,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:beep_factor=4:sample_rate=48000${duration}`,
    '-map',
    '0:v:0',
    '-map',
    '1:a:0',
    ...video,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-tune',
    'zerolatency',
    '-pix_fmt',
    'yuv420p',
    '-g',
    gop,
    '-keyint_min',
    gop,
    '-sc_threshold',
    '0',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ac',
    '2',
    '-ar',
    '48000',
    ...(durationSec === null ? [] : ['-t', seconds(durationSec)]),
    ...container,
    ...PROGRESS,
    options.output,
  ]
}
