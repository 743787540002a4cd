/**
 * Tags the server writes into the head of the app's page: every value escaped, so
 * nothing an operator or a viewer typed closes an attribute or opens a tag.
 */

/** Text for an HTML attribute in double quotes (or a text node): nothing in it closes the attribute or opens a tag. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  )

/** An address a preload may name: a path on this site, or an http(s) URL (no `data:`, no `javascript:`). */
export const isPreloadable = (href: string) => /^(\/(?!\/)|https?:\/\/)/i.test(href) && href.length <= 2000

/**
 * The preload of the picture a page paints largest, asked for at the HTML's arrival at high priority.
 * `href` must be the page's `<img src>` or `<video poster>` exactly (no srcset: the pages use none), or
 * the browser fetches it twice.
 */
export const imagePreloadTag = (href: string) =>
  `<link rel="preload" as="image" href="${escapeHtml(href)}" fetchpriority="high">`
