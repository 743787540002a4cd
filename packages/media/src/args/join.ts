/**
 * Joining finished clips into one video (the highlight reel, decision 0058): the concat demuxer over a
 * list the server wrote, every stream copied, chapters from an FFMETADATA file; a re-encode only when the
 * clips' streams differ; and the joined MP4 packaged as HLS by stream copy (no ladder encode).
 */
import path from 'node:path'
import { assertPositive, COMMON, FILE_INPUT, hlsOutput, keyframes, MP4_FASTSTART, PROGRESS, seconds } from './common.js'

/** A chapter of a joined video: its title and where it starts (seconds). */
export interface JoinChapter {
  title: string
  startSec: number
}

/** Control characters and line breaks a one-line text must not carry. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f]/

/**
 * The concat demuxer's list (`ffconcat version 1.0`) of the files in order. Every file must be an absolute,
 * normalised path inside `root` (the server's own temp folder): the list is read with `-safe 0`, so nothing
 * in it may come from anyone but the server. Quotes are escaped as the demuxer reads them.
 */
export function concatListText(files: readonly string[], root: string): string {
  if (files.length === 0) throw new RangeError('nothing to join')
  const base = path.resolve(root)
  const lines = ['ffconcat version 1.0']
  for (const file of files) {
    if (!path.isAbsolute(file) || CONTROL.test(file) || path.resolve(file) !== file) {
      throw new RangeError(`not a server-made absolute path: ${JSON.stringify(file)}`)
    }
    if (!file.startsWith(base + path.sep)) throw new RangeError(`not inside the work folder: ${file}`)
    lines.push(`file '${file.replaceAll("'", "'\\''")}'`)
  }
  return `${lines.join('\n')}\n`
}

/** A value of an FFMETADATA file: `=`, `;`, `#`, `\` and line breaks escaped with a backslash. */
export function ffmetadataValue(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ').replace(/[=;#\\]/g, (c) => `\\${c}`)
}

/**
 * An FFMETADATA file: the video's title and one chapter per entry (milliseconds, each ending where the
 * next starts, the last at `durationSec`). Chapters must start in order, at 0 or later, before the end.
 */
export function chaptersMetadataText(options: {
  title?: string
  chapters: readonly JoinChapter[]
  durationSec: number
}) {
  const { chapters, durationSec } = options
  assertPositive('durationSec', durationSec, false)
  const end = Math.round(durationSec * 1000)
  const lines = [';FFMETADATA1', ...(options.title ? [`title=${ffmetadataValue(options.title)}`] : [])]
  chapters.forEach((c, i) => {
    const start = Math.round(c.startSec * 1000)
    const next = chapters[i + 1]
    const until = next ? Math.round(next.startSec * 1000) : end
    if (!Number.isFinite(start) || start < 0 || until <= start || until > end) {
      throw new RangeError(`chapter ${i + 1} is out of order or outside the video: ${c.startSec}`)
    }
    lines.push(
      '',
      '[CHAPTER]',
      'TIMEBASE=1/1000',
      `START=${start}`,
      `END=${until}`,
      `title=${ffmetadataValue(c.title)}`,
    )
  })
  return `${lines.join('\n')}\n`
}

/** The metadata input (`-f ffmetadata`, pinned) and what of it the output takes: its title and chapters. */
const metadataInput = (metadata: string) => [...FILE_INPUT, '-f', 'ffmetadata', '-i', metadata]
const metadataFrom = (index: number) => ['-map_metadata', String(index), '-map_chapters', String(index)]

/**
 * The join by stream copy: the concat demuxer (pinned, `-safe 0` for the server's absolute paths, files
 * only) over `list`, the video and (when the clips have it) the audio copied bit for bit, the title and
 * chapters of `metadata`, one MP4 with faststart.
 */
export function joinCopyArgs(options: { list: string; metadata: string; output: string; hasAudio: boolean }): string[] {
  return [
    ...COMMON,
    '-f',
    'concat',
    '-safe',
    '0',
    ...FILE_INPUT,
    '-i',
    options.list,
    ...metadataInput(options.metadata),
    '-map',
    '0:v:0',
    ...(options.hasAudio ? ['-map', '0:a:0'] : []),
    '-c',
    'copy',
    ...metadataFrom(1),
    ...MP4_FASTSTART,
    ...PROGRESS,
    options.output,
  ]
}

/** One input of a join that re-encodes: the file, whether it has sound, and how long it is. */
export interface JoinEncodeInput {
  file: string
  hasAudio: boolean
  durationSec: number
}

export interface JoinEncodeArgsOptions {
  inputs: readonly JoinEncodeInput[]
  metadata: string
  output: string
  /** The joined picture: every clip scaled into it (letterboxed), at this frame rate. */
  width: number
  height: number
  fps: number
  /** Keyframes at these multiples, so the HLS packaging that follows cuts segments there. */
  segmentSeconds?: number
  preset?: string
}

/**
 * The join when the clips' streams differ (size, codec, sample rate): each clip's picture scaled and padded
 * to one size and frame rate, its sound resampled to 48 kHz stereo (silence for a clip without), joined by
 * the concat filter and encoded once (H.264 with a keyframe every `segmentSeconds`, AAC), with the title
 * and chapters of `metadata`, one MP4 with faststart. Without sound in any clip, the video alone.
 */
export function joinEncodeArgs(options: JoinEncodeArgsOptions): string[] {
  const { inputs, width, height, fps, segmentSeconds = 2, preset = 'veryfast' } = options
  if (inputs.length === 0) throw new RangeError('nothing to join')
  assertPositive('width', width)
  assertPositive('height', height)
  assertPositive('fps', fps, false)
  const audio = inputs.some((i) => i.hasAudio)
  const graph: string[] = []
  const joined: string[] = []
  inputs.forEach((input, i) => {
    graph.push(
      `[${i}:v:0]scale=${width}:${height}:force_original_aspect_ratio=decrease,` +
        `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=${fps},format=yuv420p[v${i}]`,
    )
    joined.push(`[v${i}]`)
    if (!audio) return
    graph.push(
      input.hasAudio
        ? `[${i}:a:0]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo[a${i}]`
        : `anullsrc=r=48000:cl=stereo,atrim=duration=${seconds(input.durationSec)}[a${i}]`,
    )
    joined.push(`[a${i}]`)
  })
  graph.push(`${joined.join('')}concat=n=${inputs.length}:v=1:a=${audio ? 1 : 0}[v]${audio ? '[a]' : ''}`)
  return [
    ...COMMON,
    ...inputs.flatMap((input) => [...FILE_INPUT, '-i', input.file]),
    ...metadataInput(options.metadata),
    '-filter_complex',
    graph.join(';'),
    '-map',
    '[v]',
    ...(audio ? ['-map', '[a]'] : []),
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-crf',
    '21',
    '-pix_fmt',
    'yuv420p',
    ...keyframes(segmentSeconds, fps),
    ...(audio ? ['-c:a', 'aac', '-b:a', '128k'] : []),
    ...metadataFrom(inputs.length),
    ...MP4_FASTSTART,
    ...PROGRESS,
    options.output,
  ]
}

/**
 * One HLS rendition of a finished MP4 by stream copy (nothing encoded): VOD playlist `outDir/index.m3u8`
 * and MPEG-TS segments `seg_%05d.ts`, cut at the first keyframe after each `segmentSeconds`.
 */
export function hlsCopyArgs(options: {
  input: string
  outDir: string
  hasAudio: boolean
  segmentSeconds?: number
}): string[] {
  const { segmentSeconds = 2 } = options
  assertPositive('segmentSeconds', segmentSeconds, false)
  return [
    ...COMMON,
    ...FILE_INPUT,
    '-f',
    'mp4',
    '-i',
    options.input,
    '-map',
    '0:v:0',
    ...(options.hasAudio ? ['-map', '0:a:0'] : []),
    '-c',
    'copy',
    '-sn',
    '-dn',
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    ...hlsOutput({ dir: options.outDir, segmentSeconds, type: 'vod', segmentPattern: 'seg_%05d.ts' }),
    ...PROGRESS,
    path.join(options.outDir, 'index.m3u8'),
  ]
}
