import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { CalendarLinks } from '../../components/calendar/calendar-links'
import { FavoriteToggle } from '../../components/favorites/favorite-toggle'
import { FollowAlertsHint } from '../../components/favorites/follow-alerts-hint'
import { ButtonLink } from '../../components/ui/button'
import { LoadError, LoadingStatus } from '../../components/ui/load-states'
import { findByAliasOrName, flattenCategories, genderWord } from '../../lib/entities/catalogue/catalogue-lookups'
import { useEventCategories } from '../../lib/entities/catalogue/use-event-categories'
import { useParticipantGroups } from '../../lib/entities/catalogue/use-participant-groups'
import { useParticipants } from '../../lib/entities/catalogue/use-participants'
import { schoolHref, sportHref } from '../../lib/navigation/filter-links'
import { paths } from '../../lib/navigation/paths'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import { EntityEvents, EntityHeader, EntityHeaderSkeleton, EntityNotFound } from './entity-page'

/** Spec §2 `/?team=<alias or name>`: the team's page — crest, school, sport, favourite star and its games. */
export function TeamView({ token }: { token: string }) {
  const { t } = useTranslation()
  const participants = useParticipants()
  const groups = useParticipantGroups()
  const categories = useEventCategories()
  const team = findByAliasOrName(participants.data, token)
  useDocumentTitle(team?.name ?? (participants.isPending ? t('common.loading') : t('entity.notFoundTitle')))

  if (participants.isPending) {
    return (
      <div className="entity container">
        <LoadingStatus />
        <EntityHeaderSkeleton />
      </div>
    )
  }
  if (participants.isError) {
    return (
      <div className="entity container">
        <h1 className="entity-missing__title">{t('entity.team')}</h1>
        <LoadError onRetry={() => void participants.refetch()} />
      </div>
    )
  }
  if (!team) return <EntityNotFound text={t('entity.teamNotFound', { name: token })} />

  const school = groups.find((group) => group.id === team.participant_group_id)
  const entry = flattenCategories(categories).find((item) => item.category.id === team.event_category_id)
  const division = entry?.category.name
  const gender = genderWord(team.properties.gender)
  const label = division ? `${team.name} (${division})` : team.name

  return (
    <div className="entity container">
      <EntityHeader
        crest={team.images[0] ?? school?.images[0]}
        eyebrow={
          school ? (
            <Link className="entity-header__school" to={schoolHref(school.alias)}>
              {school.name}
            </Link>
          ) : (
            t('entity.team')
          )
        }
        name={team.name}
        facts={
          <p>
            {entry ? <Link to={sportHref(entry.sport.alias, entry.depth > 0 ? gender : null)}>{division}</Link> : null}
            {team.properties.mascot ? (
              <span>
                {entry ? ' · ' : ''}
                {t('entity.mascot', { name: team.properties.mascot })}
              </span>
            ) : null}
          </p>
        }
        actions={
          <>
            <FavoriteToggle
              target={{ type: 'participant', id: team.id, name: label, alias: team.alias, images: team.images }}
            />
            <ButtonLink variant="secondary" to={`${paths.schedule}?team=${encodeURIComponent(team.alias)}`}>
              {t('entity.fullSchedule')}
            </ButtonLink>
            <CalendarLinks kind="teams" id={team.id} name={label} />
            <FollowAlertsHint />
          </>
        }
      />
      <EntityEvents filter={{ team: team.alias }} />
    </div>
  )
}
