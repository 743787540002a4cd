/**
 * Quality of experience from a stream's video events (pure; the repository hands the rows in view
 * order). Startup time: from a view's first `play` to its first `first_frame` after it. Rebuffering:
 * each `stall_start` to the next `stall_end` of the same view. A failed playback: a view that sent
 * `error` and never a `first_frame`. Times are the client's clock where it sent one (both ends of an
 * interval come from the same clock), else the service's.
 */
export interface VideoEventRow {
  view_uuid: string | null
  name: string
  at: number
  client_ts: number | null
}

export interface Quality {
  /** Milliseconds, one per view that reached its first frame after play. */
  startupMs: number[]
  /** Seconds spent stalled. */
  stallSeconds: number
  /** Views that played, reached a frame or failed. */
  views: number
  /** Views that failed before their first frame. */
  failedViews: number
}

export function qualityOf(rows: VideoEventRow[]): Quality {
  const byView = new Map<string, VideoEventRow[]>()
  for (const r of rows) {
    if (!r.view_uuid) continue
    const list = byView.get(r.view_uuid) ?? []
    list.push(r)
    byView.set(r.view_uuid, list)
  }
  const quality: Quality = { startupMs: [], stallSeconds: 0, views: 0, failedViews: 0 }
  let stallMs = 0
  for (const events of byView.values()) {
    let playAt: number | null = null
    let firstFrame = false
    let failed = false
    let stallAt: number | null = null
    let counted = false
    for (const e of events) {
      const t = e.client_ts ?? e.at
      if (e.name === 'play' || e.name === 'first_frame' || e.name === 'error') counted = true
      if (e.name === 'play' && playAt === null && !firstFrame) playAt = t
      else if (e.name === 'first_frame' && !firstFrame) {
        firstFrame = true
        if (playAt !== null) quality.startupMs.push(Math.max(0, t - playAt))
      } else if (e.name === 'error' && !firstFrame) failed = true
      else if (e.name === 'stall_start' && stallAt === null) stallAt = t
      else if (e.name === 'stall_end' && stallAt !== null) {
        stallMs += Math.max(0, t - stallAt)
        stallAt = null
      }
    }
    if (counted) quality.views += 1
    if (failed && !firstFrame) quality.failedViews += 1
  }
  quality.stallSeconds = stallMs / 1000
  return quality
}

/** Nearest-rank percentile (the value at rank ⌈p·n⌉); null for no values. */
export function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length))
  return sorted[rank - 1] as number
}

/** A share in percent, rounded to one decimal; null when there is nothing to share. */
export const percentOf = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null
