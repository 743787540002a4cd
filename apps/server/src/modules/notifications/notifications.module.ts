import type { Agent } from 'node:https'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config.js'
import type { JobQueue } from '../../jobs/queue.js'
import { createMailer, type Mailer } from '../../lib/mailer.js'
import { type AlertOccasion, runKey } from './alert-rules.js'
import { AlertSendsRepository } from './alert-sends.repository.js'
import { alertTokenSigner } from './alert-token.js'
import { type AlertChannel, AlertsService } from './alerts.service.js'
import { NotificationsRepository } from './notifications.repository.js'
import { notificationsRoutes } from './notifications.routes.js'
import { NotificationsService } from './notifications.service.js'
import { createPushSender, loadVapidKeys, pushEndpointAllowed } from './push-sender.js'

interface NotificationsDeps {
  db: ConstructorParameters<typeof NotificationsRepository>[0]
  config: Pick<
    Config,
    | 'dataDir'
    | 'VAPID_PUBLIC_KEY'
    | 'VAPID_PRIVATE_KEY'
    | 'VAPID_SUBJECT'
    | 'PUSH_ENDPOINT_ORIGINS'
    | 'ALERT_MAIL_CONNECTIONS'
  >
  mediaSecret: () => Buffer
  clock: () => number
  /** The HTTPS agent push requests go through (tests trust their loopback push service's certificate). */
  pushAgent?: Agent | undefined
}

const parts = (d: NotificationsDeps) => {
  const keys = loadVapidKeys(
    { publicKey: d.config.VAPID_PUBLIC_KEY, privateKey: d.config.VAPID_PRIVATE_KEY },
    d.config.dataDir,
  )
  return { tokens: alertTokenSigner(d.mediaSecret()), keys }
}

/** Queues a game's fan-out of one occasion; a second while one is queued or running is that one. */
const enqueueFanout = (queue: JobQueue, occasion: AlertOccasion, eventId: number, channelId: number) =>
  queue.enqueue(
    'alerts.fanout',
    { eventId, occasion },
    { dedupeKey: `alerts:${runKey(occasion)}:${eventId}`, channelId, maxAttempts: 5 },
  )

/**
 * What the live pipeline (a stream's first segment) and the premieres (a showing's start) tell when a
 * game can be watched at its live edge: its go-live alerts go, once a game.
 */
const announceGoLive =
  (queue: () => JobQueue) =>
  ({ eventId, channelId }: { eventId: number; channelId: number }) =>
    enqueueFanout(queue(), { kind: 'go_live' }, eventId, channelId)

/** The viewer's side (settings, push browsers, the links alerts carry) and the console's figures. */
function createNotifications(d: NotificationsDeps) {
  const { tokens, keys } = parts(d)
  return new NotificationsService({
    repo: new NotificationsRepository(d.db),
    tokens,
    vapidPublicKey: keys.publicKey,
    endpointAllowed: (endpoint) => pushEndpointAllowed(endpoint, d.config.PUSH_ENDPOINT_ORIGINS),
    clock: d.clock,
  })
}

/** The worker's side: fan-outs and batches of sends, through the mail pool and the push services. */
function createAlerts(
  d: NotificationsDeps & {
    /** A mailer (tests'), or the mail settings a pooled one is made with (ALERT_MAIL_CONNECTIONS connections). */
    mail: Mailer | Omit<Parameters<typeof createMailer>[0], 'pool'>
    queue: () => JobQueue
    log: FastifyBaseLogger
    channels: () => { mailBranding(channelId: number): Promise<AlertChannel | null> }
  },
) {
  const { tokens, keys } = parts(d)
  const mailer = 'send' in d.mail ? d.mail : createMailer({ ...d.mail, pool: d.config.ALERT_MAIL_CONNECTIONS })
  return new AlertsService({
    repo: new AlertSendsRepository(d.db),
    tokens,
    mailer,
    push: createPushSender(keys, d.config.VAPID_SUBJECT, { agent: d.pushAgent }),
    channel: (channelId) => d.channels().mailBranding(channelId),
    log: d.log,
    clock: d.clock,
    queue: {
      enqueueFanout: (occasion, eventId, channelId) => enqueueFanout(d.queue(), occasion, eventId, channelId),
      enqueueSend: ({ eventId, ids }, channelId) =>
        d
          .queue()
          .enqueue(
            'alerts.send',
            { eventId, ids },
            { dedupeKey: `alerts-send:${eventId}:${ids[0]}`, channelId, maxAttempts: 8 },
          ),
    },
  })
}

/** Alerts for followed games (decision 0056): `build` (the container's `notifications`), `alerts` and `routes`. */
export const notificationsModule = {
  build: createNotifications,
  alerts: createAlerts,
  announceGoLive,
  routes: notificationsRoutes,
}
