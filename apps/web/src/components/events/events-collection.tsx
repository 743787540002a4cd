import type { Event } from '@fieldhouse/contract'
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { pagedItems } from '../../lib/api/paged-items'
import type { EventsPage } from '../../lib/entities/events/events-schemas'
import { ListSkeleton, LoadError, LoadMoreButton } from '../ui/load-states'
import { EventCard, EventCardSkeleton, EventRow } from './event-card'
import { SpoilerSwitch } from './event-score'
import './events-collection.css'

export type EventsViewMode = 'grid' | 'list'

/** Cards or rows of events, as a list (each event one item). */
export function EventsGrid({
  events,
  view,
  busy = false,
}: {
  events: readonly Event[]
  view: EventsViewMode
  busy?: boolean
}) {
  return (
    <ul className={`plain-list events-list events-list--${view}`} data-view={view} aria-busy={busy || undefined}>
      {events.map((event) => (
        <li key={event.id} className="events-list__item">
          {view === 'grid' ? <EventCard event={event} /> : <EventRow event={event} />}
        </li>
      ))}
    </ul>
  )
}

export function EventsSkeleton({ view, count = 6 }: { view: EventsViewMode; count?: number }) {
  return (
    <ListSkeleton
      className={`events-list events-list--${view}`}
      skeleton={<EventCardSkeleton view={view} />}
      count={count}
    />
  )
}

/**
 * A paged events list with every state: skeletons while loading, a message and retry on failure, an
 * empty state, the count so far, and "Load more" while more pages remain.
 */
export function EventsCollection({
  query,
  view,
  empty,
}: {
  query: UseInfiniteQueryResult<InfiniteData<EventsPage>>
  view: EventsViewMode
  /** What to say (and offer) when no event matches. */
  empty: ReactNode
}) {
  const { t } = useTranslation()
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchNextPageError } = query
  if (isPending) return <EventsSkeleton view={view} />
  if (isError && !isFetchNextPageError) return <LoadError onRetry={() => void refetch()} />

  const { items: events, total } = pagedItems(data.pages)
  if (events.length === 0) return <>{empty}</>

  return (
    <div className="events-collection">
      <div className="events-collection__bar">
        <p className="events-collection__count" aria-live="polite">
          {t('events.showing', { count: total, shown: events.length })}
        </p>
        {events.some((event) => event.score) ? <SpoilerSwitch /> : null}
      </div>
      <EventsGrid events={events} view={view} busy={query.isPlaceholderData} />
      <div className="events-collection__more">
        {isFetchNextPageError ? (
          <LoadError onRetry={() => void fetchNextPage()}>{t('events.moreFailed')}</LoadError>
        ) : hasNextPage ? (
          <LoadMoreButton query={query} />
        ) : null}
      </div>
    </div>
  )
}
