import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../../lib/navigation/paths'
import { useAppStore } from '../../lib/store/app-store'
import './favorite-toggle.css'

/**
 * A small line under a Follow star, for a signed-in viewer: what they follow can alert them, and where
 * that is set (Profile → Alerts). In a wrapping row of actions it takes a line of its own.
 */
export function FollowAlertsHint() {
  const { t } = useTranslation()
  const signedIn = useAppStore((state) => state.user !== null)
  if (!signedIn) return null
  return (
    <p className="follow-alerts-hint">
      {t('favorites.alertsHint')} <Link to={paths.profileAlerts}>{t('favorites.alertsLink')}</Link>
    </p>
  )
}
