import type { Event, ParticipantGroup } from '@fieldhouse/contract'
import { type CSSProperties, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { sharedGender, sportOf } from '../../lib/entities/catalogue/catalogue-lookups'
import { useEventCategories } from '../../lib/entities/catalogue/use-event-categories'
import { useParticipantGroups } from '../../lib/entities/catalogue/use-participant-groups'
import { accessBadge, eventTitle, formatEventTime, matchupOf } from '../../lib/entities/events/event-display'
import { schoolHref, sportHref, teamHref } from '../../lib/navigation/filter-links'
import { paths } from '../../lib/navigation/paths'
import { EventScoreLine } from './event-score'
import './event-card.css'

type EventParticipant = Event['participants'][number]

/** The live, replay and access badges of an event. */
export function EventBadges({ event }: { event: Event }) {
  const { t, i18n } = useTranslation()
  const badge = accessBadge(event, i18n.language)
  return (
    <>
      {event.stream_status === 'live' ? <span className="badge-live">{t('eventCard.live')}</span> : null}
      {event.stream_status === 'vod' ? (
        <span className="event-badge event-badge--replay">{t('eventCard.replay')}</span>
      ) : null}
      <span className={`event-badge event-badge--access event-badge--${badge.kind}`}>
        {badge.kind === 'geoBlocked' ? t('access.geoBlocked') : null}
        {badge.kind === 'free' ? t('access.free') : null}
        {badge.kind === 'signIn' ? t('access.signIn') : null}
        {badge.kind === 'unlocked' ? t('access.unlocked') : null}
        {badge.kind === 'price'
          ? badge.payPerView
            ? t('access.payPerView', { price: badge.price })
            : badge.price
          : null}
      </span>
    </>
  )
}

/** The event's division, linking to its sport's schedule (with the gender its teams play in). */
function SportLink({ event }: { event: Event }) {
  const categories = useEventCategories()
  const sport = sportOf(event.event_category_id, categories)
  if (!event.category) return null
  if (!sport) return <span className="event-card__sport">{event.category.name}</span>
  const gender = sport.id === event.category.id ? null : sharedGender(event.participants)
  return (
    <Link className="event-card__sport event-card__raised" to={sportHref(sport.alias, gender)}>
      {event.category.name}
    </Link>
  )
}

function TeamLinks({ away, home }: { away: EventParticipant; home: EventParticipant }) {
  const { t } = useTranslation()
  return (
    <p className="event-card__teams">
      <Link className="event-card__raised" to={teamHref(away.alias)}>
        {away.name}
      </Link>
      <span aria-hidden="true"> @ </span>
      <span className="visually-hidden"> {t('eventCard.at')} </span>
      <Link className="event-card__raised" to={teamHref(home.alias)}>
        {home.name}
      </Link>
    </p>
  )
}

/** The schools of the teams, away first like the title. */
function SchoolLinks({ event, groups }: { event: Event; groups: ParticipantGroup[] }) {
  const matchup = matchupOf(event)
  const participants = matchup ? [matchup.away, matchup.home] : event.participants
  const schools = participants
    .map((p) => groups.find((g) => g.id === p.participant_group_id))
    .filter((g, index, all): g is ParticipantGroup => g !== undefined && all.indexOf(g) === index)
  if (schools.length === 0) return null
  return (
    <p className="event-card__schools">
      {schools.map((school, index) => (
        <span key={school.id}>
          {index > 0 ? <span aria-hidden="true"> · </span> : null}
          <Link className="event-card__raised" to={schoolHref(school.alias)}>
            {school.name}
          </Link>
        </span>
      ))}
    </p>
  )
}

function Crest({ participant }: { participant: EventParticipant }) {
  const image = participant.images[0]
  return image ? (
    <img className="event-crest" src={image} alt="" width={88} height={88} loading="lazy" decoding="async" />
  ) : (
    <span className="event-crest event-crest--text" aria-hidden="true">
      {participant.short_name.slice(0, 3)}
    </span>
  )
}

const mediaStyle = (away?: EventParticipant, home?: EventParticipant) =>
  ({
    '--away-color': away?.color ?? 'var(--secondary-color)',
    '--home-color': home?.color ?? 'var(--primary-color)',
  }) as CSSProperties

function EventMedia({ event, compact = false }: { event: Event; compact?: boolean }) {
  const matchup = matchupOf(event)
  return (
    <div
      className={`event-media${compact ? ' event-media--compact' : ''}`}
      style={mediaStyle(matchup?.away, matchup?.home)}
    >
      {matchup ? (
        <div className="event-media__crests" aria-hidden="true">
          <Crest participant={matchup.away} />
          <span className="event-media__at">@</span>
          <Crest participant={matchup.home} />
        </div>
      ) : (
        <span className="event-media__name" aria-hidden="true">
          {event.category?.name ?? event.name}
        </span>
      )}
    </div>
  )
}

/** What the card and the row both show of an event: its time, matchup and schools, and the title's id. */
function useEventView(event: Event) {
  const { i18n } = useTranslation()
  return {
    titleId: useId(),
    groups: useParticipantGroups(),
    time: formatEventTime(event.event_utc_ts, event.time_zone, i18n.language),
    matchup: matchupOf(event),
  }
}

const venueText = (event: Event) =>
  event.location
    ? [event.location.name, [event.location.city, event.location.state].filter(Boolean).join(', ')]
        .filter(Boolean)
        .join(' · ')
    : ''

/**
 * An event as a 16/9 card (spec §9 event card ratio). The title leads to the watch page and the whole
 * card is its hit area; the sport, team and school links sit above it.
 */
export function EventCard({ event }: { event: Event }) {
  const { titleId, groups, time, matchup } = useEventView(event)
  return (
    <article className={`event-card event-card--${event.stream_status}`} aria-labelledby={titleId}>
      <div className="event-card__top">
        <EventMedia event={event} />
        <div className="event-card__badges">
          <EventBadges event={event} />
        </div>
      </div>
      <div className="event-card__body">
        <SportLink event={event} />
        <h3 id={titleId} className="event-card__title">
          <Link className="event-card__link" to={paths.watch(event.id)}>
            {eventTitle(event)}
          </Link>
        </h3>
        <p className="event-card__time">
          <time dateTime={time.iso}>
            <span className="nowrap">{time.date}</span> · <span className="nowrap">{`${time.time} ${time.zone}`}</span>
          </time>
        </p>
        <EventScoreLine event={event} raised />
        {matchup ? <TeamLinks away={matchup.away} home={matchup.home} /> : null}
        <SchoolLinks event={event} groups={groups} />
        {event.location ? <p className="event-card__venue">{venueText(event)}</p> : null}
      </div>
    </article>
  )
}

/** The same event as a row of the list view: time first, then who, what and where. */
export function EventRow({ event }: { event: Event }) {
  const { titleId, groups, time, matchup } = useEventView(event)
  return (
    <article className={`event-row event-row--${event.stream_status}`} aria-labelledby={titleId}>
      <p className="event-row__when">
        <time dateTime={time.iso}>
          <span className="event-row__date">{time.date}</span>
          <span className="event-row__time">
            {time.time} <span className="event-row__zone">{time.zone}</span>
          </span>
        </time>
      </p>
      <EventMedia event={event} compact />
      <div className="event-row__main">
        <h3 id={titleId} className="event-card__title event-row__title">
          <Link className="event-card__link" to={paths.watch(event.id)}>
            {eventTitle(event)}
          </Link>
        </h3>
        <EventScoreLine event={event} raised />
        {matchup ? <TeamLinks away={matchup.away} home={matchup.home} /> : null}
        <SchoolLinks event={event} groups={groups} />
      </div>
      <div className="event-row__meta">
        <SportLink event={event} />
        {event.location ? <p className="event-card__venue">{venueText(event)}</p> : null}
      </div>
      <div className="event-row__badges">
        <EventBadges event={event} />
      </div>
    </article>
  )
}

/** Placeholders of the right shape while events load; hidden from screen readers (a status says "Loading"). */
export function EventCardSkeleton({ view = 'grid' }: { view?: 'grid' | 'list' }) {
  return view === 'grid' ? (
    <div className="event-card event-card--skeleton" aria-hidden="true">
      <div className="event-media skeleton" />
      <div className="event-card__body">
        <span className="skeleton skeleton--line" style={{ width: '40%' }} />
        <span className="skeleton skeleton--title" style={{ width: '65%' }} />
        <span className="skeleton skeleton--line" style={{ width: '80%' }} />
        <span className="skeleton skeleton--line" style={{ width: '55%' }} />
      </div>
    </div>
  ) : (
    <div className="event-row event-row--skeleton" aria-hidden="true">
      <span className="skeleton skeleton--line" style={{ width: '5rem' }} />
      <div className="event-media event-media--compact skeleton" />
      <div className="event-row__main">
        <span className="skeleton skeleton--title" style={{ width: '50%' }} />
        <span className="skeleton skeleton--line" style={{ width: '70%' }} />
      </div>
    </div>
  )
}
