import type { Config } from '../../../config.js'
import type { GatewayEvent, PaymentGateway } from './gateway.js'
import { StripeGateway } from './stripe.gateway.js'
import { TestGateway } from './test.gateway.js'
import type { TestGatewayRepository } from './test-gateway.repository.js'

/**
 * Stripe when a secret key is configured; the offline test gateway otherwise (the embedded default),
 * which keeps its cards and payments through `testRepo`, makes its events in process and hands them
 * to `deliver` (Stripe's come as webhooks).
 */
export function createGateway(
  config: Config,
  testRepo: TestGatewayRepository,
  deliver: (event: GatewayEvent) => Promise<void>,
): PaymentGateway {
  const gateway = config.STRIPE_SECRET_KEY
    ? new StripeGateway({
        secretKey: config.STRIPE_SECRET_KEY,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? '',
        publishableKey: config.STRIPE_PUBLISHABLE_KEY,
        apiBase: config.STRIPE_API_BASE,
      })
    : new TestGateway(testRepo, { deliver })
  if (config.TEST_KILL_BEFORE_CHARGE) return dyingBeforeCharge(gateway)
  return config.TEST_KILL_AFTER_CHARGE ? dyingAfterCharge(gateway) : gateway
}

/**
 * The other crash (config TEST_KILL_BEFORE_CHARGE, tests only): the order is written, the provider
 * is about to be asked, and the process dies — nothing was charged, and the order waits.
 */
function dyingBeforeCharge<G extends PaymentGateway>(gateway: G): G {
  const die = (): never => {
    process.kill(process.pid, 'SIGKILL')
    throw new Error('killed')
  }
  const wrapper: G = Object.create(gateway)
  wrapper.charge = () => die()
  wrapper.subscribe = () => die()
  return wrapper
}

/**
 * The crash the kill test needs (config TEST_KILL_AFTER_CHARGE, tests only): once the provider has
 * taken the money, the process dies at once — before the order is written, before any event is
 * delivered — as a power cut or an OOM kill would have it.
 */
function dyingAfterCharge<G extends PaymentGateway>(gateway: G): G {
  const die = <T>(result: T): T => {
    process.kill(process.pid, 'SIGKILL')
    return result
  }
  // The gateway itself, but for these two calls (`this` stays the wrapper: what it is told, it keeps).
  const wrapper: G = Object.create(gateway)
  wrapper.charge = (req) => gateway.charge.call(wrapper, req).then(die)
  wrapper.subscribe = (req) => gateway.subscribe.call(wrapper, req).then(die)
  return wrapper
}
