import { type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { EventsCollection } from '../../components/events/events-collection'
import { ButtonLink } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/load-states'
import type { QueryObject } from '../../lib/api/query-string'
import { useEvents } from '../../lib/entities/events/use-events'
import { paths } from '../../lib/navigation/paths'
import './entity-page.css'

/** Games per page on a school's or team's page. */
const ENTITY_PAGE_SIZE = 8

/** The head of a school's or team's page: crest, what it is, its name, facts and actions. */
export function EntityHeader({
  crest,
  eyebrow,
  name,
  facts,
  actions,
}: {
  crest: string | undefined
  eyebrow: ReactNode
  name: string
  facts: ReactNode
  actions: ReactNode
}) {
  return (
    <header className="entity-header">
      <div className="entity-header__crest-frame">
        {crest ? <img className="entity-header__crest" src={crest} alt="" /> : null}
      </div>
      <div className="entity-header__text">
        <p className="eyebrow entity-header__eyebrow">{eyebrow}</p>
        <h1 className="entity-header__name">{name}</h1>
        <div className="entity-header__facts">{facts}</div>
      </div>
      <div className="entity-header__actions">{actions}</div>
    </header>
  )
}

function EntityEventsSection({ title, query, empty }: { title: string; query: QueryObject; empty: string }) {
  const events = useEvents(query, { pageSize: ENTITY_PAGE_SIZE })
  const id = useId()
  return (
    <section className="entity-section" aria-labelledby={id}>
      <h2 id={id} className="home-section-title">
        {title}
      </h2>
      <EventsCollection query={events} view="grid" empty={<EmptyState>{empty}</EmptyState>} />
    </section>
  )
}

/** A school's or team's games: live and upcoming first, then replays, each paged. */
export function EntityEvents({ filter }: { filter: QueryObject }) {
  const { t } = useTranslation()
  return (
    <>
      <EntityEventsSection
        title={t('entity.comingUp')}
        query={{ ...filter, stream_status: ['live', 'upcoming'] }}
        empty={t('entity.noUpcoming')}
      />
      <EntityEventsSection
        title={t('entity.replays')}
        query={{ ...filter, stream_status: ['vod'] }}
        empty={t('entity.noReplays')}
      />
    </>
  )
}

/** A filter link to a school or team that does not exist (or no longer does). */
export function EntityNotFound({ text }: { text: string }) {
  const { t } = useTranslation()
  return (
    <div className="entity container">
      <h1 className="entity-missing__title">{t('entity.notFoundTitle')}</h1>
      <EmptyState
        action={
          <div className="entity-missing__actions">
            <ButtonLink to={paths.home}>{t('common.backHome')}</ButtonLink>
            <ButtonLink to={paths.schedule} variant="secondary">
              {t('home.seeSchedule')}
            </ButtonLink>
          </div>
        }
      >
        {text}
      </EmptyState>
    </div>
  )
}

export function EntityHeaderSkeleton() {
  return (
    <div className="entity-header" aria-hidden="true">
      <div className="entity-header__crest-frame skeleton" />
      <div className="entity-header__text">
        <span className="skeleton skeleton--line" style={{ width: '6rem' }} />
        <span className="skeleton skeleton--title" style={{ width: '16rem', height: '2.4rem' }} />
        <span className="skeleton skeleton--line" style={{ width: '10rem' }} />
      </div>
    </div>
  )
}
