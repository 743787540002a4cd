import { useTranslation } from 'react-i18next'
import { useDocumentTitle } from '../channel/use-document-title'

export function ClipsPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('profile.clips'))
  return (
    <section className="profile-section" aria-labelledby="clips-title">
      <h2 id="clips-title" className="profile-section__title">
        {t('profile.clips')}
      </h2>
      <p className="profile-section__lead">{t('profile.clipsLead')}</p>
    </section>
  )
}
