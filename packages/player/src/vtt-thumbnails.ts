/** One seek-preview picture: a part of a sprite image shown for a span of the video. */
export interface ThumbnailCue {
  /** Seconds. */
  start: number
  end: number
  /** The sprite (or single image), resolved against the WebVTT file's address, without the fragment. */
  url: string
  /** The part of the sprite, from `#xywh=x,y,w,h`; null when the cue names a whole image. */
  box: { x: number; y: number; w: number; h: number } | null
}

const PLACEHOLDER_ORIGIN = 'http://placeholder.invalid'

/** `url` read relative to `base`; relative stays relative (path and query) when `base` was a path. */
export function resolveAgainst(url: string, base: string): string {
  const resolved = new URL(url, new URL(base, `${PLACEHOLDER_ORIGIN}/`))
  return resolved.origin === PLACEHOLDER_ORIGIN ? `${resolved.pathname}${resolved.search}` : resolved.href
}

/** `01:02:03.500` or `02:03.500` → seconds; NaN when it is neither. */
export function parseVttTimestamp(text: string): number {
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{2})(?:[.,](\d{1,3}))?$/.exec(text.trim())
  if (!match) return Number.NaN
  const [, hours = '0', minutes = '0', seconds = '0', fraction = '0'] = match
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(fraction.padEnd(3, '0')) / 1000
}

/**
 * The cues of a thumbnails WebVTT file (spec §3 media type 5): each cue's text is an image address,
 * usually `sprite.jpg#xywh=x,y,w,h`. Cues that cannot be read are skipped; the result is in time order.
 */
export function parseThumbnailVtt(text: string, vttUrl: string): ThumbnailCue[] {
  const blocks = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
  const cues: ThumbnailCue[] = []
  for (const block of blocks) {
    const lines = block.split('\n').filter((line) => line.trim() !== '')
    const timingIndex = lines.findIndex((line) => line.includes('-->'))
    if (timingIndex === -1) continue
    const [from = '', rest = ''] = lines[timingIndex]!.split('-->')
    const start = parseVttTimestamp(from)
    // Cue settings may follow the end time.
    const end = parseVttTimestamp(rest.trim().split(/\s+/)[0] ?? '')
    const target = lines[timingIndex + 1]?.trim()
    if (!target || !Number.isFinite(start) || !Number.isFinite(end) || end <= start) continue
    const hashAt = target.indexOf('#')
    const address = hashAt === -1 ? target : target.slice(0, hashAt)
    const fragment = hashAt === -1 ? '' : target.slice(hashAt + 1)
    const xywh = /(?:^|&)xywh=(?:pixel:)?(\d+),(\d+),(\d+),(\d+)/.exec(fragment)
    cues.push({
      start,
      end,
      url: resolveAgainst(address, vttUrl),
      box: xywh ? { x: Number(xywh[1]), y: Number(xywh[2]), w: Number(xywh[3]), h: Number(xywh[4]) } : null,
    })
  }
  return cues.sort((a, b) => a.start - b.start)
}

/** The cue showing at `time` (seconds), or the nearest one before it; null before the first. */
export function thumbnailAt(cues: readonly ThumbnailCue[], time: number): ThumbnailCue | null {
  let low = 0
  let high = cues.length - 1
  let found: ThumbnailCue | null = null
  while (low <= high) {
    const middle = (low + high) >> 1
    const cue = cues[middle]!
    if (cue.start <= time) {
      found = cue
      low = middle + 1
    } else {
      high = middle - 1
    }
  }
  return found
}
