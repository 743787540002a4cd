import { useTranslation } from 'react-i18next'

/** The passes in use right now, at the top of the orders list. */
export function ActiveOrdersPage() {
  const { t } = useTranslation()
  return (
    <section className="profile-section" aria-labelledby="active-orders-title">
      <h3 id="active-orders-title" className="profile-section__title">
        {t('profile.activeOrders')}
      </h3>
      <p className="profile-section__lead">{t('profile.activeOrdersLead')}</p>
    </section>
  )
}
