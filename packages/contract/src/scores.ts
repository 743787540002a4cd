import { z } from 'zod'

/**
 * Game day (decision 0057): the score a scorer keeps from a phone (or a scoreboard's bridge feeds), as
 * a log of actions stamped on the stream's clock — the programme date-time the live recording carries —
 * so the score at any moment of the recording is known. The log is the truth; the state at a time is
 * `scoreAt(actions, t)`, the same function on the server, in the console and in the player.
 */

export const ScoreSides = ['home', 'away'] as const
export const ScoreSideSchema = z.enum(ScoreSides, { error: 'Choose home or away' })
export type ScoreSide = (typeof ScoreSides)[number]

/** One way a sport scores: a button on the Score page, an action a feed sends. */
export interface ScoringRule {
  /** What the action names (`{ type: 'score', scoring: 'three' }`). */
  id: string
  label: string
  points: number
}

/** A sport's scoring, periods and clock, and the window of a key play's clip around its moment. */
export interface SportRules {
  /** The alias of the event category (top-level) it applies to. */
  alias: string
  name: string
  scoring: readonly ScoringRule[]
  /** Regulation periods; a period past them is overtime (or extra innings, a fifth set…). */
  periods: { count: number; label: string; short: string; overtime: string }
  /** The game clock: counting down from, or up through, each period's length; null for a sport without one. */
  clock: { direction: 'down' | 'up'; period_seconds: number } | null
  /** A key play's clip: seconds before and after the moment. */
  key_play: { before: number; after: number }
}

/**
 * The sports the Score page knows. To add one, add an entry keyed by its category alias (the seed's,
 * or the one a channel gives its sport); a sport not listed scores with `other`.
 */
export const SPORTS: Readonly<Record<string, SportRules>> = {
  basketball: {
    alias: 'basketball',
    name: 'Basketball',
    scoring: [
      { id: 'free_throw', label: 'Free throw', points: 1 },
      { id: 'two', label: '2 points', points: 2 },
      { id: 'three', label: '3 points', points: 3 },
    ],
    periods: { count: 4, label: 'Quarter', short: 'Q', overtime: 'OT' },
    clock: { direction: 'down', period_seconds: 8 * 60 },
    key_play: { before: 10, after: 5 },
  },
  soccer: {
    alias: 'soccer',
    name: 'Soccer',
    scoring: [{ id: 'goal', label: 'Goal', points: 1 }],
    periods: { count: 2, label: 'Half', short: 'H', overtime: 'ET' },
    clock: { direction: 'up', period_seconds: 40 * 60 },
    key_play: { before: 15, after: 8 },
  },
  hockey: {
    alias: 'hockey',
    name: 'Hockey',
    scoring: [{ id: 'goal', label: 'Goal', points: 1 }],
    periods: { count: 3, label: 'Period', short: 'P', overtime: 'OT' },
    clock: { direction: 'down', period_seconds: 15 * 60 },
    key_play: { before: 12, after: 6 },
  },
  football: {
    alias: 'football',
    name: 'Football',
    scoring: [
      { id: 'touchdown', label: 'Touchdown', points: 6 },
      { id: 'extra_point', label: 'Extra point', points: 1 },
      { id: 'two_point', label: '2-point conversion', points: 2 },
      { id: 'field_goal', label: 'Field goal', points: 3 },
      { id: 'safety', label: 'Safety', points: 2 },
    ],
    periods: { count: 4, label: 'Quarter', short: 'Q', overtime: 'OT' },
    clock: { direction: 'down', period_seconds: 12 * 60 },
    key_play: { before: 15, after: 6 },
  },
  volleyball: {
    alias: 'volleyball',
    name: 'Volleyball',
    scoring: [{ id: 'point', label: 'Point', points: 1 }],
    periods: { count: 5, label: 'Set', short: 'S', overtime: 'S' },
    clock: null,
    key_play: { before: 8, after: 4 },
  },
  baseball: {
    alias: 'baseball',
    name: 'Baseball',
    scoring: [{ id: 'run', label: 'Run', points: 1 }],
    periods: { count: 9, label: 'Inning', short: 'Inn', overtime: 'Inn' },
    clock: null,
    key_play: { before: 12, after: 6 },
  },
  other: {
    alias: 'other',
    name: 'Other',
    scoring: [{ id: 'point', label: 'Point', points: 1 }],
    periods: { count: 2, label: 'Period', short: 'P', overtime: 'OT' },
    clock: null,
    key_play: { before: 10, after: 5 },
  },
}

/** The rules for a sport alias; `other` for one not listed. */
export function sportOf(alias: string | null | undefined): SportRules {
  return (alias ? SPORTS[alias] : undefined) ?? (SPORTS.other as SportRules)
}

/** How a period is written: "Q3", "OT", "OT2", "H2"… */
export function periodLabel(sport: SportRules, period: number): string {
  if (period < 1) return ''
  if (period <= sport.periods.count) return `${sport.periods.short}${period}`
  const extra = period - sport.periods.count
  return extra === 1 ? sport.periods.overtime : `${sport.periods.overtime}${extra}`
}

// ---------------------------------------------------------------------------------------------
// Actions

/** The longest a period's clock can read, for validation: three hours. */
const MAX_CLOCK_MS = 3 * 60 * 60 * 1000

const actionBase = {
  /** Made by the phone or the feed when the action is taken: sent twice, it is recorded once. */
  id: z.uuid({ error: 'An action id is a UUID' }),
  /** When it was taken, in ms since the epoch on the sender's clock (corrected by `sent_at`). */
  at: z.number().int().nonnegative(),
}

/** One action as a scorer's phone or a scoreboard's feed sends it. */
export const ScoreActionInputSchema = z.discriminatedUnion('type', [
  z.object({ ...actionBase, type: z.literal('score'), side: ScoreSideSchema, scoring: z.string().min(1).max(40) }),
  z.object({ ...actionBase, type: z.literal('period'), period: z.number().int().min(1).max(30) }),
  /** The game clock started or stopped, reading `clock_ms` at that moment. */
  z.object({
    ...actionBase,
    type: z.literal('clock'),
    running: z.boolean(),
    clock_ms: z.number().int().min(0).max(MAX_CLOCK_MS),
  }),
  /** A key play worth a clip (one of the channel's clip tags), optionally for a side. */
  z.object({
    ...actionBase,
    type: z.literal('tag'),
    tag: z.string().trim().min(1).max(60),
    side: ScoreSideSchema.nullish(),
  }),
  /** Takes an earlier action back as if it had never been taken. */
  z.object({ ...actionBase, type: z.literal('undo'), target: z.uuid({ error: 'An action id is a UUID' }) }),
  /** The game is over. */
  z.object({ ...actionBase, type: z.literal('final') }),
])
export type ScoreActionInput = z.infer<typeof ScoreActionInputSchema>
export type ScoreActionType = ScoreActionInput['type']

/** What the Score page (`POST /api/admin/scores/{event}/actions`) and the feed send: actions kept while offline too. */
export const ScoreActionsInputSchema = z.object({
  /** When the request left, on the sender's clock: the server turns `at` into its own clock with it. */
  sent_at: z.number().int().nonnegative(),
  actions: z.array(ScoreActionInputSchema).min(1, 'Send at least one action').max(200, 'At most 200 actions at once'),
})
export type ScoreActionsInput = z.infer<typeof ScoreActionsInputSchema>

/** `POST /api/hooks/score`: a scoreboard controller's bridge, signed with the channel's feed secret. */
export const ScoreFeedInputSchema = ScoreActionsInputSchema.extend({
  channel_key: z.string().min(1).max(100),
  event_id: z.number().int().positive(),
})
export type ScoreFeedInput = z.infer<typeof ScoreFeedInputSchema>

/** The header a feed signs its body with: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` (Stripe's scheme). */
export const SCORE_FEED_SIGNATURE_HEADER = 'fieldhouse-signature'
/** How old a signed feed request may be, in seconds. */
export const SCORE_FEED_TOLERANCE_S = 300

export const ScoreSourceSchema = z.enum(['scorer', 'feed', 'demo', 'suggestion'])

/** One action of the timeline, as served: `t` is the stream's clock in ms, the game's offset applied. */
export const ScoreActionSchema = z.object({
  id: z.string(),
  type: z.enum(['score', 'period', 'clock', 'tag', 'undo', 'final']),
  t: z.number(),
  side: ScoreSideSchema.nullable(),
  scoring: z.string().nullable(),
  points: z.number().int().nullable(),
  period: z.number().int().nullable(),
  running: z.boolean().nullable(),
  clock_ms: z.number().int().nullable(),
  tag: z.string().nullable(),
  target: z.string().nullable(),
  source: ScoreSourceSchema,
})
export type ScoreAction = z.infer<typeof ScoreActionSchema>

export const ScoreTeamSchema = z.object({
  name: z.string(),
  short_name: z.string(),
  color: z.string().nullable(),
})
export type ScoreTeam = z.infer<typeof ScoreTeamSchema>

/** pending: nothing recorded yet; live: scoring; final: the game is over. */
export const ScoreStatusSchema = z.enum(['pending', 'live', 'final'])
export type ScoreStatus = z.infer<typeof ScoreStatusSchema>

/** `GET /api/events/{id}/score`: everything needed to draw the score at any moment of the game's recording. */
export const ScoreTimelineSchema = z.object({
  event_id: z.number().int(),
  /** The sport's alias (`sportOf` gives its rules). */
  sport: z.string(),
  /** Applied already to every `t`: ms added to the scorer's clock to meet the picture. */
  offset_ms: z.number().int(),
  status: ScoreStatusSchema,
  home: ScoreTeamSchema,
  away: ScoreTeamSchema,
  /** Ordered by `t`, then by when they were recorded. */
  actions: z.array(ScoreActionSchema),
  /** Grows with every change: `?after=` waits for a greater one. */
  version: z.number().int(),
})
export type ScoreTimeline = z.infer<typeof ScoreTimelineSchema>

/** `GET /api/events/{id}/score` query: with `after` (a version) the answer waits (up to 25 s) for a newer timeline. */
export const ScoreTimelineQuerySchema = z.object({
  after: z.coerce.number().int().nonnegative().optional(),
})

// ---------------------------------------------------------------------------------------------
// State at a time

export interface ScoreClock {
  running: boolean
  /** The clock's reading at `since` (ms of the stream's clock). */
  ms: number
  since: number
}

export interface ScoreState {
  home: number
  away: number
  /** 0 before the first period is set. */
  period: number
  clock: ScoreClock | null
  final: boolean
  /** How many actions have applied (0: nothing yet). */
  applied: number
}

export const EMPTY_SCORE: ScoreState = { home: 0, away: 0, period: 0, clock: null, final: false, applied: 0 }

type TimelineEntry = Pick<
  ScoreAction,
  'id' | 'type' | 't' | 'side' | 'points' | 'period' | 'running' | 'clock_ms' | 'target'
>

/**
 * The score at the stream's time `t` (ms): every action at or before `t` applied in order, except those
 * an undo (at any time) took back — a mistaken tap never was, on a replay as much as live.
 * `actions` ordered by `t` (as the timeline serves them).
 */
export function scoreAt(actions: readonly TimelineEntry[], t: number, sport?: SportRules): ScoreState {
  const undone = new Set<string>()
  for (const a of actions) if (a.type === 'undo' && a.target) undone.add(a.target)
  const state: ScoreState = { ...EMPTY_SCORE }
  for (const a of actions) {
    if (a.t > t) break
    if (a.type === 'undo' || undone.has(a.id)) continue
    state.applied++
    if (a.type === 'score' && a.side && a.points !== null) state[a.side] += a.points
    else if (a.type === 'period' && a.period !== null) {
      state.period = a.period
      // A clock in use stops at the new period's start; a game scored without one stays without.
      if (sport?.clock && state.clock) state.clock = { running: false, ms: periodStartMs(sport, a.period), since: a.t }
    } else if (a.type === 'clock' && a.clock_ms !== null) {
      state.clock = { running: a.running === true, ms: a.clock_ms, since: a.t }
    } else if (a.type === 'final') {
      state.final = true
      if (state.clock)
        state.clock = { ...state.clock, ms: clockReading(state.clock, a.t, sport), running: false, since: a.t }
    }
  }
  return state
}

/** What the game clock reads when a period begins: its length counting down, what has been played counting up. */
export function periodStartMs(sport: SportRules, period: number): number {
  if (!sport.clock) return 0
  const length = sport.clock.period_seconds * 1000
  return sport.clock.direction === 'down' ? length : Math.min(period - 1, sport.periods.count) * length
}

/** The clock's reading at `t` (ms of the stream's clock). */
export function clockReading(clock: ScoreClock, t: number, sport?: SportRules): number {
  if (!clock.running) return clock.ms
  const elapsed = Math.max(0, t - clock.since)
  return sport?.clock?.direction === 'up' ? clock.ms + elapsed : Math.max(0, clock.ms - elapsed)
}

/** `m:ss` (or `h:mm:ss`) of a clock reading, rounded up counting down so 0:00 shows only at the buzzer. */
export function formatGameClock(ms: number, direction: 'down' | 'up' = 'down'): string {
  const total = direction === 'down' ? Math.ceil(ms / 1000) : Math.floor(ms / 1000)
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  return h > 0
    ? `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`
    : `${m}:${String(s).padStart(2, '0')}`
}

// ---------------------------------------------------------------------------------------------
// The console

/** A game on the Score page's list and the game-day home: its teams, its stream and its score now. */
export const ScoreGameSchema = z.object({
  event_id: z.number().int(),
  name: z.string(),
  /** ISO 8601, UTC. */
  starts_at: z.string(),
  /** The event's stream status (the spec's: not started, live, completed…). */
  stream_status: z.string(),
  sport: z.string(),
  status: ScoreStatusSchema,
  home: ScoreTeamSchema,
  away: ScoreTeamSchema,
  score: z.object({ home: z.number().int(), away: z.number().int(), period: z.number().int() }),
})
export type ScoreGame = z.infer<typeof ScoreGameSchema>

/**
 * A play the scorer may have missed: a cheer heard in the live game's sound (decision 0057). `t` is its
 * moment on the stream's clock (ms), as a timeline action's `t`; `rise_lu` how far the crowd's loudness
 * rose over its recent median (LU).
 */
export const ScoreSuggestionSchema = z.object({
  id: z.number().int(),
  t: z.number(),
  rise_lu: z.number(),
  status: z.enum(['open', 'accepted', 'dismissed']),
})
export type ScoreSuggestion = z.infer<typeof ScoreSuggestionSchema>

/** `GET /api/admin/scores/{event}`: the Score page's game — its timeline, the key-play tags, the server's clock. */
export const ScoreBoardSchema = z.object({
  game: ScoreGameSchema,
  timeline: ScoreTimelineSchema,
  /** The channel's clip tags for this sport: one tap each. */
  tags: z.array(z.string()),
  /** The server's clock when it answered (ms), to show the game clock in step with it. */
  server_now: z.number(),
  /** The open suggestions (plays the scorer may have missed), newest first, at most 20. */
  suggestions: z.array(ScoreSuggestionSchema),
})
export type ScoreBoard = z.infer<typeof ScoreBoardSchema>

/**
 * `POST /api/admin/scores/{event}/suggestions/{suggestion}`: take a suggestion as a key play (a tag
 * action at its moment; `tag` one of the channel's clip tags for the sport, else the first of them) or
 * dismiss it.
 */
export const ScoreSuggestionDecisionSchema = z.object({
  decision: z.enum(['accept', 'dismiss'], { error: 'Choose accept or dismiss' }),
  tag: z.string().trim().min(1).max(60).optional(),
})
export type ScoreSuggestionDecision = z.infer<typeof ScoreSuggestionDecisionSchema>

/** `POST /api/admin/scores/{event}/actions` answer: which ids are now recorded (new or already), and the timeline. */
export const ScoreActionsResultSchema = z.object({
  recorded: z.array(z.string()),
  timeline: ScoreTimelineSchema,
})
export type ScoreActionsResult = z.infer<typeof ScoreActionsResultSchema>

/** `PATCH /api/admin/scores/{event}`: the sport it is scored as, and the offset that meets the picture. */
export const ScoreGameUpdateSchema = z
  .object({
    sport: z.enum(Object.keys(SPORTS) as [string, ...string[]], { error: 'Choose a sport the Score page knows' }),
    /** ms, between −2 and +2 minutes. */
    offset_ms: z
      .number()
      .int()
      .min(-120_000, 'An offset is at most two minutes')
      .max(120_000, 'An offset is at most two minutes'),
  })
  .partial()
export type ScoreGameUpdate = z.infer<typeof ScoreGameUpdateSchema>

/** `GET /api/admin/score-feed`: what a scoreboard's bridge is configured with. */
export const ScoreFeedSettingsSchema = z.object({
  url: z.string(),
  channel_key: z.string(),
  /** The signing secret, shown to owners and managers. */
  secret: z.string(),
})
export type ScoreFeedSettings = z.infer<typeof ScoreFeedSettingsSchema>

/** A game's score as event lists carry it (cards, the schedule, team pages); null before any is kept. */
export const EventScoreSchema = z.object({
  home: z.number().int(),
  away: z.number().int(),
  period: z.number().int(),
  status: z.enum(['live', 'final']),
})
export type EventScore = z.infer<typeof EventScoreSchema>
