import type { SocialProvider } from '@fieldhouse/contract'
import { type SocialSignInInput, useSocialSignIn } from '../../lib/entities/session/use-social-sign-in'
import { lastPageHref } from '../../lib/navigation/navigation-rules'
import { useAppStore } from '../../lib/store/app-store'
import { socialRedirectPath } from './social'

/**
 * Starts a social sign-in. `pending` stays set once the provider's address is known, while the
 * browser leaves for it, so the buttons do not come back to life in between.
 */
export function useSocialStart() {
  const mutation = useSocialSignIn()
  const pending: SocialProvider | null =
    mutation.isPending || mutation.isSuccess ? (mutation.variables?.provider ?? null) : null
  const start = (provider: SocialProvider, fields: Omit<SocialSignInInput, 'provider' | 'redirect_path'> = {}) =>
    mutation.mutate({
      provider,
      redirect_path: socialRedirectPath(lastPageHref(useAppStore.getState().lastPage)),
      ...fields,
    })
  return { start, pending, error: mutation.error, reset: mutation.reset }
}
