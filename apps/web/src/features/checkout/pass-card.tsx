import { currencySymbol, type Order, type Package, passFlags } from '@fieldhouse/contract'
import { useTranslation } from 'react-i18next'
import { ButtonLink } from '../../components/ui/button'
import { money } from './checkout-logic'
import './checkout.css'

/**
 * One pass as a card: name, the spec §9 price label (symbol, price, /period and offer; the base price
 * struck through when the offer is lower), trial, what it includes, and its purchased state.
 */
export function PassCard({ pass, orders, href }: { pass: Package; orders: Order[]; href: string }) {
  const { t } = useTranslation()
  const flags = passFlags(pass, orders)
  const symbol = currencySymbol(pass.currency)
  const [amount, period] = flags.priceTitle.split('/')
  return (
    <li
      className={`pass-card${flags.purchased ? ' pass-card--purchased' : ''}`}
      data-testid="pass-card"
      data-pass-id={pass.id}
    >
      <h3 className="pass-card__name">{pass.name}</h3>
      <p className="pass-card__price" data-testid="pass-price" title={flags.priceTitle}>
        <span className="pass-card__amount">{amount}</span>
        {period ? <span className="pass-card__period">/{period}</span> : null}
      </p>
      {pass.base_price > pass.price ? (
        <p className="pass-card__was">{t('checkout.wasPrice', { price: money(pass.base_price, symbol) })}</p>
      ) : null}
      {pass.trial_period > 0 ? (
        <p className="pass-card__trial">{t('checkout.trialDays', { count: pass.trial_period })}</p>
      ) : null}
      {pass.description ? <p className="pass-card__description">{pass.description}</p> : null}
      <ul className="pass-card__includes" aria-label={t('checkout.includes')}>
        {pass.capabilities.map((c) => (
          <li key={c}>{t(`checkout.cap_${c}`)}</li>
        ))}
      </ul>
      {flags.passType === 'additional' ? <p className="pass-card__note">{t('checkout.addonNote')}</p> : null}
      {!flags.purchased && flags.disabledParticipants.length > 0 ? (
        <p className="pass-card__note">{t('checkout.teamsCovered', { count: flags.disabledParticipants.length })}</p>
      ) : null}
      {!flags.purchased && flags.disabledCategories.length > 0 ? (
        <p className="pass-card__note">{t('checkout.categoriesCovered', { count: flags.disabledCategories.length })}</p>
      ) : null}
      <div className="pass-card__action">
        {flags.purchased ? (
          <span className="pass-card__badge">{t('checkout.purchased')}</span>
        ) : (
          <ButtonLink to={href} aria-label={`${t('checkout.choose')}: ${pass.name}`}>
            {t('checkout.choose')}
          </ButtonLink>
        )}
      </div>
    </li>
  )
}
