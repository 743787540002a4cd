import { formatPrice, type Order, type PriceQuote } from '@fieldhouse/contract'
import { useEffect, useReducer, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { ButtonLink } from '../../components/ui/button'
import { EmptyState, LoadingStatus } from '../../components/ui/load-states'
import { PageFrame } from '../../components/ui/page-frame'
import { checkoutEcommerce, commerceItemOf, pushDataLayer } from '../../lib/analytics/data-layer'
import { productAnalytics } from '../../lib/analytics/product-analytics'
import { ApiRequestError } from '../../lib/api/api-error'
import { errorText } from '../../lib/api/error-text'
import { useOrder } from '../../lib/entities/account/use-order'
import { useUserAccess } from '../../lib/entities/account/use-user-access'
import { useBuy } from '../../lib/entities/commerce/use-buy'
import { useBuyBundle } from '../../lib/entities/commerce/use-buy-bundle'
import { useCards } from '../../lib/entities/commerce/use-cards'
import { useInvoicePreview } from '../../lib/entities/commerce/use-invoice-preview'
import { usePaymentConfig } from '../../lib/entities/commerce/use-payment-config'
import { useRefreshAfterPurchase } from '../../lib/entities/commerce/use-refresh-after-purchase'
import { useSetupIntent } from '../../lib/entities/commerce/use-setup-intent'
import { useStartTrial } from '../../lib/entities/commerce/use-start-trial'
import { useMessageText } from '../../lib/i18n/message-text'
import { paths } from '../../lib/navigation/paths'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import { useAppStore } from '../../lib/store/app-store'
import { type CardFormValues, NEW_CARD, typedCardPayment } from './card-form'
import {
  checkoutCall,
  checkoutLines,
  checkoutReducer,
  initialCheckout,
  localQuote,
  trialOffered,
} from './checkout-flow'
import { newIdempotencyKey, parseCheckoutTarget } from './checkout-logic'
import { CheckoutFailure, CheckoutProcessing, CheckoutSuccess } from './checkout-result'
import { CheckoutSummary } from './checkout-summary'
import { CouponForm } from './coupon-form'
import { PaymentForm } from './payment-form'
import type { StripeCard } from './stripe-card-field'
import { type CheckoutProduct, useCheckoutItem } from './use-checkout-item'
import '../../components/ui/labels.css'
import './checkout.css'

/**
 * `/buy`: what is bought (from `?subscription_id=`, `?package_id=`, `?single_event_package_id=&event_id=`
 * or `?bundle_id=`), promo code, service fee and total, a saved or new card, and the free trial where
 * the viewer may have one. Paying sends the checkout's one idempotency key; the page then becomes
 * "processing", asks for the order every 2 s, and turns into the success or failure page in place.
 */
export function BuyPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('buy.title'))
  const [search] = useSearchParams()
  const target = parseCheckoutTarget(search)
  const signedIn = useAppStore((s) => s.user !== null)
  const { product, pending, missing, ownership } = useCheckoutItem(target)

  // No pass to buy here: said plainly, with the way to the passes.
  const noPass = (text: string) => (
    <PageFrame title={t('buy.title')}>
      <EmptyState action={<ButtonLink to={paths.packages}>{t('packages.title')}</ButtonLink>}>{text}</EmptyState>
    </PageFrame>
  )

  if (!target) return noPass(t('checkout.chooseAPass'))
  if (pending && !product) {
    return (
      <PageFrame title={t('buy.title')}>
        <LoadingStatus />
      </PageFrame>
    )
  }
  if (missing || !product) return noPass(t('checkout.notFound'))
  const eventId = target.eventId ?? (product.kind === 'pass' ? product.pass.event_id : null)
  if (!signedIn) return <SignInToBuy product={product} />
  return <Checkout product={product} eventId={eventId} ownership={ownership} />
}

/** An anonymous viewer sees what they chose; signing in comes straight back here (the last page). */
function SignInToBuy({ product }: { product: CheckoutProduct }) {
  const { t } = useTranslation()
  return (
    <PageFrame title={t('buy.title')} lead={t('checkout.signInToBuy')} wide>
      <div className="checkout">
        <div className="checkout__panel checkout__sign-in" data-testid="checkout-sign-in">
          <h2 className="checkout__panel-title">{t('checkout.signInTitle')}</h2>
          <p>{t('checkout.signInText')}</p>
          <div className="checkout-result__actions checkout-result__actions--start">
            <ButtonLink to={paths.login} size="lg">
              {t('header.signIn')}
            </ButtonLink>
            <ButtonLink to={paths.registration} variant="secondary" size="lg">
              {t('checkout.createAccount')}
            </ButtonLink>
          </div>
        </div>
        <CheckoutSummary
          product={product}
          lines={{ ...localQuote(product.item), dueToday: localQuote(product.item).total }}
          trial={false}
          trialEnd={null}
        />
      </div>
    </PageFrame>
  )
}

function Checkout({
  product,
  eventId,
  ownership,
}: {
  product: CheckoutProduct
  eventId: number | null
  ownership: { state: 'none' | 'some' | 'all'; held: string[] }
}) {
  const { t, i18n } = useTranslation()
  const messageText = useMessageText()
  const item = product.item
  const config = usePaymentConfig()
  const access = useUserAccess()
  const cards = useCards()
  const buy = useBuy()
  const buyBundle = useBuyBundle()
  const startTrial = useStartTrial()
  const setupIntent = useSetupIntent()
  const refresh = useRefreshAfterPurchase()

  const [state, dispatch] = useReducer(checkoutReducer, undefined, () => initialCheckout(newIdempotencyKey()))
  const [couponQuote, setCouponQuote] = useState<PriceQuote | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const trial = trialOffered(item, access.data?.trial_period_used)
  // A free trial takes no promo code (one applied before the trial was known no longer counts).
  const appliedCode = trial ? null : (couponQuote?.coupon ?? null)
  const preview = useInvoicePreview(item.kind === 'subscription' ? item.id : null, appliedCode)
  const lines = checkoutLines({
    item,
    preview: preview.data,
    couponQuote: trial ? null : couponQuote,
    appliedCode,
    trial,
  })
  const stripeKey = config.data?.gateway === 'stripe' ? config.data.publishable_key : null
  const dateOf = (ms: number | string) => new Date(ms).toLocaleDateString(i18n.language, { dateStyle: 'long' })
  const trialEnd = trial ? dateOf(preview.data?.trial_ends_at ?? Date.now() + item.trialDays * 86_400_000) : null

  // The order: asked every 2 s while processing; each answer moves the checkout on.
  const processingId = state.phase.kind === 'processing' ? state.phase.orderId : null
  const polled = useOrder(processingId)
  useEffect(() => {
    if (polled.data) dispatch({ type: 'polled', order: polled.data })
  }, [polled.data])

  const ecommerce = (order?: Order) =>
    checkoutEcommerce({
      ...(order ? { orderId: order.id } : {}),
      currency: item.currency,
      price: lines.price,
      discount: lines.discount,
      tax: lines.tax,
      serviceFee: lines.service_fee,
      coupon: lines.coupon,
      item,
    })
  const ecommerceRef = useRef(ecommerce)
  ecommerceRef.current = ecommerce

  // begin_checkout once per checkout (per idempotency key).
  const begun = useRef<string | null>(null)
  useEffect(() => {
    if (begun.current === state.idempotencyKey) return
    begun.current = state.idempotencyKey
    const e = ecommerceRef.current()
    pushDataLayer({ event: 'begin_checkout', ecommerce: e })
    productAnalytics.commerce('begin_checkout', commerceItemOf(e))
  }, [state.idempotencyKey])

  // 3-D Secure: Stripe.js (its lazy chunk) shows the bank's page; then the order is polled as before.
  const authenticating = state.phase.kind === 'authenticating' ? state.phase : null
  const authenticated = useRef<string | null>(null)
  useEffect(() => {
    // Once per client secret, however often the effect runs.
    if (!authenticating || authenticated.current === authenticating.clientSecret) return
    authenticated.current = authenticating.clientSecret
    const done = () => dispatch({ type: 'authenticated', orderId: authenticating.orderId })
    if (!stripeKey) return done()
    void import('./stripe-card-field')
      .then(({ confirmCardAction }) => confirmCardAction(stripeKey, authenticating.clientSecret))
      .catch(() => undefined)
      .finally(done)
  }, [authenticating, stripeKey])

  // Settled: the viewer's access changed (paid), and the analytics hear of it once.
  const settled = state.phase.kind === 'paid' || state.phase.kind === 'failed' ? state.phase.order : null
  const reported = useRef<number | null>(null)
  useEffect(() => {
    if (!settled || reported.current === settled.id) return
    reported.current = settled.id
    const e = ecommerceRef.current(settled)
    if (settled.status === 'paid') {
      refresh()
      pushDataLayer({ event: 'purchase', ecommerce: e })
      pushDataLayer({ event: 'purchase_success', ecommerce: e })
      // The funnel's last step is a paid order (decision 0033 counts purchase_success).
      productAnalytics.commerce('purchase_success', commerceItemOf(e))
    } else {
      pushDataLayer({ event: 'purchase_failed', ecommerce: e, failure_message: settled.failure_message })
    }
  }, [settled, refresh])

  if (state.phase.kind === 'processing' || state.phase.kind === 'authenticating') return <CheckoutProcessing />
  if (state.phase.kind === 'paid')
    return <CheckoutSuccess order={state.phase.order} name={item.name} eventId={eventId} />
  if (state.phase.kind === 'failed') {
    return (
      <CheckoutFailure
        order={state.phase.order}
        onRetry={() => {
          setFormError(null)
          dispatch({ type: 'retry', idempotencyKey: newIdempotencyKey() })
        }}
      />
    )
  }

  const pay = async (values: CardFormValues, stripeCard: StripeCard | null) => {
    setFormError(null)
    const call = checkoutCall(item, trial, eventId)
    let payment: { payment_method_id?: string; save_card?: boolean; card?: ReturnType<typeof typedCardPayment>['card'] }
    try {
      if (values.choice !== NEW_CARD) payment = { payment_method_id: values.choice }
      else if (stripeKey) {
        if (!stripeCard) throw new Error(t('spec.paymentCardRequired'))
        // A trial's card is saved through a SetupIntent (3-D Secure now, charged later off-session).
        const made =
          call.call === 'start_trial'
            ? await stripeCard.confirmSetup(await setupIntent.mutateAsync())
            : await stripeCard.createPaymentMethod()
        if ('error' in made) throw new Error(made.error || t('spec.paymentCardRequired'))
        payment =
          call.call === 'start_trial'
            ? { payment_method_id: made.id }
            : { payment_method_id: made.id, save_card: values.save }
      } else payment = typedCardPayment(values)
    } catch (error) {
      // Stripe's own words for a card it refused; ours for a call that failed.
      const text = error instanceof ApiRequestError || !(error instanceof Error) ? errorText(error) : error.message
      if (text) setFormError(messageText(text))
      return
    }
    const body = { ...payment, idempotency_key: state.idempotencyKey, ...(appliedCode ? { coupon: appliedCode } : {}) }
    try {
      const order =
        call.call === 'buy_bundle'
          ? await buyBundle.mutateAsync({ ...call.target, ...body })
          : call.call === 'start_trial'
            ? await startTrial.mutateAsync({ ...call.target, ...body })
            : await buy.mutateAsync({ ...call.target, ...body })
      dispatch({ type: 'placed', order })
    } catch (error) {
      const text = errorText(error)
      if (text) setFormError(messageText(text))
    }
  }

  const held = ownership.state !== 'none'
  return (
    <PageFrame title={t('buy.title')} lead={t('buy.lead')} wide>
      {config.data?.gateway === 'test' ? (
        <p className="checkout-notice" data-testid="test-mode">
          {t('checkout.testMode')}
        </p>
      ) : null}
      <div className="checkout">
        {held ? (
          <div className="checkout__panel" data-testid="checkout-owned">
            <h2 className="checkout__panel-title">
              {ownership.state === 'all' ? t('checkout.alreadyYours') : t('checkout.partlyYours')}
            </h2>
            <p>
              {ownership.state === 'all'
                ? t('checkout.alreadyYoursText')
                : t('checkout.partlyYoursText', { names: ownership.held.join(', ') })}
            </p>
            <div className="checkout-result__actions checkout-result__actions--start">
              {eventId ? <ButtonLink to={paths.watch(eventId)}>{t('checkout.watchNow')}</ButtonLink> : null}
              <ButtonLink to={paths.profile} variant={eventId ? 'secondary' : 'primary'}>
                {t('checkout.seeOrders')}
              </ButtonLink>
            </div>
          </div>
        ) : (
          <PaymentForm
            cards={cards.data}
            stripeKey={stripeKey}
            trial={trial}
            submitLabel={
              trial
                ? t('checkout.startTrial')
                : t('checkout.pay', { amount: formatPrice(lines.dueToday, item.currency, i18n.language) })
            }
            error={formError}
            onPay={pay}
          />
        )}
        <CheckoutSummary product={product} lines={lines} trial={trial} trialEnd={trialEnd}>
          {held || trial ? null : <CouponForm item={item} applied={appliedCode} onQuote={setCouponQuote} />}
        </CheckoutSummary>
      </div>
    </PageFrame>
  )
}
