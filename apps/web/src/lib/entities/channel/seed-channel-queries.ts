import { SlidableType } from '@fieldhouse/contract'
import type { QueryClient } from '@tanstack/react-query'
import { eventCategoriesQueryKey } from '../catalogue/use-event-categories'
import { eventLocationsQueryKey } from '../catalogue/use-event-locations'
import { participantGroupPropertiesQueryKey } from '../catalogue/use-participant-group-properties'
import { participantGroupsQueryKey } from '../catalogue/use-participant-groups'
import { faqQueryKey } from '../faq/use-faq'
import { pagesQueryKey } from '../pages/use-pages'
import { slidesQueryKey } from '../slides/use-slides'
import type { ChannelBootstrap } from './use-bootstrap'
import { colorSettingsQueryKey } from './use-color-settings'
import { menuQueryKey } from './use-menu'
import { settingsQueryKey } from './use-settings'

/**
 * One bootstrap call answers what settings, menu, pages, faq, colours, slides, sports, venues, schools
 * and school properties would; no need to ask again.
 */
export function seedChannelQueries(queryClient: QueryClient, bootstrap: ChannelBootstrap) {
  queryClient.setQueryData(settingsQueryKey, bootstrap.settings)
  queryClient.setQueryData(menuQueryKey, bootstrap.menu)
  queryClient.setQueryData(pagesQueryKey, bootstrap.pages)
  queryClient.setQueryData(faqQueryKey, bootstrap.faq)
  queryClient.setQueryData(colorSettingsQueryKey, bootstrap['color-settings'])
  queryClient.setQueryData(slidesQueryKey(null), bootstrap.slides)
  for (const type of Object.values(SlidableType)) {
    queryClient.setQueryData(
      slidesQueryKey(type),
      bootstrap.slides.filter((slide) => slide.slidable_type === type),
    )
  }
  // The catalogue parts come only when the channel has such data; without them the hooks ask the API.
  const seed = <T>(key: readonly unknown[], data: T | undefined) => {
    if (data !== undefined) queryClient.setQueryData(key, data)
  }
  seed(eventCategoriesQueryKey, bootstrap['events-categories'])
  seed(eventLocationsQueryKey, bootstrap['events-locations'])
  seed(participantGroupsQueryKey, bootstrap['participant-groups'])
  seed(participantGroupPropertiesQueryKey, bootstrap['participant-group-properties'])
}
