import { useTranslation } from 'react-i18next'
import { useDocumentTitle } from '../channel/use-document-title'

export function TransactionsPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('profile.transactions'))
  return (
    <section className="profile-section" aria-labelledby="transactions-title">
      <h2 id="transactions-title" className="profile-section__title">
        {t('profile.transactions')}
      </h2>
      <p className="profile-section__lead">{t('profile.transactionsLead')}</p>
    </section>
  )
}
