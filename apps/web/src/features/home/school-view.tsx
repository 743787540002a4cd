import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { CalendarLinks } from '../../components/calendar/calendar-links'
import { FavoriteToggle } from '../../components/favorites/favorite-toggle'
import { FollowAlertsHint } from '../../components/favorites/follow-alerts-hint'
import { ButtonLink } from '../../components/ui/button'
import { EmptyState, LoadError, LoadingStatus } from '../../components/ui/load-states'
import { findByAliasOrName, flattenCategories } from '../../lib/entities/catalogue/catalogue-lookups'
import { useEventCategories } from '../../lib/entities/catalogue/use-event-categories'
import { useParticipantGroups } from '../../lib/entities/catalogue/use-participant-groups'
import { useParticipants } from '../../lib/entities/catalogue/use-participants'
import { teamHref } from '../../lib/navigation/filter-links'
import { paths } from '../../lib/navigation/paths'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import { EntityEvents, EntityHeader, EntityNotFound } from './entity-page'

/** Spec §2 `/?school=<alias or name>`: the school's page — crest, favourite star, its teams and its games. */
export function SchoolView({ token }: { token: string }) {
  const { t, i18n } = useTranslation()
  const groups = useParticipantGroups()
  const categories = useEventCategories()
  const participants = useParticipants()
  const school = findByAliasOrName(groups, token)
  useDocumentTitle(school?.name ?? t('entity.notFoundTitle'))
  if (!school) return <EntityNotFound text={t('entity.schoolNotFound', { name: token })} />

  const divisions = new Map(flattenCategories(categories).map((entry) => [entry.category.id, entry.category.name]))
  const teams = (participants.data ?? [])
    .filter((team) => team.participant_group_id === school.id)
    .map((team) => ({ team, division: team.event_category_id ? (divisions.get(team.event_category_id) ?? '') : '' }))
    .sort((a, b) => a.division.localeCompare(b.division, i18n.language))
  const place = [school.properties.city, school.properties.state].filter(Boolean).join(', ')

  return (
    <div className="entity container">
      <EntityHeader
        crest={school.images[0]}
        eyebrow={t('entity.school')}
        name={school.name}
        facts={
          <p>
            {[place, school.properties.conference ? t('entity.conference', { name: school.properties.conference }) : '']
              .filter(Boolean)
              .join(' · ')}
          </p>
        }
        actions={
          <>
            <FavoriteToggle
              target={{ type: 'group', id: school.id, name: school.name, alias: school.alias, images: school.images }}
            />
            <ButtonLink variant="secondary" to={`${paths.schedule}?school=${encodeURIComponent(school.alias)}`}>
              {t('entity.fullSchedule')}
            </ButtonLink>
            <CalendarLinks kind="schools" id={school.id} name={school.name} />
            <FollowAlertsHint />
          </>
        }
      />

      <section className="entity-section" aria-labelledby="school-teams-title">
        <h2 id="school-teams-title" className="home-section-title">
          {t('entity.teams')}
        </h2>
        {participants.isPending ? (
          <LoadingStatus />
        ) : participants.isError ? (
          <LoadError onRetry={() => void participants.refetch()} />
        ) : teams.length === 0 ? (
          <EmptyState>{t('entity.noTeams')}</EmptyState>
        ) : (
          <ul className="plain-list team-list">
            {teams.map(({ team, division }) => {
              const label = division ? `${team.name} (${division})` : team.name
              return (
                <li key={team.id} className="team-list__item">
                  <Link className="team-list__link" to={teamHref(team.alias)}>
                    <span className="team-list__name">{team.name}</span>
                    {division ? <span className="team-list__division">{division}</span> : null}
                  </Link>
                  <FavoriteToggle
                    variant="icon"
                    target={{ type: 'participant', id: team.id, name: label, alias: team.alias, images: team.images }}
                  />
                </li>
              )
            })}
          </ul>
        )}
      </section>

      <EntityEvents filter={{ school: school.alias }} />
    </div>
  )
}
