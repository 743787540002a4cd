import { useTranslation } from 'react-i18next'
import { ButtonLink } from '../../components/ui/button'
import { EmptyState, QueryStates } from '../../components/ui/load-states'
import { useOrders } from '../../lib/entities/account/use-orders'
import { paths } from '../../lib/navigation/paths'
import { splitOrders } from './order-display'
import { OrderItem } from './order-item'
import { ProfileSection } from './profile-section'
import '../../components/ui/labels.css'
import './orders.css'

/** The orders list's active orders (spec §2: its empty-path child): the passes in force right now. */
export function ActiveOrdersPage() {
  const { t } = useTranslation()
  const orders = useOrders()
  const { active } = splitOrders(orders.data ?? [])
  return (
    <ProfileSection
      titleId="active-orders-title"
      title={t('profile.activeOrders')}
      lead={t('profile.activeOrdersLead')}
      heading="h3"
    >
      <QueryStates query={orders} />
      {orders.data && active.length === 0 ? (
        <EmptyState action={<ButtonLink to={paths.packages}>{t('checkout.seePasses')}</ButtonLink>}>
          {t('checkout.activeNone')}
        </EmptyState>
      ) : null}
      {active.length > 0 ? (
        <ul className="orders-list" data-testid="orders-list">
          {active.map((o) => (
            <OrderItem key={o.id} order={o} />
          ))}
        </ul>
      ) : null}
    </ProfileSection>
  )
}
