/**
 * Google reCAPTCHA v3 (invisible): a token per form submit, for channels that require the human check
 * (spec §5, §8; the channel settings name the site key). The script loads on first use only.
 */
interface Grecaptcha {
  ready(callback: () => void): void
  execute(siteKey: string, options: { action: string }): Promise<string>
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha
  }
}

const scripts = new Map<string, Promise<Grecaptcha>>()

function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  let loading = scripts.get(siteKey)
  if (!loading) {
    loading = new Promise<Grecaptcha>((resolve, reject) => {
      const script = document.createElement('script')
      script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`
      script.async = true
      script.onload = () => {
        const grecaptcha = window.grecaptcha
        if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha))
        else reject(new Error('reCAPTCHA did not start'))
      }
      script.onerror = () => reject(new Error('reCAPTCHA could not be loaded'))
      document.head.append(script)
    })
    // A failed load may be retried on the next submit.
    loading.catch(() => scripts.delete(siteKey))
    scripts.set(siteKey, loading)
  }
  return loading
}

/** reCAPTCHA action names allow letters and underscores only. */
export const recaptchaAction = (name: string) => name.replace(/[^A-Za-z_]/g, '_')

export async function recaptchaToken(siteKey: string, action: string): Promise<string> {
  const grecaptcha = await loadRecaptcha(siteKey)
  return grecaptcha.execute(siteKey, { action: recaptchaAction(action) })
}
