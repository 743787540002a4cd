import { normalizePath, paths } from './paths'

/**
 * Spec §2: the auth pages (and 404) are never remembered as the last page; nor is the alert emails'
 * unsubscribe link (a token for one press, not a page to come back to after signing in).
 */
export const notRememberedPaths: readonly string[] = [
  paths.login,
  paths.registration,
  paths.verifyNotice,
  paths.passwordResetRequest,
  paths.passwordReset,
  paths.notFound,
  paths.verifyEmail,
  paths.unsubscribe,
]

/** Spec §2: a signed-in user who stands on one of these is sent home. */
export const signedOutOnlyPaths: readonly string[] = [
  paths.login,
  paths.registration,
  paths.passwordResetRequest,
  paths.passwordReset,
]

export interface LastPage {
  path: string
  query: Record<string, string>
  params: Record<string, string>
}

export const shouldRememberPage = (pathname: string) => !notRememberedPaths.includes(normalizePath(pathname))

export const isSignedOutOnlyPage = (pathname: string) => signedOutOnlyPaths.includes(normalizePath(pathname))

/** What to save when the viewer lands on a page, or null when the page is not remembered. */
export function pageToRemember(
  location: { pathname: string; search: string },
  params: Readonly<Record<string, string | undefined>>,
): LastPage | null {
  if (!shouldRememberPage(location.pathname)) return null
  const definedParams = Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  )
  return {
    path: location.pathname,
    query: Object.fromEntries(new URLSearchParams(location.search)),
    params: definedParams,
  }
}
