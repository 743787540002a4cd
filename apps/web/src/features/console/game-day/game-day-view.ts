import { type GameDayKeyPlay, type GameDayScore, periodLabel, sportOf } from '@fieldhouse/contract'

/** The Score page of a game. */
export const scorePath = (eventId: number) => `/admin/score/${eventId}`

/** The Go live page, opened on a game (its `event` parameter picks it). */
export const goLivePath = (eventId: number) => `/admin/go-live?event=${eventId}`

/** A key play's clip on its share page, once the clip is ready; null before. */
export function sharePath(play: Pick<GameDayKeyPlay, 'clip'>): string | null {
  const clip = play.clip
  return clip && clip.status === 'ready' ? `/share/${clip.id}/${encodeURIComponent(clip.uuid)}` : null
}

/** "3 – 0", the home side first. */
export const scoreLine = (score: Pick<GameDayScore, 'home' | 'away'>) => `${score.home} – ${score.away}`

/** The period as the sport names it ("Q2", "2nd half"); null before the first. */
export const periodName = (sport: string, period: number) => (period < 1 ? null : periodLabel(sportOf(sport), period))
