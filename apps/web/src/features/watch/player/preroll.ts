import { constants, type EventCategory, type Preroll } from '@fieldhouse/contract'
import type { TtlStorage } from '../../../lib/storage/ttl-storage'

export interface PrerollTarget {
  /** The event's venue; null for a video of the library (it has none). */
  locationId: number | null
  /** The event's category (a division or a sport); null for a video of the library. */
  categoryId: number | null
  /**
   * The categories above `categoryId` (a division's sport): a pre-roll aimed at basketball also plays
   * before men's basketball. Empty when the tree is not known.
   */
  parentCategoryIds?: readonly number[]
  /** The stream is live (spec §4: the stream status picks the live or the VOD flag). */
  isLive: boolean
}

/**
 * Spec §3/§4 pre-rolls that may play before this content, highest weight first:
 * - location: a pre-roll without one plays anywhere; one with a venue only before that venue's events;
 * - categories: an empty list means any; otherwise the event's category (or one above it) must be listed;
 * - `for_live` when the stream is live, else `for_vod`.
 * Ties keep the order the settings list them in.
 */
export function eligiblePrerolls(prerolls: readonly Preroll[], target: PrerollTarget): Preroll[] {
  const categories = [target.categoryId, ...(target.parentCategoryIds ?? [])].filter((id): id is number => id !== null)
  return prerolls
    .filter((preroll) => (target.isLive ? preroll.for_live : preroll.for_vod))
    .filter((preroll) => preroll.location_id === null || preroll.location_id === target.locationId)
    .filter(
      (preroll) =>
        preroll.event_categories.length === 0 || categories.some((id) => preroll.event_categories.includes(id)),
    )
    .map((preroll, index) => ({ preroll, index }))
    .sort((a, b) => b.preroll.weight - a.preroll.weight || a.index - b.index)
    .map(({ preroll }) => preroll)
}

/**
 * The pre-roll to play before this content now, or null for none: spec §4 — none for a viewer with
 * `no_ads`, none within the hour after one played for this viewer and content, else the eligible one
 * of highest weight. Undefined while a signed-in viewer's capabilities are still on their way (the
 * play button waits for the answer rather than flash an ad at someone who bought no ads).
 */
export function choosePreroll(
  prerolls: readonly Preroll[],
  target: PrerollTarget,
  viewer: { capabilitiesPending: boolean; noAds: boolean; recentlyPlayed: boolean },
): Preroll | null | undefined {
  if (viewer.capabilitiesPending) return undefined
  if (viewer.noAds || viewer.recentlyPlayed) return null
  return eligiblePrerolls(prerolls, target)[0] ?? null
}

/** The categories above a category in the tree, nearest first. */
export function parentCategoryIds(categoryId: number | null, tree: readonly EventCategory[]): number[] {
  if (categoryId === null) return []
  const search = (nodes: readonly EventCategory[], trail: number[]): number[] | null => {
    for (const node of nodes) {
      if (node.id === categoryId) return trail
      const found = search(node.children, [node.id, ...trail])
      if (found) return found
    }
    return null
  }
  return search(tree, []) ?? []
}

/** What was watched: an event or a video of the library. */
export type WatchSubjectKey = `event:${number}` | `vod:${number}`

/** Stored as `rudy_prerolls_played`: "who|what" → when the suppression ends (ms since the epoch). */
const STORAGE_NAME = 'prerolls_played'

/**
 * Spec §4: once a pre-roll has played, none plays again for that viewer and that event for an hour
 * (`constants.prerollSuppressionMs`), remembered in local storage. The viewer is the user id, or
 * `guest` before signing in.
 */
export function createPrerollSuppression({
  storage,
  now = Date.now,
  suppressionMs = constants.prerollSuppressionMs,
}: {
  storage: TtlStorage
  now?: () => number
  suppressionMs?: number
}) {
  const keyOf = (viewerId: number | null, subject: WatchSubjectKey) => `${viewerId ?? 'guest'}|${subject}`

  /** The entries still running; expired ones are dropped so the entry never grows without bound. */
  const read = (): Record<string, number> => {
    const raw = storage.getItem(STORAGE_NAME)
    if (!raw) return {}
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch {
      return {}
    }
    if (typeof parsed !== 'object' || parsed === null) return {}
    const at = now()
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > at,
      ),
    )
  }

  return {
    isSuppressed(viewerId: number | null, subject: WatchSubjectKey): boolean {
      return (read()[keyOf(viewerId, subject)] ?? 0) > now()
    },
    markPlayed(viewerId: number | null, subject: WatchSubjectKey): void {
      const entries = read()
      entries[keyOf(viewerId, subject)] = now() + suppressionMs
      storage.setItem(STORAGE_NAME, JSON.stringify(entries))
    },
  }
}
export type PrerollSuppression = ReturnType<typeof createPrerollSuppression>
