import type { AdminClip, Clip } from '@fieldhouse/contract'
import { escapeHtml } from '../../lib/html-head.js'
import { parseJson } from '../../lib/json.js'
import type { ClipWithEvent, ModeratedClip } from './clips.repository.js'

/**
 * A clip's name in the media store and in its media URLs: `{id}-{uuid}`. Ids are never reused, and the
 * uuid makes the name one clip's only, so a stored file, a cached poster or a signed link never shows
 * another clip.
 */
export const clipRef = (clip: { id: number; uuid: string }) => `${clip.id}-${clip.uuid}`

/** Reads a `{id}-{uuid}` clip name; null when it is not one. */
export function parseClipRef(text: string): { id: number; uuid: string } | null {
  const m = /^([1-9][0-9]{0,9})-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(text)
  return m ? { id: Number(m[1]), uuid: m[2] as string } : null
}

/** Where a clip's files are in the media store: `clips/{id}-{uuid}/`. */
export const clipKey = (clip: { id: number; uuid: string }, file?: string) =>
  file ? `clips/${clipRef(clip)}/${file}` : `clips/${clipRef(clip)}`

/** The public poster of a ready clip: keyed by its uuid, so only those with the link can guess it. */
export const clipPosterUrl = (clip: { id: number; uuid: string }) => `/media/cp/${clip.id}/${clip.uuid}/poster.jpg`

/**
 * A clip as the lists show it; `poster` is where its poster is for this viewer (the public one, or a
 * signed one of a clip that is not public), null while it is not ready.
 */
export function presentClip(
  row: ClipWithEvent,
  poster: string | null = row.status === 'ready' ? clipPosterUrl(row) : null,
): Clip {
  return {
    id: row.id,
    uuid: row.uuid,
    event_id: row.event_id,
    vod_media_item_id: row.vod_item_id,
    event_media_id: row.asset_id,
    name: row.name,
    tags: parseJson<string[]>(row.tags, []),
    start_time: Number(row.start_time),
    duration: Number(row.duration),
    status: row.status,
    failure_reason: row.failure_reason,
    poster,
    created_at: new Date(Number(row.created_at)).toISOString(),
    event_name: row.event_name,
    vod_media_item_title: row.vod_title,
    official: row.official === 1,
    programme_start: row.programme_start === null ? null : Number(row.programme_start),
  }
}

/** A clip as the console's moderation lists it (decision 0024). */
export function presentModeratedClip(
  row: ModeratedClip,
  poster: string | null = row.status === 'ready' ? clipPosterUrl(row) : null,
): AdminClip {
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    tags: parseJson<string[]>(row.tags, []),
    event: row.event_id !== null && row.event_name !== null ? { id: row.event_id, name: row.event_name } : null,
    author: { id: row.user_id, email: row.author_email },
    status: row.status,
    failure_reason: row.failure_reason,
    start_time: Number(row.start_time),
    duration: Number(row.duration),
    poster,
    share_url: `/share/${row.id}/${row.uuid}`,
    created_at: Number(row.created_at),
    downloads: Number(row.downloads ?? 0),
  }
}

/** The Open Graph and Twitter card tags of a shared clip's page; every value escaped, every URL absolute. */
export function shareMetaTags(p: {
  title: string
  description: string
  pageUrl: string
  imageUrl: string
  videoUrl: string
  width?: number
  height?: number
}): string {
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'video.other'],
    ['property', 'og:title', p.title],
    ['property', 'og:description', p.description],
    ['property', 'og:url', p.pageUrl],
    ['property', 'og:image', p.imageUrl],
    ['property', 'og:video', p.videoUrl],
    ['property', 'og:video:secure_url', p.videoUrl],
    ['property', 'og:video:type', 'video/mp4'],
    ...(p.width && p.height
      ? ([
          ['property', 'og:video:width', String(p.width)],
          ['property', 'og:video:height', String(p.height)],
        ] as [string, string, string][])
      : []),
    // A player card needs an https page made for an iframe; the large image links to the page instead.
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', p.title],
    ['name', 'twitter:description', p.description],
    ['name', 'twitter:image', p.imageUrl],
  ]
  return tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`).join('\n')
}
