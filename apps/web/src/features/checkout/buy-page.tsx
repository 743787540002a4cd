import { currencySymbol, messages, type Order, type PriceQuote } from '@fieldhouse/contract'
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Button, ButtonLink } from '../../components/ui/button'
import { CheckboxField, TextField } from '../../components/ui/form-field'
import { EmptyState, LoadingStatus } from '../../components/ui/load-states'
import { PageFrame } from '../../components/ui/page-frame'
import { Spinner } from '../../components/ui/spinner'
import { checkoutEcommerce, pushDataLayer } from '../../lib/analytics/data-layer'
import { errorText } from '../../lib/api/error-text'
import { useMessageText } from '../../lib/i18n/message-text'
import { paths } from '../../lib/navigation/paths'
import { useAppStore } from '../../lib/store/app-store'
import { useUserAccess } from '../account/api/use-user-access'
import { useDocumentTitle } from '../channel/use-document-title'
import {
  useApplyCoupon,
  useCards,
  useCheckout,
  useOrderUntilSettled,
  usePasses,
  usePaymentConfig,
  useRefreshAfterPurchase,
} from './api/commerce-api'
import {
  type CardProblem,
  cardProblems,
  formatCardNumber,
  money,
  type NewCard,
  newIdempotencyKey,
  parseCheckoutTarget,
  parseExpiry,
} from './checkout-logic'
import './checkout.css'
import { type StripeCard, StripeCardField } from './stripe-card-field'

interface Item {
  id: number
  name: string
  kind: string
  price: number
  serviceFee: number
  currency: string
  period: string | null
  trialDays: number
}

/**
 * `/buy`: what is bought (from `?package_id=`, `?subscription_id=`, `?single_event_package_id=&event_id=`
 * or `?bundle_id=`), the service fee, a promo code, a saved or new card, and the trial where one is
 * offered. Paying sends one idempotency key per visit, so a double click or a retry is one order; the
 * page then waits for the order, asking every 2 s, and turns into the success or failure page.
 */
export function BuyPage() {
  const { t, i18n } = useTranslation()
  useDocumentTitle(t('buy.title'))
  const messageText = useMessageText()
  const [search] = useSearchParams()
  const target = parseCheckoutTarget(search)
  const signedIn = useAppStore((s) => s.user !== null)
  const passes = usePasses()
  const config = usePaymentConfig()
  const access = useUserAccess()
  const cards = useCards()
  const checkout = useCheckout()
  const applyCoupon = useApplyCoupon()
  const refresh = useRefreshAfterPurchase()

  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey)
  const [orderId, setOrderId] = useState<number | null>(null)
  const order = useOrderUntilSettled(orderId)
  const [couponText, setCouponText] = useState('')
  const [quote, setQuote] = useState<PriceQuote | null>(null)
  const [couponError, setCouponError] = useState<string | null>(null)
  const [cardChoice, setCardChoice] = useState<string>('new')
  const [card, setCard] = useState<NewCard>({ number: '', expiry: '', cvc: '' })
  const [saveCard, setSaveCard] = useState(true)
  const [problems, setProblems] = useState<Partial<Record<keyof NewCard, CardProblem>>>({})
  const [formError, setFormError] = useState<string | null>(null)
  // With Stripe, Elements collects the card (the key comes from the server's payment config).
  const stripeKey = config.data?.gateway === 'stripe' ? config.data.publishable_key : null
  const stripeCard = useRef<StripeCard | null>(null)
  const onStripeReady = useCallback((card: StripeCard) => {
    stripeCard.current = card
  }, [])

  const item: Item | null = useMemo(() => {
    if (!target || !passes.data) return null
    if (target.kind === 'bundle') {
      const b = passes.data.bundles.find((x) => x.id === target.id)
      return b
        ? {
            id: b.id,
            name: b.name,
            kind: 'bundle',
            price: b.price,
            serviceFee: b.service_fee,
            currency: b.currency,
            period: null,
            trialDays: 0,
          }
        : null
    }
    const p = [...passes.data.subscriptions, ...passes.data.packages].find((x) => x.id === target.id)
    return p
      ? {
          id: p.id,
          name: p.name,
          kind: p.kind,
          price: p.price,
          serviceFee: p.service_fee,
          currency: p.currency,
          period: p.period,
          trialDays: p.trial_period,
        }
      : null
  }, [target, passes.data])

  const trial = item !== null && item.trialDays > 0 && access.data?.trial_period_used === false
  const symbol = currencySymbol(item?.currency ?? 'USD')
  const lines = quote ?? (item ? localQuote(item) : null)
  const ecommerce = (o?: Order) =>
    item && lines
      ? checkoutEcommerce({
          ...(o ? { orderId: o.id } : {}),
          currency: item.currency,
          price: lines.price,
          discount: lines.discount,
          tax: lines.tax,
          serviceFee: lines.service_fee,
          coupon: lines.coupon,
          item,
        })
      : null

  // Saved cards first, when there are some (once, when the list arrives).
  const chose = useRef(false)
  useEffect(() => {
    if (chose.current || !cards.data) return
    chose.current = true
    if (cards.data.length > 0) setCardChoice(cards.data[0]?.id ?? 'new')
  }, [cards.data])

  const begun = useRef(false)
  useEffect(() => {
    const e = ecommerce()
    if (e && !begun.current) {
      begun.current = true
      pushDataLayer({ event: 'begin_checkout', ecommerce: e })
    }
  })

  // The answer: the order settled.
  const settled = order.data && order.data.status !== 'created' ? order.data : null
  const reported = useRef<number | null>(null)
  useEffect(() => {
    if (!settled || reported.current === settled.id) return
    reported.current = settled.id
    const e = ecommerce(settled)
    if (settled.status === 'paid') {
      refresh()
      if (e) {
        pushDataLayer({ event: 'purchase', ecommerce: e })
        pushDataLayer({ event: 'purchase_success', ecommerce: e })
      }
    } else if (e) pushDataLayer({ event: 'purchase_failed', ecommerce: e })
  })

  if (!signedIn) {
    return (
      <PageFrame title={t('buy.title')} lead={t('checkout.signInToBuy')}>
        <ButtonLink to={paths.login} size="lg">
          {t('header.signIn')}
        </ButtonLink>
      </PageFrame>
    )
  }
  if (!target) {
    return (
      <PageFrame title={t('buy.title')}>
        <EmptyState action={<ButtonLink to={paths.packages}>{t('packages.title')}</ButtonLink>}>
          {t('checkout.chooseAPass')}
        </EmptyState>
      </PageFrame>
    )
  }
  if (passes.isPending) return <LoadingStatus />
  if (!item || !lines) {
    return (
      <PageFrame title={t('buy.title')}>
        <EmptyState action={<ButtonLink to={paths.packages}>{t('packages.title')}</ButtonLink>}>
          {t('checkout.notFound')}
        </EmptyState>
      </PageFrame>
    )
  }

  const eventId = target.kind === 'pass' ? target.eventId : null
  if (settled?.status === 'paid') {
    return (
      <PageFrame title={t('checkout.successTitle')}>
        <div className="checkout-result" role="status" data-testid="purchase-success">
          <p>{t('checkout.successText', { name: item.name })}</p>
          {settled.trial_ends_at ? (
            <p>
              {t('checkout.trialUntil', { date: new Date(settled.trial_ends_at).toLocaleDateString(i18n.language) })}
            </p>
          ) : null}
          <div className="checkout-result__actions">
            {eventId ? <ButtonLink to={paths.watch(eventId)}>{t('checkout.watchNow')}</ButtonLink> : null}
            <ButtonLink to={paths.profile} variant={eventId ? 'secondary' : 'primary'}>
              {t('checkout.seeOrders')}
            </ButtonLink>
          </div>
        </div>
      </PageFrame>
    )
  }
  if (settled?.status === 'failed') {
    return (
      <PageFrame title={t('checkout.failureTitle')}>
        <div className="checkout-result" role="alert" data-testid="purchase-failure">
          <p>{settled.failure_message ? messageText(settled.failure_message) : t('checkout.failureText')}</p>
          <p className="checkout__fine">{t('checkout.failureText')}</p>
          <div className="checkout-result__actions">
            <Button
              onClick={() => {
                setOrderId(null)
                setIdempotencyKey(newIdempotencyKey())
              }}
            >
              {t('checkout.tryAgainCheckout')}
            </Button>
          </div>
        </div>
      </PageFrame>
    )
  }
  if (orderId !== null) {
    return (
      <PageFrame title={t('checkout.processingTitle')}>
        <div className="checkout-result" role="status" aria-live="polite" data-testid="purchase-processing">
          <Spinner />
          <p>
            <strong>{t('checkout.processingText')}</strong>
          </p>
        </div>
      </PageFrame>
    )
  }

  const apply = async () => {
    setCouponError(null)
    const code = couponText.trim()
    if (!code) {
      setQuote(null)
      return
    }
    try {
      const kind = item.kind === 'bundle' ? 'bundle' : item.kind === 'subscription' ? 'subscription' : 'package'
      setQuote(await applyCoupon.mutateAsync({ code, id: item.id, type: kind }))
    } catch (error) {
      setQuote(null)
      setCouponError(messageText(errorText(error) ?? messages.wrongPromoCode))
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFormError(null)
    const usingNew = cardChoice === 'new'
    let stripeMethod: string | null = null
    if (usingNew && stripeKey) {
      const made = await stripeCard.current?.createPaymentMethod()
      if (!made || 'error' in made) {
        setFormError(made?.error || messageText(messages.paymentCardRequired))
        return
      }
      stripeMethod = made.id
    } else if (usingNew) {
      const found = cardProblems(card)
      setProblems(found)
      if (!card.number && !card.expiry && !card.cvc) {
        setFormError(messageText(messages.paymentCardRequired))
        return
      }
      if (Object.keys(found).length > 0) return
    }
    const expiry = parseExpiry(card.expiry)
    const payment = stripeMethod
      ? { payment_method_id: stripeMethod, save_card: saveCard || trial }
      : usingNew
        ? {
            card: {
              number: card.number.replace(/\s/g, ''),
              exp_month: expiry?.month,
              exp_year: expiry?.year,
              cvc: card.cvc.trim(),
            },
            save_card: saveCard,
          }
        : { payment_method_id: cardChoice }
    const common = {
      ...payment,
      idempotency_key: idempotencyKey,
      ...(quote?.coupon ? { coupon: quote.coupon } : {}),
    }
    try {
      const placed =
        item.kind === 'bundle'
          ? await checkout.mutateAsync({ call: 'buy_bundle', body: { ...common, bundle_id: item.id } })
          : trial
            ? await checkout.mutateAsync({ call: 'start_trial', body: { ...common, subscription_id: item.id } })
            : await checkout.mutateAsync({
                call: 'buy',
                body: {
                  ...common,
                  ...(item.kind === 'event' ? { single_event_package_id: item.id } : { id: item.id }),
                  ...(eventId ? { event_id: eventId } : {}),
                },
              })
      setOrderId(placed.id)
    } catch (error) {
      const text = errorText(error)
      if (text) setFormError(messageText(text))
    }
  }

  const trialEnd = new Date(Date.now() + item.trialDays * 86_400_000).toLocaleDateString(i18n.language)
  const dueNow = trial ? lines.service_fee : lines.total
  return (
    <PageFrame title={t('buy.title')} lead={t('buy.lead')} wide>
      {config.data?.gateway === 'test' ? (
        <p className="checkout-notice" data-testid="test-mode">
          {t('checkout.testMode')}
        </p>
      ) : null}
      <div className="checkout">
        <form className="checkout__panel" onSubmit={submit} noValidate aria-label={t('checkout.payWith')}>
          <fieldset className="checkout__cards">
            <legend className="field__label">{t('checkout.payWith')}</legend>
            {(cards.data ?? []).map((c) => (
              <label key={c.id} className="checkout__choice">
                <input
                  type="radio"
                  name="card"
                  value={c.id}
                  checked={cardChoice === c.id}
                  onChange={() => setCardChoice(c.id)}
                />
                {t('checkout.savedCard', {
                  brand: c.brand.toUpperCase(),
                  last4: c.last4,
                  month: String(c.exp_month).padStart(2, '0'),
                  year: String(c.exp_year).slice(-2),
                })}
              </label>
            ))}
            <label className="checkout__choice">
              <input
                type="radio"
                name="card"
                value="new"
                checked={cardChoice === 'new'}
                onChange={() => setCardChoice('new')}
              />
              {t('checkout.newCard')}
            </label>
          </fieldset>
          {cardChoice === 'new' && stripeKey ? (
            <div className="form">
              <StripeCardField publishableKey={stripeKey} onReady={onStripeReady} />
              <CheckboxField
                label={t('checkout.saveCard')}
                checked={saveCard || trial}
                disabled={trial}
                onChange={(e) => setSaveCard(e.target.checked)}
              />
            </div>
          ) : null}
          {cardChoice === 'new' && !stripeKey ? (
            <div className="form">
              <TextField
                label={t('checkout.cardNumber')}
                inputMode="numeric"
                autoComplete="cc-number"
                value={card.number}
                onChange={(e) => setCard({ ...card, number: formatCardNumber(e.target.value) })}
                error={problems.number ? t(problems.number) : undefined}
              />
              <div className="form__row">
                <TextField
                  label={t('checkout.expiry')}
                  autoComplete="cc-exp"
                  placeholder="MM/YY"
                  value={card.expiry}
                  onChange={(e) => setCard({ ...card, expiry: e.target.value.slice(0, 7) })}
                  error={problems.expiry ? t(problems.expiry) : undefined}
                />
                <TextField
                  label={t('checkout.cvc')}
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  value={card.cvc}
                  onChange={(e) => setCard({ ...card, cvc: e.target.value.replace(/\D/g, '').slice(0, 4) })}
                  error={problems.cvc ? t(problems.cvc) : undefined}
                />
              </div>
              <CheckboxField
                label={t('checkout.saveCard')}
                checked={saveCard || trial}
                disabled={trial}
                onChange={(e) => setSaveCard(e.target.checked)}
              />
            </div>
          ) : null}
          {formError ? (
            <p className="form-message form-message--error" role="alert">
              {formError}
            </p>
          ) : null}
          {trial ? <p className="checkout__fine">{t('checkout.trialTerms')}</p> : null}
          <Button type="submit" size="lg" disabled={checkout.isPending} data-testid="checkout-pay">
            {trial ? t('checkout.startTrial') : t('checkout.pay', { amount: money(dueNow, symbol) })}
          </Button>
          <p className="checkout__fine">{t('checkout.salesFinal')}</p>
        </form>

        <aside className="checkout__panel" aria-labelledby="order-summary-title">
          <h2 id="order-summary-title" className="checkout-section__title">
            {t('checkout.summary')}
          </h2>
          <p>
            <strong>{item.name}</strong>
          </p>
          <dl className="checkout__lines" data-testid="checkout-summary">
            <dt>{t('checkout.price')}</dt>
            <dd>{money(lines.price, symbol)}</dd>
            {lines.discount > 0 ? (
              <>
                <dt>{t('checkout.discount', { code: lines.coupon ?? '' })}</dt>
                <dd>{money(-lines.discount, symbol)}</dd>
              </>
            ) : null}
            <dt>{t('checkout.serviceFee')}</dt>
            <dd>{money(lines.service_fee, symbol)}</dd>
            <dt className="checkout__total">{trial ? t('checkout.dueToday') : t('checkout.total')}</dt>
            <dd className="checkout__total" data-testid="checkout-total">
              {money(dueNow, symbol)}
            </dd>
          </dl>
          {trial ? (
            <p className="checkout__fine">
              {t('checkout.thenPerPeriod', { price: money(lines.price - lines.discount, symbol), date: trialEnd })}
            </p>
          ) : null}
          <div className="checkout__row">
            <TextField
              label={t('checkout.coupon')}
              value={couponText}
              onChange={(e) => setCouponText(e.target.value)}
              autoComplete="off"
              error={couponError ?? undefined}
            />
            <Button variant="secondary" onClick={() => void apply()} disabled={applyCoupon.isPending}>
              {t('checkout.applyCoupon')}
            </Button>
          </div>
          {quote?.coupon ? (
            <p role="status" className="checkout__fine">
              {t('checkout.couponApplied', { code: quote.coupon })}
            </p>
          ) : null}
        </aside>
      </div>
    </PageFrame>
  )
}

/** Before any promo code: the list price, no discount, the fee. */
function localQuote(item: Item): PriceQuote {
  return {
    price: item.price,
    discount: 0,
    service_fee: item.serviceFee,
    tax: 0,
    total: Math.round((item.price + item.serviceFee) * 100) / 100,
    currency: item.currency,
    coupon: null,
    trial_ends_at: null,
  }
}
