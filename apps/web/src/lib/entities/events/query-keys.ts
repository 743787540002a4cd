import type { QueryObject } from '../../api/query-string'

/**
 * Event answers depend on who asks (has_access differs for a signed-in viewer), so their keys carry
 * the viewer: signing in or out never shows one viewer's answers to another.
 */
export const eventsQueryRoot = ['events'] as const

export const eventsListQueryKey = (viewerId: number | null, query: QueryObject, pageSize: number) =>
  ['events', 'list', { viewer: viewerId, pageSize, ...query }] as const

export const eventQueryKey = (viewerId: number | null, id: number) =>
  ['events', 'one', { viewer: viewerId, id }] as const

export const homepageEventsQueryKey = (viewerId: number | null) => ['events', 'homepage', { viewer: viewerId }] as const
