import { type Bundle, formatPrice, type Order, type Package, passFlags, priceTitle } from '@fieldhouse/contract'

/**
 * The spec §9 price label of a pass in the parts a card shows: the amount (symbol and price), the
 * `/period offer` after it for a subscription, and the base price struck through when it is higher;
 * written in the viewer's language.
 */
export function priceLabel(
  pass: Pick<Package, 'price' | 'base_price' | 'currency'> & Partial<Pick<Package, 'period' | 'offer'>>,
  locale = 'en',
) {
  const title = priceTitle({ period: null, offer: null, ...pass }, locale)
  const slash = title.indexOf('/')
  return {
    title,
    amount: slash < 0 ? title : title.slice(0, slash),
    period: slash < 0 ? null : title.slice(slash),
    was: pass.base_price > pass.price ? formatPrice(pass.base_price, pass.currency, locale) : null,
  }
}

export interface PassSections {
  subscriptions: Package[]
  packages: Package[]
  addons: Package[]
  bundles: Bundle[]
}

/**
 * What `/packages` lists, in this order: subscriptions, packages and team passes, add-ons, bundles.
 * Single-game passes are left out: there is one per paid game, and each game's page (and `/packages?
 * event_id=`) offers exactly the ones that open it. Within a kind, heavier passes come first.
 */
export function passSections(packages: Package[], subscriptions: Package[], bundles: Bundle[]): PassSections {
  const byWeight = (list: Package[]) => [...list].sort((a, b) => b.weight - a.weight)
  return {
    subscriptions: byWeight(subscriptions.filter((p) => p.kind === 'subscription')),
    packages: byWeight(packages.filter((p) => p.kind === 'package')),
    addons: byWeight(packages.filter((p) => p.kind === 'addon')),
    bundles,
  }
}

export interface CoveredPart {
  id: number
  name: string
  /** Already covered by the viewer's paid, active orders (spec §3 disabledCategories / disabledParticipants). */
  held: boolean
}

/**
 * The sports (or divisions) and teams a package covers, by name, each marked when the viewer already
 * holds it; names the catalogue does not know yet fall back to `#id`.
 */
export function coveredParts(
  pass: Package,
  orders: Order[],
  names: { categories: ReadonlyMap<number, string>; participants: ReadonlyMap<number, string> },
): { categories: CoveredPart[]; participants: CoveredPart[] } {
  const flags = passFlags(pass, orders)
  return {
    categories: pass.event_categories.map((id) => ({
      id,
      name: names.categories.get(id) ?? `#${id}`,
      held: flags.disabledCategories.includes(id),
    })),
    participants: pass.participants.map((id) => ({
      id,
      name: names.participants.get(id) ?? `#${id}`,
      held: flags.disabledParticipants.includes(id),
    })),
  }
}

/**
 * A bundle against what the viewer holds: `all` its passes (shown Purchased), `some` (the server would
 * refuse it: "You already bought this …", so it is shown unavailable with the passes named), or `none`.
 */
export function bundleHeld(bundle: Bundle, passes: Package[], orders: Order[]) {
  const inBundle = bundle.package_ids.flatMap((id) => passes.filter((p) => p.id === id))
  const held = inBundle.filter((p) => passFlags(p, orders).purchased)
  return {
    state:
      held.length === 0 ? ('none' as const) : held.length === inBundle.length ? ('all' as const) : ('some' as const),
    held: held.map((p) => p.name),
    names: inBundle.map((p) => p.name),
  }
}
