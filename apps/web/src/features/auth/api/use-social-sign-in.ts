import type { SocialProvider } from '@fieldhouse/contract'
import { useMutation } from '@tanstack/react-query'
import { useApiClient } from '../../../lib/api/api-context'
import { isSafeProviderUrl } from '../social'
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
