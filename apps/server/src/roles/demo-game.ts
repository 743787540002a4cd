import type { ScoreActionInput, SportRules } from '@fieldhouse/contract'
import type { Cheer, CrowdSoundOptions } from '@fieldhouse/media'
import { DEMO_CLIP_TAGS } from '../db/seed-clips.js'

/**
 * The demo's live game (decision 0057): what its simulated scorer does and what its crowd sounds like,
 * from one script, so the cheers in the feed's sound fall where the scorer taps — and once a period
 * the crowd cheers a play the scorer missed, which the Score page then suggests.
 */

/** One period of the demo game lasts this long (seconds of the feed). */
export const DEMO_PERIOD_SECONDS = 300

/** Seconds into a period where the crowd cheers and the scorer does nothing (one a period). */
export const DEMO_MISSED_PLAY_SECOND = 200

/** What the scorer does at a second of a period. */
export interface DemoPlay {
  atSec: number
  action: DemoAction
}
export type DemoAction =
  | { type: 'score'; side: 'home' | 'away'; scoring: string }
  | { type: 'tag'; tag: string; side: 'home' | 'away' }

/** The period's plays for a sport: baskets every ~25 s in a high-scoring sport, two or three goals otherwise. */
export function demoPlays(sport: SportRules): DemoPlay[] {
  const highScoring = sport.scoring.some((s) => s.points >= 2)
  const every = highScoring ? 27 : 110
  const tags = DEMO_CLIP_TAGS[sport.alias] ?? DEMO_CLIP_TAGS['*'] ?? []
  const plays: DemoPlay[] = []
  for (let i = 0, at = 14; at < DEMO_PERIOD_SECONDS - 20; i++, at += every) {
    // The crowd's moment the scorer misses stands alone.
    if (Math.abs(at - DEMO_MISSED_PLAY_SECOND) < 15) continue
    const side = i % 2 === 0 ? 'home' : 'away'
    const scoring = sport.scoring[(i * 2 + 1) % sport.scoring.length]?.id ?? 'point'
    plays.push({ atSec: at, action: { type: 'score', side, scoring } })
    // Every third score is a key play, tagged as the scorer would a second later.
    const tag = tags[i % Math.max(1, tags.length)]
    if (i % 3 === 0 && tag) plays.push({ atSec: at + 1, action: { type: 'tag', tag, side } })
  }
  return plays
}

/** The feed's crowd: a cheer just after each scoring play, and the missed one; repeating every period. */
export function demoCrowd(sport: SportRules): Omit<CrowdSoundOptions, 'durationSec'> {
  const cheers: Cheer[] = demoPlays(sport)
    .filter((p) => p.action.type === 'score')
    .map((p) => ({ atSec: p.atSec, lengthSec: 4, gainDb: 12 }))
  cheers.push({ atSec: DEMO_MISSED_PLAY_SECOND, lengthSec: 5, gainDb: 13 })
  return { cheers, periodSec: DEMO_PERIOD_SECONDS }
}

/** What the scorer sends at a moment of the feed: the action with its id and time. */
export function demoAction(
  action:
    | DemoAction
    | { type: 'period'; period: number }
    | { type: 'clock'; running: boolean; clock_ms: number }
    | { type: 'final' },
  at: number,
): ScoreActionInput {
  return { ...action, id: crypto.randomUUID(), at } as ScoreActionInput
}
