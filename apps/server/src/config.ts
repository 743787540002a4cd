import { isIP } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'

/**
 * The only reader of `process.env` (design §3). Every variable has a default for the embedded mode
 * (`npm start` on a fresh machine); a bad value stops the process with the variable named.
 */
const roles = ['api', 'worker', 'ingest', 'analytics'] as const
export type Role = (typeof roles)[number]

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))

/** A yes-or-no setting: `true` or `1` is yes, `false` or `0` no. */
const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback)
    .transform((v) => v === 'true' || v === '1')

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: 'DATABASE_URL must be a postgres:// URL (leave it unset for the embedded SQLite database)',
  }),
  REDIS_URL: optionalText.refine((v) => v === undefined || /^rediss?:\/\//.test(v), {
    message: 'REDIS_URL must be a redis:// or rediss:// URL',
  }),
  SERVICES: z
    .string()
    .default('all')
    .transform((v, ctx) => {
      const list =
        v === 'all'
          ? [...roles]
          : v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
      for (const r of list) {
        if (!(roles as readonly string[]).includes(r)) {
          ctx.addIssue({ code: 'custom', message: `unknown role "${r}" (known: all, ${roles.join(', ')})` })
        }
      }
      return list as Role[]
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The channel a host that matches no channel domain is served (spec: a deployment serves many channels). */
  DEFAULT_CHANNEL_KEY: z.string().default('demo'),
  /** Seed the demo channel into an empty database at start. */
  SEED_DEMO: flag('true'),
  /** Folder of the built web app; defaults to apps/web/dist beside this package. */
  WEB_DIST: z.string().optional(),
  /** Hops of trusted reverse proxies in front of us (0 = none: X-Forwarded-For is ignored). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Requests a client (api key, or address when it has none) may make per minute. */
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  /** Anonymous api keys a client address may create per minute: a crowd behind one address (decision 11). */
  API_KEY_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(750),
  /** Anonymous api keys a client address may create per hour: what stops a script (decision 11). */
  API_KEY_HOURLY_MAX: z.coerce.number().int().positive().default(3000),
  /** Requests per minute per api key (a made-up key: per address) to the sign-in, sign-up and reset calls. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  /** Requests per minute per client address to those calls, all keys together (decision 11). */
  AUTH_ADDRESS_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  /** Failed sign-ins an account may have in 15 minutes before it must wait. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  /** smtp:// or smtps:// URL of a mail relay; unset writes each mail to DATA_DIR/outbox. */
  SMTP_URL: optionalText.refine((v) => v === undefined || /^smtps?:\/\//.test(v), {
    message: 'SMTP_URL must be an smtp:// or smtps:// URL',
  }),
  MAIL_FROM: z.string().default('Fieldhouse <no-reply@fieldhouse.localhost>'),
  /** SMTP connections the alerts' fan-out keeps open to SMTP_URL's relay (decision 0056). */
  ALERT_MAIL_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(5),
  /** The VAPID key pair web push is signed with (base64url, as `web-push generate-vapid-keys` prints); every
   * API and worker process must share it. Unset: a pair is made and kept in DATA_DIR/secrets. */
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  /** Who push services may contact about our pushes (RFC 8292): a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT is a mailto: or https: URL')
    .default('mailto:alerts@fieldhouse.localhost'),
  /** Push services beyond the browsers' own that subscriptions may name: origins, comma-separated. */
  PUSH_ENDPOINT_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  /** Where links in mails point for a channel with no verified domain; its scheme and port for those with one. */
  PUBLIC_URL: optionalText.refine((v) => v === undefined || /^https?:\/\/[^/]+$/.test(v), {
    message: 'PUBLIC_URL must be an origin such as https://tv.example.com (no path)',
  }),
  /** The DNS servers a domain's verification record is looked up at (decision 0041): `ip`, `ip:port` or
   * `[ipv6]:port`, comma-separated; unset, the system's resolvers. */
  DOMAIN_DNS_SERVERS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const list = (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
      for (const server of list) {
        const ip = /^\[(.+)\]:\d{1,5}$/.exec(server)?.[1] ?? /^([^:]+):\d{1,5}$/.exec(server)?.[1] ?? server
        if (!isIP(ip))
          ctx.addIssue({ code: 'custom', message: `"${server}" is not an IP address (with an optional :port)` })
      }
      return list
    }),
  /** reCAPTCHA siteverify endpoint (channels that configure a secret require a token on sign-up, sign-in and reset). */
  RECAPTCHA_VERIFY_URL: z.string().url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** Google sign-in (OpenID Connect). Both id and secret set enable it. */
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  /** Facebook sign-in (OpenID Connect). Both id and secret set enable it. */
  FACEBOOK_CLIENT_ID: optionalText,
  FACEBOOK_CLIENT_SECRET: optionalText,
  FACEBOOK_ISSUER: z.string().url().default('https://www.facebook.com'),
  /** A MaxMind (GeoIP2/GeoLite2 Country or City) database file for viewers' countries. */
  GEOIP_DB: optionalText,
  /** The country header of the CDN in front of us (e.g. cf-ipcountry); set only when one is. */
  GEO_COUNTRY_HEADER: optionalText,
  /** scrypt cost as log2(N); 17 (design §8). Lower values are accepted only when NODE_ENV=test. */
  SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  /** A request must arrive whole within this time (spec §7 gives clients 30 s). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** A client must send its headers within this time (slow-header attacks). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** Largest JSON body accepted, in bytes (uploads have their own limits). */
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(64 * 1024),
  /** Key of the HMAC that signs media URLs; every API process of a deployment must share it. By default
   * one is made and kept in DATA_DIR/secrets (fine for one machine). */
  MEDIA_SECRET: optionalText.pipe(z.string().min(32, 'at least 32 characters').optional()),
  /** How long a signed media URL works; the player renews it before. */
  PLAYBACK_TOKEN_TTL_S: z.coerce.number().int().min(10).max(86_400).default(600),
  /** Media files a viewer session may fetch per minute (segments, playlists, thumbnails). */
  MEDIA_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(3000),
  /** Memory for the segments viewers are fetching right now (MiB, per API process); 0 turns it off. */
  MEDIA_MEMORY_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(64),
  /** Where media files live: unset for the local folder DATA_DIR/media, or `s3://bucket/prefix` for an
   * S3-compatible store (credentials from the AWS SDK's usual chain). */
  MEDIA_STORE: optionalText.pipe(
    z
      .string()
      .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/, 'an s3://bucket/prefix URL')
      .optional(),
  ),
  /** The S3-compatible endpoint (MinIO and the like; path-style addressing); AWS's own when unset. */
  S3_ENDPOINT: optionalText.pipe(z.string().url().optional()),
  S3_REGION: optionalText.pipe(z.string().optional()),
  /** libx264 preset of VOD encodes: faster encodes or smaller files. */
  ENCODE_PRESET: z.enum(['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow']).default('veryfast'),
  /** Jobs one worker runs at once; by default one per core. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** Largest video an operator may upload from the console, in bytes (20 GB by default). */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 ** 3),
  /** An upload not finished within this many hours is removed with its bytes. */
  UPLOAD_EXPIRY_H: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(72),
  /** What the uploads' disk must keep free beside every upload under way (2 GB by default). */
  UPLOAD_DISK_RESERVE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(2 * 1024 ** 3),
  /**
   * The sandbox ffmpeg and ffprobe read an uploaded file in (docs/security.md): `auto` uses bubblewrap
   * where it is installed and works, `bwrap` refuses to start without it, `off` runs none.
   */
  MEDIA_SANDBOX: z.enum(['auto', 'bwrap', 'off']).default('auto'),
  /** The product analytics service (role `analytics`, decision 0032): its own port, so it can run on its own host. */
  ANALYTICS_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  /** Where browsers reach the analytics service (the settings carry it); by default PUBLIC_URL's host on ANALYTICS_PORT. */
  ANALYTICS_PUBLIC_URL: optionalText.refine((v) => v === undefined || /^https?:\/\/[^/]+$/.test(v), {
    message: 'ANALYTICS_PUBLIC_URL must be an origin such as https://stats.example.com (no path)',
  }),
  /** Requests per minute per client address to the analytics service (a venue's viewers share one). */
  ANALYTICS_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(6000),
  /** The RTMP listener of the ingest role. */
  RTMP_PORT: z.coerce.number().int().min(0).max(65535).default(1935),
  RTMP_HOST: z.string().default('0.0.0.0'),
  /** What encoders are told to publish to (the CLI shows it with the stream key). */
  PUBLIC_RTMP_URL: optionalText,
  /** Where the live HLS writer pulls a published stream from; by default our own RTMP listener. */
  INGEST_PULL_URL: optionalText,
  /** A 360p rendition beside the live source: costs most of a core per stream, so by default only
   * on machines with four cores or more. */
  LIVE_LOWER_RENDITION: z.enum(['auto', 'true', 'false', '1', '0']).default('auto'),
  /** A recording left live by a restart waits this long for its encoder to come back before it is finished. */
  LIVE_RECONNECT_GRACE_S: z.coerce.number().int().min(0).max(3600).default(120),
  /** Shared secret of the external ingest hooks (nginx-rtmp on_publish and friends); unset = hooks off. */
  INGEST_HOOK_SECRET: optionalText.pipe(z.string().min(16, 'at least 16 characters').optional()),
  /** Stripe takes the money when set (else the offline test gateway, which charges nothing). */
  STRIPE_SECRET_KEY: optionalText,
  /** Signs Stripe's webhooks to POST /api/hooks/stripe (whsec_…). */
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** For Stripe Elements in the browser (pk_…). */
  STRIPE_PUBLISHABLE_KEY: optionalText,
  /** Another address for Stripe's API (a loopback stand-in in tests): http://127.0.0.1:12111. */
  STRIPE_API_BASE: optionalText.pipe(z.string().url().optional()),
  /** Tests only (NODE_ENV=test): the process SIGKILLs itself right after the payment gateway took the
   * money and before the order records it — the crash that reconciliation repairs. */
  TEST_KILL_AFTER_CHARGE: flag('false'),
  /** Tests only (NODE_ENV=test): the process SIGKILLs itself when the order is written and the gateway
   * is about to be asked for the money — the crash a retry of the same checkout resumes. */
  TEST_KILL_BEFORE_CHARGE: flag('false'),
  /** A generated test feed published over RTMP into the demo channel's live event. */
  DEMO_LIVE: flag('true'),
  /** The generated demo videos (replays and VOD items), encoded at start; off, they have no media until
   * an operator adds some (benchmarks that bring their own recording). */
  DEMO_VIDEOS: flag('true'),
  /** Length of the generated demo videos (replays and VOD items), made once and kept in DATA_DIR. */
  DEMO_VIDEO_SECONDS: z.coerce.number().int().min(2).max(600).default(60),
  /** The demo premiere (decision 30): its first showing this long after the first start, then again every so often. */
  DEMO_PREMIERE_DELAY_S: z.coerce.number().int().min(0).max(86_400).default(180),
  DEMO_PREMIERE_EVERY_S: z.coerce.number().int().min(10).max(86_400).default(600),
})

export type Config = z.infer<typeof ConfigSchema> & {
  dataDir: string
  sqliteFile: string
  mediaDir: string
  /** The tus store of uploads in progress (DATA_DIR/uploads). */
  uploadsDir: string
  outboxDir: string
  publicUrl: string
  publicRtmpUrl: string
  ingestPullUrl: string
  liveLowerRendition: boolean
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`)
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env)
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`))
  }
  if (parsed.data.STRIPE_SECRET_KEY && !parsed.data.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError([
      'STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (orders settle through verified webhooks)',
    ])
  }
  if (parsed.data.TEST_KILL_AFTER_CHARGE && parsed.data.NODE_ENV !== 'test') {
    throw new ConfigError(['TEST_KILL_AFTER_CHARGE: only for tests (NODE_ENV=test)'])
  }
  if (parsed.data.TEST_KILL_BEFORE_CHARGE && parsed.data.NODE_ENV !== 'test') {
    throw new ConfigError(['TEST_KILL_BEFORE_CHARGE: only for tests (NODE_ENV=test)'])
  }
  if (Boolean(parsed.data.VAPID_PUBLIC_KEY) !== Boolean(parsed.data.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(['VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together'])
  }
  if (parsed.data.SCRYPT_LOG_N < 17 && parsed.data.NODE_ENV !== 'test') {
    throw new ConfigError(['SCRYPT_LOG_N: below 17 only for tests (NODE_ENV=test)'])
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR)
  return {
    ...parsed.data,
    dataDir,
    sqliteFile: path.join(dataDir, 'fieldhouse.sqlite'),
    mediaDir: path.join(dataDir, 'media'),
    uploadsDir: path.join(dataDir, 'uploads'),
    outboxDir: path.join(dataDir, 'outbox'),
    publicRtmpUrl: parsed.data.PUBLIC_RTMP_URL ?? `rtmp://127.0.0.1:${parsed.data.RTMP_PORT}/live`,
    ingestPullUrl: parsed.data.INGEST_PULL_URL ?? `rtmp://127.0.0.1:${parsed.data.RTMP_PORT}/live`,
    liveLowerRendition:
      parsed.data.LIVE_LOWER_RENDITION === 'auto'
        ? os.availableParallelism() >= 4
        : parsed.data.LIVE_LOWER_RENDITION === 'true' || parsed.data.LIVE_LOWER_RENDITION === '1',
    publicUrl: parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`,
  }
}
