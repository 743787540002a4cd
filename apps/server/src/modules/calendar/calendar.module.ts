import { CalendarRepository } from './calendar.repository.js'
import { calendarRoutes } from './calendar.routes.js'
import { CalendarService } from './calendar.service.js'
import { calendarLinkSigner } from './calendar-link.js'

/** The container's parts, made on first use: the database, the server's secret, the channels (for link origins). */
function createCalendar(d: {
  db: { kysely: ConstructorParameters<typeof CalendarRepository>[0] }
  mediaSecret: () => Buffer
  channels: () => { linkOrigin(channel: { id: number }): Promise<string> }
  clock: () => number
}) {
  return new CalendarService({
    repo: new CalendarRepository(d.db.kysely),
    signer: calendarLinkSigner(d.mediaSecret()),
    origin: (channelId) => d.channels().linkOrigin({ id: channelId }),
    clock: d.clock,
  })
}

export type Calendar = CalendarService

/** The calendar feeds (decision 0055): `build` (the container's `calendar`) and `routes` (`/api/calendar/…`). */
export const calendarModule = { build: createCalendar, routes: calendarRoutes }
