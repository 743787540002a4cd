import { EventPassOffers } from '../../features/checkout/event-pass-offers'
import { WatchPage as EventWatchPage } from '../../features/watch/watch-page'

/**
 * `/watch/{id}` with the passes that would open the game: checkout's offers, handed to the watch page
 * here so that neither feature imports the other.
 */
export function WatchPage() {
  return <EventWatchPage passOffers={(eventId) => <EventPassOffers eventId={eventId} />} />
}
