import { currencySymbol, priceTitle } from '@fieldhouse/contract'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useEventPasses } from './api/commerce-api'
import { checkoutHref } from './checkout-logic'
import './checkout.css'

/**
 * On a game the viewer may not watch: exactly the passes that would open it, each straight to
 * checkout with the game's id, so a purchase comes back to "Watch now".
 */
export function EventPassOffers({ eventId }: { eventId: number }) {
  const { t } = useTranslation()
  const passes = useEventPasses(eventId, true)
  if (!passes.data || passes.data.length === 0) return null
  return (
    <div data-testid="watch-offers">
      <p className="visually-hidden">{t('checkout.offersTitle')}</p>
      <ul className="watch-offers" aria-label={t('checkout.offersTitle')}>
        {passes.data.map((p) => (
          <li key={p.id}>
            <Link to={checkoutHref(p, eventId)} data-testid="watch-offer">
              <span>{p.name}</span>
              <strong>{p.period ? priceTitle(p) : `${currencySymbol(p.currency)}${p.price.toFixed(2)}`}</strong>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
