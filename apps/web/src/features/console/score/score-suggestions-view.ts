import type { ScoreSuggestion } from '@fieldhouse/contract'

/**
 * The "Missed plays?" list worked out without React: how long ago a suggestion's moment was and when
 * it was on this phone's clock, and which suggestions are new since the board was last read (they are
 * announced). Tested beside it (`score-suggestions-view.test.ts`).
 */

/** How long ago, in the words' units: under a minute is "just now"; then whole minutes, then whole hours. */
export type Since = { unit: 'now' } | { unit: 'minutes'; count: number } | { unit: 'hours'; count: number }

export function sinceOf(elapsedMs: number): Since {
  if (!(elapsedMs >= 60_000)) return { unit: 'now' }
  if (elapsedMs < 3_600_000) return { unit: 'minutes', count: Math.floor(elapsedMs / 60_000) }
  return { unit: 'hours', count: Math.floor(elapsedMs / 3_600_000) }
}

export interface SuggestionLine {
  id: number
  /** The moment on this phone's clock (ms since the epoch): the server's clock less how far it is ahead. */
  phoneAt: number
  since: Since
}

/**
 * Each open suggestion as the list shows it. `t` is on the stream's clock (the server's), `skewMs` how
 * far the server's clock is ahead of this phone's, `phoneNow` this phone's clock now.
 */
export function suggestionLines(
  suggestions: readonly Pick<ScoreSuggestion, 'id' | 't' | 'status'>[],
  skewMs: number,
  phoneNow: number,
): SuggestionLine[] {
  return suggestions
    .filter((s) => s.status === 'open')
    .map((s) => ({ id: s.id, phoneAt: s.t - skewMs, since: sinceOf(phoneNow + skewMs - s.t) }))
}

/**
 * The suggestions not seen before (`seen` null: the first read, whose suggestions are no news), and the
 * ids seen now. A suggestion decided and gone is still seen: it never comes back as new.
 */
export function arrivals(
  seen: ReadonlySet<number> | null,
  suggestions: readonly Pick<ScoreSuggestion, 'id'>[],
): { fresh: number[]; seen: Set<number> } {
  const next = new Set(seen ?? [])
  const fresh: number[] = []
  for (const s of suggestions) {
    if (seen !== null && !next.has(s.id)) fresh.push(s.id)
    next.add(s.id)
  }
  return { fresh, seen: next }
}
