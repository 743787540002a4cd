import { z } from 'zod'

/**
 * Calendar feeds (decision 0055): iCalendar (RFC 5545) schedules a calendar app subscribes to. Plain
 * values first, so pages can make the links without the schemas.
 */
export const CALENDAR_FEED_KINDS = ['teams', 'schools', 'sports'] as const
export type CalendarFeedKind = (typeof CALENDAR_FEED_KINDS)[number]

/** The public feed of a team, school or sport, under the site's origin. */
export const calendarFeedPath = (kind: CalendarFeedKind, id: number, channelKey: string) =>
  `/api/calendar/${kind}/${id}.ics?channel_key=${encodeURIComponent(channelKey)}`

/** The same address for a calendar app to subscribe to (`webcal://`, which calendar apps open). */
export const webcalOf = (https: string) => https.replace(/^https?:/i, 'webcal:')

/** A viewer's private follows feed: both forms of its link, or nulls while they have none. */
export const CalendarLinkSchema = z.object({ https: z.string().nullable(), webcal: z.string().nullable() })
export type CalendarLink = z.infer<typeof CalendarLinkSchema>
