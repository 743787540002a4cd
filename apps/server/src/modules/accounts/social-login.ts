import { type AuthSession, messages, type SocialProvider } from '@fieldhouse/contract'
import * as oidc from 'openid-client'
import { AppError, notFound, unauthorized } from '../../lib/errors.js'
import { hashToken, newToken } from '../../lib/secrets.js'
import type { Session } from '../../lib/session.js'
import type { AccountsRepository } from './accounts.repository.js'
import type { AccountsService } from './accounts.service.js'

/**
 * Sign-in with Google or Facebook over OpenID Connect (authorization code + PKCE + nonce), with the
 * provider's endpoints found by discovery from a configurable issuer, so tests run the same flow
 * against a provider on loopback.
 *
 * 1. `POST v2/auth/social/{provider}` stores a flow bound to the caller's api key and answers the
 *    provider's authorization URL. The `state` is an opaque random value: the api key itself never
 *    travels to the provider (docs/decisions/0007-social-login.md).
 * 2. The provider sends the browser to `/api/auth/login/{provider}/callback`; the code is exchanged,
 *    the ID token checked, and the browser sent to `/login?code=…` with a one-time session code (or to
 *    `/registration?social=…&error=not_registered` for someone without an account).
 * 3. `POST auth/add_session` turns the code into a session, for the api key that started the flow only.
 */
export interface ProviderSettings {
  issuer: string
  clientId: string
  clientSecret: string
}

const FLOW_LIFETIME_MS = 10 * 60_000
const CODE_LIFETIME_MS = 2 * 60_000

const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)

export class SocialLogin {
  private readonly discovered = new Map<string, Promise<oidc.Configuration>>()

  constructor(
    private readonly d: {
      providers: Partial<Record<SocialProvider, ProviderSettings>>
      repo: AccountsRepository
      accounts: AccountsService
      clock?: () => number
    },
  ) {}

  private now() {
    return this.d.clock?.() ?? Date.now()
  }

  /** Providers this deployment has credentials for. */
  enabled(): SocialProvider[] {
    return Object.keys(this.d.providers) as SocialProvider[]
  }

  private config(provider: string): Promise<oidc.Configuration> {
    const settings = this.d.providers[provider as SocialProvider]
    if (!settings) throw notFound('provider')
    let config = this.discovered.get(provider)
    if (!config) {
      const issuer = new URL(settings.issuer)
      config = oidc.discovery(
        issuer,
        settings.clientId,
        settings.clientSecret,
        undefined,
        // Plain http only for a provider on this machine (tests, local development).
        isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      // A failed discovery is tried again next time.
      config.catch(() => this.discovered.delete(provider))
      this.discovered.set(provider, config)
    }
    return config
  }

  callbackUrl(origin: string, provider: string) {
    return `${origin}/api/auth/login/${provider}/callback`
  }

  async start(
    session: Session,
    provider: string,
    input: { redirect_path?: string | undefined; terms?: boolean | undefined; news?: boolean | undefined },
    origin: string,
  ) {
    if (session.userId) throw new AppError(409, messages.alreadyLoggedIn)
    if (!session.apiKeyId) throw unauthorized(messages.noChannelOrApiKey, { api_key: [messages.noChannelOrApiKey] })
    const config = await this.config(provider)
    const state = newToken()
    const nonce = oidc.randomNonce()
    const codeVerifier = oidc.randomPKCECodeVerifier()
    const now = this.now()
    await this.d.repo.startFlow({
      channel_id: session.channel.id,
      api_key_id: session.apiKeyId,
      provider,
      state_hash: hashToken(state),
      code_verifier: codeVerifier,
      nonce,
      origin,
      redirect_path: input.redirect_path ?? null,
      terms: input.terms ? 1 : 0,
      news: input.news ? 1 : 0,
      created_at: now,
      expires_at: now + FLOW_LIFETIME_MS,
    })
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.callbackUrl(origin, provider),
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    })
    return { url: url.href }
  }

  /**
   * The provider's redirect. Answers where to send the browser; never throws to the browser, since
   * there is no page of ours to show an API error on.
   */
  async callback(provider: string, currentUrl: URL, fallbackOrigin: string): Promise<string> {
    const state = currentUrl.searchParams.get('state')
    const flow = state ? await this.d.repo.takeFlow(provider, hashToken(state), this.now()) : undefined
    if (!flow) return `${fallbackOrigin}/login?social_error=expired`
    const fail = (reason: string) => `${flow.origin}/login?social_error=${reason}`
    if (currentUrl.searchParams.has('error')) return fail('cancelled')
    let claims: oidc.IDToken | undefined
    try {
      const config = await this.config(provider)
      // Checked against our own callback URL, whatever host the request claims.
      const callback = new URL(this.callbackUrl(flow.origin, provider))
      callback.search = currentUrl.search
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: flow.code_verifier,
        expectedState: state as string,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      })
      claims = tokens.claims()
    } catch {
      return fail('failed')
    }
    if (!claims?.sub) return fail('failed')

    const user = await this.d.accounts.userForIdentity(flow.channel_id, provider, {
      subject: claims.sub,
      email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
      emailVerified: claims.email_verified === true,
      firstName: typeof claims.given_name === 'string' ? claims.given_name : '',
      lastName: typeof claims.family_name === 'string' ? claims.family_name : '',
      mayCreate: flow.terms === 1,
      news: flow.news === 1,
    })
    if (user === 'not_registered') return `${flow.origin}/registration?social=${provider}&error=not_registered`
    if (user === 'email_taken') return fail('email_taken')
    const code = newToken()
    await this.d.repo.finishFlow(flow.id, user.id, hashToken(code), this.now() + CODE_LIFETIME_MS)
    const next = new URLSearchParams({ code, ...(flow.redirect_path ? { redirect: flow.redirect_path } : {}) })
    return `${flow.origin}/login?${next}`
  }

  /** `POST auth/add_session` */
  async addSession(session: Session, code: string): Promise<AuthSession> {
    if (!session.apiKeyId) throw unauthorized(messages.noChannelOrApiKey, { api_key: [messages.noChannelOrApiKey] })
    const userId = await this.d.repo.takeSessionCode(session.channel.id, session.apiKeyId, hashToken(code), this.now())
    if (!userId) throw unauthorized(messages.wrongAuthData, { code: [messages.wrongAuthData] })
    return this.d.accounts.signInUser(session, userId)
  }
}
