import { constants } from '@fieldhouse/contract'
import Stripe from 'stripe'
import type { Discount, InvoicePreview, PlanRequest } from './gateway.js'

const sum = (list: { amount: number }[] | null | undefined) => (list ?? []).reduce((n, x) => n + x.amount, 0)

/**
 * Spec §9's cycles as Stripe prices them: monthly is 30 days (not a calendar month, so a renewal lands
 * on the same day the test gateway's does), annual 12 months.
 */
export const stripeRecurring = (interval: 'month' | 'year') =>
  interval === 'month'
    ? ({ interval: 'day', interval_count: constants.subscriptionCycles.monthlyDays } as const)
    : ({ interval: 'month', interval_count: constants.subscriptionCycles.annualMonths } as const)

/** Our discount as a Stripe coupon id: one coupon per distinct discount, reused by every checkout that needs it. */
const couponIdOf = (discount: Discount, currency: string) => {
  const duration = discount.months ? `${discount.months}mo` : 'once'
  return discount.percentOff !== undefined
    ? `fieldhouse_${String(discount.percentOff).replace('.', 'p')}pct_${duration}`
    : `fieldhouse_${discount.amountOff ?? 0}${currency}_${duration}`
}

/** A preview prices a subscription item, and Stripe's inline prices need a product: this one, made once. */
const PREVIEW_PRODUCT = 'fieldhouse_pass_preview'

/**
 * What the Stripe gateway prices at Stripe: the coupons our discounts become (made once each, then
 * reused) and the preview of a subscription's first invoice.
 */
export class StripePrices {
  private previewProduct: Promise<string> | null = null

  constructor(private readonly stripe: Stripe) {}

  /**
   * The coupon for a discount on the first invoice (or, with `months`, on every invoice for that many
   * months): created the first time it is needed, reused after.
   */
  async coupon(discount: Discount, currency: string) {
    const id = couponIdOf(discount, currency)
    try {
      await this.stripe.coupons.create({
        id,
        ...(discount.months ? { duration: 'repeating', duration_in_months: discount.months } : { duration: 'once' }),
        ...(discount.percentOff !== undefined
          ? { percent_off: discount.percentOff }
          : { amount_off: discount.amountOff ?? 0, currency }),
      })
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_already_exists')) {
        throw error
      }
    }
    return id
  }

  /**
   * Stripe's preview of a new subscription's first invoice (`invoices.createPreview`), priced inline,
   * with the discount as a coupon. Without a customer Stripe has nothing to preview, so the same
   * arithmetic is done here: subtotal, the discount (percent rounded to the minor unit, or the amount
   * off capped at the subtotal), no tax.
   */
  async invoicePreview(req: {
    customerId: string | null
    amount: number
    currency: string
    discount?: Discount
  }): Promise<InvoicePreview> {
    const currency = req.currency.toLowerCase()
    if (!req.customerId) {
      const off = !req.discount
        ? 0
        : req.discount.percentOff !== undefined
          ? Math.round((req.amount * req.discount.percentOff) / 100)
          : Math.min(req.amount, req.discount.amountOff ?? 0)
      return { subtotal: req.amount, discount: off, tax: 0, total: req.amount - off, currency: req.currency }
    }
    const coupon = req.discount ? await this.coupon(req.discount, currency) : null
    const invoice = await this.stripe.invoices.createPreview({
      customer: req.customerId,
      currency,
      subscription_details: {
        items: [
          {
            price_data: {
              currency,
              product: await this.previewProductId(),
              unit_amount: req.amount,
              recurring: stripeRecurring('month'),
            },
          },
        ],
      },
      ...(coupon ? { discounts: [{ coupon }] } : {}),
    })
    return {
      subtotal: invoice.subtotal,
      discount: sum(invoice.total_discount_amounts),
      tax: sum(invoice.total_taxes),
      total: invoice.total,
      currency: req.currency,
    }
  }

  /**
   * A pass's product and price at Stripe (decision 0035). The product is made once and renamed with the
   * pass; a price is immutable at Stripe, so a new amount, currency or period makes a new price, and the
   * old one is deactivated (subscriptions on it keep it until they are moved).
   */
  async syncPlan(req: PlanRequest): Promise<{ productId: string; priceId: string }> {
    const currency = req.currency.toLowerCase()
    const metadata = { pass_id: String(req.passId) }
    const productId = req.productId
      ? (
          await this.stripe.products.update(
            req.productId,
            { name: req.name },
            { idempotencyKey: `${req.idempotencyKey}-name` },
          )
        ).id
      : (
          await this.stripe.products.create(
            { name: req.name, metadata },
            { idempotencyKey: `${req.idempotencyKey}-product` },
          )
        ).id
    if (req.priceId) {
      const current = await this.stripe.prices.retrieve(req.priceId)
      const interval = current.recurring ? stripeRecurring(req.interval ?? 'month') : null
      const same =
        current.unit_amount === req.amount &&
        current.currency === currency &&
        (req.interval === null
          ? current.recurring === null
          : current.recurring?.interval === interval?.interval &&
            current.recurring?.interval_count === interval?.interval_count)
      if (same && current.active) return { productId, priceId: current.id }
    }
    const price = await this.stripe.prices.create(
      {
        product: productId,
        currency,
        unit_amount: req.amount,
        metadata,
        ...(req.interval ? { recurring: stripeRecurring(req.interval) } : {}),
      },
      { idempotencyKey: `${req.idempotencyKey}-price` },
    )
    if (req.priceId && req.priceId !== price.id) {
      await this.stripe.prices.update(
        req.priceId,
        { active: false },
        { idempotencyKey: `${req.idempotencyKey}-retire` },
      )
    }
    return { productId, priceId: price.id }
  }

  /** A running subscription moved to a new price from its next renewal (no proration, nothing charged now). */
  async movePlan(subscriptionId: string, priceId: string, idempotencyKey: string) {
    const sub = await this.stripe.subscriptions.retrieve(subscriptionId)
    const item = sub.items.data[0]
    if (!item || item.price.id === priceId) return
    await this.stripe.subscriptions.update(
      subscriptionId,
      { items: [{ id: item.id, price: priceId }], proration_behavior: 'none' },
      { idempotencyKey },
    )
  }

  private previewProductId() {
    this.previewProduct ??= this.stripe.products
      .create({ id: PREVIEW_PRODUCT, name: 'Fieldhouse pass (preview)' })
      .then(
        (p) => p.id,
        (error) => {
          if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_already_exists') {
            return PREVIEW_PRODUCT
          }
          this.previewProduct = null
          throw error
        },
      )
    return this.previewProduct
  }
}
