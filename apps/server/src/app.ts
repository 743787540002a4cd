import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { dataOf, HealthSchema, messages } from '@fieldhouse/contract'
import Fastify, { type FastifyRequest } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Container } from './container.js'
import { AppError } from './lib/errors.js'
import { openApiTransform, openApiTransformObject } from './lib/openapi-schemas.js'
import { parseQuery } from './lib/query-string.js'
import { accountsModule } from './modules/accounts/accounts.module.js'
import { adminModule } from './modules/admin/admin.module.js'
import { analyticsModule } from './modules/analytics/analytics.module.js'
import { calendarModule } from './modules/calendar/calendar.module.js'
import { catalogRoutes } from './modules/catalog/catalog.routes.js'
import { channelModule } from './modules/channel/channel.module.js'
import { clipsModule } from './modules/clips/clips.module.js'
import { customersModule } from './modules/customers/customers.module.js'
import { gameDayModule } from './modules/game-day/game-day.module.js'
import { geoModule } from './modules/geo/geo.module.js'
import { keyPlaysModule } from './modules/key-plays/key-plays.module.js'
import { keysModule } from './modules/keys/keys.module.js'
import { liveModule } from './modules/live/live.module.js'
import { mediaModule } from './modules/media/media.module.js'
import { notificationsModule } from './modules/notifications/notifications.module.js'
import { paymentsModule } from './modules/payments/payments.module.js'
import { premieresModule } from './modules/premieres/premieres.module.js'
import { scoresModule } from './modules/scores/scores.module.js'
import { streamsModule } from './modules/streams/streams.module.js'
import compression from './plugins/compression.js'
import { registerErrorHandling } from './plugins/errors.js'
import rateLimit from './plugins/rate-limit.js'
import securityHeaders, { isEmbedPath, pageCsp } from './plugins/security-headers.js'
import session from './plugins/session.js'
import webApp from './plugins/web-app.js'

export const defaultWebDist = () => path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist')

/**
 * The Fastify instance with its plugins and module routes, over the services of the container (it
 * builds none, and logs through the container's logger); it never listens (style: fastify/demo).
 */
export async function buildApp(container: Container) {
  const { config, db, services, log } = container
  const { channels, keys, geo, access, catalog, payments, gateway, live } = services

  const app = Fastify({
    loggerInstance: log,
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
  // Browsers reach the analytics service at its origin (decision 0032); the page's policy lets them.
  const analyticsOrigin = () => {
    const url = container.analytics().address.url()
    return url ? new URL(url).origin : null
  }
  await app.register(securityHeaders, { stripe: stripeInPage, analyticsOrigin })
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_MAX,
    keys,
    redis: container.redis,
    nameSpace: container.rateLimitNamespace,
  })
  await app.register(session, {
    keys,
    countryOf: (req) => geo.countryCode(req),
    authorizeOperator: (s, check) =>
      check === 'self'
        ? services.admin.operators.authorize(s, null)
        : check === 'self-setup'
          ? services.admin.operators.authorize(s, null, false)
          : services.admin.operators.authorize(s, check),
  })

  app.get(
    '/api/health',
    { config: { session: 'none' }, schema: { tags: ['health'], response: { 200: dataOf(HealthSchema) } } },
    async () => {
      if (!(await db.ping())) throw new AppError(503, messages.serverError)
      return { data: { status: 'ok' as const } }
    },
  )
  await app.register(keysModule.routes, {
    authProviders: () => services.social.enabled(),
    keys,
    channels,
    defaultChannelKey: config.DEFAULT_CHANNEL_KEY,
    apiKeyRateLimitMax: config.API_KEY_RATE_LIMIT_MAX,
    apiKeyHourlyMax: config.API_KEY_HOURLY_MAX,
  })
  await app.register(channelModule.routes, { channels })
  await app.register(catalogRoutes, {
    catalog,
    vod: services.vod,
    favorites: services.favorites,
    cache: services.responses,
  })
  await app.register(geoModule.routes, { geo })
  await app.register(accountsModule.routes, {
    social: services.social,
    geoBlocked: (req) => access.isGeoBlocked(req.session),
    accounts: services.accounts,
    forms: services.forms,
    channels,
    publicUrl: config.publicUrl,
    authRateLimitMax: config.AUTH_RATE_LIMIT_MAX,
    authAddressRateLimitMax: config.AUTH_ADDRESS_RATE_LIMIT_MAX,
    humanCheck: services.humanCheck,
  })
  await app.register(paymentsModule.routes, {
    payments,
    gateway,
    catalog,
    publicUrl: (host) =>
      host ? `${config.publicUrl.startsWith('https') ? 'https' : 'http'}://${host}` : config.publicUrl,
  })
  await app.register(streamsModule.routes, { streams: services.streams })
  const mediaFiles = {
    store: services.store,
    mediaRateLimitMax: config.MEDIA_RATE_LIMIT_MAX,
    sendFile: services.sendMediaFile,
  }
  await app.register(mediaModule.routes, {
    playback: {
      ...{
        media: services.media,
        repo: services.mediaRepo,
        gate: services.mediaGate,
        downloads: services.eventDownloads,
      },
      ...{ catalog, vod: services.vod, access, geo, sendLivePlaylist: services.sendLivePlaylist, ...mediaFiles },
      clipInfo: (session, event, mayWatch) => services.clips.service.eventClipInfo(session, event, mayWatch),
      vodClipInfo: (session, item, mayWatch) => services.clips.service.vodClipInfo(session, item, mayWatch),
    },
    uploads: { uploads: services.uploads, datastore: services.uploadDatastore, maxBytes: config.UPLOAD_MAX_BYTES },
  })
  await app.register(premieresModule.routes, {
    premieres: container.premieres(),
    gate: services.mediaGate,
    geo,
    ...mediaFiles,
  })
  await app.register(clipsModule.routes, { clips: services.clips, ...mediaFiles })
  await app.register(calendarModule.routes, { calendar: services.calendar })
  await app.register(notificationsModule.routes, {
    notifications: services.notifications,
    watchUrl: async (channelId, eventId) => `${await channels.linkOrigin({ id: channelId })}/watch/${eventId}`,
  })
  await app.register(scoresModule.routes, { ...services.scores, batchesPerMinute: 120 })
  await app.register(gameDayModule.routes, { gameDay: services.gameDay })
  await app.register(keyPlaysModule.routes, { keyPlays: services.keyPlays, clock: container.clock })
  /** Where a mailed link points: the channel's primary verified domain, else PUBLIC_URL; never the request's host. */
  const mailOrigin = (req: FastifyRequest) => channels.linkOrigin(req.session.channel)
  const operators = { codeRateLimitMax: config.AUTH_RATE_LIMIT_MAX, origin: mailOrigin }
  await app.register(adminModule.routes, { admin: services.admin, verifyRateLimitMax: 10, operators })
  await app.register(customersModule.routes, { customers: services.customers, origin: mailOrigin })
  await app.register(liveModule.routes, { goLive: services.goLive, live, hookSecret: config.INGEST_HOOK_SECRET })
  await app.register(analyticsModule.routes, { reports: container.analytics().reports })

  await app.register(webApp, {
    webDist: config.WEB_DIST ?? defaultWebDist(),
    mediaDir: config.mediaDir,
    // Spec §7: the ecommerce script loads for a channel with a google tag; its hosts are let in there only.
    pagePolicyFor: async (host, url) => {
      if (isEmbedPath(url)) return null
      const channel = await channels.findByKey((await channels.findKeyByHost(host)) ?? config.DEFAULT_CHANNEL_KEY)
      return channel?.google_tag
        ? pageCsp("'self'", { stripe: stripeInPage, googleTag: true, analytics: analyticsOrigin() })
        : null
    },
    // The page's largest paint asked for by the HTML (the home page's first slide, a watch page's
    // poster), and a shared clip's preview tags (Open Graph, Twitter card) for link unfurlers.
    headFor: async (host, url) => {
      if (!/^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/.test(host)) return null
      const hostname = host.replace(/:\d+$/, '').toLowerCase()
      const scheme = config.publicUrl.startsWith('https') ? 'https' : 'http'
      return services.pageHead.headFor(url, `${scheme}://${host}`, async () =>
        channels.findByKey((await channels.findKeyByHost(hostname)) ?? config.DEFAULT_CHANNEL_KEY),
      )
    },
  })

  return Object.assign(app, { services, container })
}

export type App = Awaited<ReturnType<typeof buildApp>>
