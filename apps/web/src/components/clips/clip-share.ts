import type { Clip } from '@fieldhouse/contract'
import { useHref } from 'react-router'
import { paths } from '../../lib/navigation/paths'

/** The share link of a clip, absolute: the router's href (base path included) on the site's origin. */
export const absoluteUrl = (routerHref: string, origin: string) => new URL(routerHref, origin).href

/** `/share/{id}/{uuid}` of the clip, absolute, under the app's base path. */
export function useShareUrl(clip: Pick<Clip, 'id' | 'uuid'>): string {
  const href = useHref(paths.share(clip.id, clip.uuid))
  return absoluteUrl(href, window.location.origin)
}

/** Copies the link; false when the browser refuses the clipboard (the caller then shows the link). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

/** What a clip is of, for lists and its share page: the game's name, or the library video's title. */
export const clipOfName = (clip: Pick<Clip, 'event_name' | 'vod_media_item_title'>): string | null =>
  clip.event_name ?? clip.vod_media_item_title ?? null
