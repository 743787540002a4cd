import { useTranslation } from 'react-i18next'
import { NavLink, useLocation, useSearchParams } from 'react-router'
import { PageFrame } from '../../components/ui/page-frame'
import { normalizePath, paths } from '../../lib/navigation/paths'
import { useDocumentTitle } from '../channel/use-document-title'
import './events-list-page.css'

/** Spec §2: one page on four paths. The path says which events; the view mode is kept in the query. */
const lists = [
  { path: paths.live, titleKey: 'events.liveTitle', leadKey: 'events.liveLead' },
  { path: paths.upcoming, titleKey: 'events.upcomingTitle', leadKey: 'events.upcomingLead' },
  { path: paths.vod, titleKey: 'events.vodTitle', leadKey: 'events.vodLead' },
  { path: paths.schedule, titleKey: 'events.scheduleTitle', leadKey: 'events.scheduleLead' },
] as const

export type EventsViewMode = 'grid' | 'list'
const VIEW_PARAM = 'view'

export function EventsListPage() {
  const { t } = useTranslation()
  const location = useLocation()
  const [searchParams, setSearchParams] = useSearchParams()
  const list = lists.find((entry) => entry.path === normalizePath(location.pathname)) ?? lists[3]
  const viewMode: EventsViewMode = searchParams.get(VIEW_PARAM) === 'list' ? 'list' : 'grid'
  const title = t(list.titleKey)
  useDocumentTitle(title)

  const handleViewChange = (mode: EventsViewMode) => {
    const next = new URLSearchParams(searchParams)
    if (mode === 'grid') next.delete(VIEW_PARAM)
    else next.set(VIEW_PARAM, mode)
    setSearchParams(next, { replace: true, preventScrollReset: true })
  }

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
      {/* The events of this list render here, as cards or rows depending on the view mode. */}
      <div className={`events-list events-list--${viewMode}`} data-view={viewMode} />
    </PageFrame>
  )
}
