import { formatPrice, isPaidAndActive, type Order } from '@fieldhouse/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/button'
import { useUnsubscribe } from '../../lib/entities/account/use-unsubscribe'
import { useMessageText } from '../../lib/i18n/message-text'
import { usePopupStore } from '../../lib/notify/popup-store'
import { isRenewing, orderLabels } from './order-display'

type Cancellation = 'idle' | 'processing' | 'finished' | 'canceled'

/**
 * One order: name and amount, its labels, the trial's end ("Free trial until …"), when it renews or
 * ends, and for a renewing subscription "Cancel auto-renewal" — confirmed in a popup, then processing,
 * finished (the label turns to "Auto-Renewal Cancelled") or canceled when it could not be done (spec §4).
 */
export function OrderItem({ order: o }: { order: Order }) {
  const { t, i18n } = useTranslation()
  const messageText = useMessageText()
  const unsubscribe = useUnsubscribe()
  const openPopup = usePopupStore((s) => s.open)
  const [cancellation, setCancellation] = useState<Cancellation>('idle')
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' })
  const renewing = isRenewing(o)
  const trialRunning = o.trial_ends_at !== null && Date.parse(o.trial_ends_at) > Date.now()

  const confirmCancel = () =>
    openPopup({
      title: t('checkout.cancelRenewal'),
      component: () => <p>{t('checkout.cancelConfirm', { date: o.expires_at ? date(o.expires_at) : '' })}</p>,
      // The popup closes at once; the order shows the request's progress.
      ok: () => {
        setCancellation('processing')
        unsubscribe.mutateAsync(o.id).then(
          () => setCancellation('finished'),
          () => setCancellation('canceled'),
        )
      },
      cancel: () => {},
    })

  return (
    <li className="order-item" data-testid="order-item" data-order-id={o.id} data-status={o.status}>
      <div className="order-item__head">
        <strong className="order-item__name">{o.product.name}</strong>
        <span className="order-item__amount">{formatPrice(o.amount, o.currency, i18n.language)}</span>
      </div>
      <div className="order-item__labels">
        {orderLabels(o).map((label) => (
          <span key={label.key} className={`order-label order-label--${label.tone}`} data-testid={label.testId}>
            {t(label.key)}
          </span>
        ))}
      </div>
      <div className="order-item__dates">
        {trialRunning && o.trial_ends_at ? (
          <span data-testid="order-trial">{t('checkout.trialUntil', { date: date(o.trial_ends_at) })}</span>
        ) : null}
        {o.expires_at && o.status === 'paid' ? (
          <span>
            {renewing && o.auto_renew
              ? t('checkout.renewsOn', { date: date(o.expires_at) })
              : o.activity_status === 'active'
                ? t('checkout.endsOn', { date: date(o.expires_at) })
                : t('checkout.endedOn', { date: date(o.expires_at) })}
          </span>
        ) : null}
        {!o.expires_at && isPaidAndActive(o) ? <span>{t('checkout.noEnd')}</span> : null}
        <span className="fine-print">{t('checkout.orderPlaced', { date: date(o.created_at) })}</span>
        {o.coupon ? <span className="fine-print">{t('checkout.couponUsed', { code: o.coupon })}</span> : null}
      </div>
      {o.status === 'failed' && o.failure_message ? (
        <p className="order-item__failure">{messageText(o.failure_message)}</p>
      ) : null}
      {renewing && (o.auto_renew || cancellation !== 'idle') ? (
        <div className="order-item__actions">
          {o.auto_renew ? (
            <Button
              variant="secondary"
              onClick={confirmCancel}
              disabled={cancellation === 'processing'}
              aria-busy={cancellation === 'processing' || undefined}
            >
              {cancellation === 'processing' ? t('checkout.cancelProcessing') : t('checkout.cancelRenewal')}
            </Button>
          ) : null}
          {cancellation === 'finished' ? (
            <p role="status" className="fine-print" data-testid="cancel-finished">
              {t('checkout.cancelFinished', { date: o.expires_at ? date(o.expires_at) : '' })}
            </p>
          ) : null}
          {cancellation === 'canceled' ? (
            <p role="alert" className="order-item__failure">
              {t('checkout.cancelFailed')}
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  )
}
