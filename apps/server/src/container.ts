import type { Redis } from 'ioredis'
import type { Config } from './config.js'
import { gameDayParts } from './container-game-day.js'
import { paymentsParts } from './container-payments.js'
import type { Db } from './db/database.js'
import { DemoRepository } from './db/demo.repository.js'
import { createJobs } from './jobs/jobs.module.js'
import { JobQueue } from './jobs/queue.js'
import { dnsTxtLookup } from './lib/dns-txt.js'
import { createLogger, type LoggerSettings } from './lib/logger.js'
import { lazily, madeOnce } from './lib/made-once.js'
import { createMailer, type Mailer, mailSettingsOf } from './lib/mailer.js'
import { loadMediaSecret } from './lib/media-secret.js'
import { createMediaStore } from './lib/media-store/index.js'
import { type PasswordHasher, scryptHasher } from './lib/passwords.js'
import { siteverify } from './lib/recaptcha.js'
import { ResponseCache } from './lib/response-cache.js'
import { AccessRepository } from './modules/access/access.repository.js'
import { AccessService, type OperatorRoleOf } from './modules/access/access.service.js'
import { accountsModule } from './modules/accounts/accounts.module.js'
import { AccountsRepository } from './modules/accounts/accounts.repository.js'
import { LoginThrottle } from './modules/accounts/login-throttle.js'
import { adminModule } from './modules/admin/admin.module.js'
import { AdminRepository } from './modules/admin/admin.repository.js'
import { AuditRepository, auditSink } from './modules/admin/audit.repository.js'
import { DomainsRepository } from './modules/admin/domains.repository.js'
import { OperatorsRepository } from './modules/admin/operators.repository.js'
import { PassesFormRepository } from './modules/admin/passes-form.repository.js'
import { analyticsModule } from './modules/analytics/analytics.module.js'
import { type Calendar, calendarModule } from './modules/calendar/calendar.module.js'
import { CatalogRepository } from './modules/catalog/catalog.repository.js'
import { CatalogService } from './modules/catalog/catalog.service.js'
import { CatalogAdminRepository } from './modules/catalog/catalog-admin.repository.js'
import { CatalogAdminService } from './modules/catalog/catalog-admin.service.js'
import { CatalogCliRepository } from './modules/catalog/catalog-cli.repository.js'
import { FavoritesService } from './modules/catalog/favorites.service.js'
import { VodService } from './modules/catalog/vod.service.js'
import { channelModule } from './modules/channel/channel.module.js'
import { ChannelRepository } from './modules/channel/channel.repository.js'
import { clipsModule, ownerMediaCleanup } from './modules/clips/clips.module.js'
import { ClipsRepository } from './modules/clips/clips.repository.js'
import { customersModule } from './modules/customers/customers.module.js'
import { FormsRepository } from './modules/forms/forms.repository.js'
import { FormsService } from './modules/forms/forms.service.js'
import { geoModule } from './modules/geo/geo.module.js'
import { keysModule } from './modules/keys/keys.module.js'
import { KeysRepository } from './modules/keys/keys.repository.js'
import { GoLiveRepository } from './modules/live/go-live.repository.js'
import { liveModule } from './modules/live/live.module.js'
import { LiveRepository } from './modules/live/live.repository.js'
import type { IngestControl } from './modules/live/rtmp-ingest.js'
import { createLivePlaylistSender, LivePlaylists } from './modules/media/live-playlist.js'
import { MediaGate } from './modules/media/media.gate.js'
import { mediaModule } from './modules/media/media.module.js'
import { MediaRepository } from './modules/media/media.repository.js'
import { uploadStore } from './modules/media/tus-uploads.js'
import { UploadsRepository } from './modules/media/uploads.repository.js'
import { notificationsModule } from './modules/notifications/notifications.module.js'
import { pageHeadModule } from './modules/page-head/page-head.module.js'
import { PACKAGE_KINDS } from './modules/payments/pass-catalogue.service.js'
import { type Premieres, premieresModule } from './modules/premieres/premieres.module.js'
import type { Cheer } from './modules/scores/score-suggestions.service.js'
import { streamsModule } from './modules/streams/streams.module.js'

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
  /** The HTTPS agent web pushes go through (tests trust their loopback push service with it). */
  pushAgent?: import('node:https').Agent
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
  // Each part is made the first time something asks for it, and once: a process builds only what its
  // roles use (an ingest alone never opens the GeoIP database, makes a mail transport or a gateway).
  const { once, isBuilt, built } = madeOnce()

  const channelRepo = once('channelRepo', () => new ChannelRepository(db.kysely, db.dialect))
  const contentVersion = (channelId: number) => channelRepo().contentVersion(channelId)
  // The channel's operators preview its paid content (decision 0026): the console's gate says who they are.
  const operatorRoleOf: OperatorRoleOf = (session) => admin().operators.roleOf(session)
  const access = once('access', () => new AccessService(new AccessRepository(db.kysely), clock, operatorRoleOf))
  const geo = once('geo', () =>
    geoModule.build({ databasePath: config.GEOIP_DB, countryHeader: config.GEO_COUNTRY_HEADER }),
  )
  const catalogRepo = once('catalogRepo', () => new CatalogRepository(db.kysely))
  const catalog = once(
    'catalog',
    () => new CatalogService(catalogRepo(), access(), contentVersion, { cacheFreshMs: 2000 }),
  )
  const responses = once('responses', () => new ResponseCache(contentVersion, { freshMs: 2000, maxEntries: 5000 }))
  const forms = once('forms', () => new FormsService(new FormsRepository(db.kysely, db.dialect)))

  const audit = auditSink(db.kysely, clock)
  const { gateway, payments } = paymentsParts(once, {
    config,
    kysely: db.kysely,
    dialect: db.dialect,
    log,
    clock,
    access,
    forms,
    audit,
  })

  const channels = once('channels', () =>
    channelModule.build(channelRepo(), {
      cacheFreshMs: 2000,
      bootstrapParts: {
        'events-categories': (channel) => catalog().categories(channel),
        'events-locations': (channel) => catalog().locations(channel),
        'participant-groups': (channel) => catalog().groups(channel),
        'participant-group-properties': (channel) => catalog().groupProperties(channel),
        // Spec §7: the bootstrap document carries the passes on sale too.
        packages: (channel) => payments().catalogue.passes(channel, [...PACKAGE_KINDS]),
        subscriptions: (channel) => payments().catalogue.passes(channel, ['subscription']),
      },
      analyticsUrl: () => analytics().address.url(),
      publicUrl: config.publicUrl,
    }),
  )
  const keysRepo = once('keysRepo', () => new KeysRepository(db.kysely))
  const streams = once('streams', () => streamsModule.build({ sql: [db.kysely, db.dialect], redis: deps.redis, clock }))
  const keys = once('keys', () =>
    keysModule.build(keysRepo(), channels(), clock, 2000, (e) => streams().endSessions(e)),
  )
  const mailSettings = mailSettingsOf(config, log)
  const mailer = once('mailer', () => deps.mailer ?? createMailer(mailSettings))
  const accountsRepo = once('accountsRepo', () => new AccountsRepository(db.kysely, db.dialect))
  const accounts = once('accounts', () =>
    accountsModule.build({
      repo: accountsRepo(),
      keys: keys(),
      forms: forms(),
      hasher: deps.hasher ?? scryptHasher(config.SCRYPT_LOG_N),
      mailer: mailer(),
      throttle: new LoginThrottle({ maxFailures: config.LOGIN_MAX_FAILURES, windowMs: 15 * 60_000, now: clock }),
      clock,
      defer: (work) => void work().catch((error) => log.error({ err: error }, 'account mail failed')),
      passCapabilities: (userId) => access().passCapabilities(userId),
      featureCount: (userId) => clips().service.featureCount(userId),
      mailColors: async (channel) => (await channels().colors(channel))['primary-color'] ?? '#1f6feb',
    }),
  )
  const social = once('social', () =>
    accountsModule.social(config, { repo: accountsRepo(), accounts: accounts(), clock }),
  )
  const vod = once('vod', () => new VodService(catalogRepo()))
  /** An operator (CLI or console) changed the channel: every cache of it this process built drops what it holds. */
  const channelEdited = async (channelId: number) => {
    if (isBuilt('catalog')) catalog().forget(channelId)
    if (isBuilt('responses')) responses().invalidate(channelId)
    const channel = await channelRepo().findById(channelId)
    if (channel && isBuilt('channels')) channels().forget(channel)
  }
  const catalogAdmin = once(
    'catalogAdmin',
    () => new CatalogAdminService(new CatalogAdminRepository(db.kysely, db.dialect), channelEdited, clock),
  )

  const admin = once('admin', () =>
    adminModule.build({
      repo: new AdminRepository(db.kysely, db.dialect),
      audit: new AuditRepository(db.kysely),
      operatorsRepo: new OperatorsRepository(db.kysely, db.dialect),
      passesFormRepo: new PassesFormRepository(db.kysely, db.dialect),
      domainsRepo: new DomainsRepository(db.kysely, db.dialect),
      // Two tries of 2.5 s: an owner waiting on Verify learns within 5 s that the DNS did not answer.
      lookupTxt: dnsTxtLookup({ servers: config.DOMAIN_DNS_SERVERS, timeoutMs: 2500 }),
      accounts: accounts(),
      mailer: mailer(),
      store: () => store(),
      serverSecret: mediaSecret(),
      maxCodeFailures: config.LOGIN_MAX_FAILURES,
      changed: channelEdited,
      mediaOf: ownerMediaCleanup(uploads, clips),
      mailColor: async (channel) => (await channels().colors(channel))['primary-color'] ?? '#1f6feb',
      clock,
    }),
  )

  const queue = once('queue', () => new JobQueue(db.kysely, db.dialect, clock))
  const mediaRepo = once('mediaRepo', () => new MediaRepository(db.kysely, clock))
  const store = once('store', () => createMediaStore(config))
  const mediaSecret = once('mediaSecret', () => loadMediaSecret(config.MEDIA_SECRET, config.dataDir))
  const media = once('media', () =>
    mediaModule.build({
      repo: mediaRepo(),
      access: access(),
      secret: mediaSecret(),
      config,
      clock,
      streams,
      premieres,
    }),
  )
  const eventDownloads = once('eventDownloads', () =>
    mediaModule.downloads({
      ...{ media: media(), store: store(), queue: queue(), clock },
      event: (session, id) => catalog().event(session, id),
      capabilities: (session) => access().capabilities(session),
      downloaded: (session, eventId) => clips().service.recordEventDownload(session, eventId),
    }),
  )
  /** Content of a channel changed behind the services' backs (a job finished, a stream began): caches drop it. */
  const contentChanged = async (channelId: number) => {
    await channelRepo().bumpContentVersion(channelId)
    // What this process has not built, it has not cached.
    if (isBuilt('catalog')) catalog().forget(channelId)
    if (isBuilt('responses')) responses().invalidate(channelId)
  }
  // Our own RTMP listener learns its port when the ingest role starts it (RTMP_PORT=0 picks one).
  let ownRtmpPort = config.RTMP_PORT
  const rtmpPort = () => ownRtmpPort
  const announce = notificationsModule.announceGoLive(queue)
  const live = once('live', () => {
    const parts = { events: new LiveRepository(db.kysely), recordings: mediaRepo(), queue: queue(), store: store() }
    // Every broadcast's cheers become the Score page's suggestions (decision 0057).
    const heardCheer = (cheer: Cheer) => scores().suggestions.suggest(cheer)
    const told = { changed: contentChanged, playable: announce, heardCheer }
    return liveModule.build({ ...parts, ...told, log, config, rtmpPort, clock })
  })

  // The console's customers (decision 0038).
  const customers = once('customers', () =>
    customersModule.build(db.kysely, { accounts: accounts(), keys: keys(), audit, clock }),
  )
  const clipsRepo = once('clipsRepo', () => new ClipsRepository(db.kysely, clock))
  const clips = once('clips', () => {
    const parts = {
      repo: clipsRepo(),
      catalog: catalog(),
      vod: vod(),
      access: access(),
      store: store(),
      queue: queue(),
    }
    return clipsModule.build({ ...parts, media, secret: mediaSecret(), audit, clock })
  })
  const pageHead = once('pageHead', () =>
    pageHeadModule.build({ channels, media, vod, sharing: () => clips().sharing, contentVersion }),
  )

  let ownIngest: IngestControl | null = null
  const goLive = once('goLive', () => {
    const parts = { repo: new GoLiveRepository(db.kysely), live: live(), ingest: () => ownIngest, media, audit }
    return liveModule.goLive({ ...parts, config, rtmpPort, clock })
  })
  const uploadDatastore = once('uploadDatastore', () => uploadStore(config.uploadsDir))
  const uploads = once('uploads', () => {
    const repos = { repo: new UploadsRepository(db.kysely, clock), targets: new CatalogCliRepository(db.kysely) }
    const parts = {
      media: mediaRepo(),
      mediaService: media(),
      queue: queue(),
      store: store(),
      datastore: uploadDatastore(),
    }
    return mediaModule.uploads({ ...repos, ...parts, config, audit, changed: contentChanged, clock })
  })
  const jobs = once('jobs', () => {
    const parts = { mediaRepo: mediaRepo(), clipsRepo: clipsRepo(), store: store(), changed: contentChanged }
    const services = { renewals: () => payments().renewals, reports: () => analytics().reports }
    return createJobs({ ...parts, ...services, uploads, premieres, alerts, keyPlays, config, log })
  })
  const gateParts = () => ({ repo: mediaRepo(), keys: keysRepo(), access: access(), secret: mediaSecret(), clock })
  const mediaGate = once('mediaGate', () => new MediaGate(gateParts()))
  const settleBy = (at: number) => queue().runScheduledBy('premieres.settle', at)
  const premiereParts = { db: db.kysely, media, catalog, store, audit, changed: contentChanged, clock, settleBy }
  const premieres = once('premieres', (): Premieres => premieresModule.build({ ...premiereParts, wentLive: announce }))
  const favorites = once('favorites', () => new FavoritesService(catalogRepo(), catalog(), clock))
  const calendar = once('calendar', (): Calendar => calendarModule.build({ db, mediaSecret, channels, clock }))
  const alertParts = { db: db.kysely, config, mediaSecret, clock, log, queue, channels, pushAgent: deps.pushAgent }
  const notifications = once('notifications', () => notificationsModule.build(alertParts))
  const alerts = once('alerts', () => notificationsModule.alerts({ ...alertParts, mail: deps.mailer ?? mailSettings }))
  const sendMediaFile = once('sendMediaFile', () => mediaModule.fileSender(config))
  const sendLivePlaylist = once('sendLivePlaylist', () => createLivePlaylistSender(new LivePlaylists(store())))
  const humanCheck = once('humanCheck', () => siteverify(config.RECAPTCHA_VERIFY_URL))
  const demo = once('demo', () => new DemoRepository(db.kysely))
  const analytics = once('analytics', () =>
    analyticsModule.build(db.kysely, config, { secret: mediaSecret(), audit, clock }),
  )
  // Game day (decisions 0057, 0058): the scores, the key plays their tags make, the console's first page.
  const { scores, keyPlays, gameDay } = gameDayParts(once, {
    ...{ db: db.kysely, kysely: db.kysely, dialect: db.dialect, mediaSecret, channels, changed: contentChanged },
    ...{ clock, log, audit, clips, queue, premieres },
    home: { live, reports: () => analytics().reports, revenue: () => payments().revenue },
  })
  return {
    config,
    db,
    redis: deps.redis,
    rateLimitNamespace: deps.rateLimitNamespace ?? 'fieldhouse-rl:',
    log,
    clock,
    premieres,
    get jobs() {
      return jobs()
    },
    get demo() {
      return demo()
    },
    analytics,
    /** Tells the live pipeline the port our own RTMP listener took. */
    rtmpListening: (port: number, ingest?: IngestControl) => {
      ownRtmpPort = port
      ownIngest = ingest ?? null
    },
    /** The names of the parts this process has built so far (the roles test reads it). */
    built,
    /** Lets go of what the parts hold open (the alerts' mail connections), at shutdown. */
    close: () => (isBuilt('alerts') ? alerts().close() : undefined),
    /** Each part is built the first time it is read (`admin` is the console's `service`, `images`, `operators`, `passesForm`). */
    services: Object.assign(
      lazily({
        access,
        channels,
        keys,
        accounts,
        customers,
        forms,
        social,
        geo,
        catalog,
        catalogAdmin,
        admin,
        vod,
        favorites,
        calendar,
        notifications,
        scores,
        keyPlays,
        gameDay,
        responses,
        queue,
        mediaRepo,
        media,
        eventDownloads,
        mediaGate,
        streams,
        sendMediaFile,
        sendLivePlaylist,
        humanCheck,
        store,
        live,
        clips,
        pageHead,
        goLive,
        uploads,
        uploadDatastore,
        payments,
        gateway,
      }),
      { contentChanged },
    ),
  }
}

export type Container = Awaited<ReturnType<typeof createContainer>>
