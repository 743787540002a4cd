import type { FastifyBaseLogger } from 'fastify'
import type { AuditSink } from '../../lib/operator.js'
import { ScoreFeedService } from './score-feed.service.js'
import { ScoreSuggestionsService } from './score-suggestions.service.js'
import { ScoresRepository } from './scores.repository.js'
import { scoresRoutes } from './scores.routes.js'
import { type PremiereClock, type RecordedActions, ScoresService } from './scores.service.js'
import { VersionWaiters } from './version-waiters.js'

/**
 * Game day (decision 0057): the scores service (`scores`), the signed feed (`feed`) and the plays a
 * scorer may have missed (`suggestions`, the live module's heard cheers).
 */
function createScores(d: {
  db: ConstructorParameters<typeof ScoresRepository>[0]
  dialect: ConstructorParameters<typeof ScoresRepository>[1]
  /** The server's secret the feed secrets are derived from (the media secret). */
  mediaSecret: () => Buffer
  channels: () => {
    findByKey(key: string): Promise<{ id: number } | undefined>
    linkOrigin(channel: { id: number }): Promise<string>
  }
  /** A game's listed score changed: the channel's cached answers (event lists) are rebuilt. */
  changed: (channelId: number) => Promise<void>
  clock: () => number
  log: FastifyBaseLogger
  audit: AuditSink
  /** A batch committed with new actions (the key plays its tags make, decision 0058). */
  recorded?: (change: RecordedActions) => Promise<unknown>
  /** A premiere of a game's recording: its game and clock (the premieres module's). */
  premiereClock?: (channelId: number, eventId: number) => Promise<PremiereClock | null>
}) {
  const repo = new ScoresRepository(d.db, d.dialect)
  const waiters = new VersionWaiters({
    readVersion: (eventId) => repo.version(eventId),
    onError: (err) => d.log.warn({ err }, 'score version poll failed'),
  })
  const scores = new ScoresService({
    ...{ repo, waiters, changed: d.changed, clock: d.clock, audit: d.audit },
    ...(d.recorded ? { recorded: d.recorded } : {}),
    ...(d.premiereClock ? { premiereClock: d.premiereClock } : {}),
  })
  const feed = new ScoreFeedService({
    ...{ repo, scores, serverSecret: d.mediaSecret, clock: d.clock, audit: d.audit },
    channelByKey: (key) => d.channels().findByKey(key),
    origin: (channelId) => d.channels().linkOrigin({ id: channelId }),
  })
  const suggestions = new ScoreSuggestionsService({ repo, scores, clock: d.clock, audit: d.audit })
  return { scores, feed, suggestions }
}

export type Scores = ReturnType<typeof createScores>

/** What the container and the app take of the scores module: `build` and `routes`. */
export const scoresModule = { build: createScores, routes: scoresRoutes }
