import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js'
import { loadStripe, type Stripe } from '@stripe/stripe-js'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

/** What the checkout asks of the card field when Stripe takes the money. */
export interface StripeCard {
  /** A PaymentMethod made from the typed card (a purchase; the server charges it). */
  createPaymentMethod(): Promise<{ id: string } | { error: string }>
  /**
   * The card saved through a SetupIntent (a free trial: charged later, off-session), with 3-D Secure
   * asked now if the bank wants it. Answers the saved PaymentMethod's id.
   */
  confirmSetup(clientSecret: string): Promise<{ id: string } | { error: string }>
}

const loaded = new Map<string, Promise<Stripe | null>>()
/** Stripe.js is loaded once per publishable key, and only by this field (only on /buy, only with Stripe). */
const stripeFor = (key: string) => {
  let promise = loaded.get(key)
  if (!promise) {
    // A script that cannot be fetched (offline, blocked) resolves null: the field then says so.
    promise = loadStripe(key).catch(() => null)
    loaded.set(key, promise)
  }
  return promise
}

/**
 * 3-D Secure for a payment the server confirmed and the bank wants the viewer to approve: Stripe.js
 * shows the bank's page for the PaymentIntent of `clientSecret` and finishes the payment (Stripe's
 * "finalize payments on the server" flow: `handleNextAction`). Whatever happens there, the order's
 * status (polled) is the answer; the error is only what Stripe.js said.
 */
export async function confirmCardAction(publishableKey: string, clientSecret: string): Promise<{ error?: string }> {
  const stripe = await stripeFor(publishableKey)
  if (!stripe) return { error: 'Stripe.js could not be loaded.' }
  const result = await stripe.handleNextAction({ clientSecret })
  return result.error ? { error: result.error.message ?? '' } : {}
}

/**
 * The card form when Stripe takes the money: Stripe Elements' card field, so the number goes from the
 * viewer's browser to Stripe, never to us. This module (with `@stripe/stripe-js` and
 * `@stripe/react-stripe-js`) is a lazy chunk of its own.
 */
export default function StripeCardField({
  publishableKey,
  onReady,
}: {
  publishableKey: string
  onReady: (card: StripeCard | null) => void
}) {
  const { t } = useTranslation()
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    void stripeFor(publishableKey).then((stripe) => {
      if (live && !stripe) setFailed(true)
    })
    return () => {
      live = false
    }
  }, [publishableKey])
  if (failed) {
    return (
      <p className="form-message form-message--error" role="alert">
        {t('checkout.stripeUnavailable')}
      </p>
    )
  }
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardField onReady={onReady} />
    </Elements>
  )
}

function CardField({ onReady }: { onReady: (card: StripeCard | null) => void }) {
  const { t } = useTranslation()
  const stripe = useStripe()
  const elements = useElements()
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    if (!stripe || !elements) return
    const cardElement = () => elements.getElement(CardElement)
    const missing = { error: t('spec.paymentCardRequired') }
    onReady({
      createPaymentMethod: async () => {
        const card = cardElement()
        if (!card) return missing
        const result = await stripe.createPaymentMethod({ type: 'card', card })
        return result.paymentMethod ? { id: result.paymentMethod.id } : { error: result.error?.message ?? '' }
      },
      confirmSetup: async (clientSecret) => {
        const card = cardElement()
        if (!card) return missing
        const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } })
        const method = result.setupIntent?.payment_method
        if (method) return { id: typeof method === 'string' ? method : method.id }
        return { error: result.error?.message ?? '' }
      },
    })
    return () => onReady(null)
  }, [stripe, elements, onReady, t])

  return (
    <div className="field">
      <span className="field__label">{t('checkout.cardDetails')}</span>
      <div className="field__input checkout__stripe" data-testid="stripe-card">
        <CardElement options={{ hidePostalCode: true }} onChange={(event) => setError(event.error?.message ?? null)} />
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
