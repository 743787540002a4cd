import type { Bundle, Order, Package } from './commerce.js'

/**
 * Test data for the server's, the web's and this package's tests: a pass, an order and a bundle with
 * sensible defaults (`@fieldhouse/contract/fixtures`; never imported by product code).
 */
export const aPass = (p: Partial<Package> = {}): Package => ({
  id: 1,
  kind: 'package',
  name: 'Basketball Package',
  description: null,
  price: 49.99,
  base_price: 59.99,
  service_fee: 1.5,
  currency: 'USD',
  image: null,
  offer: null,
  period: null,
  trial_period: 0,
  pass_type: 'regular',
  is_team_pass: false,
  event_categories: [],
  participants: [],
  event_id: null,
  capabilities: ['watch'],
  weight: 0,
  ...p,
})

export const anOrder = (o: Omit<Partial<Order>, 'product'> & { product?: Partial<Order['product']> } = {}): Order => ({
  id: 1,
  status: 'paid',
  activity_status: 'active',
  type: 'package',
  amount: 51.49,
  discount: 0,
  service_fee: 1.5,
  currency: 'USD',
  coupon: null,
  expires_at: null,
  auto_renew: false,
  trial_ends_at: null,
  failure_message: null,
  created_at: '2026-11-22T00:00:00.000Z',
  ...o,
  product: { id: 99, name: 'x', kind: 'package', event_category_id: null, participant_id: null, ...o.product },
})

export const aBundle = (b: Partial<Bundle> = {}): Bundle => ({
  id: 1,
  name: 'Basketball + Video Library',
  price: 49.99,
  base_price: 54.98,
  service_fee: 1.5,
  currency: 'USD',
  package_ids: [3, 5],
  image: null,
  weight: 0,
  ...b,
})
