import type { Clip } from '@fieldhouse/contract'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../../lib/navigation/paths'
import { ClipInlinePlayer } from './clip-inline-player'
import './clips.css'

/** A clip's tags, as a list named for screen readers; nothing when it has none. */
export function ClipTags({ tags }: { tags: readonly string[] }) {
  const { t } = useTranslation()
  return tags.length > 0 ? (
    <ul className="clip-tags" aria-label={t('clips.tags')}>
      {tags.map((tag) => (
        <li key={tag}>{tag}</li>
      ))}
    </ul>
  ) : null
}

/** A clip of the channel's own (a key play's, cut for the channel), not a viewer's. */
export function OfficialBadge() {
  const { t } = useTranslation()
  return (
    <span className="clip-official" data-testid="clip-official">
      {t('clips.official')}
    </span>
  )
}

/**
 * A ready clip as lists show it to everyone (moments, a game's clips): it plays in place, its name
 * opens its share page (an "Official" badge beside a channel's own clip), then what it is, its tags and
 * the list's own actions.
 */
export function PublicClipCard({
  clip,
  heading: Heading = 'h2',
  meta,
  actions,
  testId,
}: {
  clip: Clip
  heading?: 'h2' | 'h3'
  /** The line under the name (what it is of, its length, its date…). */
  meta: readonly (string | null)[]
  actions?: ReactNode
  testId: string
}) {
  return (
    <li className="clip-card" data-testid={testId} data-clip-id={clip.id}>
      <ClipInlinePlayer clip={clip} />
      <div className="clip-card__body">
        <Heading className="clip-card__name">
          <Link to={paths.share(clip.id, clip.uuid)}>{clip.name}</Link>
          {clip.official ? <OfficialBadge /> : null}
        </Heading>
        <p className="clip-card__meta">{meta.filter(Boolean).join(' · ')}</p>
        <ClipTags tags={clip.tags} />
        {actions ? <div className="clip-card__actions">{actions}</div> : null}
      </div>
    </li>
  )
}
