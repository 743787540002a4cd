/**
 * What the head of the app's page says before any script runs, by path: which page the path is
 * (the web app's routes), and the preload link of the picture that page paints largest.
 */

/** The pages whose largest paint the server knows (the web app's routes, case-insensitive as its router). */
export type HeadRoute =
  | { kind: 'home' }
  /** `/watch/{id}` and `/watch_embed/{id}`: an event's player. */
  | { kind: 'event'; id: number }
  /** `/watch_library/{id}`: a library video's player. */
  | { kind: 'vod'; id: number }
  /** `/share/{id}/{uuid}`: a shared clip. */
  | { kind: 'share'; id: number; uuid: string }

const WATCH = /^\/(watch|watch_embed|watch_library)\/(\d{1,10})\/?$/i
const SHARE = /^\/share\/([1-9][0-9]{0,9})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/
/** `/?team=` and `/?school=` show a team's or a school's page instead of the home page (no slides). */
const HOME_ELSEWHERE = ['team', 'school']

/** The page a request's URL (path and query) opens, or null for one whose largest paint the server does not know. */
export function headRouteOf(url: string): HeadRoute | null {
  const queryAt = url.indexOf('?')
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt)
  if (pathname === '/') {
    const query = new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1))
    return HOME_ELSEWHERE.some((name) => query.get(name)?.trim()) ? null : { kind: 'home' }
  }
  const watch = WATCH.exec(pathname)
  if (watch) {
    const id = Number(watch[2])
    if (id < 1) return null
    return watch[1]?.toLowerCase() === 'watch_library' ? { kind: 'vod', id } : { kind: 'event', id }
  }
  const share = SHARE.exec(pathname)
  return share ? { kind: 'share', id: Number(share[1]), uuid: share[2] as string } : null
}

/**
 * A library video's picture when its recording has no poster: the first of its assets of type image,
 * else of type preview (the web app's `vodImage`, which the library page falls back to).
 */
export const vodPicture = (assets: readonly { type: string; path: string }[]): string | null =>
  (assets.find((asset) => asset.type === 'image') ?? assets.find((asset) => asset.type === 'preview'))?.path ?? null
