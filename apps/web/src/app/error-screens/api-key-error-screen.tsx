import { constants } from '@fieldhouse/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/button'
import { useCountdown } from './use-countdown'
import './error-screen.css'

/**
 * Spec §2: replaces the whole app when no api key can be had. The button waits out a 60 s countdown,
 * then renews the keys and reloads.
 */
export function ApiKeyErrorScreen({ onReload }: { onReload: () => Promise<void> }) {
  const { t } = useTranslation()
  const secondsLeft = useCountdown(constants.reloadCountdownSeconds)
  const [isBusy, setIsBusy] = useState(false)
  const isDisabled = secondsLeft > 0 || isBusy

  const handleReload = async () => {
    setIsBusy(true)
    try {
      await onReload()
    } finally {
      setIsBusy(false)
    }
  }

  return (
    <main className="error-screen" data-testid="api-key-error">
      <div className="error-screen__panel">
        <div className="error-screen__icon" aria-hidden="true">
          !
        </div>
        <h1 className="error-screen__text">{t('errors.apiKeyScreen')}</h1>
        <Button size="lg" onClick={handleReload} disabled={isDisabled} aria-busy={isBusy}>
          {secondsLeft > 0 ? t('errors.reloadPageAfter', { count: secondsLeft }) : t('errors.reloadPage')}
        </Button>
      </div>
    </main>
  )
}
