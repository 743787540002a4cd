import { currencySymbol, type Package } from '@fieldhouse/contract'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { ButtonLink } from '../../components/ui/button'
import { LoadError, LoadingStatus } from '../../components/ui/load-states'
import { PageFrame } from '../../components/ui/page-frame'
import { pushDataLayer } from '../../lib/analytics/data-layer'
import { useAppStore } from '../../lib/store/app-store'
import { BasicPassOffer } from '../account/basic-pass-offer'
import { useDocumentTitle } from '../channel/use-document-title'
import { useOrders, usePasses, usePaymentConfig } from './api/commerce-api'
import { bundleCheckoutHref, checkoutHref, money } from './checkout-logic'
import { PassCard } from './pass-card'
import './checkout.css'

/**
 * `/packages`: every pass on sale — subscriptions, packages and team passes, add-ons and bundles —
 * with the free basic pass offered first where the channel needs it. Single-game passes are not
 * listed here: they are offered on each game's page, where they mean something.
 */
export function PackagesPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('packages.title'))
  const passes = usePasses()
  const config = usePaymentConfig()
  const signedIn = useAppStore((s) => s.user !== null)
  const orders = useOrders()
  const held = signedIn ? (orders.data ?? []) : []

  useEffect(() => {
    if (!passes.data) return
    const all = [...passes.data.subscriptions, ...passes.data.packages.filter((p) => p.kind !== 'event')]
    pushDataLayer({
      event: 'view_item_list',
      ecommerce: {
        item_list_name: 'packages',
        items: all.map((p) => ({
          item_id: String(p.id),
          item_name: p.name,
          item_category: p.kind,
          price: p.price,
          quantity: 1,
          service_fee: p.service_fee,
        })),
      },
    })
  }, [passes.data])

  const section = (title: string, list: Package[], testId: string) =>
    list.length === 0 ? null : (
      <section aria-labelledby={`${testId}-title`}>
        <h2 id={`${testId}-title`} className="checkout-section__title">
          {title}
        </h2>
        <ul className="pass-grid" data-testid={testId}>
          {list.map((p) => (
            <PassCard key={p.id} pass={p} orders={held} href={checkoutHref(p)} />
          ))}
        </ul>
      </section>
    )

  return (
    <PageFrame title={t('packages.title')} lead={t('packages.lead')} wide>
      <BasicPassOffer />
      {config.data?.gateway === 'test' ? (
        <p className="checkout-notice" data-testid="test-mode">
          {t('checkout.testMode')}
        </p>
      ) : null}
      {passes.isPending ? <LoadingStatus /> : null}
      {passes.isError ? <LoadError onRetry={() => void passes.refetch()} /> : null}
      {passes.data ? (
        <>
          {section(t('checkout.subscriptions'), passes.data.subscriptions, 'passes-subscriptions')}
          {section(
            t('checkout.packagesTitle'),
            passes.data.packages.filter((p) => p.kind === 'package'),
            'passes-packages',
          )}
          {section(
            t('checkout.addons'),
            passes.data.packages.filter((p) => p.kind === 'addon'),
            'passes-addons',
          )}
          {passes.data.bundles.length > 0 ? (
            <section aria-labelledby="passes-bundles-title">
              <h2 id="passes-bundles-title" className="checkout-section__title">
                {t('checkout.bundles')}
              </h2>
              <ul className="pass-grid" data-testid="passes-bundles">
                {passes.data.bundles.map((b) => (
                  <li key={b.id} className="pass-card" data-testid="bundle-card">
                    <h3 className="pass-card__name">{b.name}</h3>
                    <p className="pass-card__price">
                      <span className="pass-card__amount">{money(b.price, currencySymbol(b.currency))}</span>
                    </p>
                    {b.base_price > b.price ? (
                      <p className="pass-card__was">
                        {t('checkout.wasPrice', { price: money(b.base_price, currencySymbol(b.currency)) })}
                      </p>
                    ) : null}
                    <p className="pass-card__note">{t('checkout.bundleOf', { count: b.package_ids.length })}</p>
                    <div className="pass-card__action">
                      <ButtonLink to={bundleCheckoutHref(b.id)} aria-label={`${t('checkout.choose')}: ${b.name}`}>
                        {t('checkout.choose')}
                      </ButtonLink>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : null}
    </PageFrame>
  )
}
