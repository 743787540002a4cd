import type { Event } from '@fieldhouse/contract'
import { type ReactNode, useId } from 'react'
import { Link } from 'react-router'
import { ListSkeleton, LoadError } from '../ui/load-states'
import { EventCard, EventCardSkeleton } from './event-card'
import './events-rail.css'

/**
 * A titled row of event cards that scrolls sideways (home page rails). Each card is a list item, so
 * screen readers hear how many there are.
 */
export function EventsRail({
  title,
  seeAll,
  events,
  isPending,
  isError,
  onRetry,
  empty,
  live = false,
}: {
  title: string
  seeAll?: { to: string; label: string }
  events: readonly Event[] | undefined
  isPending: boolean
  isError: boolean
  onRetry: () => void
  empty: ReactNode
  live?: boolean
}) {
  const titleId = useId()
  let body: ReactNode
  if (isPending) {
    body = <ListSkeleton className="scroll-rail rail__track" skeleton={<EventCardSkeleton />} />
  } else if (isError || !events) {
    body = <LoadError onRetry={onRetry} />
  } else if (events.length === 0) {
    body = empty
  } else {
    body = (
      <ul className="plain-list scroll-rail rail__track">
        {events.map((event) => (
          <li key={event.id} className="rail__item">
            <EventCard event={event} />
          </li>
        ))}
      </ul>
    )
  }
  return (
    <section className="rail" aria-labelledby={titleId}>
      <div className="rail__head">
        <h2 id={titleId} className="rail__title">
          {live ? <span className="rail__live-dot" aria-hidden="true" /> : null}
          {title}
        </h2>
        {seeAll ? (
          <Link className="rail__see-all" to={seeAll.to}>
            {seeAll.label}
            <span aria-hidden="true"> →</span>
          </Link>
        ) : null}
      </div>
      {body}
    </section>
  )
}
