import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import { useDocumentTitle } from '../channel/use-document-title'

/** The orders list; its index child shows the active passes first (spec §2). */
export function OrdersPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('profile.orders'))
  return (
    <section className="profile-section" aria-labelledby="orders-title">
      <h2 id="orders-title" className="profile-section__title">
        {t('profile.orders')}
      </h2>
      <p className="profile-section__lead">{t('profile.ordersLead')}</p>
      <Outlet />
    </section>
  )
}
