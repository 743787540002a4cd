import {
  AdminIdParamsSchema,
  dataOf,
  Id,
  SCORE_FEED_SIGNATURE_HEADER,
  SCORE_FEED_TOLERANCE_S,
  ScoreActionsInputSchema,
  ScoreActionsResultSchema,
  ScoreBoardSchema,
  ScoreFeedInputSchema,
  ScoreFeedSettingsSchema,
  ScoreGameSchema,
  ScoreGameUpdateSchema,
  ScoreSuggestionDecisionSchema,
  ScoreTimelineQuerySchema,
  ScoreTimelineSchema,
} from '@fieldhouse/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { consoleRoutes } from '../../lib/console-routes.js'
import { consoleOperator } from '../../lib/operator.js'
import { SCORE_FEED_PATH, type ScoreFeedService } from './score-feed.service.js'
import type { ScoreSuggestionsService } from './score-suggestions.service.js'
import type { ScoresService } from './scores.service.js'

/** A batch holds at most 200 actions of a few hundred bytes each. */
const BATCH_BODY_LIMIT = 128 * 1024

/**
 * Game day (decision 0057): the console's Score page (`/api/admin/scores…`) and feed settings
 * (`/api/admin/score-feed…`), the viewers' timeline (`/api/events/{id}/score`, long-polled with
 * `?after=`), and the signed hook a scoreboard's bridge posts to (`/api/hooks/score`).
 */
export const scoresRoutes: FastifyPluginAsyncZod<{
  scores: ScoresService
  feed: ScoreFeedService
  suggestions: ScoreSuggestionsService
  /** Batches a scorer (or the feed, per address) may send in a minute: taps are batched, a flood is refused. */
  batchesPerMinute: number
}> = async (app, { scores, feed, suggestions, batchesPerMinute }) => {
  const params = AdminIdParamsSchema
  const batchLimit = { max: batchesPerMinute, timeWindow: 60_000 }
  const score = consoleRoutes(app, { tags: ['console: scores'], operator: consoleOperator, noStore: true })
  score.route({
    method: 'GET',
    url: '/api/admin/scores',
    admin: { resource: 'scores', action: 'read' },
    item: z.array(ScoreGameSchema),
    run: (op) => scores.games(op),
  })
  score.route({
    method: 'GET',
    url: '/api/admin/scores/:id',
    admin: { resource: 'scores', action: 'read' },
    params,
    item: ScoreBoardSchema,
    run: (op, i) => scores.board(op, i.params.id),
  })
  score.route({
    method: 'PATCH',
    url: '/api/admin/scores/:id',
    admin: { resource: 'scores', action: 'update' },
    params,
    body: ScoreGameUpdateSchema,
    item: ScoreBoardSchema,
    run: (op, i) => scores.update(op, i.params.id, i.body),
  })
  score.route({
    method: 'POST',
    url: '/api/admin/scores/:id/actions',
    admin: { resource: 'scores', action: 'create' },
    params,
    body: ScoreActionsInputSchema,
    item: ScoreActionsResultSchema,
    bodyLimit: BATCH_BODY_LIMIT,
    rateLimit: batchLimit,
    run: (op, i) => scores.record(op, i.params.id, i.body),
  })
  score.route({
    method: 'POST',
    url: '/api/admin/scores/:id/suggestions/:suggestion',
    admin: { resource: 'scores', action: 'create' },
    params: AdminIdParamsSchema.extend({ suggestion: Id }),
    body: ScoreSuggestionDecisionSchema,
    item: ScoreBoardSchema,
    rateLimit: batchLimit,
    run: (op, i) => suggestions.decide(op, i.params.id, i.params.suggestion, i.body),
  })
  const feedRoutes = consoleRoutes(app, { tags: ['console: score feed'], operator: consoleOperator, noStore: true })
  feedRoutes.route({
    method: 'GET',
    url: '/api/admin/score-feed',
    admin: { resource: 'score-feed', action: 'read' },
    item: ScoreFeedSettingsSchema,
    run: (op) => feed.settings(op),
  })
  feedRoutes.route({
    method: 'POST',
    url: '/api/admin/score-feed/rotate',
    admin: { resource: 'score-feed', action: 'update' },
    item: ScoreFeedSettingsSchema,
    run: (op) => feed.rotate(op),
  })

  app.get(
    '/api/events/:id/score',
    {
      schema: {
        tags: ['scores'],
        summary: "A game's score timeline",
        description:
          "Every score action on the stream's clock (`t`, ms, the offset applied), to draw the score at any moment of the recording with `scoreAt`. With `?after=<version>` the answer waits (up to 25 s) for a newer version.",
        params: z.object({ id: Id }),
        querystring: ScoreTimelineQuerySchema,
        response: { 200: dataOf(ScoreTimelineSchema) },
      },
    },
    async (req, reply) => {
      const waits = req.query.after !== undefined
      // A viewer who leaves stops waiting.
      const gone = new AbortController()
      if (waits) reply.raw.once('close', () => gone.abort())
      const data = await scores.timeline(req.session, req.params.id, req.query.after, gone.signal)
      reply.header('cache-control', waits ? 'no-store' : 'public, max-age=1')
      return { data }
    },
  )

  // The feed: the raw bytes are what the signature covers; the body is checked once the signature is.
  await app.register(async (hook) => {
    hook.removeContentTypeParser('application/json')
    hook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: BATCH_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    )
    hook.post(
      SCORE_FEED_PATH,
      {
        config: { session: 'none', rateLimit: batchLimit },
        // The schema documents the body; the service validates it after the signature.
        validatorCompiler: () => (value) => ({ value }),
        schema: {
          tags: ['score feed'],
          summary: "A scoreboard bridge's score actions",
          description:
            `Signed with the channel's feed secret (Console → Score feed): header \`${SCORE_FEED_SIGNATURE_HEADER}: ` +
            't=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. A signature more than ' +
            `${SCORE_FEED_TOLERANCE_S} s from the server's clock, missing or not matching answers 401; an unknown ` +
            '`channel_key` 404. Action ids make a resent or replayed body harmless: an id already recorded records nothing.',
          headers: z.object({ [SCORE_FEED_SIGNATURE_HEADER]: z.string() }),
          body: ScoreFeedInputSchema,
          response: { 200: dataOf(ScoreActionsResultSchema) },
        },
      },
      async (req) => {
        const signature = req.headers[SCORE_FEED_SIGNATURE_HEADER]
        const raw = req.body as unknown as Buffer
        return { data: await feed.receive(raw, typeof signature === 'string' ? signature : undefined) }
      },
    )
  })
}
