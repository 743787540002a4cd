import { useTranslation } from 'react-i18next'
import { QueryStates } from '../../components/ui/load-states'
import { useNotificationSettings } from '../../lib/entities/notifications/use-notification-settings'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import { AlertsForm } from './alerts-form'
import { ProfileSection } from './profile-section'
import './alerts-page.css'

/**
 * Profile → Alerts (decision 0056): how alerts reach the viewer (email, push in their browsers), on which
 * occasions, spoilers, quiet hours, and which follows alert; one Save for the lot.
 */
export function AlertsPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('alerts.title'))
  const settings = useNotificationSettings()
  return (
    <ProfileSection titleId="alerts-title" title={t('alerts.title')} lead={t('alerts.lead')} testId="alerts-page">
      <QueryStates query={settings} />
      {/* The form starts from the first answer and keeps what is typed while the settings are asked again. */}
      {settings.data ? <AlertsForm settings={settings.data} /> : null}
    </ProfileSection>
  )
}
