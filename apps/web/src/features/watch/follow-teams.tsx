import type { EventDetail } from '@fieldhouse/contract'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { FavoriteToggle } from '../../components/favorites/favorite-toggle'
import { FollowAlertsHint } from '../../components/favorites/follow-alerts-hint'
import { TitledSection } from '../../components/ui/titled-section'
import { teamHref } from '../../lib/navigation/filter-links'

/**
 * The game's teams, each with its page and its star (issue 35): a viewer who came for one game follows
 * the team from here, and its games then come to their favourites and their calendar.
 */
export function FollowTeams({ detail }: { detail: EventDetail }) {
  const { t } = useTranslation()
  if (!detail.participants.length) return null
  // Away first, as the game's name reads ("away @ home").
  const teams = [...detail.participants].sort((a, b) => (a.side === b.side ? 0 : a.side === 'away' ? -1 : 1))
  return (
    <TitledSection
      className="follow-teams"
      titleId="follow-teams-title"
      title={t('watch.followTeams')}
      titleClassName="follow-teams__title"
    >
      <ul className="plain-list follow-teams__list">
        {teams.map((team) => (
          <li key={team.id} className="follow-teams__team">
            {team.images[0] ? <img className="follow-teams__crest" src={team.images[0]} alt="" /> : null}
            <Link className="follow-teams__name" to={teamHref(team.alias)}>
              {team.name}
            </Link>
            <FavoriteToggle
              target={{ type: 'participant', id: team.id, name: team.name, alias: team.alias, images: team.images }}
            />
          </li>
        ))}
      </ul>
      <FollowAlertsHint />
    </TitledSection>
  )
}
