import type { Kysely } from 'kysely'
import type { Config } from '../../../config.js'
import type { Database } from '../../../db/schema.js'
import type { PaymentGateway } from './gateway.js'
import { StripeGateway } from './stripe.gateway.js'
import { TestGateway } from './test.gateway.js'

/** Stripe when a secret key is configured; the offline test gateway otherwise (the embedded default). */
export function createGateway(config: Config, db: Kysely<Database>): PaymentGateway {
  if (config.STRIPE_SECRET_KEY) {
    return new StripeGateway({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? '',
      publishableKey: config.STRIPE_PUBLISHABLE_KEY,
      apiBase: config.STRIPE_API_BASE,
    })
  }
  return new TestGateway(db)
}
