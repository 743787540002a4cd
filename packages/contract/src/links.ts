import { z } from 'zod'

/**
 * An address the site links to, navigates to or loads (a menu item, a slide, a channel route, the
 * domain category's fallback, a social profile, an image): an absolute `http(s)://` URL, or a path of
 * this site (`/…`, not `//…`, which the browser takes as another host). Nothing else: `javascript:`,
 * `data:` and other schemes, a backslash (which browsers read as `/`), spaces, tabs and line breaks
 * (which browsers drop, `/\t/evil` becoming `//evil`) are refused.
 */
export const LINK_PATTERN =
  /^(?:https?:\/\/(?:[A-Za-z0-9-]+\.)*[A-Za-z0-9-]+(?::\d{1,5})?(?:[/?#][^\s\\]*)?|\/(?![/\\])[^\s\\]*)$/i

export const linkMessage = 'Use an address starting with https:// or http://, or a path of this site starting with /'

/** Whether `value` is such an address (the web app asks before it navigates to one it got from data). */
export const isSafeLink = (value: string) => LINK_PATTERN.test(value)

/** A link field of the console and the API (trimmed, at most 500 characters). */
export const LinkSchema = z.string().trim().max(500).regex(LINK_PATTERN, linkMessage)
