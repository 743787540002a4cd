import type { SocialProvider } from '@fieldhouse/contract'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/button'
import { TitledSection } from '../../components/ui/titled-section'
import { useRuntimeConfig } from '../../lib/config/runtime-config'
import { enabledProviders, providerName } from './social'

function ProviderIcon({ provider }: { provider: SocialProvider }) {
  if (provider === 'google') {
    return (
      <svg className="social-sign-in__icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <path
          fill="#FFC107"
          d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 8 3l5.7-5.7C34 6.1 29.3 4 24 4 13 4 4 13 4 24s9 20 20 20 20-9 20-20c0-1.3-.1-2.6-.4-3.9z"
        />
        <path
          fill="#FF3D00"
          d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 8 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
        />
        <path
          fill="#4CAF50"
          d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2c-2 1.5-4.5 2.4-7.2 2.4-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
        />
        <path
          fill="#1976D2"
          d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z"
        />
      </svg>
    )
  }
  return (
    <svg className="social-sign-in__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="#1877F2"
        d="M24 12.07C24 5.4 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.05V9.43c0-3.01 1.79-4.67 4.53-4.67 1.31 0 2.69.23 2.69.23v2.96h-1.51c-1.49 0-1.96.93-1.96 1.88v2.25h3.33l-.53 3.49h-2.8V24C19.61 23.1 24 18.1 24 12.07z"
      />
    </svg>
  )
}

/**
 * "Continue with Google" / "Continue with Facebook" (login and registration pages), for the providers
 * the deployment has credentials for; none configured, no buttons.
 */
export function SocialButtons({
  onSelect,
  pending,
  disabled = false,
}: {
  onSelect(provider: SocialProvider): void
  /** The provider the browser is being sent to, if any. */
  pending: SocialProvider | null
  disabled?: boolean
}) {
  const { t } = useTranslation()
  const providers = enabledProviders(useRuntimeConfig().authProviders)
  if (providers.length === 0) return null
  const labels: Record<SocialProvider, string> = {
    google: t('auth.continueWithGoogle'),
    facebook: t('auth.continueWithFacebook'),
  }
  return (
    <TitledSection
      className="social-sign-in"
      titleId="social-sign-in-label"
      title={t('auth.socialLabel')}
      heading="p"
      titleClassName="social-sign-in__label"
    >
      <div className="social-sign-in__buttons">
        {providers.map((provider) => (
          <Button
            key={provider}
            variant="secondary"
            className="social-sign-in__button"
            disabled={disabled || pending !== null}
            aria-busy={pending === provider || undefined}
            onClick={() => onSelect(provider)}
          >
            <ProviderIcon provider={provider} />
            {pending === provider
              ? t('auth.socialRedirecting', { provider: providerName[provider] })
              : labels[provider]}
          </Button>
        ))}
      </div>
    </TitledSection>
  )
}
