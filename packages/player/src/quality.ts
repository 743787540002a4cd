/** What the quality menu needs of an hls.js level. */
export interface LevelInfo {
  height: number
  width: number
  bitrate: number
  frameRate?: number
}

export interface QualityOption {
  /** The hls.js level index. */
  index: number
  label: string
}

/** "1080p", "720p60", or "800 kbps" for an audio-only or unlabelled rendition. */
export function qualityLabel(level: LevelInfo): string {
  if (level.height > 0) {
    const fps = level.frameRate && level.frameRate > 30 ? Math.round(level.frameRate) : ''
    return `${level.height}p${fps}`
  }
  return bitrateLabel(level.bitrate)
}

const bitrateLabel = (bitrate: number) =>
  bitrate >= 1_000_000 ? `${(bitrate / 1_000_000).toFixed(1)} Mbps` : `${Math.round(bitrate / 1000)} kbps`

/**
 * The menu's renditions, best first. Two renditions of the same height (a ladder with two bitrates at
 * 720p) are told apart by their bitrate.
 */
export function qualityOptions(levels: readonly LevelInfo[]): QualityOption[] {
  const options = levels.map((level, index) => ({ index, level, label: qualityLabel(level) }))
  const counts = new Map<string, number>()
  for (const option of options) counts.set(option.label, (counts.get(option.label) ?? 0) + 1)
  return options
    .sort((a, b) => b.level.height - a.level.height || b.level.bitrate - a.level.bitrate)
    .map(({ index, level, label }) => ({
      index,
      label: (counts.get(label) ?? 0) > 1 && level.height > 0 ? `${label} · ${bitrateLabel(level.bitrate)}` : label,
    }))
}
