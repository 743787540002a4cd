import type { Order } from '@fieldhouse/contract'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, ButtonLink } from '../../components/ui/button'
import { PageFrame } from '../../components/ui/page-frame'
import { Spinner } from '../../components/ui/spinner'
import { useMessageText } from '../../lib/i18n/message-text'
import { paths } from '../../lib/navigation/paths'

/**
 * Spec §4: "the user must not refresh during processing". The page says so, and the browser asks before
 * a reload or close while the order is being settled (a reload would not charge twice — the key and the
 * server see to that — but the viewer would lose the answer).
 */
export function CheckoutProcessing() {
  const { t } = useTranslation()
  useEffect(() => {
    const hold = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers want a value; none shows it any more.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', hold)
    return () => window.removeEventListener('beforeunload', hold)
  }, [])
  return (
    <PageFrame title={t('checkout.processingTitle')}>
      <div className="checkout-result" aria-live="polite" data-testid="purchase-processing">
        <Spinner label={t('checkout.processingTitle')} />
        <p className="checkout-result__lead">
          <strong>{t('checkout.processingText')}</strong>
        </p>
      </div>
    </PageFrame>
  )
}

/** The purchase success page (spec §4): what is now the viewer's, and where to go next. */
export function CheckoutSuccess({ order, name, eventId }: { order: Order; name: string; eventId: number | null }) {
  const { t, i18n } = useTranslation()
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'long' })
  return (
    <PageFrame title={t('checkout.successTitle')}>
      <div className="checkout-result checkout-result--success" role="status" data-testid="purchase-success">
        <p className="checkout-result__lead">{t('checkout.successText', { name })}</p>
        {order.trial_ends_at ? <p>{t('checkout.trialUntil', { date: date(order.trial_ends_at) })}</p> : null}
        {order.auto_renew && order.expires_at && !order.trial_ends_at ? (
          <p>{t('checkout.renewsOn', { date: date(order.expires_at) })}</p>
        ) : null}
        <div className="checkout-result__actions">
          {eventId ? (
            <ButtonLink to={paths.watch(eventId)} size="lg">
              {t('checkout.watchNow')}
            </ButtonLink>
          ) : (
            <ButtonLink to={paths.home} size="lg">
              {t('checkout.startWatching')}
            </ButtonLink>
          )}
          <ButtonLink to={paths.profile} variant="secondary" size="lg">
            {t('checkout.seeOrders')}
          </ButtonLink>
        </div>
      </div>
    </PageFrame>
  )
}

/** The purchase failure page (spec §4): why, in the card network's words, and "Try again". */
export function CheckoutFailure({ order, onRetry }: { order: Order; onRetry: () => void }) {
  const { t } = useTranslation()
  const messageText = useMessageText()
  return (
    <PageFrame title={t('checkout.failureTitle')}>
      <div className="checkout-result checkout-result--failure" role="alert" data-testid="purchase-failure">
        <p className="checkout-result__lead" data-testid="purchase-failure-reason">
          {order.failure_message ? messageText(order.failure_message) : t('checkout.failureGeneric')}
        </p>
        <p className="fine-print">{t('checkout.failureText')}</p>
        <div className="checkout-result__actions">
          <Button size="lg" onClick={onRetry} data-testid="checkout-try-again">
            {t('checkout.tryAgainCheckout')}
          </Button>
          <ButtonLink to={paths.packages} variant="secondary" size="lg">
            {t('checkout.otherPasses')}
          </ButtonLink>
        </div>
      </div>
    </PageFrame>
  )
}
