import { invalid, list, now, type Obj, othersCard, periodEnd, rand, type StandinState } from './stripe-standin-state.js'

/**
 * The Stripe endpoints the stand-in answers (see stripe-standin.ts), over one stand-in's objects:
 * `[method, path pattern, handler]`, the pattern capturing the `:id` segment.
 */
export function standinRoutes(state: StandinState) {
  const { objects, payments, invoiceOfIntent, make, get, behaviourOf, paymentMethod, cardError } = state
  const { charged, confirm, listed, expanded, couponOff } = state

  /** `METHOD /path`, `:id` standing for one path segment → the handler (form body, that segment). */
  const routes: Record<string, (b: Obj, id: string) => Obj> = {
    'POST /v1/customers': (b) =>
      make('cus', 'customer', {
        email: b.email ?? null,
        name: b.name ?? null,
        metadata: b.metadata ?? {},
        invoice_settings: { default_payment_method: null },
      }),
    'POST /v1/customers/:id': (b, id) => {
      const customer = get('customer', id)
      const pm = b.invoice_settings?.default_payment_method
      if (pm !== undefined) {
        if (objects.get(pm)?.customer !== id) {
          throw invalid(`The customer does not have a payment method with the ID ${pm}.`, 'resource_missing')
        }
        customer.invoice_settings = { ...customer.invoice_settings, default_payment_method: pm }
      }
      return customer
    },
    'POST /v1/payment_methods/:id/attach': (b, id) => {
      get('customer', b.customer)
      const pm = paymentMethod(id)
      if (behaviourOf(pm).declineOnAttach) throw cardError(pm)
      if (pm.customer && pm.customer !== b.customer) throw othersCard()
      pm.customer = b.customer
      return pm
    },
    'GET /v1/payment_methods/:id': (_b, id) => paymentMethod(id),
    'GET /v1/payment_methods': (b) => {
      const mine = (o: Obj) =>
        o.object === 'payment_method' && o.customer === b.customer && (!b.type || o.type === b.type)
      return list('/v1/payment_methods', [...objects.values()].filter(mine))
    },
    'POST /v1/payment_intents': (b) => {
      if (!(Number(b.amount) > 0) || !b.currency) throw invalid('amount and currency are required', 'parameter_missing')
      if (b.customer) get('customer', b.customer)
      const pm = paymentMethod(b.payment_method)
      if (pm.customer && pm.customer !== b.customer) throw othersCard()
      if (b.confirm !== 'true') throw invalid('This stand-in confirms on creation only (confirm=true).')
      const intent = confirm(b, pm)
      if (intent.status === 'requires_payment_method') throw cardError(pm, intent)
      if (intent.status === 'succeeded' && b.setup_future_usage && b.customer) pm.customer = b.customer
      return intent
    },
    'GET /v1/payment_intents/:id': (_b, id) => get('payment_intent', id),
    'GET /v1/payment_intents': (b) => list('/v1/payment_intents', listed('payment_intent', b)),
    // What Stripe.js does once the viewer passed 3-D Secure (the browser's call, with the client secret).
    'POST /v1/payment_intents/:id/confirm': (b, id) => {
      const intent = get('payment_intent', id)
      if (b.client_secret !== undefined && b.client_secret !== intent.client_secret) {
        throw invalid('The client_secret provided does not match the client_secret associated with the PaymentIntent.')
      }
      if (intent.status !== 'requires_action') {
        throw invalid(
          `This PaymentIntent's status is ${intent.status}; it cannot be confirmed.`,
          'payment_intent_unexpected_state',
        )
      }
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, next_action: null })
      charged(intent)
      const invoiceId = invoiceOfIntent.get(intent.id)
      if (invoiceId) {
        const invoice = get('invoice', invoiceId)
        Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due })
        for (const record of payments.get(invoiceId) ?? [])
          Object.assign(record, { status: 'paid', amount_paid: invoice.amount_due })
        const sub = objects.get(invoice.parent.subscription_details.subscription)
        if (sub?.status === 'incomplete') sub.status = 'active'
      }
      return intent
    },
    'POST /v1/payment_intents/:id/cancel': (_b, id) => {
      const intent = get('payment_intent', id)
      if (['succeeded', 'canceled', 'processing'].includes(intent.status)) {
        throw invalid(
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          'payment_intent_unexpected_state',
        )
      }
      if (invoiceOfIntent.has(intent.id)) {
        throw invalid('You cannot cancel this PaymentIntent because it was created by an invoice.')
      }
      return Object.assign(intent, { status: 'canceled', canceled_at: now(), next_action: null })
    },
    'POST /v1/refunds': (b) => {
      const charge = b.charge
        ? get('charge', b.charge)
        : get('charge', get('payment_intent', b.payment_intent).latest_charge)
      const amount = b.amount === undefined ? charge.amount - charge.amount_refunded : Number(b.amount)
      if (!(amount > 0) || charge.amount_refunded + amount > charge.amount) {
        throw invalid(`Refund amount (${amount}) is greater than what is left on the charge.`, 'amount_too_large')
      }
      charge.amount_refunded += amount
      charge.refunded = charge.amount_refunded === charge.amount
      const fields = { amount, charge: charge.id, payment_intent: charge.payment_intent, currency: charge.currency }
      return make('re', 'refund', { ...fields, status: 'succeeded', metadata: b.metadata ?? {} })
    },
    'POST /v1/products': (b) => {
      if (b.id && objects.has(b.id)) throw invalid('Product already exists.', 'resource_already_exists')
      return make('prod', 'product', { name: b.name, active: true, metadata: b.metadata ?? {} }, b.id)
    },
    'POST /v1/products/:id': (b, id) => {
      const product = get('product', id)
      if (b.name !== undefined) product.name = b.name
      return product
    },
    // Prices the console makes for a pass (decision 0035): immutable but for `active` and metadata.
    'POST /v1/prices': (b) => {
      get('product', b.product)
      if (b.unit_amount === undefined || !b.currency) throw invalid('unit_amount and currency are required.')
      const recurring = b.recurring
        ? { interval: b.recurring.interval, interval_count: Number(b.recurring.interval_count ?? 1) }
        : null
      const fields = { product: b.product, currency: b.currency, unit_amount: Number(b.unit_amount), recurring }
      return make('price', 'price', {
        ...fields,
        type: recurring ? 'recurring' : 'one_time',
        active: true,
        metadata: b.metadata ?? {},
      })
    },
    'GET /v1/prices/:id': (_b, id) => get('price', id),
    'POST /v1/prices/:id': (b, id) => {
      const price = get('price', id)
      if (b.active !== undefined) price.active = b.active === 'true'
      return price
    },
    'POST /v1/coupons': (b) => {
      if (b.id && objects.has(b.id)) throw invalid('Coupon already exists.', 'resource_already_exists')
      if ((b.percent_off === undefined) === (b.amount_off === undefined)) {
        throw invalid('Exactly one of percent_off and amount_off is required.')
      }
      if (b.amount_off !== undefined && !b.currency) throw invalid('amount_off needs a currency.', 'parameter_missing')
      const fields = {
        percent_off: b.percent_off === undefined ? null : Number(b.percent_off),
        amount_off: b.amount_off === undefined ? null : Number(b.amount_off),
        currency: b.currency ?? null,
        duration: b.duration ?? 'once',
        valid: true,
      }
      return make('', 'coupon', fields, b.id ?? rand(8).toUpperCase())
    },
    'POST /v1/subscriptions': (b) => {
      const customer = get('customer', b.customer)
      const data = b.items?.[0]?.price_data
      const priceId = b.items?.[0]?.price
      if (!data && !priceId) throw invalid('This stand-in prices subscriptions with items[0][price_data] or [price].')
      if (data) get('product', data.product)
      const named = priceId ? get('price', priceId) : null
      if (named && (!named.active || !named.recurring))
        throw invalid(`The price ${priceId} is not an active recurring price.`)
      const price =
        named ??
        make('price', 'price', {
          currency: data.currency,
          product: data.product,
          unit_amount: Number(data.unit_amount),
          recurring: {
            interval: data.recurring?.interval,
            interval_count: Number(data.recurring?.interval_count ?? 1),
          },
          type: 'recurring',
        })
      const pmId = b.default_payment_method ?? customer.invoice_settings.default_payment_method
      const pm = pmId ? get('PaymentMethod', pmId, 'payment_method') : null
      if (pm && pm.customer !== customer.id) throw invalid(`The customer does not have a payment method ${pmId}.`)
      const start = now()
      const trial = Number(b.trial_period_days ?? 0)
      const end =
        trial > 0 ? start + trial * 86_400 : periodEnd(start, price.recurring.interval, price.recurring.interval_count)
      const due = trial > 0 ? 0 : price.unit_amount - couponOff(b.discounts, price.unit_amount)
      if (due > 0 && !pm) throw invalid('This customer has no attached payment source or default payment method.')
      // The first invoice is paid at once; `error_if_incomplete` makes a failed payment an error, nothing created.
      const intent =
        pm && due > 0 ? confirm({ amount: due, currency: price.currency, customer: customer.id }, pm, {}) : null
      const paid = !intent || intent.status === 'succeeded'
      if (!paid && b.payment_behavior === 'error_if_incomplete') throw cardError(pm as Obj, intent as Obj)
      const id = `sub_${rand(14)}`
      const metadata = b.metadata ?? {}
      const invoice = make('in', 'invoice', {
        customer: customer.id,
        status: paid ? 'paid' : 'open',
        billing_reason: 'subscription_create',
        currency: price.currency,
        subtotal: trial > 0 ? 0 : price.unit_amount,
        total: due,
        amount_due: due,
        amount_paid: paid ? due : 0,
        parent: { type: 'subscription_details', subscription_details: { subscription: id, metadata } },
      })
      const payment = { type: 'payment_intent', payment_intent: intent?.id }
      const status = paid ? 'paid' : 'open'
      const record = { id: `inpay_${rand(14)}`, object: 'invoice_payment', invoice: invoice.id, payment, status }
      payments.set(invoice.id, intent ? [{ ...record, amount_paid: paid ? due : 0, livemode: false }] : [])
      if (intent) invoiceOfIntent.set(intent.id, invoice.id)
      const item = { id: `si_${rand(14)}`, object: 'subscription_item', price, quantity: 1 }
      const sub = make(
        'sub',
        'subscription',
        {
          customer: customer.id,
          status: trial > 0 ? 'trialing' : paid ? 'active' : 'incomplete',
          cancel_at_period_end: false,
          cancel_at: null,
          default_payment_method: pmId ?? null,
          metadata,
          discounts: b.discounts ? [`di_${rand(14)}`] : [],
          trial_start: trial > 0 ? start : null,
          trial_end: trial > 0 ? end : null,
          // Since API version 2025-03-31 the period lives on the items, not on the subscription.
          items: list('/v1/subscription_items', [{ ...item, current_period_start: start, current_period_end: end }]),
          latest_invoice: invoice.id,
        },
        id,
      )
      // `latest_invoice` stays an id unless expanded, and an invoice's `payments` only come on request.
      return expanded(sub, b.expand)
    },
    'GET /v1/subscriptions': (b) => {
      const status = (o: Obj) =>
        b.status === undefined ? o.status !== 'canceled' : b.status === 'all' || o.status === b.status
      return list('/v1/subscriptions', listed('subscription', b, status))
    },
    'GET /v1/subscriptions/:id': (b, id) => expanded(get('subscription', id), b.expand),
    'DELETE /v1/subscriptions/:id': (_b, id) => {
      const sub = get('subscription', id)
      if (sub.status === 'canceled') throw invalid(`No such subscription: '${id}'`, 'resource_missing')
      // Cancelling ends it now: an invoice still open is voided, so its payment can never go through.
      const invoice = objects.get(sub.latest_invoice)
      if (invoice?.status === 'open') {
        invoice.status = 'void'
        for (const [pi, inv] of invoiceOfIntent) {
          const intent = objects.get(pi)
          if (inv === invoice.id && intent && intent.status !== 'succeeded') intent.status = 'canceled'
        }
      }
      return Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() })
    },
    'POST /v1/subscriptions/:id': (b, id) => {
      const sub = get('subscription', id)
      if (b.cancel_at_period_end !== undefined) {
        sub.cancel_at_period_end = b.cancel_at_period_end === 'true'
        sub.cancel_at = sub.cancel_at_period_end ? sub.items.data[0].current_period_end : null
      }
      // A new price for the item, from the next renewal (`proration_behavior=none`: nothing charged now).
      const next = b.items?.[0]
      if (next?.price) {
        const item = sub.items.data.find((i: Obj) => i.id === next.id)
        if (!item) throw invalid(`No such subscription item: '${next.id}'`, 'resource_missing')
        if (b.proration_behavior !== 'none')
          throw invalid('This stand-in moves prices with proration_behavior=none only.')
        item.price = get('price', next.price)
      }
      return sub
    },
    'POST /v1/setup_intents': (b) => {
      if (b.customer) get('customer', b.customer)
      const id = `seti_${rand(14)}`
      const fields = {
        customer: b.customer ?? null,
        usage: b.usage ?? 'off_session',
        allowed_payment_method_types: b.allowed_payment_method_types ?? ['card'],
        payment_method_types: ['card'],
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${rand(24)}`,
      }
      return make('seti', 'setup_intent', fields, id)
    },
    'POST /v1/invoices/create_preview': (b) => {
      get('customer', b.customer)
      const item = b.subscription_details?.items?.[0]?.price_data
      if (!item) throw invalid('This stand-in previews subscription_details[items][0][price_data] only.')
      get('product', item.product)
      const subtotal = Number(item.unit_amount)
      const off = couponOff(b.discounts, subtotal)
      return {
        id: `upcoming_in_${rand(14)}`,
        object: 'invoice',
        customer: b.customer,
        currency: b.currency ?? item.currency,
        subtotal,
        total_discount_amounts: off > 0 ? [{ amount: off, discount: `di_${rand(14)}` }] : [],
        total_taxes: [],
        total: subtotal - off,
        amount_due: subtotal - off,
        created: now(),
        livemode: false,
      }
    },
    'POST /v1/billing_portal/sessions': (b) => {
      get('customer', b.customer)
      const url = `https://billing.stripe.test/session/${b.customer}`
      return make('bps', 'billing_portal.session', { customer: b.customer, return_url: b.return_url ?? null, url })
    },
  }

  return Object.entries(routes).map(([route, handler]) => {
    const [method, path] = route.split(' ') as [string, string]
    return [method, new RegExp(`^${path.replace(':id', '([^/]+)')}$`), handler] as const
  })
}
