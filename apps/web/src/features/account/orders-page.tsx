import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import { useCustomerPortal } from '../../lib/entities/account/use-customer-portal'
import { useOrders } from '../../lib/entities/account/use-orders'
import { usePaymentConfig } from '../../lib/entities/commerce/use-payment-config'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import { splitOrders } from './order-display'
import { OrderItem } from './order-item'
import { ProfileSection } from './profile-section'
import '../../components/ui/labels.css'
import './orders.css'

/**
 * The orders list (spec §2: `/profile`'s empty-path child): the active orders (its own empty-path
 * child), then every other order — ended, failed, refunded — and where cards are managed.
 */
export function OrdersPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('profile.orders'))
  const orders = useOrders()
  const { past } = splitOrders(orders.data ?? [])
  return (
    <ProfileSection titleId="orders-title" title={t('profile.orders')} lead={t('profile.ordersLead')}>
      <Outlet />
      {past.length > 0 ? (
        <ProfileSection titleId="past-orders-title" title={t('checkout.pastOrders')} heading="h3">
          <ul className="orders-list" data-testid="past-orders">
            {past.map((o) => (
              <OrderItem key={o.id} order={o} />
            ))}
          </ul>
        </ProfileSection>
      ) : null}
      <PaymentCards />
    </ProfileSection>
  )
}

/**
 * Cards and invoices: Stripe's customer portal when Stripe takes the money; with the test gateway, saved
 * cards are offered (and new ones saved) at checkout.
 */
function PaymentCards() {
  const { t } = useTranslation()
  const config = usePaymentConfig()
  const stripe = config.data?.gateway === 'stripe'
  const portal = useCustomerPortal(stripe)
  if (!config.data) return null
  return (
    <ProfileSection titleId="cards-title" title={t('checkout.cardsTitle')} heading="h3" testId="payment-cards">
      {stripe ? (
        portal.data ? (
          <p>
            <a href={portal.data} className="button button--secondary" data-testid="customer-portal">
              {t('checkout.manageCards')}
            </a>
          </p>
        ) : (
          <p className="fine-print">{portal.isError ? t('errors.contentLoadFailed') : t('common.loading')}</p>
        )
      ) : (
        <p className="fine-print">{t('checkout.cardsAtCheckout')}</p>
      )}
    </ProfileSection>
  )
}
