export { EventsListPage } from '../../features/events/events-list-page'
