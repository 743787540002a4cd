import { normalizePath, paths } from './paths'
import { isSignedOutOnlyPage, type LastPage } from './remember-page'

/**
 * Spec §2 navigation rules as pure functions; `app/router/root-route.tsx` applies them on every render
 * of the route tree.
 */

/**
 * Where the basic-pass gate sends a signed-in viewer who has not chosen the pass. The spec calls it "a
 * configured route"; the channel settings carry no such field, so it is configured here.
 */
export const basicPassRoute: string = paths.packages

/**
 * Spec §2: without the basic pass only these pages are open (privacy, terms, packages, buy, select-package),
 * and the alert emails' unsubscribe link (decision 0056), which must work for whoever opens it.
 */
export function isOpenWithoutBasicPass(pathname: string): boolean {
  const path = normalizePath(pathname)
  return (
    path === paths.unsubscribe ||
    path === paths.privacyPolicy ||
    path === paths.termsConditions ||
    path === paths.packages ||
    path === paths.buy ||
    /^\/select-package\/\d+$/.test(path)
  )
}

/**
 * Spec §2 startup: "when the profile loads, a user standing on an auth page is sent to /". Of the spec's
 * auth pages, /verify-email is left out (its link carries its own result: signing in as the verified
 * account) and so is /404 (the viewer should still see that the address was wrong).
 */
export function isAuthPageForSignedIn(pathname: string): boolean {
  return isSignedOutOnlyPage(pathname) || normalizePath(pathname) === paths.verifyNotice
}

/**
 * Spec §4 basic pass, as far as navigation cares:
 * - `not-needed`: the channel has no passes form, or nobody is signed in;
 * - `selected` / `required`: the form's flag is truthy or absent / falsy;
 * - `unknown`: the form is still loading.
 */
export type BasicPassStatus = 'not-needed' | 'selected' | 'required' | 'unknown'

export interface GuardInput {
  pathname: string
  user: { temporary_password: boolean } | null
  basicPass: BasicPassStatus
  /** Where a sign-in that has just happened leads (the last visited page); null otherwise. */
  afterSignIn: string | null
}

/**
 * - `stay`: render the page;
 * - `redirect`: replace the location with `to`;
 * - `wait`: the decision needs the basic-pass status first, so show a loader instead of the page.
 */
export type GuardDecision = { kind: 'stay' } | { kind: 'redirect'; to: string } | { kind: 'wait' }

const stay: GuardDecision = { kind: 'stay' }
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to })

/**
 * The signed-in rules of spec §2, most binding first:
 * 1. A temporary password keeps the user on /profile/edit (and nothing else applies there, so the
 *    basic-pass gate cannot bounce them off it).
 * 2. Sign-in, sign-up and password-reset pages lead to the page a fresh sign-in returns to, else /.
 * 3. Without the basic pass only its open pages may be visited; the rest leads to /packages.
 */
export function guardNavigation({ pathname, user, basicPass, afterSignIn }: GuardInput): GuardDecision {
  if (!user) return stay
  const path = normalizePath(pathname)

  if (user.temporary_password) return path === paths.profileEdit ? stay : redirect(paths.profileEdit)

  if (isSignedOutOnlyPage(path)) {
    const target = afterSignIn && !isSignedOutOnlyPage(pathOf(afterSignIn)) ? afterSignIn : paths.home
    return redirect(target)
  }

  if (!isOpenWithoutBasicPass(path)) {
    if (basicPass === 'required') return redirect(basicPassRoute)
    if (basicPass === 'unknown') return { kind: 'wait' }
  }
  return stay
}

const loginOrRegistration: readonly string[] = [paths.login, paths.registration]

/**
 * Spec §2: "leaving login or registration straight to /buy when not logged in goes back one step"
 * (/buy needs a signed-in viewer, so going there from the sign-in pages would only bounce back).
 */
export function shouldStepBack({
  from,
  to,
  signedIn,
}: {
  from: string | null
  to: string
  signedIn: boolean
}): boolean {
  if (signedIn || from === null) return false
  return loginOrRegistration.includes(normalizePath(from)) && normalizePath(to) === paths.buy
}

/** Spec §2: login and registration lead to the last visited page (path and query), else home. */
export function lastPageHref(lastPage: LastPage | null): string {
  if (!lastPage?.path.startsWith('/') || lastPage.path.startsWith('//')) return paths.home
  const search = new URLSearchParams(lastPage.query).toString()
  return search ? `${lastPage.path}?${search}` : lastPage.path
}

/** The path part of a router href (`/watch/1?modal=buy` → `/watch/1`). */
export const pathOf = (href: string) => href.split(/[?#]/, 1)[0] ?? href
