import { formatDate, type VodMedia } from '@fieldhouse/contract'

/** "1:30", "12:05", "1:02:03": a running time the way players show it. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(Number.isFinite(seconds) ? seconds : 0))
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const rest = String(total % 60).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`
}

/** The picture of a video (spec §3: assets of type image or preview), the image first. */
export const vodImage = (item: Pick<VodMedia, 'assets'>): string | undefined =>
  (item.assets.find((asset) => asset.type === 'image') ?? item.assets.find((asset) => asset.type === 'preview'))?.path

/** The day a video was published (its UTC day), as the interface language writes it. */
export const formatVodDate = (iso: string, locale = 'en'): string =>
  Number.isNaN(Date.parse(iso)) ? '' : formatDate(iso, 'UTC', { locale })

/** The search box's words as the API wants them: trimmed, and nothing at all when empty. */
export const searchTitle = (text: string | null | undefined): string | undefined => {
  const clean = text?.trim().replace(/\s+/g, ' ')
  return clean ? clean.slice(0, 100) : undefined
}

/** Where the next step of a rail goes: one card on, or back to the start after the last. */
export function nextRailPosition(
  track: { scrollLeft: number; clientWidth: number; scrollWidth: number },
  step: number,
  direction: 1 | -1 = 1,
): number {
  const end = Math.max(0, track.scrollWidth - track.clientWidth)
  if (direction === 1) return track.scrollLeft >= end - 2 ? 0 : Math.min(end, track.scrollLeft + step)
  return track.scrollLeft <= 2 ? end : Math.max(0, track.scrollLeft - step)
}
