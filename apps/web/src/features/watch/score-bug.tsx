import { type EventDetail, type ScoreTimeline, sportOf } from '@fieldhouse/contract'
import type { Player } from '@fieldhouse/player'
import { type ReactNode, useEffect, useMemo } from 'react'
import { ScoreBug } from '../../components/scores/score-bug'
import { type ScoreMoment, scoreMomentAt } from '../../lib/entities/scores/score-moment'
import { useScoreTimeline } from '../../lib/entities/scores/use-score-timeline'

/** The overlay's key on the player (`Player.addOverlay`, the view's renderers). */
export const SCORE_OVERLAY = 'score'

/**
 * The score bug of a watch page: the game's timeline (loaded beside the player, never before it: the
 * player starts on its own and the bug joins when the timeline arrives), kept fresh while the game is
 * live, and a `score` overlay on the player that reads the score at the picture's moment on the stream's
 * clock (`ProgrammeTime.date`). The same reading is right at the live edge, after a seek back into the
 * DVR window and on a replay. Asked for when the event has a score or is live (a scorer may start any
 * time); answers the renderers to hand to the player.
 */
export function useScoreBug(
  player: Player | null,
  detail: Pick<EventDetail, 'id' | 'score' | 'stream_status'> | null,
): {
  overlays: Record<string, (value: unknown) => ReactNode> | undefined
  /** The game's timeline once it has come (the header shows its latest score). */
  timeline: ScoreTimeline | undefined
} {
  const wanted = detail !== null && (detail.score != null || detail.stream_status === 'live')
  const timeline = useScoreTimeline(detail?.id ?? null, { enabled: wanted }).data
  const drawn = timeline && timeline.actions.length > 0 ? timeline : null
  // Made again with each newer timeline: the player asks the new source at once, paused or playing.
  useEffect(() => {
    if (!player || !drawn) return
    const sport = sportOf(drawn.sport)
    return player.addOverlay(SCORE_OVERLAY, (time) => scoreMomentAt(drawn, time.date, sport))
  }, [player, drawn])
  const home = drawn?.home
  const away = drawn?.away
  const eventId = detail?.id
  const overlays = useMemo(
    () =>
      home && away && eventId !== undefined
        ? {
            [SCORE_OVERLAY]: (value: unknown) => (
              <ScoreBug moment={value as ScoreMoment} home={home} away={away} eventId={eventId} />
            ),
          }
        : undefined,
    [home, away, eventId],
  )
  return { overlays, timeline }
}
