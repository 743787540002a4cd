import { constants } from '@fieldhouse/contract'
import { apiKeyError, channelKeyError } from '../../lib/errors.js'
import { hashToken, newToken } from '../../lib/secrets.js'
import type { Session } from '../../lib/session.js'

/** Sessions that ended: one, or every one of a user but the session kept. */
export type EndedSessions = { sessionId: number } | { userId: number; keepSessionId: number | null }

import type { ChannelService } from '../channel/channel.service.js'
import type { KeysRepository } from './keys.repository.js'

export type { Session } from '../../lib/session.js'

/**
 * Channel keys (public, one per channel) and api keys (a secret per visitor, stored hashed).
 */
export class KeysService {
  /**
   * Recently seen keys, by hash. Every request carries a key, so a short memory saves a query per
   * request; a revocation here drops the entry at once, one made by another process shows within
   * `sessionCacheMs` (docs/decisions/0003-session-cache.md).
   */
  private readonly recent = new Map<string, { session: Session; expiresAt: number; checkedAt: number }>()

  constructor(
    private readonly repo: KeysRepository,
    private readonly channels: ChannelService,
    private readonly clock: () => number = Date.now,
    private readonly sessionCacheMs = 2000,
    /** Sessions ended: what hangs on them (the streams they play, decision 0031) ends too. */
    private readonly ended: (sessions: EndedSessions) => Promise<void> = async () => {},
  ) {}

  /** `GET /keys/{name}.json`: name is one of the channel's host names, or the channel key itself. */
  async channelKeyFor(name: string): Promise<string> {
    const byHost = await this.channels.findKeyByHost(name)
    if (byHost) return byHost
    const channel = await this.channels.findByKey(name)
    if (!channel) throw channelKeyError()
    return channel.key
  }

  /** `POST /api/get_api_key`: a new anonymous key for the channel. */
  async issueAnonymousKey(channelKey: string): Promise<string> {
    const channel = await this.channels.findByKey(channelKey)
    if (!channel) throw channelKeyError()
    return this.issue(channel.id, null)
  }

  /** A new key for the channel, optionally bound to a user; the caller hands it out once. */
  async issue(channelId: number, userId: number | null): Promise<string> {
    const key = newToken()
    const now = this.clock()
    await this.repo.insert({
      channelId,
      keyHash: hashToken(key),
      userId,
      now,
      expiresAt: now + constants.anonymousKeyLifetimeMs,
    })
    return key
  }

  sessionForApiKey(apiKey: string): Promise<Session> {
    return this.sessionForKeyHash(hashToken(apiKey))
  }

  /** The session of a recently seen key, if still fresh: no I/O, so the caller can stay synchronous. */
  recentSession(hash: string): Session | undefined {
    const now = this.clock()
    const seen = this.recent.get(hash)
    return seen && now - seen.checkedAt < this.sessionCacheMs && now < seen.expiresAt ? seen.session : undefined
  }

  /** The session of the key whose SHA-256 is `hash`. */
  async sessionForKeyHash(hash: string): Promise<Session> {
    const recent = this.recentSession(hash)
    if (recent) return recent
    const now = this.clock()
    const row = await this.repo.findActiveWithChannel(hash, now)
    if (!row) {
      this.recent.delete(hash)
      throw apiKeyError()
    }
    const { api_key_id, api_key_user_id, api_key_expires_at, user_temporary_password, ...channel } = row
    const session: Session = {
      channel,
      apiKeyId: api_key_id,
      userId: api_key_user_id,
      mustChangePassword: user_temporary_password === 1,
    }
    if (this.recent.size >= 10_000) this.recent.clear()
    this.recent.set(hash, { session, expiresAt: api_key_expires_at, checkedAt: now })
    return session
  }

  async sessionForChannelKey(channelKey: string): Promise<Session> {
    const channel = await this.channels.findByKey(channelKey)
    if (!channel) throw channelKeyError()
    return { channel, apiKeyId: null, userId: null }
  }

  /** Forgets what is remembered of the user's sessions, so the next request reads them afresh. */
  forgetUser(userId: number) {
    for (const [hash, entry] of this.recent) if (entry.session.userId === userId) this.recent.delete(hash)
  }

  /** Ends every session of the user (password change or reset, account deletion), but `keepApiKeyId`. */
  async revokeUser(userId: number, keepApiKeyId?: number | null) {
    await this.repo.revokeForUser(userId, this.clock(), keepApiKeyId)
    await this.ended({ userId, keepSessionId: keepApiKeyId ?? null })
    for (const [hash, entry] of this.recent) {
      if (entry.session.userId === userId && entry.session.apiKeyId !== keepApiKeyId) this.recent.delete(hash)
    }
  }

  async revoke(apiKeyId: number) {
    await this.repo.revoke(apiKeyId, this.clock())
    await this.ended({ sessionId: apiKeyId })
    for (const [hash, entry] of this.recent) if (entry.session.apiKeyId === apiKeyId) this.recent.delete(hash)
  }
}
