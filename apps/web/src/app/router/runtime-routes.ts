import type { ChannelRoute, PageSummary } from '@fieldhouse/contract'
import { firstSegment, normalizePath, reservedFirstSegments } from '../../lib/navigation/paths'
import { navigableUrl } from '../../lib/navigation/safe-navigation'

export type RuntimeRoute =
  | { kind: 'page'; path: string; page: PageSummary }
  | { kind: 'redirect'; path: string; to: string; external: boolean }

const reserved: readonly string[] = reservedFirstSegments

/** Paths the app owns (and `/` itself) stay the app's, whatever the channel configures. */
function isFreePath(path: string): boolean {
  const normalized = normalizePath(path)
  return normalized !== '/' && !reserved.includes(firstSegment(normalized))
}

const isAbsoluteUrl = (value: string) => /^https?:\/\//i.test(value)

/**
 * Spec §2: every CMS page becomes a route at its url, and the channel's own routes redirect.
 * Pages come first so a page wins over a redirect on the same path; duplicates keep the first.
 * The information pages (/about, /contacts, /privacy_policy, /terms_conditions) are app routes that
 * show their CMS page themselves, so they are not added again here.
 */
export function runtimeRoutes(pages: readonly PageSummary[], channelRoutes: readonly ChannelRoute[]): RuntimeRoute[] {
  const taken = new Set<string>()
  const routes: RuntimeRoute[] = []
  for (const page of pages) {
    const path = normalizePath(page.url.startsWith('/') ? page.url : `/${page.url}`)
    if (!isFreePath(path) || taken.has(path)) continue
    taken.add(path)
    routes.push({ kind: 'page', path, page })
  }
  for (const route of channelRoutes) {
    const path = normalizePath(route.path)
    // Only to an http(s) address or a path of the site: never `javascript:` into window.location.
    const to = navigableUrl(route.redirect)
    if (!isFreePath(path) || taken.has(path) || !to) continue
    taken.add(path)
    routes.push({ kind: 'redirect', path, to, external: isAbsoluteUrl(to) })
  }
  return routes
}
