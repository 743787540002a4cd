import { isSafeLink } from '@fieldhouse/contract'

/**
 * An address from data (the channel's settings, its routes) the app may send the browser to: an
 * absolute http(s) URL or a path of the site, else null. The server refuses anything else in these
 * fields; this keeps a `javascript:` or `data:` address that reached the data some other way from
 * ever reaching `window.location`.
 */
export function navigableUrl(value: string | null | undefined): string | null {
  const trimmed = value?.trim()
  return trimmed && isSafeLink(trimmed) ? trimmed : null
}
