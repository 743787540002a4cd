import { useTranslation } from 'react-i18next'
import { ButtonLink } from '../../components/ui/button'
import { EmptyState, LoadError, LoadingStatus } from '../../components/ui/load-states'
import { useOrders } from '../../lib/entities/account/use-orders'
import { paths } from '../../lib/navigation/paths'
import { splitOrders } from './order-display'
import { OrderItem } from './order-item'
import '../../components/ui/labels.css'
import './orders.css'

/** The orders list's active orders (spec §2: its empty-path child): the passes in force right now. */
export function ActiveOrdersPage() {
  const { t } = useTranslation()
  const orders = useOrders()
  const { active } = splitOrders(orders.data ?? [])
  return (
    <section className="profile-section" aria-labelledby="active-orders-title">
      <h3 id="active-orders-title" className="profile-section__title">
        {t('profile.activeOrders')}
      </h3>
      <p className="profile-section__lead">{t('profile.activeOrdersLead')}</p>
      {orders.isPending ? <LoadingStatus /> : null}
      {orders.isError ? <LoadError onRetry={() => void orders.refetch()} /> : null}
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
    </section>
  )
}
