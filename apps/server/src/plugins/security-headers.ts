import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/**
 * Security headers on every response (design §8). Pages may be framed only by the channel's own origin,
 * except `/watch_embed/…`, which exists to be embedded on other sites. API answers get the short
 * `default-src 'none'` policy recommended for JSON APIs.
 */
// Google's tag hosts (its CSP guide for GA4 and Tag Manager), only for a channel that has a tag.
const GOOGLE_SCRIPTS = 'https://*.googletagmanager.com'
const GOOGLE_BEACONS = 'https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com'

export const pageCsp = (
  frameAncestors: string,
  opts: { stripe: boolean; googleTag?: boolean; analytics?: string | null },
) =>
  [
    "default-src 'self'",
    // Stripe Elements, only where Stripe takes the money: its script, its card frames, its API.
    ['script-src', "'self'", opts.stripe && 'https://js.stripe.com', opts.googleTag && GOOGLE_SCRIPTS]
      .filter(Boolean)
      .join(' '),
    // The console's colour preview frames the site itself.
    ...(opts.stripe ? ["frame-src 'self' https://js.stripe.com https://hooks.stripe.com"] : []),
    // React sets some styles through the style attribute; no inline script is ever allowed.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob:",
    // The product analytics service (decision 0032) may answer on its own origin.
    ['connect-src', "'self'", opts.analytics, opts.stripe && 'https://api.stripe.com', opts.googleTag && GOOGLE_BEACONS]
      .filter(Boolean)
      .join(' '),
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ')

const common = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'x-dns-prefetch-control': 'off',
}
/** JSON is never a document: the strictest policy, short (it goes out with every API answer). */
const API_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
}
/**
 * A year, the figure browsers' preload lists ask for. Without includeSubDomains: channels are
 * white-label and live on their owners' domains, whose other hosts we do not answer for.
 */
const HSTS = 'max-age=31536000'
const isApiPath = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs')

export const isEmbedPath = (url: string) => /^(?:\/[^/]+)?\/watch_embed\//.test(url)

export default fp(
  async (app: FastifyInstance, opts: { stripe?: boolean; analyticsOrigin?: () => string | null }) => {
    const stripe = opts.stripe === true
    // The analytics service learns its address when it listens, so the page headers follow it.
    const headersFor = (frameAncestors: string, stripe: boolean) => {
      let made: { origin: string | null; headers: Record<string, string> } | null = null
      return () => {
        const origin = opts.analyticsOrigin?.() ?? null
        if (made?.origin !== origin) {
          made = {
            origin,
            headers: { ...common, 'content-security-policy': pageCsp(frameAncestors, { stripe, analytics: origin }) },
          }
        }
        return made.headers
      }
    }
    const pageHeaders = headersFor("'self'", stripe)
    const embedHeaders = headersFor('*', false)
    // Set up front (a callback hook, no promise per request); a route may still replace them.
    app.addHook('onRequest', (req, reply, done) => {
      reply.headers(isApiPath(req.url) ? API_HEADERS : isEmbedPath(req.url) ? embedHeaders() : pageHeaders())
      // HSTS only on an answer that went out over TLS: the socket's own, or a trusted proxy's
      // (X-Forwarded-Proto counts only within TRUST_PROXY_HOPS, so a client cannot claim it).
      if (req.protocol === 'https') reply.header('strict-transport-security', HSTS)
      done()
    })
  },
  { name: 'security-headers' },
)
