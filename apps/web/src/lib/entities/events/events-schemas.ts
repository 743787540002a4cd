import { EventSchema, ListMetaSchema } from '@fieldhouse/contract'
import { z } from 'zod'

/** `GET /api/events` and `GET /api/events/favorite`: a page of events and where it sits in the whole. */
export const EventsPageSchema = z.object({ data: z.array(EventSchema), meta: ListMetaSchema })
export type EventsPage = z.infer<typeof EventsPageSchema>

/** The offset of the page after this one, or undefined after the last. */
export function nextOffset(page: EventsPage): number | undefined {
  const { total, offset } = page.meta
  const next = offset + page.data.length
  return page.data.length > 0 && next < total ? next : undefined
}
