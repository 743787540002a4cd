import type { Order, Package } from '@fieldhouse/contract'
import { type ReactNode, useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { BasicPassOffer } from '../../components/passes/basic-pass-offer'
import { LoadError, LoadingStatus } from '../../components/ui/load-states'
import { PageFrame } from '../../components/ui/page-frame'
import { TitledSection } from '../../components/ui/titled-section'
import { passItem, pushDataLayer } from '../../lib/analytics/data-layer'
import { productAnalytics } from '../../lib/analytics/product-analytics'
import { useOrders } from '../../lib/entities/account/use-orders'
import { useBundles } from '../../lib/entities/commerce/use-bundles'
import { useEventPasses } from '../../lib/entities/commerce/use-event-passes'
import { usePackages } from '../../lib/entities/commerce/use-packages'
import { usePaymentConfig } from '../../lib/entities/commerce/use-payment-config'
import { useSubscriptions } from '../../lib/entities/commerce/use-subscriptions'
import { eventTitle } from '../../lib/entities/events/event-display'
import { useEvent } from '../../lib/entities/events/use-event'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import { useAppStore } from '../../lib/store/app-store'
import { bundleCheckoutHref, checkoutHref, choosePassHref, positiveId } from './checkout-logic'
import { BundleCard, PassCard } from './pass-card'
import { bundleHeld, passSections } from './pass-display'
import { useCoverageNames } from './use-coverage-names'
import './checkout.css'

/**
 * `/packages`: the free basic pass first where the channel needs it (as before), then every pass on
 * sale — subscriptions, packages and team passes, add-ons, bundles — as cards. Single-game passes are
 * not listed (one per paid game): `/packages?event_id=` (where a game's "See passes" leads) shows first
 * exactly the passes that open that game. A package that covers sports or teams opens
 * `/select-package/{id}` first; everything else goes straight to `/buy`.
 */
export function PackagesPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('packages.title'))
  const [search] = useSearchParams()
  const eventId = positiveId(search.get('event_id'))
  const packages = usePackages()
  const subscriptions = useSubscriptions()
  const bundles = useBundles()
  const config = usePaymentConfig()
  const signedIn = useAppStore((s) => s.user !== null)
  const orders = useOrders()
  const held: Order[] = signedIn ? (orders.data ?? []) : []

  const sections = useMemo(
    () =>
      packages.data && subscriptions.data && bundles.data
        ? passSections(packages.data, subscriptions.data, bundles.data)
        : null,
    [packages.data, subscriptions.data, bundles.data],
  )
  const names = useCoverageNames(Boolean(sections?.packages.some((p) => p.participants.length > 0)))

  // view_item_list once the list is there (web ecommerce analytics, and the product analytics' funnel).
  useEffect(() => {
    if (!sections) return
    const items = [
      ...[...sections.subscriptions, ...sections.packages, ...sections.addons].map(passItem),
      ...sections.bundles.map((b) => passItem({ ...b, kind: 'bundle' })),
    ]
    pushDataLayer({
      event: 'view_item_list',
      ecommerce: { item_list_id: 'packages', item_list_name: 'Packages', items },
    })
    productAnalytics.commerce('view_item_list', { item_id: 'packages', item_name: 'Packages' })
  }, [sections])

  const failed = packages.isError || subscriptions.isError || bundles.isError
  const retry = () => {
    void packages.refetch()
    void subscriptions.refetch()
    void bundles.refetch()
  }
  const allPasses = [...(subscriptions.data ?? []), ...(packages.data ?? [])]

  const grid = (title: string, testId: string, cards: ReactNode[]) =>
    cards.length === 0 ? null : (
      <TitledSection
        className="pass-section"
        titleId={`${testId}-title`}
        title={title}
        titleClassName="checkout-section__title"
      >
        <ul className="pass-grid" data-testid={testId}>
          {cards}
        </ul>
      </TitledSection>
    )
  const passCards = (list: Package[], href: (p: Package) => string) =>
    list.map((p) => <PassCard key={p.id} pass={p} orders={held} href={href(p)} names={names} />)

  return (
    <PageFrame title={t('packages.title')} lead={t('packages.lead')} wide>
      <BasicPassOffer />
      {config.data?.gateway === 'test' ? (
        <p className="checkout-notice" data-testid="test-mode">
          {t('checkout.testMode')}
        </p>
      ) : null}
      {eventId !== null ? <EventPasses eventId={eventId} orders={held} names={names} /> : null}
      {!sections && !failed ? <LoadingStatus /> : null}
      {failed ? <LoadError onRetry={retry} /> : null}
      {sections ? (
        <>
          {grid(t('checkout.subscriptions'), 'passes-subscriptions', passCards(sections.subscriptions, choosePassHref))}
          {grid(t('checkout.packagesTitle'), 'passes-packages', passCards(sections.packages, choosePassHref))}
          {grid(t('checkout.addons'), 'passes-addons', passCards(sections.addons, choosePassHref))}
          {grid(
            t('checkout.bundles'),
            'passes-bundles',
            sections.bundles.map((b) => (
              <BundleCard key={b.id} bundle={b} held={bundleHeld(b, allPasses, held)} href={bundleCheckoutHref(b.id)} />
            )),
          )}
        </>
      ) : null}
    </PageFrame>
  )
}

/** `?event_id=`: the passes that open that game, each straight to checkout with the game's id. */
function EventPasses({
  eventId,
  orders,
  names,
}: {
  eventId: number
  orders: Order[]
  names: ReturnType<typeof useCoverageNames>
}) {
  const { t } = useTranslation()
  const passes = useEventPasses(eventId)
  const event = useEvent(eventId)
  if (!passes.data || passes.data.length === 0) return null
  return (
    <section className="pass-section pass-section--event" aria-labelledby="passes-event-title">
      <h2 id="passes-event-title" className="checkout-section__title">
        {event.data ? t('checkout.passesForGame', { name: eventTitle(event.data) }) : t('checkout.offersTitle')}
      </h2>
      <ul className="pass-grid" data-testid="passes-event">
        {passes.data.map((p) => (
          <PassCard key={p.id} pass={p} orders={orders} href={checkoutHref(p, eventId)} names={names} />
        ))}
      </ul>
    </section>
  )
}
