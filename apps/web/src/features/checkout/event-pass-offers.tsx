import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { productAnalytics } from '../../lib/analytics/product-analytics'
import { useEventPasses } from '../../lib/entities/commerce/use-event-passes'
import { checkoutHref } from './checkout-logic'
import { priceLabel } from './pass-display'
import './checkout.css'

/**
 * On a game the viewer may not watch: exactly the passes that would open it (`GET events/{id}/passes`),
 * name and price label, each straight to checkout with the game's id, so a purchase comes back to
 * "Watch now". An anonymous viewer is asked to sign in on the checkout page.
 */
export function EventPassOffers({ eventId }: { eventId: number }) {
  const { t, i18n } = useTranslation()
  const passes = useEventPasses(eventId)
  const offered = (passes.data?.length ?? 0) > 0
  // Passes offered on the game's page are a list of items too: the funnel's second step.
  useEffect(() => {
    if (offered) productAnalytics.commerce('view_item_list', { item_id: `event-${eventId}`, item_name: 'Game offers' })
  }, [offered, eventId])
  if (!passes.data || passes.data.length === 0) return null
  return (
    <ul className="watch-offers" aria-label={t('checkout.offersTitle')} data-testid="watch-offers">
      {passes.data.map((p) => (
        <li key={p.id}>
          <Link to={checkoutHref(p, eventId)} data-testid="watch-offer">
            <span>{p.name}</span>
            <strong>{priceLabel(p, i18n.language).title}</strong>
          </Link>
        </li>
      ))}
    </ul>
  )
}
