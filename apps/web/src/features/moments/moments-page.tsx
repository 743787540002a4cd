import type { Clip } from '@fieldhouse/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { clipOfName } from '../../components/clips/clip-share'
import { MoreClips } from '../../components/clips/more-clips'
import { PublicClipCard } from '../../components/clips/public-clip-card'
import { FilterSelect } from '../../components/events/filter-select'
import { Button } from '../../components/ui/button'
import { EmptyState, QueryStates } from '../../components/ui/load-states'
import { PageFrame } from '../../components/ui/page-frame'
import { flattenCategories } from '../../lib/entities/catalogue/catalogue-lookups'
import { useEventCategories } from '../../lib/entities/catalogue/use-event-categories'
import { useParticipants } from '../../lib/entities/catalogue/use-participants'
import { teamsOfSport } from '../../lib/entities/clips/moments-feed'
import { useEventsWithClip } from '../../lib/entities/clips/use-events-with-clip'
import { type MomentsFilters, useMoments } from '../../lib/entities/clips/use-moments'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import '../../components/clips/clips.css'

const numberOrUndefined = (value: string) => (value ? Number(value) : undefined)

/**
 * `/moments` (spec §2): the channel's ready clips, newest first, a page at a time, narrowed by game,
 * sport and team; each plays in place.
 */
export function MomentsPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('moments.title'))
  const [game, setGame] = useState('')
  const [sport, setSport] = useState('')
  const [team, setTeam] = useState('')
  const filters: MomentsFilters = {
    event_id: numberOrUndefined(game),
    event_category_id: numberOrUndefined(sport),
    participant_id: numberOrUndefined(team),
  }
  const moments = useMoments(filters)
  const events = useEventsWithClip()
  const categories = useEventCategories()
  const participants = useParticipants()
  const sportOptions = flattenCategories(categories)
  const teams = teamsOfSport(participants.data ?? [], categories, sport ? Number(sport) : null)
  const clips = moments.data?.pages.flatMap((page) => page.clips) ?? []
  const filtered = Boolean(game || sport || team)

  return (
    <PageFrame title={t('moments.title')} lead={t('moments.lead')}>
      <div className="filters">
        <div className="moments-filters">
          <FilterSelect label={t('moments.game')} value={game} onChange={setGame} testId="moments-game">
            <option value="">{t('moments.allGames')}</option>
            {(events.data ?? []).map((event) => (
              <option key={event.id} value={event.id}>
                {event.name}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect label={t('moments.sport')} value={sport} onChange={setSport} testId="moments-sport">
            <option value="">{t('moments.allSports')}</option>
            {sportOptions.map(({ category, depth }) => (
              <option key={category.id} value={category.id}>
                {`${'– '.repeat(depth)}${category.name}`}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect label={t('moments.team')} value={team} onChange={setTeam} testId="moments-team">
            <option value="">{t('moments.allTeams')}</option>
            {teams.map((participant) => (
              <option key={participant.id} value={participant.id}>
                {participant.name}
              </option>
            ))}
          </FilterSelect>
          {filtered ? (
            <Button
              variant="ghost"
              onClick={() => {
                setGame('')
                setSport('')
                setTeam('')
              }}
            >
              {t('moments.clearFilters')}
            </Button>
          ) : null}
        </div>
      </div>
      <QueryStates query={moments} />
      {moments.isSuccess && clips.length === 0 ? (
        <EmptyState>{filtered ? t('moments.noneFiltered') : t('moments.none')}</EmptyState>
      ) : null}
      {clips.length > 0 ? (
        <ul className="clip-grid" data-testid="moments">
          {clips.map((clip) => (
            <Moment key={clip.id} clip={clip} />
          ))}
        </ul>
      ) : null}
      <MoreClips query={moments} label={t('moments.more')} testId="moments-more" />
    </PageFrame>
  )
}

function Moment({ clip }: { clip: Clip }) {
  const { t, i18n } = useTranslation()
  return (
    <PublicClipCard
      clip={clip}
      testId="moment"
      meta={[
        clipOfName(clip),
        t('clips.seconds', { count: Math.round(clip.duration) }),
        new Date(clip.created_at).toLocaleDateString(i18n.language, { dateStyle: 'medium' }),
      ]}
    />
  )
}
