import { messages, type PriceQuote, PromoCodeSchema } from '@fieldhouse/contract'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/button'
import { TextField } from '../../components/ui/form-field'
import { errorText } from '../../lib/api/error-text'
import { useApplyCoupon } from '../../lib/entities/commerce/use-apply-coupon'
import { type CheckoutItem, couponType } from './checkout-flow'

/**
 * The promo code: Apply asks `apply_coupon` for the price with it; a refused code shows the spec's
 * "Wrong promo code" under the field and the price goes back to the list price. Removing the code
 * (Apply with the field empty, or Remove) does the same. A code shorter or longer than any code can be
 * is refused at once in the spec's length rule ("The field length must be greater than 2").
 */
export function CouponForm({
  item,
  applied,
  onQuote,
}: {
  item: CheckoutItem
  applied: string | null
  onQuote: (quote: PriceQuote | null) => void
}) {
  const { t } = useTranslation()
  const applyCoupon = useApplyCoupon()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)

  const apply = async (event: FormEvent) => {
    event.preventDefault()
    setError(null)
    const trimmed = code.trim()
    if (!trimmed) {
      onQuote(null)
      return
    }
    const length = PromoCodeSchema.safeParse(trimmed)
    if (!length.success) {
      onQuote(null)
      setError(length.error.issues[0]?.message ?? messages.wrongPromoCode)
      return
    }
    try {
      onQuote(await applyCoupon.mutateAsync({ code: trimmed, id: item.id, type: couponType(item.kind) }))
    } catch (failure) {
      onQuote(null)
      const text = errorText(failure)
      if (text !== null) setError(text === messages.undefinedError ? messages.wrongPromoCode : text)
    }
  }

  return (
    <form className="checkout__coupon" onSubmit={(e) => void apply(e)} noValidate>
      <div className="checkout__coupon-row">
        <TextField
          label={t('checkout.coupon')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={error ?? undefined}
        />
        <Button type="submit" variant="secondary" disabled={applyCoupon.isPending}>
          {t('checkout.applyCoupon')}
        </Button>
      </div>
      {applied ? (
        <p role="status" className="fine-print checkout__coupon-applied">
          {t('checkout.couponApplied', { code: applied })}{' '}
          <button
            type="button"
            className="checkout__link-button"
            onClick={() => {
              setCode('')
              onQuote(null)
            }}
          >
            {t('checkout.couponRemove')}
          </button>
        </p>
      ) : null}
    </form>
  )
}
