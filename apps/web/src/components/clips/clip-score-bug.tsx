import { type Clip, type ScoreTimeline, type SportRules, sportOf } from '@fieldhouse/contract'
import { useEffect, useMemo, useState } from 'react'
import { type ScoreMoment, scoreMomentAt } from '../../lib/entities/scores/score-moment'
import { useScoreTimeline } from '../../lib/entities/scores/use-score-timeline'
import { ScoreBug } from '../scores/score-bug'

/**
 * The moment on the stream's clock (ms, a score timeline's `t`) that a clip shows at `position` seconds
 * into it: `programme_start` is the moment of its first picture.
 */
export function clipMomentAt(programmeStart: number, position: number): number {
  return programmeStart + Math.max(0, position) * 1000
}

/** What the bug draws over a clip `position` seconds in: the game's score at that moment, if any. */
export function clipScoreMoment(
  timeline: Pick<ScoreTimeline, 'actions' | 'sport'>,
  programmeStart: number,
  position: number,
  sport: SportRules = sportOf(timeline.sport),
): ScoreMoment | null {
  return scoreMomentAt(timeline, clipMomentAt(programmeStart, position), sport)
}

/** The video's position (s), read when it plays on, is sought or loads; null without a video. */
function useVideoPosition(video: HTMLVideoElement | null): number | null {
  const [position, setPosition] = useState<number | null>(null)
  useEffect(() => {
    if (!video) return
    const read = () => setPosition(video.currentTime)
    read()
    const kinds = ['timeupdate', 'seeked', 'loadedmetadata'] as const
    for (const kind of kinds) video.addEventListener(kind, read)
    return () => {
      for (const kind of kinds) video.removeEventListener(kind, read)
    }
  }, [video])
  return position
}

/**
 * The score bug over a clip of a game (decision 0057): a clip that knows where it sits on the stream's
 * clock (`programme_start`) draws the game's score at the picture's moment, the same `ScoreBug` as the
 * watch page's, read from the game's timeline (read once, not long-polled). Nothing for a clip of a
 * library video, one from before the clock was kept, or a game without a score.
 */
export function ClipScoreBug({
  clip,
  video,
}: {
  clip: Pick<Clip, 'event_id' | 'programme_start'>
  video: HTMLVideoElement | null
}) {
  const programmeStart = clip.programme_start ?? null
  const eventId = programmeStart === null ? null : clip.event_id
  const timeline = useScoreTimeline(eventId, { follow: false }).data
  const position = useVideoPosition(eventId === null ? null : video)
  const sport = useMemo(() => (timeline ? sportOf(timeline.sport) : null), [timeline])
  if (eventId === null || programmeStart === null || !timeline || !sport || position === null) return null
  const moment = clipScoreMoment(timeline, programmeStart, position, sport)
  if (!moment) return null
  return (
    <div className="clip-score" data-testid="clip-score">
      <ScoreBug moment={moment} home={timeline.home} away={timeline.away} eventId={eventId} />
    </div>
  )
}
