import { SocialProvider } from '@fieldhouse/contract'

export const socialProviders: readonly SocialProvider[] = [SocialProvider.google, SocialProvider.facebook]

/** Brand names are not translated. */
export const providerName: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' }

const asProvider = (value: string | null): SocialProvider | null =>
  socialProviders.find((provider) => provider === value) ?? null

/** The providers this deployment has credentials for (runtime config `authProviders`), in our order. */
export const enabledProviders = (configured: readonly string[]): SocialProvider[] =>
  socialProviders.filter((provider) => configured.includes(provider))

/**
 * How a social sign-in came back (the server's callback ends on our pages):
 * - `/login?code=…[&redirect=/path]`: signed in; the code is exchanged for a session
 *   (`POST auth/add_session`), then the viewer goes to `redirect` (the `redirect_path` we started with);
 * - `/registration?social=google&error=not_registered`: the account does not exist yet (spec §5);
 * - `/login?social_error=expired|cancelled|failed|email_taken` (or another `error`): it did not work.
 */
export type SocialReturn =
  | { kind: 'code'; code: string; redirect: string | null }
  | { kind: 'not-registered'; provider: SocialProvider | null }
  | { kind: 'failed'; provider: SocialProvider | null; reason: string }

export function readSocialReturn(search: string): SocialReturn | null {
  const query = new URLSearchParams(search)
  const code = query.get('code')?.trim()
  if (code) return { kind: 'code', code, redirect: localPath(query.get('redirect')) }
  const provider = asProvider(query.get('social'))
  const error = query.get('social_error') ?? query.get('error')
  if (!error) return null
  return error === 'not_registered' ? { kind: 'not-registered', provider } : { kind: 'failed', provider, reason: error }
}

/** A path of this site (`/…`, not `//host`), or null: a return address must never leave the site. */
export function localPath(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
  return value
}

/**
 * The `redirect_path` a social sign-in may carry (contract: a path of this site, at most 500
 * characters, not `/` itself). Home needs no return address: it is where a sign-in goes anyway.
 */
export function socialRedirectPath(href: string): string | undefined {
  return /^\/[^/\\]/.test(href) && href.length <= 500 ? href : undefined
}
