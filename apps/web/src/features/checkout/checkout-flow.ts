import type { Order, PriceQuote } from '@fieldhouse/contract'

/**
 * The checkout as a state machine (spec §4 payment states and request status):
 *
 *   form ──placed(created)──▶ processing ──polled(paid)──▶ paid
 *     ▲          │                 └───────polled(failed)──▶ failed ──retry──▶ form (a new key)
 *     │          ├─placed(paid|failed)─▶ paid | failed
 *     │          └─placed(created, next_action)─▶ authenticating ──authenticated──▶ processing
 *
 * `authenticating`: the bank wants the viewer to confirm (3-D Secure); Stripe.js shows its page with
 * the order's client secret. Whatever the viewer does there, the order is then polled as usual: the
 * provider's answer (paid, or failed with the bank's words) settles it. A poll that brings a next
 * action the checkout has not handled yet (the checkout call's answer was lost) starts it too; once
 * handled, it is not asked again.
 *
 * One idempotency key belongs to one checkout: it is made when the page opens and sent with every
 * attempt of that checkout (a double click, a retried request), so the server makes one order. Only
 * "Try again" after a failed order starts a new checkout with a new key: the old key names the failed
 * order, and sending it again would only answer that order.
 */
export type CheckoutPhase =
  | { kind: 'form' }
  | { kind: 'authenticating'; orderId: number; clientSecret: string }
  /** `authenticated`: 3-D Secure was handled for this order already. */
  | { kind: 'processing'; orderId: number; authenticated?: true }
  | { kind: 'paid'; order: Order }
  | { kind: 'failed'; order: Order }

export interface CheckoutState {
  phase: CheckoutPhase
  idempotencyKey: string
}

export type CheckoutEvent =
  /** The checkout call answered with its order. */
  | { type: 'placed'; order: Order }
  /** `GET orders/{id}` answered while processing. */
  | { type: 'polled'; order: Order }
  /** "Try again" on the failure page, with the key of the new checkout. */
  | { type: 'retry'; idempotencyKey: string }
  /** Stripe.js is done with 3-D Secure (passed, refused or closed: the order's status tells which). */
  | { type: 'authenticated'; orderId: number }

const settle = (order: Order, authenticated: boolean): CheckoutPhase => {
  if (order.status === 'paid') return { kind: 'paid', order }
  if (order.status !== 'created') return { kind: 'failed', order }
  if (order.next_action && !authenticated) {
    return { kind: 'authenticating', orderId: order.id, clientSecret: order.next_action.client_secret }
  }
  return authenticated
    ? { kind: 'processing', orderId: order.id, authenticated: true }
    : { kind: 'processing', orderId: order.id }
}

export function checkoutReducer(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  switch (event.type) {
    case 'placed':
      return state.phase.kind === 'form' ? { ...state, phase: settle(event.order, false) } : state
    case 'polled': {
      // Still `created` with nothing new to do: nothing changes (the same state, so nothing renders again).
      if (state.phase.kind !== 'processing' || state.phase.orderId !== event.order.id) return state
      const authenticated = state.phase.authenticated === true
      const news = event.order.status !== 'created' || (event.order.next_action && !authenticated)
      return news ? { ...state, phase: settle(event.order, authenticated) } : state
    }
    case 'authenticated':
      return state.phase.kind === 'authenticating' && state.phase.orderId === event.orderId
        ? { ...state, phase: { kind: 'processing', orderId: event.orderId, authenticated: true } }
        : state
    case 'retry':
      return state.phase.kind === 'failed' ? { phase: { kind: 'form' }, idempotencyKey: event.idempotencyKey } : state
  }
}

export const initialCheckout = (idempotencyKey: string): CheckoutState => ({ phase: { kind: 'form' }, idempotencyKey })

/** What the checkout sells, whatever its kind, as the summary shows it. */
export interface CheckoutItem {
  id: number
  kind: 'subscription' | 'package' | 'event' | 'addon' | 'bundle'
  name: string
  price: number
  serviceFee: number
  currency: string
  /** Days of free trial the pass offers (subscriptions). */
  trialDays: number
}

const cents = (n: number) => Math.round(n * 100) / 100

/** Before any promo code or preview: the list price, no discount, the fee. */
export function localQuote(item: CheckoutItem): PriceQuote {
  return {
    price: item.price,
    discount: 0,
    service_fee: item.serviceFee,
    tax: 0,
    total: cents(item.price + item.serviceFee),
    currency: item.currency,
    coupon: null,
    trial_ends_at: null,
  }
}

/**
 * The lines the summary shows: for a subscription the provider's invoice preview (with the applied
 * code, once it has come back), else the promo code's quote, else the list price. `dueToday` is what
 * is charged now: nothing while a free trial runs.
 */
export function checkoutLines({
  item,
  preview,
  couponQuote,
  appliedCode,
  trial,
}: {
  item: CheckoutItem
  preview: PriceQuote | undefined
  couponQuote: PriceQuote | null
  appliedCode: string | null
  trial: boolean
}): PriceQuote & { dueToday: number } {
  const previewFits = preview !== undefined && (preview.coupon ?? null) === appliedCode
  const quote = (previewFits ? preview : null) ?? couponQuote ?? preview ?? localQuote(item)
  const total = cents(quote.price - quote.discount + quote.tax + quote.service_fee)
  return { ...quote, total, dueToday: trial ? 0 : total }
}

/** The type `apply_coupon` takes for what the checkout sells. */
export const couponType = (kind: CheckoutItem['kind']): 'event' | 'package' | 'subscription' | 'bundle' =>
  kind === 'addon' ? 'package' : kind

/**
 * Which call places the order and with which target: a bundle by `bundle_id`, a free trial by
 * `subscription_id`, a paid event's pass by `single_event_package_id` (+ `event_id`), anything else by `id`.
 */
export type CheckoutCall =
  | { call: 'buy_bundle'; target: { bundle_id: number } }
  | { call: 'start_trial'; target: { subscription_id: number } }
  | { call: 'buy'; target: { id: number } | { single_event_package_id: number; event_id?: number } }

export function checkoutCall(item: CheckoutItem, trial: boolean, eventId: number | null): CheckoutCall {
  if (item.kind === 'bundle') return { call: 'buy_bundle', target: { bundle_id: item.id } }
  if (trial && item.kind === 'subscription') return { call: 'start_trial', target: { subscription_id: item.id } }
  if (item.kind === 'event') {
    return {
      call: 'buy',
      target: { single_event_package_id: item.id, ...(eventId !== null ? { event_id: eventId } : {}) },
    }
  }
  return { call: 'buy', target: { id: item.id } }
}

/** A free trial is offered when the pass has one and the viewer has never had one (spec §4 Trial). */
export const trialOffered = (item: Pick<CheckoutItem, 'kind' | 'trialDays'>, trialPeriodUsed: boolean | undefined) =>
  item.kind === 'subscription' && item.trialDays > 0 && trialPeriodUsed === false
