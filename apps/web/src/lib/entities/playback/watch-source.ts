import type { PlaybackSource } from './use-fetch-playback'

/** The `{id}` of a watch route: digits only, else null (the page says it cannot be found). */
export const watchIdOf = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : null)

const WATCH_PATH = /^\/(watch|watch_embed|watch_library)\/([^/]+)\/?$/i

/**
 * The video a watch page at `pathname` plays (`/watch/{id}` and `/watch_embed/{id}` an event,
 * `/watch_library/{id}` a library video), below the router's `basename`; null for any other page.
 */
export function watchSourceOf(pathname: string, basename: string): PlaybackSource | null {
  const base = basename.replace(/\/+$/, '')
  if (base && pathname !== base && !pathname.startsWith(`${base}/`)) return null
  const match = WATCH_PATH.exec(pathname.slice(base.length))
  const id = watchIdOf(match?.[2])
  if (!match || id === null) return null
  return match[1]?.toLowerCase() === 'watch_library' ? { kind: 'vod', id } : { kind: 'event', id }
}

/** The API path of a watch page's detail (`GET /api/events/{id}`, `GET /api/vod-media-items/{id}`). */
export const watchDetailPath = (source: PlaybackSource) =>
  source.kind === 'event' ? `events/${source.id}` : `vod-media-items/${source.id}`
