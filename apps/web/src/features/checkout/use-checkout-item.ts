import { type Bundle, type Order, type Package, passFlags } from '@fieldhouse/contract'
import { useOrders } from '../../lib/entities/account/use-orders'
import { useBundles } from '../../lib/entities/commerce/use-bundles'
import { usePackage } from '../../lib/entities/commerce/use-package'
import { usePackages } from '../../lib/entities/commerce/use-packages'
import { useSubscription } from '../../lib/entities/commerce/use-subscription'
import { useSubscriptions } from '../../lib/entities/commerce/use-subscriptions'
import type { CheckoutItem } from './checkout-flow'
import type { CheckoutTarget } from './checkout-logic'
import { bundleHeld } from './pass-display'

export type CheckoutProduct =
  | { kind: 'pass'; pass: Package; item: CheckoutItem }
  | { kind: 'bundle'; bundle: Bundle; passes: Package[]; item: CheckoutItem }

export const passItem = (p: Package): CheckoutItem => ({
  id: p.id,
  kind: p.kind,
  name: p.name,
  price: p.price,
  serviceFee: p.service_fee,
  currency: p.currency,
  trialDays: p.trial_period,
})

export const bundleItem = (b: Bundle): CheckoutItem => ({
  id: b.id,
  kind: 'bundle',
  name: b.name,
  price: b.price,
  serviceFee: b.service_fee,
  currency: b.currency,
  trialDays: 0,
})

/**
 * What `/buy` sells, asked by the endpoint of its kind: `subscriptions/{id}`, `packages/{id}` (packages,
 * add-ons and single-game passes) or the bundles list; and whether the viewer already holds it (spec §4
 * purchased: `passFlags`; a bundle, any of its passes — the server would refuse it).
 */
export function useCheckoutItem(target: CheckoutTarget | null) {
  const isBundle = target?.kind === 'bundle'
  const subscription = useSubscription(target?.kind === 'subscription' ? target.id : null)
  const pkg = usePackage(target?.kind === 'package' || target?.kind === 'event' ? target.id : null)
  const bundles = useBundles({ enabled: isBundle })
  // A bundle names its passes by id: the lists tell their names and whether the viewer holds them.
  const packages = usePackages({ enabled: isBundle })
  const subscriptions = useSubscriptions({ enabled: isBundle })
  const orders = useOrders()
  const held: Order[] = orders.data ?? []

  let product: CheckoutProduct | null = null
  let pending = false
  let missing = false
  if (target && !isBundle) {
    const query = target.kind === 'subscription' ? subscription : pkg
    pending = query.isPending
    missing = query.isError
    if (query.data) product = { kind: 'pass', pass: query.data, item: passItem(query.data) }
  } else if (target && isBundle) {
    pending = bundles.isPending || (packages.isPending && subscriptions.isPending)
    missing = bundles.isError
    const bundle = bundles.data?.find((b) => b.id === target.id)
    if (bundles.data && !bundle) missing = true
    if (bundle) {
      const all = [...(subscriptions.data ?? []), ...(packages.data ?? [])]
      product = {
        kind: 'bundle',
        bundle,
        passes: bundle.package_ids.flatMap((id) => all.filter((p) => p.id === id)),
        item: bundleItem(bundle),
      }
    }
  }

  const ownership =
    product === null || !orders.data
      ? { state: 'none' as const, held: [] as string[] }
      : product.kind === 'pass'
        ? { state: passFlags(product.pass, held).purchased ? ('all' as const) : ('none' as const), held: [] }
        : bundleHeld(product.bundle, product.passes, held)

  return { product, pending, missing, ownership }
}
