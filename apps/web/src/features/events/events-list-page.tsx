import { useTranslation } from 'react-i18next'
import { NavLink, useLocation } from 'react-router'
import { CalendarLinks } from '../../components/calendar/calendar-links'
import { EventsCollection, type EventsViewMode } from '../../components/events/events-collection'
import { FavoriteToggle } from '../../components/favorites/favorite-toggle'
import { FollowAlertsHint } from '../../components/favorites/follow-alerts-hint'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/load-states'
import { PageFrame } from '../../components/ui/page-frame'
import { findByAliasOrName } from '../../lib/entities/catalogue/catalogue-lookups'
import { useEventCategories } from '../../lib/entities/catalogue/use-event-categories'
import { useParticipantGroupProperties } from '../../lib/entities/catalogue/use-participant-group-properties'
import { useParticipantGroups } from '../../lib/entities/catalogue/use-participant-groups'
import { useParticipants } from '../../lib/entities/catalogue/use-participants'
import { useEvents } from '../../lib/entities/events/use-events'
import { normalizePath, paths } from '../../lib/navigation/paths'
import { useQueryChanges } from '../../lib/navigation/query-changes'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import {
  type EventFilters,
  eventsApiQuery,
  filtersFromSearch,
  filtersToSearch,
  streamStatusesOf,
} from './event-filters'
import { EventsFilters } from './events-filters'
import { facetSchoolQuery, facetsFromSearch, schoolsWithFacets, withFacet, withoutFacets } from './school-facets'
import './events-list-page.css'

/** Spec §2: one page on four paths. The path says which events; the view mode is kept in the query. */
const lists = [
  { key: 'live', path: paths.live, titleKey: 'events.liveTitle', leadKey: 'events.liveLead' },
  { key: 'upcoming', path: paths.upcoming, titleKey: 'events.upcomingTitle', leadKey: 'events.upcomingLead' },
  { key: 'vod', path: paths.vod, titleKey: 'events.vodTitle', leadKey: 'events.vodLead' },
  { key: 'schedule', path: paths.schedule, titleKey: 'events.scheduleTitle', leadKey: 'events.scheduleLead' },
] as const

export type { EventsViewMode }

const VIEW_PARAM = 'view'

export function EventsListPage() {
  const { t } = useTranslation()
  const location = useLocation()
  const [searchParams, changeQuery] = useQueryChanges()
  const list = lists.find((entry) => entry.path === normalizePath(location.pathname)) ?? lists[3]
  const viewMode: EventsViewMode = searchParams.get(VIEW_PARAM) === 'list' ? 'list' : 'grid'
  const title = t(list.titleKey)
  useDocumentTitle(title)

  const groups = useParticipantGroups()
  const categories = useEventCategories()
  const participants = useParticipants()
  const properties = useParticipantGroupProperties()
  const filters = filtersFromSearch(searchParams)
  const facets = facetsFromSearch(searchParams, properties)
  const filtersQuery = eventsApiQuery(filters, streamStatusesOf(list.key), {
    school: (token) => findByAliasOrName(groups, token)?.alias,
    team: (token) => findByAliasOrName(participants.data, token)?.alias,
  })
  // The schools' properties narrow the games to those schools' when no school is chosen.
  const facetSchools = filters.school ? undefined : facetSchoolQuery(groups, facets)
  const query = facetSchools ? { ...filtersQuery, school: facetSchools } : filtersQuery
  // A team named by its name is sent by alias, so wait for the teams rather than ask for nothing.
  const events = useEvents(query, { enabled: !(filters.team && participants.isPending) })
  const sport = findByAliasOrName(categories, filters.sport)

  const handleViewChange = (mode: EventsViewMode) =>
    changeQuery((query) => {
      if (mode === 'grid') query.delete(VIEW_PARAM)
      else query.set(VIEW_PARAM, mode)
      return query
    })

  const handleFiltersChange = (change: (filters: EventFilters) => EventFilters) =>
    changeQuery((query) => filtersToSearch(change(filtersFromSearch(query)), query))

  /** A school that lacks the newly chosen property value is dropped with it. */
  const handleFacetChange = (property: string, value: string) =>
    changeQuery((query) => {
      const next = withFacet(query, property, value)
      const school = findByAliasOrName(groups, next.get('school'))
      if (school && schoolsWithFacets([school], facetsFromSearch(next, properties)).length === 0) next.delete('school')
      return next
    })

  const handleClear = () => changeQuery((query) => withoutFacets(filtersToSearch({}, query)))

  const hasFilters = Object.keys(filters).length + Object.keys(facets).length > 0

  const viewToggle = (
    <fieldset className="view-toggle">
      <legend className="visually-hidden">{t('events.viewLabel')}</legend>
      {(['grid', 'list'] as const).map((mode) => (
        <button
          key={mode}
          type="button"
          className={`view-toggle__option${viewMode === mode ? ' is-active' : ''}`}
          aria-pressed={viewMode === mode}
          onClick={() => handleViewChange(mode)}
        >
          <span className={`view-toggle__icon view-toggle__icon--${mode}`} aria-hidden="true" />
          {t(`events.${mode}`)}
        </button>
      ))}
    </fieldset>
  )

  return (
    <PageFrame title={title} lead={t(list.leadKey)} actions={viewToggle} wide>
      <nav className="events-tabs" aria-label={t('events.listsLabel')}>
        {lists.map((entry) => (
          <NavLink key={entry.path} to={{ pathname: entry.path, search: location.search }} className="events-tabs__tab">
            {entry.path === paths.live ? <span className="events-tabs__live-dot" aria-hidden="true" /> : null}
            {t(entry.titleKey)}
          </NavLink>
        ))}
      </nav>

      <EventsFilters
        filters={filters}
        facets={facets}
        participants={participants.data}
        onChange={handleFiltersChange}
        onFacetChange={handleFacetChange}
        onClear={handleClear}
      />

      {sport && sport.parent_id === null ? (
        <div className="events-sport">
          <h2 className="events-sport__name">{sport.name}</h2>
          <FavoriteToggle target={{ type: 'category', id: sport.id, name: sport.name, alias: sport.alias }} />
          <CalendarLinks kind="sports" id={sport.id} name={sport.name} />
          <FollowAlertsHint />
        </div>
      ) : null}

      <h2 className="visually-hidden">{t('events.results')}</h2>
      <EventsCollection
        query={events}
        view={viewMode}
        empty={
          <EmptyState
            action={
              hasFilters ? (
                <Button variant="secondary" onClick={handleClear}>
                  {t('filters.clear')}
                </Button>
              ) : null
            }
          >
            {hasFilters ? t('events.emptyFiltered') : t(`events.empty.${list.key}`)}
          </EmptyState>
        }
      />
    </PageFrame>
  )
}
