import type { Stripe, StripeCardElement } from '@stripe/stripe-js'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

/** What the checkout asks of the card field: a PaymentMethod id made by Stripe, or an error to show. */
export interface StripeCard {
  createPaymentMethod(): Promise<{ id: string } | { error: string }>
}

/**
 * The card form when Stripe takes the money: Stripe Elements' card field, so the card number goes
 * from the viewer's browser to Stripe and never to us. `@stripe/stripe-js` is imported only here,
 * and only when the channel has a publishable key, so other pages never load it.
 */
export function StripeCardField({
  publishableKey,
  onReady,
}: {
  publishableKey: string
  onReady: (card: StripeCard) => void
}) {
  const { t } = useTranslation()
  const mountRef = useRef<HTMLDivElement>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let element: StripeCardElement | null = null
    let cancelled = false
    void (async () => {
      const { loadStripe } = await import('@stripe/stripe-js')
      const stripe: Stripe | null = await loadStripe(publishableKey)
      if (cancelled || !stripe || !mountRef.current) return
      element = stripe.elements().create('card', { hidePostalCode: true })
      element.mount(mountRef.current)
      element.on('change', (e) => setError(e.error?.message ?? null))
      const card = element
      onReady({
        createPaymentMethod: async () => {
          const result = await stripe.createPaymentMethod({ type: 'card', card })
          return result.paymentMethod ? { id: result.paymentMethod.id } : { error: result.error?.message ?? '' }
        },
      })
    })().catch(() => setError(t('errors.contentLoadFailed')))
    return () => {
      cancelled = true
      element?.destroy()
    }
  }, [publishableKey, onReady, t])

  return (
    <div className="field">
      <span className="field__label">{t('checkout.cardNumber')}</span>
      <div ref={mountRef} className="field__input" data-testid="stripe-card" />
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
