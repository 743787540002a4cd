import type { FastifyBaseLogger } from 'fastify'
import type { JobQueue } from './jobs/queue.js'
import type { madeOnce } from './lib/made-once.js'
import type { AuditSink } from './lib/operator.js'
import type { Clips } from './modules/clips/clips.module.js'
import { gameDayModule } from './modules/game-day/game-day.module.js'
import { type KeyPlays, keyPlaysModule } from './modules/key-plays/key-plays.module.js'
import type { Premieres } from './modules/premieres/premieres.module.js'
import { type Scores, scoresModule } from './modules/scores/scores.module.js'

type Once = ReturnType<typeof madeOnce>['once']
type ScoreParts = Parameters<typeof scoresModule.build>[0]
type GameDayParts = Parameters<typeof gameDayModule.build>[0]

/**
 * The container's game-day parts (decisions 0057, 0058): the scores (the Score page, the feed, the
 * suggestions), the key plays the scores' tags make and their official clips, and the console's
 * game-day home over them — each made the first time a role asks for it.
 */
export function gameDayParts(
  once: Once,
  d: Omit<ScoreParts, 'recorded' | 'premiereClock'> & {
    premieres: () => Premieres
    kysely: Parameters<typeof keyPlaysModule.build>[0]['db']
    clips: () => Clips
    queue: () => JobQueue
    audit: AuditSink
    log: FastifyBaseLogger
    home: Omit<GameDayParts, 'scores' | 'keyPlays' | 'clock'>
  },
) {
  const keyPlays = once(
    'keyPlays',
    (): KeyPlays =>
      keyPlaysModule.build({
        db: d.kysely,
        clips: () => d.clips().official,
        queue: d.queue(),
        audit: d.audit,
        clock: d.clock,
      }),
  )
  // A batch's new tags become key plays once it has committed; a failure there is logged, never the scorer's.
  const recorded: ScoreParts['recorded'] = (change) =>
    keyPlays()
      .recorded(change)
      .catch((err) => d.log.error({ err, event: change.eventId }, 'key plays not made'))
  const premiereClock: ScoreParts['premiereClock'] = (channelId, eventId) => d.premieres().gameClock(channelId, eventId)
  const scores = once('scores', (): Scores => scoresModule.build({ ...d, recorded, premiereClock }))
  const gameDay = once('gameDay', () =>
    gameDayModule.build({
      ...d.home,
      scores: () => scores().scores,
      keyPlays: { recentKeyPlays: (channelId, since) => keyPlays().recent(channelId, since) },
      clock: d.clock,
    }),
  )
  return { scores, keyPlays, gameDay }
}
