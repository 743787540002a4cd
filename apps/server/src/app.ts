import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { dataOf, HealthSchema, messages } from '@fieldhouse/contract'
import Fastify, { type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Redis } from 'ioredis'
import { sql } from 'kysely'
import type { Config } from './config.js'
import type { Db } from './db/database.js'
import { JobQueue } from './jobs/queue.js'
import { AppError } from './lib/errors.js'
import { createMailer, type Mailer } from './lib/mailer.js'
import { loadMediaSecret } from './lib/media-secret.js'
import { createMediaStore } from './lib/media-store/index.js'
import { openApiTransform, openApiTransformObject } from './lib/openapi-schemas.js'
import { type PasswordHasher, scryptHasher } from './lib/passwords.js'
import { parseQuery } from './lib/query-string.js'
import { siteverify } from './lib/recaptcha.js'
import { ResponseCache } from './lib/response-cache.js'
import { redactUrl } from './lib/secrets.js'
import { AccessRepository } from './modules/access/access.repository.js'
import { AccessService } from './modules/access/access.service.js'
import { AccountsRepository } from './modules/accounts/accounts.repository.js'
import { accountsRoutes } from './modules/accounts/accounts.routes.js'
import { AccountsService } from './modules/accounts/accounts.service.js'
import { LoginThrottle } from './modules/accounts/login-throttle.js'
import { SocialLogin } from './modules/accounts/social-login.js'
import { CatalogRepository } from './modules/catalog/catalog.repository.js'
import { catalogRoutes } from './modules/catalog/catalog.routes.js'
import { CatalogService } from './modules/catalog/catalog.service.js'
import { CatalogAdminRepository } from './modules/catalog/catalog-admin.repository.js'
import { CatalogAdminService } from './modules/catalog/catalog-admin.service.js'
import { FavoritesService } from './modules/catalog/favorites.service.js'
import { VodService } from './modules/catalog/vod.service.js'
import { ChannelRepository } from './modules/channel/channel.repository.js'
import { channelRoutes } from './modules/channel/channel.routes.js'
import { ChannelService } from './modules/channel/channel.service.js'
import { FormsRepository } from './modules/forms/forms.repository.js'
import { FormsService } from './modules/forms/forms.service.js'
import { geoRoutes } from './modules/geo/geo.routes.js'
import { GeoService } from './modules/geo/geo.service.js'
import { KeysRepository } from './modules/keys/keys.repository.js'
import { keysRoutes } from './modules/keys/keys.routes.js'
import { KeysService } from './modules/keys/keys.service.js'
import { LiveRepository } from './modules/live/live.repository.js'
import { liveHookRoutes } from './modules/live/live.routes.js'
import { LiveService } from './modules/live/live.service.js'
import { createMediaFileSender, HotFileCache } from './modules/media/media.files.js'
import { MediaGate } from './modules/media/media.gate.js'
import { MediaRepository } from './modules/media/media.repository.js'
import { mediaRoutes } from './modules/media/media.routes.js'
import { MediaService } from './modules/media/media.service.js'
import { createGateway } from './modules/payments/gateways/create-gateway.js'
import { PaymentsRepository } from './modules/payments/payments.repository.js'
import { paymentsRoutes } from './modules/payments/payments.routes.js'
import { PACKAGE_KINDS, PaymentsService } from './modules/payments/payments.service.js'
import compression from './plugins/compression.js'
import { registerErrorHandling } from './plugins/errors.js'
import rateLimit from './plugins/rate-limit.js'
import securityHeaders, { isEmbedPath, pageCsp } from './plugins/security-headers.js'
import session from './plugins/session.js'
import webApp from './plugins/web-app.js'

export interface AppDeps {
  config: Config
  db: Db
  redis?: Redis | undefined
  /** Prefix of the rate-limit counters in Redis. */
  rateLimitNamespace?: string | undefined
  /** Fastify logger options; tests pass a stream to read what is logged. */
  logger?: FastifyServerOptions['logger']
  clock?: () => number
  /** Mail transport; by default SMTP_URL's relay or the outbox folder. */
  mailer?: Mailer
  /** Password hashing; by default scrypt at SCRYPT_LOG_N (tests count the hashes through it). */
  hasher?: PasswordHasher
}

export const defaultWebDist = () => path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist')

/** Request log lines: never the api key or other secrets in the URL (design §8). */
const serializers = {
  req: (req: { method: string; url: string; ip?: string; hostname?: string }) => ({
    method: req.method,
    url: redactUrl(req.url),
    host: req.hostname,
    remoteAddress: req.ip,
  }),
}

/** The Fastify instance with its plugins and module routes; it never listens (style: fastify/demo). */
export async function buildApp(deps: AppDeps) {
  const { config, db } = deps
  const logger =
    deps.logger === undefined
      ? { level: config.LOG_LEVEL, serializers, redact: ['req.headers.authorization'] }
      : typeof deps.logger === 'object' && deps.logger !== null
        ? { serializers, redact: ['req.headers.authorization'], ...deps.logger }
        : deps.logger

  const app = Fastify({
    logger,
    bodyLimit: config.BODY_LIMIT,
    connectionTimeout: 60_000,
    keepAliveTimeout: 72_000,
    // Our own server, for the timeouts Fastify does not pass on: headers and whole request in time,
    // checked often enough that a short limit holds.
    serverFactory: (handler) =>
      http.createServer(
        {
          requestTimeout: config.REQUEST_TIMEOUT_MS,
          headersTimeout: config.HEADERS_TIMEOUT_MS,
          connectionsCheckingInterval: Math.min(1000, config.HEADERS_TIMEOUT_MS),
        },
        handler,
      ),
    trustProxy: config.TRUST_PROXY_HOPS > 0 ? config.TRUST_PROXY_HOPS : false,
    // `key[]=v` arrays and `a[b]=c` objects (spec §7), bounded so a query cannot blow up.
    routerOptions: { querystringParser: (str: string) => parseQuery(str) },
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)

  const clock = deps.clock ?? Date.now
  const channelRepo = new ChannelRepository(db.kysely, db.dialect)
  const channels = new ChannelService(channelRepo, { cacheFreshMs: 2000 })
  const contentVersion = (channelId: number) => channelRepo.contentVersion(channelId)
  const access = new AccessService(new AccessRepository(db.kysely), clock)
  const geo = await GeoService.create({ databasePath: config.GEOIP_DB, countryHeader: config.GEO_COUNTRY_HEADER })
  const catalogRepo = new CatalogRepository(db.kysely)
  const catalog = new CatalogService(catalogRepo, access, contentVersion, { cacheFreshMs: 2000 })
  const responses = new ResponseCache(contentVersion, { freshMs: 2000, maxEntries: 5000 })
  channels.addBootstrapPart('events-categories', (channel) => catalog.categories(channel))
  channels.addBootstrapPart('events-locations', (channel) => catalog.locations(channel))
  channels.addBootstrapPart('participant-groups', (channel) => catalog.groups(channel))
  channels.addBootstrapPart('participant-group-properties', (channel) => catalog.groupProperties(channel))
  const keysRepo = new KeysRepository(db.kysely)
  const keys = new KeysService(keysRepo, channels, clock)
  const forms = new FormsService(new FormsRepository(db.kysely, db.dialect))
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: config.outboxDir,
      log: app.log,
      logLinks: config.NODE_ENV === 'development',
    })
  const accountsRepo = new AccountsRepository(db.kysely, db.dialect)
  const accounts = new AccountsService({
    repo: accountsRepo,
    keys,
    forms,
    hasher: deps.hasher ?? scryptHasher(config.SCRYPT_LOG_N),
    mailer,
    throttle: new LoginThrottle({ maxFailures: config.LOGIN_MAX_FAILURES, windowMs: 15 * 60_000, now: clock }),
    clock,
    defer: (work) => void work().catch((error) => app.log.error({ err: error }, 'account mail failed')),
    passCapabilities: (userId) => access.passCapabilities(userId),
    mailColors: async (channel) => (await channels.colors(channel))['primary-color'] ?? '#1f6feb',
  })

  // Before any route: it hooks each route as it is declared.
  await app.register(compression)
  await app.register(swagger, {
    openapi: {
      info: { title: 'Fieldhouse API', version: '0.1.0', description: 'White-label sports streaming and pay-per-view' },
      components: {
        securitySchemes: { apiKey: { type: 'apiKey', in: 'query', name: 'api_key' } },
      },
    },
    transform: openApiTransform,
    transformObject: openApiTransformObject,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs' })
  const stripeInPage = Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY)
  await app.register(securityHeaders, { stripe: stripeInPage })
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_MAX,
    keys,
    redis: deps.redis,
    nameSpace: deps.rateLimitNamespace ?? 'fieldhouse-rl:',
  })
  await app.register(session, { keys, countryOf: (req) => geo.locate(req).country_code })

  app.get(
    '/api/health',
    { config: { session: 'none' }, schema: { tags: ['health'], response: { 200: dataOf(HealthSchema) } } },
    async () => {
      await sql`select 1`.execute(db.kysely).catch(() => {
        throw new AppError(503, messages.serverError)
      })
      return { data: { status: 'ok' as const } }
    },
  )
  await app.register(keysRoutes, {
    authProviders: () => social.enabled(),
    keys,
    channels,
    defaultChannelKey: config.DEFAULT_CHANNEL_KEY,
    apiKeyRateLimitMax: config.API_KEY_RATE_LIMIT_MAX,
    apiKeyHourlyMax: config.API_KEY_HOURLY_MAX,
  })
  await app.register(channelRoutes, { channels })
  const providerSettings = (id?: string, secret?: string, issuer?: string) =>
    id && secret && issuer ? { clientId: id, clientSecret: secret, issuer } : undefined
  const google = providerSettings(config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET, config.GOOGLE_ISSUER)
  const facebook = providerSettings(config.FACEBOOK_CLIENT_ID, config.FACEBOOK_CLIENT_SECRET, config.FACEBOOK_ISSUER)
  const social = new SocialLogin({
    providers: { ...(google ? { google } : {}), ...(facebook ? { facebook } : {}) },
    repo: accountsRepo,
    accounts,
    clock,
  })
  const vod = new VodService(catalogRepo)
  const catalogAdmin = new CatalogAdminService(
    new CatalogAdminRepository(db.kysely, db.dialect),
    async (channelId) => {
      catalog.forget(channelId)
      responses.invalidate(channelId)
      const channel = await channelRepo.findById(channelId)
      if (channel) channels.forget(channel)
    },
    clock,
  )
  await app.register(catalogRoutes, {
    catalog,
    vod,
    favorites: new FavoritesService(catalogRepo, catalog, clock),
    cache: responses,
  })
  await app.register(geoRoutes, { geo })
  await app.register(accountsRoutes, {
    social,
    geoBlocked: (req) => access.isGeoBlocked(req.session),
    accounts,
    forms,
    channels,
    publicUrl: config.publicUrl,
    authRateLimitMax: config.AUTH_RATE_LIMIT_MAX,
    authAddressRateLimitMax: config.AUTH_ADDRESS_RATE_LIMIT_MAX,
    humanCheck: siteverify(config.RECAPTCHA_VERIFY_URL),
  })
  const gateway = createGateway(config, db.kysely)
  const payments = new PaymentsService(new PaymentsRepository(db.kysely, db.dialect), gateway, {
    db: db.kysely,
    log: app.log,
    clock,
    access,
    onPaid: (order) => forms.chooseBasicPass(order.channelId, order.userId),
  })
  // Spec §7: the bootstrap document carries the passes on sale too.
  channels.addBootstrapPart('packages', (channel) => payments.passes(channel, [...PACKAGE_KINDS]))
  channels.addBootstrapPart('subscriptions', (channel) => payments.passes(channel, ['subscription']))
  gateway.onEvent?.((event) => payments.handleEvent(event).then(() => undefined))
  await app.register(paymentsRoutes, {
    payments,
    gateway,
    catalog,
    publicUrl: (host) =>
      host ? `${config.publicUrl.startsWith('https') ? 'https' : 'http'}://${host}` : config.publicUrl,
  })
  const queue = new JobQueue(db.kysely, db.dialect, clock)
  const mediaRepo = new MediaRepository(db.kysely, clock)
  const store = createMediaStore(config)
  const mediaSecret = loadMediaSecret(config.MEDIA_SECRET, config.dataDir)
  const media = new MediaService(mediaRepo, access, {
    mediaDir: config.mediaDir,
    secret: mediaSecret,
    tokenTtlMs: config.PLAYBACK_TOKEN_TTL_S * 1000,
    clock,
  })
  await app.register(mediaRoutes, {
    media,
    repo: mediaRepo,
    gate: new MediaGate({ repo: mediaRepo, keys: keysRepo, access, secret: mediaSecret, clock }),
    catalog,
    vod,
    access,
    geo,
    queue,
    store,
    mediaRateLimitMax: config.MEDIA_RATE_LIMIT_MAX,
    sendFile: createMediaFileSender(new HotFileCache(config.MEDIA_MEMORY_CACHE_MB * 1024 * 1024)),
  })
  /** Content of a channel changed behind the services' backs (a job finished, a stream began): caches drop it. */
  const contentChanged = async (channelId: number) => {
    await channelRepo.bumpContentVersion(channelId)
    catalog.forget(channelId)
    responses.invalidate(channelId)
  }
  const live = new LiveService({
    events: new LiveRepository(db.kysely),
    repo: mediaRepo,
    queue,
    store,
    log: app.log,
    pullBaseUrl: config.ingestPullUrl,
    lowerRendition: config.liveLowerRendition,
    changed: contentChanged,
    clock,
  })
  if (config.INGEST_HOOK_SECRET) await app.register(liveHookRoutes, { live, secret: config.INGEST_HOOK_SECRET })

  const taggedPolicy = pageCsp("'self'", { stripe: stripeInPage, googleTag: true })
  await app.register(webApp, {
    webDist: config.WEB_DIST ?? defaultWebDist(),
    mediaDir: config.mediaDir,
    // Spec §7: the ecommerce script loads for a channel with a google tag; its hosts are let in there only.
    pagePolicyFor: async (host, url) => {
      if (isEmbedPath(url)) return null
      const channel = await channels.findByKey((await channels.findKeyByHost(host)) ?? config.DEFAULT_CHANNEL_KEY)
      return channel?.google_tag ? taggedPolicy : null
    },
  })

  return Object.assign(app, {
    services: {
      access,
      channels,
      keys,
      accounts,
      forms,
      catalog,
      catalogAdmin,
      queue,
      mediaRepo,
      media,
      store,
      live,
      contentChanged,
      payments,
      gateway,
    },
  })
}

export type App = Awaited<ReturnType<typeof buildApp>>
