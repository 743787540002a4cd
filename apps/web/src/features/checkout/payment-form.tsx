import type { Card } from '@fieldhouse/contract'
import { zodResolver } from '@hookform/resolvers/zod'
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { SubmitButton } from '../../components/ui/button'
import { CheckboxField, FormMessage, TextField } from '../../components/ui/form-field'
import { Spinner } from '../../components/ui/spinner'
import {
  type CardFormMessage,
  type CardFormValues,
  cardFormDefaults,
  cardFormSchema,
  formatCardNumber,
  formatExpiry,
  NEW_CARD,
} from './card-form'
import type { StripeCard } from './stripe-card-field'

// Stripe.js and its React bindings: a chunk of their own, loaded only when Stripe takes the money.
const StripeCardField = lazy(() => import('./stripe-card-field'))

/**
 * How the viewer pays: a saved card (radio list, the first one chosen) or a new card — typed here on the
 * test gateway (number, MM/YY, CVC, "save this card"), or Stripe Elements' field with Stripe. A free
 * trial always saves the card: it is charged when the trial ends.
 */
export function PaymentForm({
  cards,
  stripeKey,
  trial,
  submitLabel,
  error,
  onPay,
}: {
  cards: Card[] | undefined
  /** Stripe's publishable key when Stripe takes the money; null for the test gateway. */
  stripeKey: string | null
  trial: boolean
  submitLabel: string
  /** The last checkout call's refusal, in the contract's words. */
  error: string | null
  onPay: (values: CardFormValues, stripeCard: StripeCard | null) => Promise<void>
}) {
  const { t } = useTranslation()
  const resolver = useMemo(() => zodResolver(cardFormSchema({ typedCard: !stripeKey })), [stripeKey])
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    getValues,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<CardFormValues>({ resolver, defaultValues: cardFormDefaults() })
  const choice = watch('choice')
  const stripeCard = useRef<StripeCard | null>(null)
  const onStripeReady = useCallback((card: StripeCard | null) => {
    stripeCard.current = card
  }, [])

  // Saved cards come first: once the list arrives, the first is chosen unless the viewer chose already.
  const firstCard = cards?.[0]?.id
  useEffect(() => {
    if (firstCard && !dirtyFields.choice) setValue('choice', firstCard)
  }, [firstCard, dirtyFields.choice, setValue])

  const number = register('number')
  const expiry = register('expiry')
  const newCard = choice === NEW_CARD
  // The rules' messages are i18n keys (card-form.ts).
  const fieldError = (key: string | undefined) => (key ? t(key as CardFormMessage) : undefined)

  return (
    <form
      className="checkout__panel checkout__payment"
      onSubmit={handleSubmit((values) => onPay({ ...values, save: values.save || trial }, stripeCard.current))}
      noValidate
      aria-labelledby="pay-with-title"
    >
      <fieldset className="checkout__cards">
        <legend id="pay-with-title" className="checkout__panel-title">
          {t('checkout.payWith')}
        </legend>
        {(cards ?? []).map((c) => (
          <label key={c.id} className="checkout__choice">
            <input type="radio" value={c.id} {...register('choice')} />
            <span>
              {t('checkout.savedCard', {
                brand: c.brand.toUpperCase(),
                last4: c.last4,
                month: String(c.exp_month).padStart(2, '0'),
                year: String(c.exp_year).slice(-2),
              })}
            </span>
          </label>
        ))}
        <label className="checkout__choice">
          <input type="radio" value={NEW_CARD} {...register('choice')} />
          <span>{t('checkout.newCard')}</span>
        </label>
      </fieldset>

      {newCard ? (
        <div className="form checkout__new-card">
          {stripeKey ? (
            <Suspense fallback={<Spinner label={t('common.loading')} />}>
              <StripeCardField publishableKey={stripeKey} onReady={onStripeReady} />
            </Suspense>
          ) : (
            <>
              <TextField
                label={t('checkout.cardNumber')}
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="1234 1234 1234 1234"
                {...number}
                onChange={(e) => {
                  e.target.value = formatCardNumber(e.target.value)
                  return number.onChange(e)
                }}
                error={fieldError(errors.number?.message)}
              />
              <div className="form__row form__row--two">
                <TextField
                  label={t('checkout.expiry')}
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  placeholder={t('checkout.expiryPlaceholder')}
                  {...expiry}
                  onChange={(e) => {
                    e.target.value = formatExpiry(e.target.value, getValues('expiry'))
                    return expiry.onChange(e)
                  }}
                  error={fieldError(errors.expiry?.message)}
                />
                <TextField
                  label={t('checkout.cvc')}
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  maxLength={4}
                  {...register('cvc')}
                  error={fieldError(errors.cvc?.message)}
                />
              </div>
            </>
          )}
          <CheckboxField
            key={trial ? 'trial' : 'choice'}
            label={t('checkout.saveCard')}
            hint={trial ? t('checkout.trialSavesCard') : undefined}
            disabled={trial}
            {...(trial ? { checked: true, readOnly: true } : register('save'))}
          />
        </div>
      ) : null}

      <div className="checkout__submit">
        {errors.choice?.message ? <FormMessage tone="error">{fieldError(errors.choice.message)}</FormMessage> : null}
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        {trial ? <p className="fine-print">{t('checkout.trialTerms')}</p> : null}
        <SubmitButton submitting={isSubmitting} data-testid="checkout-pay">
          {submitLabel}
        </SubmitButton>
        <p className="fine-print">{t('checkout.salesFinal')}</p>
      </div>
    </form>
  )
}
