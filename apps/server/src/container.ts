import path from 'node:path'
import type { Redis } from 'ioredis'
import type { Config } from './config.js'
import type { Db } from './db/database.js'
import { DemoRepository } from './db/demo.repository.js'
import { jobHandlers } from './jobs/handlers.js'
import { JobQueue } from './jobs/queue.js'
import { sweepTempFolders } from './jobs/temp-folders.js'
import { createLogger, type LoggerSettings } from './lib/logger.js'
import { createMailer, type Mailer } from './lib/mailer.js'
import { loadMediaSecret } from './lib/media-secret.js'
import { createMediaStore } from './lib/media-store/index.js'
import { type PasswordHasher, scryptHasher } from './lib/passwords.js'
import { siteverify } from './lib/recaptcha.js'
import { ResponseCache } from './lib/response-cache.js'
import { AccessRepository } from './modules/access/access.repository.js'
import { AccessService } from './modules/access/access.service.js'
import { AccountsRepository } from './modules/accounts/accounts.repository.js'
import { AccountsService } from './modules/accounts/accounts.service.js'
import { LoginThrottle } from './modules/accounts/login-throttle.js'
import { SocialLogin } from './modules/accounts/social-login.js'
import { CatalogRepository } from './modules/catalog/catalog.repository.js'
import { CatalogService } from './modules/catalog/catalog.service.js'
import { CatalogAdminRepository } from './modules/catalog/catalog-admin.repository.js'
import { CatalogAdminService } from './modules/catalog/catalog-admin.service.js'
import { FavoritesService } from './modules/catalog/favorites.service.js'
import { VodService } from './modules/catalog/vod.service.js'
import { ChannelRepository } from './modules/channel/channel.repository.js'
import { ChannelService } from './modules/channel/channel.service.js'
import { FormsRepository } from './modules/forms/forms.repository.js'
import { FormsService } from './modules/forms/forms.service.js'
import { GeoService } from './modules/geo/geo.service.js'
import { KeysRepository } from './modules/keys/keys.repository.js'
import { KeysService } from './modules/keys/keys.service.js'
import { LiveRepository } from './modules/live/live.repository.js'
import { LiveService } from './modules/live/live.service.js'
import { createMediaFileSender, HotFileCache } from './modules/media/media.files.js'
import { MediaGate } from './modules/media/media.gate.js'
import { mediaJobFailureHook, mediaJobHandlers } from './modules/media/media.jobs.js'
import { MediaRepository } from './modules/media/media.repository.js'
import { MediaService } from './modules/media/media.service.js'
import { createGateway } from './modules/payments/gateways/create-gateway.js'
import { TestGatewayRepository } from './modules/payments/gateways/test-gateway.repository.js'
import { OrdersRepository } from './modules/payments/orders.repository.js'
import { PACKAGE_KINDS } from './modules/payments/pass-catalogue.service.js'
import { createPayments } from './modules/payments/payments.module.js'
import { PaymentsRepository } from './modules/payments/payments.repository.js'

export interface ContainerDeps {
  config: Config
  db: Db
  redis?: Redis | undefined
  /** Prefix of the rate-limit counters in Redis. */
  rateLimitNamespace?: string | undefined
  /** The logger's options; tests pass a stream to read what is logged, or false for none. */
  logger?: LoggerSettings
  clock?: () => number
  /** Mail transport; by default SMTP_URL's relay or the outbox folder. */
  mailer?: Mailer
  /** Password hashing; by default scrypt at SCRYPT_LOG_N (tests count the hashes through it). */
  hasher?: PasswordHasher
}

/**
 * The composition root: every repository and service of a process, built once from the config and
 * the database handle, each given its collaborators when it is made. The roles (roles.ts) and the
 * HTTP app (app.ts) only use what is here.
 */
export async function createContainer(deps: ContainerDeps) {
  const { config, db } = deps
  const log = createLogger(config.LOG_LEVEL, deps.logger)
  const clock = deps.clock ?? Date.now

  const channelRepo = new ChannelRepository(db.kysely, db.dialect)
  const contentVersion = (channelId: number) => channelRepo.contentVersion(channelId)
  const access = new AccessService(new AccessRepository(db.kysely), clock)
  const geo = await GeoService.create({ databasePath: config.GEOIP_DB, countryHeader: config.GEO_COUNTRY_HEADER })
  const catalogRepo = new CatalogRepository(db.kysely)
  const catalog = new CatalogService(catalogRepo, access, contentVersion, { cacheFreshMs: 2000 })
  const responses = new ResponseCache(contentVersion, { freshMs: 2000, maxEntries: 5000 })
  const forms = new FormsService(new FormsRepository(db.kysely, db.dialect))

  // The test gateway delivers its events in process, to the payments service made just below.
  const gateway = createGateway(config, new TestGatewayRepository(db.kysely), (event) =>
    payments.events.handleEvent(event).then(() => undefined),
  )
  const payments = createPayments({
    repo: new PaymentsRepository(db.kysely),
    orders: new OrdersRepository(db.kysely, db.dialect),
    gateway,
    log,
    clock,
    access,
    onPaid: (order) => forms.chooseBasicPass(order.channelId, order.userId),
  })

  const channels = new ChannelService(channelRepo, {
    cacheFreshMs: 2000,
    bootstrapParts: {
      'events-categories': (channel) => catalog.categories(channel),
      'events-locations': (channel) => catalog.locations(channel),
      'participant-groups': (channel) => catalog.groups(channel),
      'participant-group-properties': (channel) => catalog.groupProperties(channel),
      // Spec §7: the bootstrap document carries the passes on sale too.
      packages: (channel) => payments.catalogue.passes(channel, [...PACKAGE_KINDS]),
      subscriptions: (channel) => payments.catalogue.passes(channel, ['subscription']),
    },
  })
  const keysRepo = new KeysRepository(db.kysely)
  const keys = new KeysService(keysRepo, channels, clock)
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: config.outboxDir,
      log,
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
    defer: (work) => void work().catch((error) => log.error({ err: error }, 'account mail failed')),
    passCapabilities: (userId) => access.passCapabilities(userId),
    mailColors: async (channel) => (await channels.colors(channel))['primary-color'] ?? '#1f6feb',
  })
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
  /** Content of a channel changed behind the services' backs (a job finished, a stream began): caches drop it. */
  const contentChanged = async (channelId: number) => {
    await channelRepo.bumpContentVersion(channelId)
    catalog.forget(channelId)
    responses.invalidate(channelId)
  }
  // Our own RTMP listener learns its port when the ingest role starts it (RTMP_PORT=0 picks one).
  let ownRtmpPort = config.RTMP_PORT
  const live = new LiveService({
    events: new LiveRepository(db.kysely),
    repo: mediaRepo,
    queue,
    store,
    log,
    pullBaseUrl: () => config.INGEST_PULL_URL ?? `rtmp://127.0.0.1:${ownRtmpPort}/live`,
    lowerRendition: config.liveLowerRendition,
    changed: contentChanged,
    clock,
  })

  const tempDir = path.join(config.mediaDir, 'tmp')
  const sweepTemp = () => {
    try {
      const removed = sweepTempFolders(tempDir, { staleAfterMs: 60 * 60_000 })
      if (removed.length > 0) log.info({ removed }, 'removed temp folders of encodes that were killed')
    } catch (error) {
      log.warn({ err: error }, 'temp folder sweep failed')
    }
  }
  const mediaJobDeps = { repo: mediaRepo, store, changed: contentChanged }
  const jobs = {
    handlers: jobHandlers({
      media: mediaJobHandlers({
        ...mediaJobDeps,
        mediaDir: config.mediaDir,
        preset: config.ENCODE_PRESET,
      }),
      // Passes: renewals and expiries, and orders a crash left half done.
      renewDue: () => payments.renewals.renewDue(),
      reconcile: () => payments.renewals.reconcile().then(() => undefined),
      sweepTemp,
    }),
    onFailure: mediaJobFailureHook(mediaJobDeps),
    sweepTemp,
  }

  return {
    config,
    db,
    redis: deps.redis,
    rateLimitNamespace: deps.rateLimitNamespace ?? 'fieldhouse-rl:',
    log,
    clock,
    jobs,
    demo: new DemoRepository(db.kysely),
    /** Tells the live pipeline the port our own RTMP listener took. */
    rtmpListening: (port: number) => {
      ownRtmpPort = port
    },
    services: {
      access,
      channels,
      keys,
      accounts,
      forms,
      social,
      geo,
      catalog,
      catalogAdmin,
      vod,
      favorites: new FavoritesService(catalogRepo, catalog, clock),
      responses,
      queue,
      mediaRepo,
      media,
      mediaGate: new MediaGate({ repo: mediaRepo, keys: keysRepo, access, secret: mediaSecret, clock }),
      sendMediaFile: createMediaFileSender(new HotFileCache(config.MEDIA_MEMORY_CACHE_MB * 1024 * 1024)),
      humanCheck: siteverify(config.RECAPTCHA_VERIFY_URL),
      store,
      live,
      contentChanged,
      payments,
      gateway,
    },
  }
}

export type Container = Awaited<ReturnType<typeof createContainer>>
