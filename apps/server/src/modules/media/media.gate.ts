import type { ChannelRow, MediaAssetRow } from '../../db/schema.js'
import type { AccessService } from '../access/access.service.js'
import type { AssetContext, MediaRepository } from './media.repository.js'
import { type TokenCheck, type TokenScope, verifyToken } from './playback-token.js'

/** Where a media token's session is looked up: the channel of a live (not revoked, not expired) key by its id. */
export interface MediaSessions {
  findLiveById(id: number, now: number): Promise<{ channel_id: number } | undefined>
}

export type GateAnswer =
  | { ok: true; asset: MediaAssetRow }
  | { ok: false; status: 403 | 404; reason: Extract<TokenCheck, { ok: false }>['reason'] | 'session' | 'geo' | 'gone' }

/**
 * The check in front of every signed media file (master, variant playlist, segment, thumbnails):
 * a token signed for this asset and not expired, a session that still lives on the asset's channel,
 * and a country the owner's geo rules let in. What it looks up is remembered for two seconds
 * (decision 3), so a segment costs no query in the common case and a sign-out shows within seconds.
 */
export class MediaGate {
  private readonly sessions = new Map<number, { channelId: number | null; at: number }>()
  private readonly assets = new Map<number, { ctx: AssetContext | null; at: number }>()
  /**
   * Tokens whose signature held, by token, asset and scope: a player sends the same token with every
   * segment, and the rate limiter and the check both ask. A signature is a pure function of the
   * secret and the claims, so it is computed once; the expiry is still checked on every request.
   */
  private readonly signed = new Map<string, { sessionId: number; expiresAt: number }>()

  constructor(
    private readonly deps: {
      repo: Pick<MediaRepository, 'assetContext'>
      keys: MediaSessions
      access: AccessService
      secret: Buffer
      clock?: () => number
      freshMs?: number
    },
  ) {}

  private now() {
    return (this.deps.clock ?? Date.now)()
  }

  private get freshMs() {
    return this.deps.freshMs ?? 2000
  }

  /**
   * Whose budget a media request spends (the rate limiter asks before anything else): the session
   * of a token whose signature holds for the asset and scope — expiry aside, so an old tab counts
   * against its own viewer — else null, and the request counts against its address. The session id
   * is readable in every media URL: unchecked, anyone could spend another viewer's budget.
   */
  limitKeyOf(token: string, assetParam: string, scope: TokenScope): string | null {
    const assetId = /^[1-9][0-9]{0,9}$/.test(assetParam) ? Number(assetParam) : null
    if (assetId === null) return null
    const verdict = this.verify(token, assetId, 0, scope)
    return verdict.ok ? `m:${verdict.sessionId}` : null
  }

  async check(
    token: string,
    assetId: number,
    countryCode: string | null,
    scope: TokenScope = 'play',
  ): Promise<GateAnswer> {
    const now = this.now()
    const verdict = this.verify(token, assetId, now, scope)
    if (!verdict.ok) return { ok: false, status: 403, reason: verdict.reason }
    const ctx = await this.assetContext(assetId, now)
    if (!ctx || (ctx.asset.status !== 'ready' && ctx.asset.status !== 'live')) {
      return { ok: false, status: 404, reason: 'gone' }
    }
    const refused = await this.refusal(verdict.sessionId, ctx, countryCode, now)
    return refused ?? { ok: true, asset: ctx.asset }
  }

  /**
   * The same check for a premiere's files (decision 30): a `premiere` token signed for the premiere, a
   * session living on its channel, and a country its event's geo rules let in.
   */
  async checkPremiere(
    token: string,
    premiereId: number,
    ctx: { channel: ChannelRow; geoRules: string } | null,
    countryCode: string | null,
  ): Promise<{ ok: true } | Extract<GateAnswer, { ok: false }>> {
    const now = this.now()
    const verdict = this.verify(token, premiereId, now, 'premiere')
    if (!verdict.ok) return { ok: false, status: 403, reason: verdict.reason }
    if (!ctx) return { ok: false, status: 404, reason: 'gone' }
    return (await this.refusal(verdict.sessionId, ctx, countryCode, now)) ?? { ok: true }
  }

  /** `verifyToken`, remembering the tokens whose signature held (`signed`). */
  private verify(token: string, assetId: number, now: number, scope: TokenScope): TokenCheck {
    const key = `${scope}|${assetId}|${token}`
    let claims = this.signed.get(key)
    if (!claims) {
      const verdict = verifyToken(this.deps.secret, token, assetId, 0, scope)
      if (!verdict.ok) return verdict
      claims = { sessionId: verdict.sessionId, expiresAt: verdict.expiresAt }
      if (this.signed.size >= 50_000) this.signed.clear()
      this.signed.set(key, claims)
    }
    if (claims.expiresAt <= now) return { ok: false, reason: 'expired' }
    return { ok: true, sessionId: claims.sessionId, expiresAt: claims.expiresAt }
  }

  private async refusal(
    sessionId: number,
    ctx: { channel: ChannelRow; geoRules: string | undefined },
    countryCode: string | null,
    now: number,
  ): Promise<Extract<GateAnswer, { ok: false }> | null> {
    const sessionChannel = await this.sessionChannel(sessionId, now)
    if (sessionChannel !== ctx.channel.id) return { ok: false, status: 403, reason: 'session' }
    const session = { channel: ctx.channel, apiKeyId: sessionId, userId: null, countryCode }
    const subject = ctx.geoRules !== undefined ? { access_mode: 'free' as const, geo_rules: ctx.geoRules } : undefined
    if (this.deps.access.isGeoBlocked(session, subject)) return { ok: false, status: 403, reason: 'geo' }
    return null
  }

  /** Drops what is remembered about a session (called on sign-out in this process). */
  forgetSession(sessionId: number) {
    this.sessions.delete(sessionId)
  }

  private async sessionChannel(sessionId: number, now: number) {
    const hit = this.sessions.get(sessionId)
    if (hit && now - hit.at < this.freshMs) return hit.channelId
    const row = await this.deps.keys.findLiveById(sessionId, now)
    const channelId = row?.channel_id ?? null
    if (this.sessions.size > 50_000) this.sessions.clear()
    this.sessions.set(sessionId, { channelId, at: now })
    return channelId
  }

  private async assetContext(assetId: number, now: number): Promise<AssetContext | null> {
    const hit = this.assets.get(assetId)
    if (hit && now - hit.at < this.freshMs) return hit.ctx
    const ctx = await this.deps.repo.assetContext(assetId)
    if (this.assets.size > 10_000) this.assets.clear()
    this.assets.set(assetId, { ctx, at: now })
    return ctx
  }
}
