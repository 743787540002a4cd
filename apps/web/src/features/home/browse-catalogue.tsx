import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { FavoriteToggle } from '../../components/favorites/favorite-toggle'
import { TitledSection } from '../../components/ui/titled-section'
import { useEventCategories } from '../../lib/entities/catalogue/use-event-categories'
import { useParticipantGroups } from '../../lib/entities/catalogue/use-participant-groups'
import { schoolHref, sportHref } from '../../lib/navigation/filter-links'
import './browse-catalogue.css'

/** Ways in by school (their pages) and by sport (their schedules, and a star to follow them). */
export function BrowseCatalogue() {
  const { t, i18n } = useTranslation()
  const groups = useParticipantGroups()
  const sports = useEventCategories()
  const schools = [...groups].sort((a, b) => a.name.localeCompare(b.name, i18n.language))
  if (schools.length === 0 && sports.length === 0) return null
  return (
    <div className="browse">
      {schools.length > 0 ? (
        <TitledSection
          className="browse__schools"
          titleId="browse-schools-title"
          title={t('home.schools')}
          titleClassName="home-section-title"
        >
          <ul className="plain-list browse__school-grid">
            {schools.map((school) => (
              <li key={school.id}>
                <Link className="school-tile" to={schoolHref(school.alias)}>
                  {school.images[0] ? (
                    <img
                      className="school-tile__crest"
                      src={school.images[0]}
                      alt=""
                      width={56}
                      height={56}
                      loading="lazy"
                      decoding="async"
                    />
                  ) : null}
                  <span className="school-tile__name">{school.name}</span>
                  {school.properties.city ? (
                    <span className="school-tile__place">
                      {[school.properties.city, school.properties.state].filter(Boolean).join(', ')}
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </TitledSection>
      ) : null}
      {sports.length > 0 ? (
        <TitledSection
          className="browse__sports"
          titleId="browse-sports-title"
          title={t('home.sports')}
          titleClassName="home-section-title"
        >
          <ul className="plain-list browse__sport-list">
            {sports.map((sport) => (
              <li key={sport.id} className="sport-chip">
                <Link className="sport-chip__link" to={sportHref(sport.alias)}>
                  {sport.name}
                </Link>
                <FavoriteToggle
                  variant="icon"
                  target={{ type: 'category', id: sport.id, name: sport.name, alias: sport.alias }}
                />
              </li>
            ))}
          </ul>
        </TitledSection>
      ) : null}
    </div>
  )
}
