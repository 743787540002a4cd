import { type Bundle, type Order, type Package, passFlags } from '@fieldhouse/contract'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, ButtonLink } from '../../components/ui/button'
import { priceLabel } from './pass-display'
import './checkout.css'

/** The price as a card shows it: the spec §9 label (amount, then /period offer), the base price struck through. */
export function PassPrice({ pass }: { pass: Pick<Package, 'price' | 'base_price' | 'currency'> & Partial<Package> }) {
  const { t, i18n } = useTranslation()
  const label = priceLabel(pass, i18n.language)
  return (
    <div className="pass-card__pricing">
      <p className="pass-card__price" data-testid="pass-price">
        <span className="pass-card__amount">{label.amount}</span>
        {label.period ? <span className="pass-card__period">{label.period}</span> : null}
      </p>
      {label.was ? (
        <p className="pass-card__was">
          <span className="visually-hidden">{t('checkout.wasPrice')} </span>
          <s>{label.was}</s>
        </p>
      ) : null}
    </div>
  )
}

/** What the pass lets the viewer do (watch live, replays…), as a list; nothing when it says nothing. */
export function PassIncludes({ capabilities }: { capabilities: Package['capabilities'] }) {
  const { t } = useTranslation()
  return capabilities.length > 0 ? (
    <ul className="pass-card__includes" aria-label={t('checkout.includes')}>
      {capabilities.map((c) => (
        <li key={c}>{t(`checkout.cap_${c}`)}</li>
      ))}
    </ul>
  ) : null
}

/**
 * The card's action: Choose; "Purchased" (disabled) once the viewer holds the pass; "Not available"
 * (disabled) for a bundle some of whose passes the viewer holds.
 */
function CardAction({
  state,
  href,
  name,
}: {
  state: 'open' | 'purchased' | 'unavailable'
  href: string
  name: string
}) {
  const { t } = useTranslation()
  return (
    <div className="pass-card__action">
      {state !== 'open' ? (
        <Button
          variant="secondary"
          disabled
          className={state === 'purchased' ? 'pass-card__owned' : undefined}
          data-testid="pass-purchased"
        >
          {state === 'purchased' ? `✓ ${t('checkout.purchased')}` : t('checkout.unavailable')}
        </Button>
      ) : (
        <ButtonLink to={href} aria-label={t('checkout.chooseNamed', { name })}>
          {t('checkout.choose')}
        </ButtonLink>
      )}
    </div>
  )
}

/**
 * One pass as a card: name, price label, trial ("7-day free trial"), description, what it includes in
 * words, and — for a signed-in viewer — its purchased state and the sports and teams already held
 * (`passFlags`, spec §3 client flags).
 */
export function PassCard({
  pass,
  orders,
  href,
  names,
}: {
  pass: Package
  orders: Order[]
  href: string
  names: { categories: ReadonlyMap<number, string>; participants: ReadonlyMap<number, string> }
}) {
  const { t } = useTranslation()
  const flags = passFlags(pass, orders)
  const heldNames = [
    ...flags.disabledCategories.map((id) => names.categories.get(id)),
    ...flags.disabledParticipants.map((id) => names.participants.get(id)),
  ].filter((n): n is string => Boolean(n))
  return (
    <Frame purchased={flags.purchased} testId="pass-card" id={pass.id}>
      <h3 className="pass-card__name">{pass.name}</h3>
      <PassPrice pass={pass} />
      {pass.trial_period > 0 ? (
        <p className="pass-card__trial">{t('checkout.trialDays', { count: pass.trial_period })}</p>
      ) : null}
      {pass.description ? <p className="pass-card__description">{pass.description}</p> : null}
      <PassIncludes capabilities={pass.capabilities} />
      {flags.passType === 'additional' ? <p className="pass-card__note">{t('checkout.addonNote')}</p> : null}
      {!flags.purchased && heldNames.length > 0 ? (
        <p className="pass-card__note" data-testid="pass-held-parts">
          {t('checkout.alreadyCovered', { names: heldNames.join(', ') })}
        </p>
      ) : null}
      <CardAction state={flags.purchased ? 'purchased' : 'open'} href={href} name={pass.name} />
    </Frame>
  )
}

/** A bundle as a card: its price, the passes in it, and whether the viewer holds them already. */
export function BundleCard({
  bundle,
  held,
  href,
}: {
  bundle: Bundle
  held: { state: 'none' | 'some' | 'all'; held: string[]; names: string[] }
  href: string
}) {
  const { t } = useTranslation()
  return (
    <Frame purchased={held.state === 'all'} testId="bundle-card" id={bundle.id}>
      <h3 className="pass-card__name">{bundle.name}</h3>
      <PassPrice pass={bundle} />
      <p className="pass-card__note">{t('checkout.bundleOf', { count: bundle.package_ids.length })}</p>
      {held.names.length > 0 ? (
        <ul className="pass-card__includes" aria-label={t('checkout.includes')}>
          {held.names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      ) : null}
      {held.state === 'some' ? (
        <p className="pass-card__note">{t('checkout.bundlePartlyHeld', { names: held.held.join(', ') })}</p>
      ) : null}
      <CardAction
        state={held.state === 'all' ? 'purchased' : held.state === 'some' ? 'unavailable' : 'open'}
        href={href}
        name={bundle.name}
      />
    </Frame>
  )
}

function Frame({
  purchased,
  testId,
  id,
  children,
}: {
  purchased: boolean
  testId: string
  id: number
  children: ReactNode
}) {
  return (
    <li
      className={`pass-card${purchased ? ' pass-card--purchased' : ''}`}
      data-testid={testId}
      data-pass-id={id}
      data-purchased={purchased || undefined}
    >
      {children}
    </li>
  )
}
