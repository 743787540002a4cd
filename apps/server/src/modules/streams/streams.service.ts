import { type AccountStream, messages } from '@fieldhouse/contract'
import { streamSettingsOf } from '../../lib/channel-settings.js'
import { conflict, notFound, unauthorized } from '../../lib/errors.js'
import type { Session } from '../../lib/session.js'
import { type ClaimVerdict, isLive, STOPPED_KEPT_MS } from './stream-leases.js'
import type { Account, EndedSessions, StreamLeaseStore } from './streams.store.js'

/** What a claim tells the player: whether it holds a lease (and so renews on the heartbeat). */
export type StreamClaim = { leased: boolean }

/**
 * Simultaneous streams per account (decision 0031). Media asks `claim` each time it hands a signed-in
 * viewer a playback token: opening the video starts a stream, each renewal is its heartbeat. The viewer
 * lists the account's streams and stops one from any device.
 */
export class StreamsService {
  constructor(
    private readonly d: {
      store: StreamLeaseStore
      clock: () => number
    },
  ) {}

  private account(session: Session): Account | null {
    return session.userId === null ? null : { channelId: session.channel.id, userId: session.userId }
  }

  /**
   * Starts (`open`) or renews (`renew`) the session's stream; throws 409 when the account is over its
   * limit or this stream was stopped, with the reason in `errors.stream`. Anonymous viewers and
   * channels without a limit hold no lease.
   */
  async claim(session: Session, kind: 'open' | 'renew', device: string): Promise<StreamClaim> {
    const verdict = await this.verdict(session, kind, device)
    if (verdict && !verdict.ok) throw refusal(verdict)
    return { leased: verdict !== null }
  }

  /** Opens the session's stream for an event's or video's detail: null when it plays, else why not. */
  async open(session: Session, device: string): Promise<{ leased: boolean; denial: 'too_many_streams' | null }> {
    const verdict = await this.verdict(session, 'open', device)
    return { leased: verdict?.ok === true, denial: verdict && !verdict.ok ? 'too_many_streams' : null }
  }

  /** null when no lease is needed: anonymous viewers, and channels without a limit. */
  private async verdict(session: Session, kind: 'open' | 'renew', device: string): Promise<ClaimVerdict | null> {
    const account = this.account(session)
    const { limit, over_limit } = streamSettingsOf(session.channel)
    if (!account || session.apiKeyId === null || limit === 0) return null
    const now = this.d.clock()
    return this.d.store.claim(account, { sessionId: session.apiKeyId, device, now, limit, mode: over_limit, kind })
  }

  /** The viewer may no longer watch (a pass ended): their stream frees its place at once. */
  async release(session: Session) {
    const account = this.account(session)
    if (account && session.apiKeyId !== null) await this.d.store.release(account, session.apiKeyId)
  }

  /** `GET /api/streams`: the account's streams playing now, oldest first. */
  async list(session: Session): Promise<AccountStream[]> {
    const account = this.account(session)
    if (!account) throw unauthorized(messages.loginRequired)
    const now = this.d.clock()
    return (await this.d.store.leases(account))
      .filter((l) => isLive(l, now))
      .sort((a, b) => a.startedAt - b.startedAt || a.id - b.id)
      .map((l) => ({
        id: l.id,
        device: l.device,
        started_at: new Date(l.startedAt).toISOString(),
        current: l.sessionId === session.apiKeyId,
      }))
  }

  /** `DELETE /api/streams/{id}`: stops one of the account's streams; its next renewal is refused. */
  async stop(session: Session, id: number) {
    const account = this.account(session)
    if (!account) throw unauthorized(messages.loginRequired)
    const now = this.d.clock()
    if (!(await this.d.store.stop(account, id, now, now + STOPPED_KEPT_MS))) throw notFound('stream')
    return { status: 'stopped' as const }
  }

  /** Sessions ended (signed out, password changed, account deleted): their streams end with them. */
  endSessions(ended: EndedSessions) {
    return this.d.store.endSessions(ended)
  }
}

/** A claim refused: 409 with the reason (`too_many`, `stopped`, `replaced`) in `errors.stream`. */
function refusal(verdict: Extract<ClaimVerdict, { ok: false }>) {
  const message =
    verdict.reason === 'too_many'
      ? messages.tooManyStreams
      : verdict.reason === 'stopped'
        ? messages.streamStopped
        : messages.streamReplaced
  return conflict(message, { stream: [verdict.reason] })
}
