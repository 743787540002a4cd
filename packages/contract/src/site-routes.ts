/**
 * The paths the site itself owns (spec §2's routes, the console, the server's own prefixes), in one
 * list: the web router keeps them for its views, and a CMS page or a channel route may not take them.
 */

/** First path segments of the viewer app's routes (spec §2), `/` aside. */
export const reservedFirstSegments = [
  'packages',
  'unsubscribe',
  'vod_library',
  'watch',
  'watch_embed',
  'watch_library',
  'share',
  'upcoming',
  'vod',
  'live',
  'schedule',
  'login',
  'registration',
  'verify-notice',
  'verify-email',
  'password-reset-request',
  'password-reset',
  'confirm-account-deletion',
  'profile',
  'contacts',
  'faq',
  'about',
  'buy',
  'select-package',
  'simulate',
  'moments',
  'privacy_policy',
  'terms_conditions',
  '404',
] as const

/** First segments the server answers itself (the API, media files, the console, health checks). */
export const serverFirstSegments = ['admin', 'api', 'media', 'f', 'health', 'runtime-config.json'] as const

/**
 * The information pages (spec §2): app routes that show the CMS page whose url is theirs, so a page
 * may have exactly this url (the demo channel's seeded pages do).
 */
export const cmsPageRoutes = ['/about', '/contacts', '/privacy_policy', '/terms_conditions'] as const

/** `/Login/` and `/login` are the same page to the router, so compare them the same way. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '').toLowerCase()
  return trimmed === '' ? '/' : trimmed
}

export const firstSegment = (pathname: string) => normalizePath(pathname).split('/')[1] ?? ''

const taken: readonly string[] = [...reservedFirstSegments, ...serverFirstSegments]
const pageRoutes: readonly string[] = cmsPageRoutes

/**
 * Why a CMS page may not have this url (`/`-led, normalised), or null when it may: the site's own
 * routes stay the site's, except the information pages that show their CMS page.
 */
export function reservedPageUrl(url: string): string | null {
  const path = normalizePath(url)
  if (path === '/') return 'The home page is the site’s own: choose another address'
  if (pageRoutes.includes(path)) return null
  const segment = firstSegment(path)
  return taken.includes(segment) ? `/${segment} is a page of the site itself: choose another address` : null
}
