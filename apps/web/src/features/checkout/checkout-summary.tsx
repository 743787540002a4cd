import { formatPrice, type PriceQuote } from '@fieldhouse/contract'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { TitledSection } from '../../components/ui/titled-section'
import { priceLabel } from './pass-display'
import type { CheckoutProduct } from './use-checkout-item'

/**
 * The order summary of `/buy`: what is bought (its spec §9 price label, trial, what it includes), then
 * price, promo-code discount, service fee and the total — "Due today" while a free trial runs.
 */
export function CheckoutSummary({
  product,
  lines,
  trial,
  trialEnd,
  children,
}: {
  product: CheckoutProduct
  lines: (PriceQuote & { dueToday: number }) | null
  trial: boolean
  trialEnd: string | null
  children?: ReactNode
}) {
  const { t, i18n } = useTranslation()
  const source = product.kind === 'pass' ? product.pass : product.bundle
  const label = priceLabel(source, i18n.language)
  const money = (amount: number) => formatPrice(amount, source.currency, i18n.language)
  return (
    <TitledSection
      as="aside"
      className="checkout__panel checkout__summary"
      titleId="order-summary-title"
      title={t('checkout.summary')}
      titleClassName="checkout__panel-title"
    >
      <div className="checkout__product">
        <p className="checkout__product-name" data-testid="checkout-item">
          {source.name}
        </p>
        <p className="checkout__product-price">
          <span>{label.title}</span>
          {label.was ? <s className="checkout__was">{label.was}</s> : null}
        </p>
        {product.kind === 'pass' && product.pass.trial_period > 0 ? (
          <p className="checkout__trial">{t('checkout.trialDays', { count: product.pass.trial_period })}</p>
        ) : null}
        {product.kind === 'pass' && product.pass.capabilities.length > 0 ? (
          <ul className="checkout__includes" aria-label={t('checkout.includes')}>
            {product.pass.capabilities.map((c) => (
              <li key={c}>{t(`checkout.cap_${c}`)}</li>
            ))}
          </ul>
        ) : null}
        {product.kind === 'bundle' && product.passes.length > 0 ? (
          <ul className="checkout__includes" aria-label={t('checkout.includes')}>
            {product.passes.map((p) => (
              <li key={p.id}>{p.name}</li>
            ))}
          </ul>
        ) : null}
      </div>
      {lines ? (
        <dl className="checkout__lines" data-testid="checkout-summary">
          <dt>{t('checkout.price')}</dt>
          <dd>{money(lines.price)}</dd>
          {lines.discount > 0 ? (
            <>
              <dt>{t('checkout.discount', { code: lines.coupon ?? '' })}</dt>
              <dd data-testid="checkout-discount">{money(-lines.discount)}</dd>
            </>
          ) : null}
          {lines.tax > 0 ? (
            <>
              <dt>{t('checkout.tax')}</dt>
              <dd>{money(lines.tax)}</dd>
            </>
          ) : null}
          <dt>{t('checkout.serviceFee')}</dt>
          <dd>{money(lines.service_fee)}</dd>
          <dt className="checkout__total">{trial ? t('checkout.dueToday') : t('checkout.total')}</dt>
          <dd className="checkout__total" data-testid="checkout-total">
            {money(lines.dueToday)}
          </dd>
        </dl>
      ) : null}
      {trial && lines && trialEnd ? (
        <p className="fine-print" data-testid="checkout-after-trial">
          {t('checkout.thenPerPeriod', { price: money(lines.total), date: trialEnd })}
        </p>
      ) : null}
      {children}
    </TitledSection>
  )
}
