import { z } from 'zod'
import { KeyPlaySchema } from './key-plays.js'
import { ScoreStatusSchema } from './scores.js'

/**
 * The console's game-day home (`GET /api/admin/game-day`, decision 0057): the channel's games live now
 * and next, today's revenue and today's key plays, refreshed every few seconds.
 */

/**
 * What the Go live page says of a live game's encoder: `receiving` (the ingest has its stream),
 * `waiting` (the game is on but nothing arrives) or `ended` (the stream was ended: the replay).
 */
export const GameDayEncoderSchema = z.enum(['receiving', 'waiting', 'ended'])
export type GameDayEncoder = z.infer<typeof GameDayEncoderSchema>

export const GameDayScoreSchema = z.object({
  home: z.number().int(),
  away: z.number().int(),
  period: z.number().int(),
  status: ScoreStatusSchema,
})
export type GameDayScore = z.infer<typeof GameDayScoreSchema>

/** A game live now: its stream, its audience and its score. */
export const GameDayLiveGameSchema = z.object({
  event_id: z.number().int(),
  name: z.string(),
  /** ISO 8601, UTC. */
  starts_at: z.string(),
  /** The sport's alias (`sportOf` gives its rules: how a period is named). */
  sport: z.string(),
  encoder: GameDayEncoderSchema,
  /** Viewers watching now (the analytics' live viewers); null for roles that do not read the analytics. */
  viewers_now: z.number().int().nullable(),
  /** The score kept for it; null until something is recorded. */
  score: GameDayScoreSchema.nullable(),
  /** The home and away teams' names. */
  home: z.string(),
  away: z.string(),
})
export type GameDayLiveGame = z.infer<typeof GameDayLiveGameSchema>

/** A game starting later today or tomorrow (on the channel's clock). */
export const GameDayNextGameSchema = z.object({
  event_id: z.number().int(),
  name: z.string(),
  /** ISO 8601, UTC. */
  starts_at: z.string(),
  home: z.string(),
  away: z.string(),
})
export type GameDayNextGame = z.infer<typeof GameDayNextGameSchema>

/** A key play of today, with the name of its game. */
export const GameDayKeyPlaySchema = KeyPlaySchema.extend({ event_name: z.string() })
export type GameDayKeyPlay = z.infer<typeof GameDayKeyPlaySchema>

/** How many upcoming games the home lists. */
export const GAME_DAY_NEXT_GAMES = 5

export const GameDaySchema = z.object({
  live: z.array(GameDayLiveGameSchema),
  /** Up to five, soonest first. */
  next: z.array(GameDayNextGameSchema),
  /** What today took, refunds taken off (minor units); null for roles that do not read the revenue. */
  revenue_today: z.object({ amount: z.number().int(), currency: z.string() }).nullable(),
  /** Today's key plays (on the channel's clock), newest first. */
  key_plays: z.array(GameDayKeyPlaySchema),
})
export type GameDay = z.infer<typeof GameDaySchema>
