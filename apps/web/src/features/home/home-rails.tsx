import { useDeferredValue } from 'react'
import { useTranslation } from 'react-i18next'
import { EventsRail } from '../../components/events/events-rail'
import { ButtonLink } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/load-states'
import { useHomepageEvents } from '../../lib/entities/events/use-homepage-events'
import { useFavoriteEvents } from '../../lib/entities/favorites/use-favorite-events'
import { useFavorites } from '../../lib/entities/favorites/use-favorites'
import { paths } from '../../lib/navigation/paths'
import { useAppStore } from '../../lib/store/app-store'

/** How many games of the followed teams, schools and sports the home page shows. */
const FAVOURITES_RAIL_SIZE = 12

/** Spec §2 home: live now, the viewer's favourites (signed in, with some), upcoming games and replays. */
export function HomeRails() {
  const { t } = useTranslation()
  const homepage = useHomepageEvents()
  // The rails' games arrive after the first view: a query's answer renders at once, in one task, which
  // on a phone's CPU is hundreds of milliseconds the page cannot answer a tap in (issue 20, total
  // blocking time). Deferred, React renders the cards in slices between the browser's own work.
  const data = useDeferredValue(homepage.data)
  // The three rails come from one answer: they wait, fail and ask again together.
  const loading = {
    isPending: data === undefined && !homepage.isError,
    isError: homepage.isError,
    onRetry: () => void homepage.refetch(),
  }
  return (
    <>
      <EventsRail
        live
        title={t('home.liveNow')}
        seeAll={{ to: paths.live, label: t('home.seeAllLive') }}
        events={data?.live}
        {...loading}
        empty={
          // Only what is true: the next games when there are some, else that nothing is live.
          data?.upcoming.length ? (
            <EmptyState
              action={
                <ButtonLink to={paths.upcoming} variant="secondary">
                  {t('home.seeUpcoming')}
                </ButtonLink>
              }
            >
              {t('home.nothingLiveNextUp')}
            </EmptyState>
          ) : (
            <EmptyState>{t('home.nothingLive')}</EmptyState>
          )
        }
      />
      <FavouritesRail />
      <EventsRail
        title={t('home.upcoming')}
        seeAll={{ to: paths.upcoming, label: t('home.seeAllUpcoming') }}
        events={data?.upcoming}
        {...loading}
        empty={<EmptyState>{t('events.empty.upcoming')}</EmptyState>}
      />
      <EventsRail
        title={t('home.replays')}
        seeAll={{ to: paths.vod, label: t('home.seeAllReplays') }}
        events={data?.vod}
        {...loading}
        empty={<EmptyState>{t('events.empty.vod')}</EmptyState>}
      />
    </>
  )
}

/** The live and upcoming games of what the signed-in viewer follows; nothing for anyone else. */
function FavouritesRail() {
  const { t } = useTranslation()
  const isSignedIn = useAppStore((state) => state.user !== null)
  const favorites = useFavorites()
  const hasFavorites = (favorites.data?.length ?? 0) > 0
  const events = useFavoriteEvents(
    { stream_status: ['live', 'upcoming'], limit: FAVOURITES_RAIL_SIZE },
    { enabled: hasFavorites },
  )
  if (!isSignedIn || !hasFavorites) return null
  return (
    <EventsRail
      title={t('home.yourFavourites')}
      events={events.data?.data}
      isPending={events.isPending}
      isError={events.isError}
      onRetry={() => void events.refetch()}
      empty={<EmptyState>{t('home.favouritesEmpty')}</EmptyState>}
    />
  )
}
