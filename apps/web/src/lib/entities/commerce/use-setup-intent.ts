import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { useApiClient } from '../../api/api-context'

/**
 * `POST /api/stripe/setup-intent`: a SetupIntent's client secret, with which Stripe.js saves a card for
 * later charges (and runs 3-D Secure once, now, while the viewer is here). Used for a free trial with
 * Stripe: its card is charged off-session when the trial ends.
 */
export function useSetupIntent() {
  const api = useApiClient()
  return useMutation({
    mutationFn: async () =>
      z.object({ client_secret: z.string() }).parse((await api.post('stripe/setup-intent', {})).data).client_secret,
  })
}
