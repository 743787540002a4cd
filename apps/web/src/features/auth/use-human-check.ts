import { messages } from '@fieldhouse/contract'
import { useCallback } from 'react'
import { useSettings } from '../../lib/entities/channel/use-settings'
import { recaptchaToken } from '../../lib/recaptcha/recaptcha'

export class HumanCheckError extends Error {
  constructor(cause: unknown) {
    super(messages.recaptchaRequired, { cause })
    this.name = 'HumanCheckError'
  }
}

/**
 * `() => token` for a form's submit when the channel requires the human check, else `() => undefined`.
 * A check that cannot run fails with the spec's "Google recaptcha token required." words.
 */
export function useHumanCheck(action: string): () => Promise<string | undefined> {
  const siteKey = useSettings().recaptcha.site_key
  return useCallback(async () => {
    if (!siteKey) return undefined
    try {
      return await recaptchaToken(siteKey, action)
    } catch (error) {
      throw new HumanCheckError(error)
    }
  }, [siteKey, action])
}
