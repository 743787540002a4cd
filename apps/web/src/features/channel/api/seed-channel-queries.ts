import { SlidableType } from '@fieldhouse/contract'
import type { QueryClient } from '@tanstack/react-query'
import { faqQueryKey } from '../../faq/api/use-faq'
import { slidesQueryKey } from '../../home/api/use-slides'
import { pagesQueryKey } from '../../pages/api/use-pages'
import type { ChannelBootstrap } from './use-bootstrap'
import { colorSettingsQueryKey } from './use-color-settings'
import { menuQueryKey } from './use-menu'
import { settingsQueryKey } from './use-settings'

/** One bootstrap call answers what settings, menu, pages, faq, colours and slides would; no need to ask again. */
export function seedChannelQueries(queryClient: QueryClient, bootstrap: ChannelBootstrap) {
  queryClient.setQueryData(settingsQueryKey, bootstrap.settings)
  queryClient.setQueryData(menuQueryKey, bootstrap.menu)
  queryClient.setQueryData(pagesQueryKey, bootstrap.pages)
  queryClient.setQueryData(faqQueryKey, bootstrap.faq)
  queryClient.setQueryData(colorSettingsQueryKey, bootstrap['color-settings'])
  queryClient.setQueryData(
    slidesQueryKey(SlidableType.main),
    bootstrap.slides.filter((slide) => slide.slidable_type === SlidableType.main),
  )
}
