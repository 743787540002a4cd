import type { SocialProvider } from '@fieldhouse/contract'
import { useMutation } from '@tanstack/react-query'
import { useApiClient } from '../../api/api-context'
import { SocialStartAnswerSchema } from './session-schemas'

export interface SocialSignInInput {
  provider: SocialProvider
  redirect_path?: string
  /** Sent from the registration page once the terms are accepted (spec §5: unregistered social users). */
  terms?: boolean
  news?: boolean
}

/** `POST /api/v2/auth/social/{provider}`, then off to the provider's page. */
export function useSocialSignIn() {
  const api = useApiClient()
  return useMutation({
    mutationFn: async ({ provider, ...fields }: SocialSignInInput) => {
      const { url } = SocialStartAnswerSchema.parse((await api.post(`v2/auth/social/${provider}`, { ...fields })).data)
      if (!isSafeProviderUrl(url)) throw new Error('The sign-in address is not a web address')
      return url
    },
    onSuccess: (url) => window.location.assign(url),
  })
}

/** Only a web address (or one of our own paths) may take the browser to the provider's page. */
export function isSafeProviderUrl(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\')
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:'
  } catch {
    return false
  }
}
