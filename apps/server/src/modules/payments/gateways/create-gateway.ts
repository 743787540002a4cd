import type { Kysely } from 'kysely'
import type { Config } from '../../../config.js'
import type { Database } from '../../../db/schema.js'
import type { PaymentGateway } from './gateway.js'
import { TestGateway } from './test.gateway.js'

/** Stripe when a secret key is configured; the offline test gateway otherwise (the embedded default). */
export function createGateway(config: Config, db: Kysely<Database>): PaymentGateway {
  if (config.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY: the Stripe gateway is not wired in yet')
  return new TestGateway(db)
}
