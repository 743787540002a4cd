/**
 * HLS playlist text (RFC 8216): the only place that parses or writes it. The VOD pipeline writes the
 * master playlist and measures its renditions from their media playlists; live writes its master and
 * closes its event playlists; delivery and the jobs read which variant a master names first and how
 * long a recording is.
 */

/** Thrown on a value that would break a playlist's syntax (quotes, line breaks, a URI starting with '#'). */
function assertSafe(entry: { name: string; codecs?: string; uri: string }): void {
  if (
    (entry.codecs !== undefined && /["\r\n]/.test(entry.codecs)) ||
    /[\r\n]/.test(entry.uri) ||
    entry.uri.startsWith('#') ||
    !entry.uri
  ) {
    throw new Error(`invalid rendition entry: ${entry.name}`)
  }
}

function assertBandwidth(value: number): void {
  if (!Number.isInteger(value) || value <= 0) throw new RangeError(`bandwidth must be a positive integer: ${value}`)
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
    assertSafe(r)
    assertBandwidth(Math.round(r.bandwidth))
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

/** A variant of the live master playlist: the source states only its bandwidth (its size and codecs are the encoder's). */
export interface LiveMasterEntry {
  name: string
  bandwidth: number
  width?: number
  height?: number
  codecs?: string
  uri: string
}

/**
 * The live master playlist, in the order given (the source first): each variant's BANDWIDTH, and its
 * RESOLUTION and CODECS when known (RFC 8216 allows leaving them out).
 */
export function liveMasterPlaylist(variants: readonly LiveMasterEntry[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3']
  for (const v of variants) {
    assertSafe(v)
    assertBandwidth(Math.round(v.bandwidth))
    const attributes = [
      `BANDWIDTH=${Math.round(v.bandwidth)}`,
      ...(v.width && v.height ? [`RESOLUTION=${v.width}x${v.height}`] : []),
      ...(v.codecs ? [`CODECS="${v.codecs}"`] : []),
    ]
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, v.uri)
  }
  return `${lines.join('\n')}\n`
}

/** The first variant a master playlist names: the highest rendition (or the live source); null when none. */
export function firstVariant(master: string): string | null {
  const lines = master.split(/\r?\n/)
  const i = lines.findIndex((l) => l.startsWith('#EXT-X-STREAM-INF'))
  const uri = i >= 0 ? lines.slice(i + 1).find((l) => l.trim() !== '' && !l.startsWith('#')) : undefined
  return uri?.trim() ?? null
}

/** One segment of a media playlist. */
export interface PlaylistSegment {
  durationSec: number
  uri: string
}

/** The segments of an HLS media playlist (EXTINF durations and URIs); tags other than EXTINF are skipped. */
export function parseMediaPlaylist(text: string): PlaylistSegment[] {
  const segments: PlaylistSegment[] = []
  let duration: number | null = null
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim()
    if (!line) continue
    if (line.startsWith('#EXTINF:')) {
      duration = Number.parseFloat(line.slice(8))
    } else if (!line.startsWith('#') && duration !== null) {
      segments.push({ durationSec: duration, uri: line })
      duration = null
    }
  }
  return segments
}

/** Total length of the segments a media playlist names (its EXTINF durations). */
export function playlistSeconds(text: string): number {
  let total = 0
  for (const m of text.matchAll(/^#EXTINF:([0-9.]+)/gm)) total += Number(m[1])
  return total
}

/** Whether a media playlist is complete (#EXT-X-ENDLIST): a live window that will not grow again. */
export function isPlaylistEnded(text: string): boolean {
  return /^#EXT-X-ENDLIST\s*$/m.test(text)
}

/**
 * Closes a live media playlist that its writer left open (ffmpeg stopped before it could): the text with
 * #EXT-X-ENDLIST appended, or null when it is already closed or names no segment.
 */
/**
 * The media playlist with its last segment's EXTINF set to `seconds` (what its frames span, the last
 * frame's own length included): ffmpeg's HLS muxer, stopped at the end of a live game, writes that
 * last segment up to 2½ frames short. Null when the playlist has no segment or already says so.
 */
export function withLastSegmentSeconds(text: string, seconds: number): string | null {
  if (!Number.isFinite(seconds) || seconds <= 0) return null
  const lines = text.split('\n')
  const at = lines.findLastIndex((l) => l.startsWith('#EXTINF:'))
  if (at < 0) return null
  const listed = Number.parseFloat(lines[at]!.slice('#EXTINF:'.length))
  if (Math.abs(listed - seconds) < 1e-6) return null
  const title = lines[at]!.includes(',') ? lines[at]!.slice(lines[at]!.indexOf(',')) : ','
  lines[at] = `#EXTINF:${seconds.toFixed(6)}${title}`
  return lines.join('\n')
}

export function endPlaylist(text: string): string | null {
  if (isPlaylistEnded(text) || parseMediaPlaylist(text).length === 0) return null
  return `${text}${text.endsWith('\n') ? '' : '\n'}#EXT-X-ENDLIST\n`
}

/**
 * A finished (VOD) media playlist of the given segments in order, each with its duration; URIs may be
 * absolute paths (ffmpeg's HLS reader takes them as they are). Used to hand ffmpeg a chosen run of segments
 * as one input. Throws on a URI that would break the playlist's syntax or a duration that is not positive.
 */
export function vodMediaPlaylist(segments: readonly PlaylistSegment[]): string {
  const target = Math.max(1, ...segments.map((s) => Math.ceil(s.durationSec)))
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${target}`, '#EXT-X-MEDIA-SEQUENCE:0']
  lines.push('#EXT-X-PLAYLIST-TYPE:VOD')
  for (const s of segments) {
    assertSafe({ name: s.uri, uri: s.uri })
    if (!Number.isFinite(s.durationSec) || s.durationSec <= 0)
      throw new RangeError(`invalid duration: ${s.durationSec}`)
    lines.push(`#EXTINF:${s.durationSec.toFixed(6)},`, s.uri)
  }
  lines.push('#EXT-X-ENDLIST')
  return `${lines.join('\n')}\n`
}

/** One segment of a recording, where it sits on the recording's own timeline. */
export interface TimedSegment extends PlaylistSegment {
  /** Seconds from the recording's start to this segment's start. */
  startSec: number
  /** Whether a discontinuity comes before it (a live recording's reconnect). */
  discontinuity: boolean
  /**
   * The stream's clock at its first picture, ms since the epoch: its EXT-X-PROGRAM-DATE-TIME, or the one
   * before it carried on by the durations between; null in a playlist without any.
   */
  date: number | null
}

/** A finished recording's media playlist, read once and kept: what a premiere's window is cut from. */
export interface RecordingTimeline {
  targetDuration: number
  /** The init section (EXT-X-MAP URI) of fragmented MP4 segments, if any. */
  map: string | null
  segments: TimedSegment[]
  durationSec: number
}

/** The segments of a recording's media playlist on its own timeline, discontinuities and init section kept. */
export function recordingTimeline(text: string): RecordingTimeline {
  const segments: TimedSegment[] = []
  let duration: number | null = null
  let discontinuity = false
  let map: string | null = null
  let target = 0
  let at = 0
  let date: number | null = null
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim()
    if (!line) continue
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8))
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) {
      const parsed = Date.parse(line.slice(25))
      date = Number.isFinite(parsed) ? parsed : date
    } else if (line === '#EXT-X-DISCONTINUITY') discontinuity = true
    else if (line.startsWith('#EXT-X-TARGETDURATION:')) target = Number.parseInt(line.slice(22), 10) || 0
    else if (line.startsWith('#EXT-X-MAP:')) map = /URI="([^"]+)"/.exec(line)?.[1] ?? null
    else if (!line.startsWith('#') && duration !== null && Number.isFinite(duration) && duration > 0) {
      segments.push({
        uri: line,
        durationSec: duration,
        startSec: at,
        discontinuity: discontinuity && segments.length > 0,
        date,
      })
      at += duration
      if (date !== null) date += Math.round(duration * 1000)
      duration = null
      discontinuity = false
    }
  }
  const longest = Math.ceil(Math.max(0, ...segments.map((s) => s.durationSec)))
  return { targetDuration: Math.max(1, target, longest), map, segments, durationSec: at }
}

/**
 * Where on the recording's own timeline (seconds) the stream's clock read `date` (ms): inside the segment
 * whose pictures span it, or the start of the next segment when it fell in a gap (an encoder's
 * reconnect). Null when the recording carries no clock or `date` is before it began or after its end.
 */
export function positionAtDate(timeline: RecordingTimeline, date: number): number | null {
  let found: TimedSegment | null = null
  for (const s of timeline.segments) {
    if (s.date === null) continue
    if (s.date > date) {
      if (found === null) return null
      const end = (found.date as number) + found.durationSec * 1000
      return date < end ? found.startSec + (date - (found.date as number)) / 1000 : s.startSec
    }
    found = s
  }
  if (found === null) return null
  const offset = (date - (found.date as number)) / 1000
  return offset <= found.durationSec ? found.startSec + offset : null
}

/** The stream's clock (ms) at a position of the recording (seconds); null without a clock there. */
export function dateAtPosition(timeline: RecordingTimeline, positionSec: number): number | null {
  let found: TimedSegment | null = null
  for (const s of timeline.segments) {
    if (s.startSec > positionSec) break
    found = s
  }
  if (!found || found.date === null) return null
  return found.date + Math.round((positionSec - found.startSec) * 1000)
}

/**
 * How many of a recording's segments have been shown `elapsedSec` after a premiere's start: those that
 * end at or before that instant (a segment is listed once it has fully aired, as a live encoder
 * publishes it once written). Never a segment after "now".
 */
export function airedCount(timeline: RecordingTimeline, elapsedSec: number): number {
  const { segments } = timeline
  if (elapsedSec <= 0) return 0
  let lo = 0
  let hi = segments.length
  // The first segment whose end is after the instant.
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    const s = segments[mid] as TimedSegment
    if (s.startSec + s.durationSec <= elapsedSec + 1e-6) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * A premiere's live media playlist at `nowMs`: the recording's segments that have aired since `startsAtMs`,
 * from the first (the DVR reaches back to the start), each run after a discontinuity stamped with its
 * wall-clock time (EXT-X-PROGRAM-DATE-TIME), closed with ENDLIST once the whole recording has aired.
 * An EVENT playlist: it only grows, and every viewer asking at the same instant gets the same text.
 * Segment URIs are the recording's own (relative to the variant playlist), so no byte is re-encoded.
 */
export function premiereMediaPlaylist(timeline: RecordingTimeline, startsAtMs: number, nowMs: number): string {
  const count = airedCount(timeline, (nowMs - startsAtMs) / 1000)
  const ended = count === timeline.segments.length && timeline.segments.length > 0
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    `#EXT-X-TARGETDURATION:${timeline.targetDuration}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-DISCONTINUITY-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:EVENT',
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ]
  if (timeline.map) {
    assertSafe({ name: 'map', uri: timeline.map })
    lines.push(`#EXT-X-MAP:URI="${timeline.map}"`)
  }
  for (let i = 0; i < count; i++) {
    const s = timeline.segments[i] as TimedSegment
    assertSafe({ name: s.uri, uri: s.uri })
    if (s.discontinuity) lines.push('#EXT-X-DISCONTINUITY')
    if (i === 0 || s.discontinuity) {
      lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(startsAtMs + Math.round(s.startSec * 1000)).toISOString()}`)
    }
    lines.push(`#EXTINF:${s.durationSec.toFixed(6)},`, s.uri)
  }
  if (ended) lines.push('#EXT-X-ENDLIST')
  return `${lines.join('\n')}\n`
}
