import { type HighlightReel, sportOf } from '@fieldhouse/contract'
import { formatPlayerTime, type Player } from '@fieldhouse/player'
import { useEffect, useId, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { TitledSection } from '../../components/ui/titled-section'
import { useEventKeyPlays } from '../../lib/entities/key-plays/use-event-key-plays'
import { useHiddenScore } from '../../lib/entities/scores/use-spoiler-free'
import { paths } from '../../lib/navigation/paths'
import {
  KEY_PLAYS_MARKS,
  type KeyPlayEntry,
  keyPlayEntry,
  keyPlayMarks,
  keyPlayMomentText,
  playFrom,
} from './key-plays-model'
import './key-plays.css'

/**
 * Under the player of a game (decision 0058): the game's key plays — each a press that plays the moment
 * from a little before, and "Watch clip" for its official clip once cut — their marks on the seek bar,
 * and the highlight reel once made. The list is asked for again with each newer score timeline
 * (`version`) and every 2 s while a clip is being cut. Nothing shows while there are none.
 */
export function KeyPlays({
  eventId,
  version,
  sport,
  player,
}: {
  eventId: number
  /** The followed score timeline's version, when there is one. */
  version: number | undefined
  /** The sport's alias (the period labels). */
  sport: string | null | undefined
  player: Player | null
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const query = useEventKeyPlays(eventId, version)
  const { hidden } = useHiddenScore(eventId)
  const keyPlays = query.data?.key_plays
  const marks = useMemo(() => keyPlayMarks(keyPlays ?? []), [keyPlays])
  const marksText = JSON.stringify(marks)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `marksText` stands for `marks` (same marks, no redraw)
  useEffect(() => {
    if (!player) return
    player.setMarks(KEY_PLAYS_MARKS, marks)
    return () => player.setMarks(KEY_PLAYS_MARKS, [])
  }, [player, marksText])
  const waiting = useRef<() => void>(() => {})
  useEffect(() => () => waiting.current(), [])
  const rules = sportOf(sport)
  const entries = (keyPlays ?? []).map((play) => keyPlayEntry(play, rules))
  const reel = query.data?.reel
  return (
    <>
      {entries.length > 0 ? (
        <TitledSection
          titleId={titleId}
          title={t('keyPlays.title')}
          className="key-plays"
          titleClassName="key-plays__title"
          testId="key-plays"
        >
          <ul className="key-plays__list">
            {entries.map((entry) => (
              <KeyPlayItem
                key={entry.id}
                entry={entry}
                hidden={hidden}
                onPlay={
                  player && entry.seekTo !== null
                    ? () => {
                        waiting.current()
                        waiting.current = playFrom(player, entry.seekTo ?? 0)
                      }
                    : null
                }
              />
            ))}
          </ul>
        </TitledSection>
      ) : null}
      {reel && reel.status === 'ready' && reel.vod_media_item_id !== null ? (
        <HighlightReelPanel reel={reel} videoId={reel.vod_media_item_id} />
      ) : null}
    </>
  )
}

/** One key play: the press that plays it (thumbnail, label, time, score) and its clip's link. */
export function KeyPlayItem({
  entry,
  hidden,
  onPlay,
}: {
  entry: KeyPlayEntry
  /** Spoiler-free: the score at the moment is not shown (nor said). */
  hidden: boolean
  /** Null while the recording does not hold it (or no player plays here). */
  onPlay: (() => void) | null
}) {
  const { t } = useTranslation()
  const moment = keyPlayMomentText(entry, hidden ? t('scores.hidden') : null)
  const name = [
    entry.time === null ? entry.label : t('keyPlays.playFrom', { label: entry.label, time: entry.time }),
    moment,
  ]
    .filter(Boolean)
    .join(', ')
  const body = (
    <>
      <span className="key-play__thumb" aria-hidden="true">
        {entry.poster ? (
          <img src={entry.poster} alt="" loading="lazy" />
        ) : (
          <span className="key-play__placeholder">{entry.clipReady ? '' : t('keyPlays.cutting')}</span>
        )}
      </span>
      <span className="key-play__text" aria-hidden="true">
        <span className="key-play__label">{entry.label}</span>
        <span className="key-play__meta">
          {entry.time !== null ? <span className="key-play__time">{entry.time}</span> : null}
          {moment ? <span className="key-play__score">{moment}</span> : null}
        </span>
      </span>
      <span className="visually-hidden">{name}</span>
    </>
  )
  return (
    <li className="key-play" data-testid="key-play" data-key-play={entry.id}>
      {onPlay ? (
        <button type="button" className="key-play__main" onClick={onPlay}>
          {body}
        </button>
      ) : (
        <div className="key-play__main key-play__main--still">{body}</div>
      )}
      {entry.clipHref ? (
        <Link
          className="key-play__clip"
          to={entry.clipHref}
          aria-label={t('keyPlays.watchClipOf', { label: entry.label })}
          data-testid="key-play-clip"
        >
          {t('keyPlays.watchClip')}
        </Link>
      ) : null}
    </li>
  )
}

/** The final game's highlight reel: its title linking to the library video, and its chapters. */
function HighlightReelPanel({ reel, videoId }: { reel: HighlightReel; videoId: number }) {
  const { t } = useTranslation()
  const titleId = useId()
  return (
    <TitledSection
      titleId={titleId}
      title={t('keyPlays.reel')}
      className="highlight-reel"
      titleClassName="key-plays__title"
      testId="highlight-reel"
    >
      <p className="highlight-reel__name">
        <Link to={paths.watchLibrary(videoId)}>{reel.title}</Link>
        {reel.duration !== null ? (
          <span className="highlight-reel__length"> · {formatPlayerTime(reel.duration)}</span>
        ) : null}
      </p>
      {reel.chapters.length > 0 ? (
        <ol className="highlight-reel__chapters" aria-label={t('keyPlays.chapters')}>
          {reel.chapters.map((chapter) => (
            <li key={`${chapter.start}-${chapter.title}`}>
              <span className="highlight-reel__at">{formatPlayerTime(chapter.start)}</span> {chapter.title}
            </li>
          ))}
        </ol>
      ) : null}
    </TitledSection>
  )
}
