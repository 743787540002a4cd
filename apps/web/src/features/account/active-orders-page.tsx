import { currencySymbol, type Order, ToastType } from '@fieldhouse/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/button'
import { EmptyState, LoadError, LoadingStatus } from '../../components/ui/load-states'
import { paths } from '../../lib/navigation/paths'
import { usePopupStore } from '../../lib/notify/popup-store'
import { showToast } from '../../lib/notify/toast-store'
import { useCustomerPortal, useOrders, usePaymentConfig, useUnsubscribe } from '../checkout/api/commerce-api'
import { money } from '../checkout/checkout-logic'
import '../checkout/checkout.css'

/**
 * The orders list (spec §2 profile children): active passes first, then the rest, each with its
 * payment and activity state, its renewal ("Auto-Renewal" / "Auto-Renewal Cancelled"), trial and end
 * dates, and for a renewing subscription the way to cancel the renewal (spec §4: processing, then
 * finished, or canceled when it could not be done).
 */
export function ActiveOrdersPage() {
  const { t, i18n } = useTranslation()
  const orders = useOrders()
  const config = usePaymentConfig()
  const portal = useCustomerPortal(config.data?.gateway === 'stripe')
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' })
  const sorted = [...(orders.data ?? [])].sort(
    (a, b) => Number(b.activity_status === 'active') - Number(a.activity_status === 'active'),
  )
  return (
    <section className="profile-section" aria-labelledby="active-orders-title">
      <h3 id="active-orders-title" className="profile-section__title">
        {t('profile.activeOrders')}
      </h3>
      <p className="profile-section__lead">{t('profile.activeOrdersLead')}</p>
      {config.data?.gateway === 'stripe' && portal.data ? (
        <p>
          <a href={portal.data} rel="noopener">
            {t('checkout.manageCards')}
          </a>
        </p>
      ) : (
        <p className="checkout__fine">{t('checkout.cardsAtCheckout')}</p>
      )}
      {orders.isPending ? <LoadingStatus /> : null}
      {orders.isError ? <LoadError onRetry={() => void orders.refetch()} /> : null}
      {orders.data && orders.data.length === 0 ? <EmptyState>{t('checkout.ordersNone')}</EmptyState> : null}
      <ul className="orders-list" data-testid="orders-list">
        {sorted.map((o) => (
          <OrderItem key={o.id} order={o} date={date} />
        ))}
      </ul>
      {orders.data && orders.data.length === 0 ? (
        <p>
          <a href={paths.packages}>{t('packages.title')}</a>
        </p>
      ) : null}
    </section>
  )
}

function OrderItem({ order: o, date }: { order: Order; date: (iso: string) => string }) {
  const { t } = useTranslation()
  const unsubscribe = useUnsubscribe()
  const openPopup = usePopupStore((s) => s.open)
  const [cancel, setCancel] = useState<'idle' | 'processing' | 'finished' | 'canceled'>('idle')
  const renewing = o.type === 'subscription' && o.status === 'paid' && o.activity_status === 'active'

  const confirmCancel = () =>
    openPopup({
      title: t('checkout.cancelRenewal'),
      component: () => <p>{t('checkout.cancelConfirm')}</p>,
      ok: async () => {
        setCancel('processing')
        try {
          await unsubscribe.mutateAsync(o.id)
          setCancel('finished')
          showToast({
            type: ToastType.success,
            text: t('checkout.cancelFinished', { date: o.expires_at ? date(o.expires_at) : '' }),
          })
        } catch {
          setCancel('canceled')
          showToast({ type: ToastType.error, text: t('checkout.cancelFailed') })
        }
      },
    })

  return (
    <li className="order-item" data-testid="order-item" data-order-id={o.id}>
      <div className="order-item__head">
        <strong>{o.product.name}</strong>
        <span>{money(o.amount, currencySymbol(o.currency))}</span>
      </div>
      <div className="order-item__labels">
        <span className={`order-label${o.status === 'paid' ? ' order-label--good' : ''}`}>
          {t(`checkout.status_${o.status}`)}
        </span>
        {o.status === 'paid' ? (
          <span className={`order-label${o.activity_status === 'active' ? ' order-label--good' : ''}`}>
            {t(`checkout.activity_${o.activity_status}`)}
          </span>
        ) : null}
        {renewing ? (
          <span className="order-label" data-testid="renewal-label">
            {o.auto_renew ? t('checkout.autoRenewal') : t('checkout.autoRenewalCancelled')}
          </span>
        ) : null}
      </div>
      {o.trial_ends_at ? <span>{t('checkout.trialUntil', { date: date(o.trial_ends_at) })}</span> : null}
      {o.expires_at && o.activity_status === 'active' ? (
        <span>
          {renewing && o.auto_renew
            ? t('checkout.renewsOn', { date: date(o.expires_at) })
            : t('checkout.endsOn', { date: date(o.expires_at) })}
        </span>
      ) : null}
      {o.status === 'failed' && o.failure_message ? <span className="checkout__fine">{o.failure_message}</span> : null}
      <span className="checkout__fine">{t('checkout.orderPlaced', { date: date(o.created_at) })}</span>
      {renewing && o.auto_renew ? (
        <div>
          <Button variant="secondary" onClick={confirmCancel} disabled={cancel === 'processing'}>
            {cancel === 'processing' ? t('checkout.cancelProcessing') : t('checkout.cancelRenewal')}
          </Button>
        </div>
      ) : null}
    </li>
  )
}
