import {
  ApplyCouponQuerySchema,
  BundleSchema,
  BuyBundleRequestSchema,
  BuyRequestSchema,
  CardSchema,
  dataOf,
  Id,
  InvoicePreviewRequestSchema,
  ListMetaSchema,
  OrderSchema,
  PackageSchema,
  PaymentConfigSchema,
  PriceQuoteSchema,
  StartTrialRequestSchema,
  TransactionSchema,
  UnsubscribeRequestSchema,
} from '@fieldhouse/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { CatalogService } from '../catalog/catalog.service.js'
import type { CheckoutService } from './checkout.service.js'
import type { GatewayEvent, PaymentGateway } from './gateways/gateway.js'
import { WebhookSignatureError } from './gateways/gateway.js'
import type { OrderEventsService } from './order-events.service.js'
import { PACKAGE_KINDS, type PassCatalogueService } from './pass-catalogue.service.js'
import type { PaymentAccountService } from './payment-account.service.js'

const tags = ['payments']
const NoLimit = z.object({
  no_limit: z.coerce.number().int().min(0).max(1).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).optional(),
})

/**
 * Spec §7 "Payments", paths byte for byte, plus `GET /api/bundles`, `GET /api/transactions`,
 * `GET /api/stripe/config` (which gateway takes the money) and the provider webhook
 * `POST /api/hooks/stripe`, verified on the raw body and answered 2xx only once its write committed.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  catalogue: PassCatalogueService
  checkout: CheckoutService
  account: PaymentAccountService
  events: OrderEventsService
  gateway: PaymentGateway
  catalog: CatalogService
  publicUrl: (host: string | undefined) => string
}> = async (app, { catalogue, checkout, account, events, gateway, catalog, publicUrl }) => {
  app.get(
    '/api/packages',
    { schema: { tags, querystring: NoLimit, response: { 200: dataOf(z.array(PackageSchema)) } } },
    async (req) => ({ data: await catalogue.passes(req.session.channel, [...PACKAGE_KINDS]) }),
  )
  app.get(
    '/api/packages/:id',
    { schema: { tags, params: z.object({ id: Id }), response: { 200: dataOf(PackageSchema) } } },
    async (req) => ({ data: await catalogue.pass(req.session.channel, req.params.id, [...PACKAGE_KINDS]) }),
  )
  app.get(
    '/api/subscriptions',
    { schema: { tags, querystring: NoLimit, response: { 200: dataOf(z.array(PackageSchema)) } } },
    async (req) => ({ data: await catalogue.passes(req.session.channel, ['subscription']) }),
  )
  app.get(
    '/api/subscriptions/:id',
    { schema: { tags, params: z.object({ id: Id }), response: { 200: dataOf(PackageSchema) } } },
    async (req) => ({ data: await catalogue.pass(req.session.channel, req.params.id, ['subscription']) }),
  )
  // The passes that would open an event: what the watch page offers a viewer without access.
  app.get(
    '/api/events/:id/passes',
    { schema: { tags, params: z.object({ id: Id }), response: { 200: dataOf(z.array(PackageSchema)) } } },
    async (req) => {
      const event = await catalog.event(req.session, req.params.id)
      return { data: await catalogue.passesForEvent(req.session.channel, event) }
    },
  )
  app.get('/api/bundles', { schema: { tags, response: { 200: dataOf(z.array(BundleSchema)) } } }, async (req) => ({
    data: await catalogue.bundles(req.session.channel),
  }))
  app.get('/api/stripe/config', { schema: { tags, response: { 200: dataOf(PaymentConfigSchema) } } }, async () => ({
    data: { gateway: checkout.gatewayName, publishable_key: checkout.publishableKey },
  }))

  // Checkout calls reach the provider: a tighter limit per viewer than the API's (card testing).
  const orderAnswer = {
    config: { rateLimit: { max: 60, timeWindow: 60_000 } },
    schema: { tags, response: { 200: dataOf(OrderSchema) } },
  }
  app.post(
    '/api/stripe/buy',
    { ...orderAnswer, schema: { ...orderAnswer.schema, body: BuyRequestSchema } },
    async (req) => ({
      data: await checkout.buy(req.session, req.body),
    }),
  )
  app.post(
    '/api/stripe/buy_bundle',
    { ...orderAnswer, schema: { ...orderAnswer.schema, body: BuyBundleRequestSchema } },
    async (req) => ({
      data: await checkout.buyBundle(req.session, req.body),
    }),
  )
  app.post(
    '/api/stripe/subscription/start_trial',
    { ...orderAnswer, schema: { ...orderAnswer.schema, body: StartTrialRequestSchema } },
    async (req) => ({ data: await checkout.startTrial(req.session, req.body) }),
  )
  app.post(
    '/api/stripe/invoice-preview',
    { schema: { tags, body: InvoicePreviewRequestSchema, response: { 200: dataOf(PriceQuoteSchema) } } },
    async (req) => ({ data: await catalogue.invoicePreview(req.session, req.body) }),
  )
  app.get(
    '/api/apply_coupon',
    { schema: { tags, querystring: ApplyCouponQuerySchema, response: { 200: dataOf(PriceQuoteSchema) } } },
    async (req) => ({ data: await catalogue.applyCoupon(req.session, req.query) }),
  )
  app.post(
    '/api/stripe/unsubscribe',
    { schema: { ...orderAnswer.schema, body: UnsubscribeRequestSchema } },
    async (req) => ({ data: await account.unsubscribe(req.session, req.body.order_id) }),
  )

  // Spec §7: all orders unless a limit is given (no_limit=1 is what the client sends).
  app.get(
    '/api/orders',
    {
      schema: {
        tags,
        querystring: NoLimit,
        response: { 200: z.object({ data: z.array(OrderSchema), meta: ListMetaSchema }) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store')
      const limit = req.query.limit !== undefined && req.query.no_limit !== 1 ? req.query.limit : null
      return account.orders(req.session, { offset: limit === null ? 0 : req.query.offset, limit })
    },
  )
  app.get(
    '/api/orders/:id',
    { schema: { ...orderAnswer.schema, params: z.object({ id: Id }) } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store')
      return { data: await account.order(req.session, req.params.id) }
    },
  )
  app.get(
    '/api/transactions',
    { schema: { tags, response: { 200: dataOf(z.array(TransactionSchema)) } } },
    async (req) => ({
      data: await account.transactions(req.session),
    }),
  )
  app.get(
    '/api/stripe/list-cards',
    { schema: { tags, response: { 200: dataOf(z.array(CardSchema)) } } },
    async (req) => ({
      data: await account.cards(req.session),
    }),
  )
  app.post(
    '/api/stripe/setup-intent',
    { schema: { tags, response: { 200: dataOf(z.object({ client_secret: z.string() })) } } },
    async (req) => ({ data: { client_secret: (await account.setupIntent(req.session)).clientSecret } }),
  )
  app.get(
    '/api/stripe/customer-portal',
    { schema: { tags, response: { 200: dataOf(z.object({ url: z.string() })) } } },
    async (req) => ({
      data: { url: await account.customerPortal(req.session, `${publicUrl(req.host)}/profile`) },
    }),
  )

  // The provider's webhook: the raw bytes are what the signature covers.
  await app.register(async (hooks) => {
    hooks.removeContentTypeParser('application/json')
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
      done(null, body),
    )
    // Stripe delivers in bursts from few addresses (and retries what fails): a per-address limit would
    // turn genuine deliveries away. Each is checked by its signature before anything is written.
    const hookConfig = { session: 'none' as const, rateLimit: false as const }
    hooks.post('/api/hooks/stripe', { config: hookConfig, schema: { hide: true } }, async (req, reply) => {
      let event: GatewayEvent | null
      try {
        event = gateway.parseWebhook(req.body as Buffer, req.headers['stripe-signature'] as string | undefined)
      } catch (error) {
        if (error instanceof WebhookSignatureError) return reply.code(400).send({ message: 'Invalid signature.' })
        throw error
      }
      const outcome = event ? await events.handleEvent(event) : 'ignored'
      return reply.code(200).send({ received: true, outcome })
    })
  })
}
