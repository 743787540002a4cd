import {
  SCORE_FEED_SIGNATURE_HEADER,
  SCORE_FEED_TOLERANCE_S,
  type ScoreActionsResult,
  ScoreFeedInputSchema,
  type ScoreFeedSettings,
} from '@fieldhouse/contract'
import { AppError, unauthorized } from '../../lib/errors.js'
import type { AuditSink, Operator } from '../../lib/operator.js'
import { parseInput } from '../../lib/parse-input.js'
import { type FeedVerdict, feedSecret, verifyFeed } from './feed-signature.js'
import type { ScoresRepository } from './scores.repository.js'
import type { ScoresService } from './scores.service.js'

export const SCORE_FEED_PATH = '/api/hooks/score'

const refusals: Record<Exclude<FeedVerdict, 'ok'>, string> = {
  missing: `Sign the request: the ${SCORE_FEED_SIGNATURE_HEADER} header with t= and v1= is missing.`,
  bad: "The signature does not match the body and the channel's feed secret.",
  stale: `The signature's time is more than ${SCORE_FEED_TOLERANCE_S} seconds from ours: check the bridge's clock.`,
}

const unknownChannel = () => new AppError(404, 'Unknown channel key.', { channel_key: ['No channel has this key'] })

/**
 * The signed score feed a scoreboard's bridge posts to (decision 0057): its settings and rotation
 * for the console, and the hook. A channel's secret is never stored: it is derived from the server's
 * secret, the channel and the feed's generation, so rotating makes the old one fail at once.
 */
export class ScoreFeedService {
  constructor(
    private readonly d: {
      repo: ScoresRepository
      scores: ScoresService
      serverSecret: () => Buffer
      channelByKey: (key: string) => Promise<{ id: number } | undefined>
      /** Where the channel's links point (its primary domain, else PUBLIC_URL). */
      origin: (channelId: number) => Promise<string>
      clock: () => number
      audit: AuditSink
    },
  ) {}

  /** `GET /api/admin/score-feed`: what the bridge is configured with. */
  async settings(op: Operator): Promise<ScoreFeedSettings> {
    const channelId = op.session.channel.id
    const generation = await this.d.repo.feedGeneration(channelId)
    return {
      url: `${await this.d.origin(channelId)}${SCORE_FEED_PATH}`,
      channel_key: op.session.channel.key,
      secret: feedSecret(this.d.serverSecret(), channelId, generation),
    }
  }

  /** `POST /api/admin/score-feed/rotate`: a new secret; the old one fails from now on. Audited (not the secret). */
  async rotate(op: Operator): Promise<ScoreFeedSettings> {
    const generation = await this.d.repo.rotateFeed(op.session.channel.id, this.d.clock())
    await this.d.audit(op, { action: 'rotate', resource: 'score-feed', resourceId: null, after: { generation } })
    return this.settings(op)
  }

  /**
   * `POST /api/hooks/score`: the body's channel (404 when unknown), its signature over the raw body
   * (401), then the batch as a scorer's, from the feed. A replayed body records nothing new: its
   * action ids are already recorded.
   */
  async receive(rawBody: Buffer, signature: string | undefined): Promise<ScoreActionsResult> {
    let body: unknown
    try {
      body = JSON.parse(rawBody.toString('utf8'))
    } catch {
      throw new AppError(400, 'The body is not JSON.')
    }
    const key = (body as { channel_key?: unknown } | null)?.channel_key
    const channel = typeof key === 'string' && key.length <= 100 ? await this.d.channelByKey(key) : undefined
    if (!channel) throw unknownChannel()
    const secret = feedSecret(this.d.serverSecret(), channel.id, await this.d.repo.feedGeneration(channel.id))
    const verdict = verifyFeed(signature, rawBody, secret, Math.floor(this.d.clock() / 1000), SCORE_FEED_TOLERANCE_S)
    if (verdict !== 'ok') throw unauthorized(refusals[verdict])
    const input = parseInput(ScoreFeedInputSchema, body)
    return this.d.scores.recordIn(channel.id, input.event_id, input, { source: 'feed', operator: null })
  }
}
