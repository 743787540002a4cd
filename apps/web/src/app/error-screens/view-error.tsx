import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/button'
import './error-screen.css'

/** A view that failed to load (its code chunk did not arrive in time, or it crashed). */
export function ViewError({ error }: { error: unknown }) {
  const { t } = useTranslation()
  // The details help whoever opens the console; the viewer gets plain words.
  useEffect(() => {
    console.error(error)
  }, [error])

  const handleReload = () => window.location.reload()

  return (
    <div className="view-error container container--narrow" role="alert">
      <h1 className="view-error__title">{t('errors.viewLoadTitle')}</h1>
      <p className="view-error__text">{t('errors.viewLoadText')}</p>
      <Button size="lg" onClick={handleReload}>
        {t('errors.reloadPage')}
      </Button>
    </div>
  )
}
