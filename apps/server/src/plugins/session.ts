import {
  type AdminAction,
  type AdminResource,
  API_KEY_FIELD,
  apiKeyInQuery,
  CHANNEL_KEY_FIELD,
  isApiKeyExempt,
  messages,
} from '@fieldhouse/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { apiKeyError, channelKeyError, forbidden } from '../lib/errors.js'
import { hashToken } from '../lib/secrets.js'
import type { Session } from '../lib/session.js'
import type { Operator } from '../modules/admin/operators.service.js'
import type { KeysService } from '../modules/keys/keys.service.js'

/**
 * How a route finds its channel:
 * - `required`: an api key must come with the request (spec §7).
 * - `exempt`: spec §7's exempt list; the channel is the api key's when one comes, else `channel_key`'s.
 * - `none`: no channel (health, the key exchange itself).
 * - `operator`: every `/api/admin` route (but the invitation pages): an api key, a signed-in user with a
 *   role on the key's channel, and the route's `admin` declaration allowed by `can` (decision 0018).
 */
export type SessionMode = 'required' | 'exempt' | 'none' | 'operator'

/**
 * What an `/api/admin` route declares: the resource and action the rule table is asked about, or
 * `self` (any role: the operator's own page and second factor; `self-setup` also before the second
 * factor is passed).
 */
export type AdminCheck = { resource: AdminResource; action: AdminAction } | 'self' | 'self-setup'

export interface AdminRouteInfo {
  method: string
  url: string
  admin: AdminCheck
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every /api route whose mode is not `none`. */
    session: Session
    /** Set for every `operator` route: who is operating, on the session's channel. */
    operator: Operator
  }
  interface FastifyContextConfig {
    session?: SessionMode
    admin?: AdminCheck
  }
  interface FastifyInstance {
    /** Every `/api/admin` route with its declaration, as registered (the role-matrix test walks them). */
    adminRoutes: AdminRouteInfo[]
  }
}

const stringField = (source: unknown, field: string): string | undefined => {
  if (!source || typeof source !== 'object') return undefined
  const v = (source as Record<string, unknown>)[field]
  return typeof v === 'string' && v.length > 0 ? v : undefined
}

/** The api key of a request: `Authorization: Bearer`, else the query on GET/DELETE, else the body. */
export function apiKeyOf(req: FastifyRequest): string | undefined {
  const auth = req.headers.authorization
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || undefined
  return apiKeyInQuery(req.method) ? stringField(req.query, API_KEY_FIELD) : stringField(req.body, API_KEY_FIELD)
}

const HASH = Symbol('apiKeyHash')
type WithHash = FastifyRequest & { [HASH]?: string }

/**
 * SHA-256 of the request's api key, computed once per request (rate limit and session both need it).
 * Only a found key is remembered: the rate limiter asks before the body (which may hold the key) is read.
 */
export function apiKeyHashOf(req: FastifyRequest): string | undefined {
  const r = req as WithHash
  if (r[HASH] === undefined) {
    const key = apiKeyOf(req)
    if (key) r[HASH] = hashToken(key)
  }
  return r[HASH]
}

const SESSION = Symbol('keySession')
type WithSession = FastifyRequest & { [SESSION]?: Session | Promise<Session> }

/**
 * The session of the request's api key, looked up once per request: the rate limiter asks first
 * (a key counts as a key only once it is known to be one), the session hook then takes the same
 * answer. A key seen in the last seconds answers synchronously; an unknown key rejects with the
 * api-key error.
 */
export function keySessionOf(req: FastifyRequest, keys: KeysService, keyHash: string): Session | Promise<Session> {
  const r = req as WithSession
  if (r[SESSION] === undefined) r[SESSION] = keys.recentSession(keyHash) ?? keys.sessionForKeyHash(keyHash)
  return r[SESSION]
}

export default fp(
  async (
    app: FastifyInstance,
    opts: {
      keys: KeysService
      /** The viewer's country, resolved once per request for every route with a session (geo rules). */
      countryOf?: (req: FastifyRequest) => string | null
      /** The operator gate (the operators service): 401, 403, or who is operating. */
      authorizeOperator?: (session: Session, check: AdminCheck) => Promise<Operator>
    },
  ) => {
    const withCountry = (req: FastifyRequest, session: Session): Session =>
      opts.countryOf ? { ...session, countryCode: opts.countryOf(req) } : session

    app.decorateRequest('session', null as unknown as Session)
    app.decorateRequest('operator', null as unknown as Operator)
    const adminRoutes: AdminRouteInfo[] = []
    app.decorate('adminRoutes', adminRoutes)

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return
      if (route.url.startsWith('/api/docs')) {
        route.config = { ...route.config, session: 'none' }
        return
      }
      // A new object: routes may share one config object (e.g. a common rate limit).
      const config = (route.config ?? {}) as { session?: SessionMode }
      // The invitation pages are the one exception: whoever holds the link, signed in or not, with the
      // channel's api key (mode `required`).
      if (route.url.startsWith('/api/admin/') && !route.url.startsWith('/api/admin/invitations/')) {
        // An admin route cannot forget to say what it is: registering one without fails at start-up.
        const admin = (config as { admin?: AdminCheck }).admin
        if (!admin) throw new Error(`${route.url}: an /api/admin route declares its resource and action`)
        // A GET's automatic HEAD is the GET; a HEAD of its own (tus's) is a route to check like any other.
        const hasGet = (url: string) => adminRoutes.some((r) => r.method === 'GET' && r.url === url)
        for (const method of [route.method].flat())
          if (method !== 'HEAD' || !hasGet(route.url)) adminRoutes.push({ method, url: route.url, admin })
        route.config = { ...config, session: 'operator' }
        return
      }
      const exempt = isApiKeyExempt(route.url.slice('/api/'.length).replace(/:[^/]+/g, 'x'))
      route.config = { ...config, session: config.session ?? (exempt ? 'exempt' : 'required') }
    })

    /** Spec §2: a temporary password must be changed first; only these calls remain open. */
    const openToTemporary = new Set([
      'GET /api/profile',
      'POST /api/profile',
      'GET /api/user/access',
      'POST /api/auth/logout',
    ])
    const checkTemporary = (req: FastifyRequest, done: (err?: Error) => void) => {
      const mode = req.routeOptions.config.session
      if (
        req.session.mustChangePassword &&
        mode !== 'exempt' &&
        !openToTemporary.has(`${req.method} ${req.routeOptions.url}`)
      ) {
        return done(forbidden(messages.temporaryPassword, { password: [messages.temporaryPassword] }))
      }
      if (mode === 'operator') {
        const check = req.routeOptions.config.admin
        if (!check || !opts.authorizeOperator) return done(forbidden(messages.notFound))
        opts.authorizeOperator(req.session, check).then((operator) => {
          req.operator = operator
          done()
        }, done)
        return
      }
      done()
    }

    // preValidation: the body is parsed (the key may be in it) and the schema has not yet stripped it.
    // A callback hook, synchronous when the key was seen in the last seconds (the common case).
    const resolveSession = (req: FastifyRequest, _reply: unknown, done: (err?: Error) => void) => {
      const mode = req.routeOptions.config.session
      if (!mode || mode === 'none') return done()
      const keyHash = apiKeyHashOf(req)
      if (keyHash) {
        const found = keySessionOf(req, opts.keys, keyHash)
        if (!(found instanceof Promise)) {
          req.session = withCountry(req, found)
          return checkTemporary(req, done)
        }
        found.then((session) => {
          req.session = withCountry(req, session)
          checkTemporary(req, done)
        }, done)
        return
      }
      if (mode === 'required' || mode === 'operator') return done(apiKeyError())
      const channelKey = stringField(req.query, CHANNEL_KEY_FIELD)
      if (!channelKey) return done(channelKeyError())
      opts.keys.sessionForChannelKey(channelKey).then((session) => {
        req.session = withCountry(req, session)
        done()
      }, done)
    }
    // On each route, after the hooks already there — the rate limiter's among them (registered
    // before this plugin), so a request with a made-up key is counted before it is refused.
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return
      const hooks = route.preValidation
      route.preValidation = [...(Array.isArray(hooks) ? hooks : hooks ? [hooks] : []), resolveSession]
    })
  },
  { name: 'session' },
)
