import type { VodMedia } from '@fieldhouse/contract'
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import { type ReactNode, useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/button'
import { EmptyState, ListSkeleton, LoadError, LoadMoreButton } from '../../components/ui/load-states'
import { PageFrame } from '../../components/ui/page-frame'
import { pagedItems } from '../../lib/api/paged-items'
import { useVodCategories } from '../../lib/entities/vod/use-vod-categories'
import { useVodItems } from '../../lib/entities/vod/use-vod-items'
import { useVodRails } from '../../lib/entities/vod/use-vod-rails'
import { useVodSearch } from '../../lib/entities/vod/use-vod-search'
import { searchTitle } from '../../lib/entities/vod/vod-display'
import type { VodPage } from '../../lib/entities/vod/vod-schemas'
import { useQueryChanges } from '../../lib/navigation/query-changes'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import { useDebouncedValue } from './use-debounced-value'
import { VodCard, VodCardSkeleton } from './vod-card'
import { VodRail } from './vod-rail'
import './vod-library-page.css'

/** How long typing must pause before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300
const SEARCH_PARAM = 'search'
const CATEGORY_PARAM = 'category'

/**
 * `/vod_library`: the library's rails, category chips and a search as you type (spec §7 vod-media/search,
 * 10 per page). The search and the category live in the address, so a result can be shared and Back works.
 */
export function VodLibraryPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('vodLibrary.title'))
  const [searchParams, changeQuery] = useQueryChanges()
  const urlSearch = searchParams.get(SEARCH_PARAM) ?? ''
  const [text, setText] = useState(urlSearch)
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS)
  const title = searchTitle(urlSearch)
  const categories = useVodCategories()
  const categoryAlias = searchParams.get(CATEGORY_PARAM)
  const category = categories.data?.find((entry) => entry.alias === categoryAlias)
  const searchId = useId()

  // Typing settles into the address; the address (Back, a shared link) settles into the box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled change of the words moves the address
  useEffect(() => {
    if ((searchTitle(debounced) ?? '') === (searchTitle(urlSearch) ?? '')) return
    changeQuery((query) => {
      if (searchTitle(debounced)) query.set(SEARCH_PARAM, debounced.trim())
      else query.delete(SEARCH_PARAM)
      return query
    })
  }, [debounced])
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the address only when it moves
  useEffect(() => {
    if ((searchTitle(urlSearch) ?? '') !== (searchTitle(text) ?? '')) setText(urlSearch)
  }, [urlSearch])

  const handleCategory = (alias: string | null) =>
    changeQuery((query) => {
      if (alias) query.set(CATEGORY_PARAM, alias)
      else query.delete(CATEGORY_PARAM)
      return query
    })

  const categoryName = (item: VodMedia) =>
    categories.data?.find((entry) => entry.id === item.vod_media_category_id)?.name

  const isFiltered = title !== undefined || category !== undefined

  return (
    <PageFrame title={t('vodLibrary.title')} lead={t('vodLibrary.lead')} wide>
      <div className="vod-tools">
        <search>
          <form className="vod-search" onSubmit={(event) => event.preventDefault()}>
            <label className="vod-search__label" htmlFor={searchId}>
              {t('vod.searchLabel')}
            </label>
            <input
              id={searchId}
              className="vod-search__input"
              type="search"
              value={text}
              placeholder={t('vod.searchPlaceholder')}
              autoComplete="off"
              maxLength={100}
              onChange={(event) => setText(event.target.value)}
            />
          </form>
        </search>
        {categories.data && categories.data.length > 0 ? (
          <fieldset className="vod-chips">
            <legend className="visually-hidden">{t('vod.categories')}</legend>
            <button type="button" className="vod-chip" aria-pressed={!category} onClick={() => handleCategory(null)}>
              {t('vod.allCategories')}
            </button>
            {categories.data.map((entry) => (
              <button
                key={entry.id}
                type="button"
                className="vod-chip"
                aria-pressed={category?.id === entry.id}
                onClick={() => handleCategory(category?.id === entry.id ? null : entry.alias)}
              >
                {entry.name}
              </button>
            ))}
          </fieldset>
        ) : null}
      </div>

      {isFiltered ? (
        <VodResults
          title={title}
          categoryId={category?.id}
          heading={
            title
              ? category
                ? t('vod.resultsInCategory', { title, category: category.name })
                : t('vod.resultsFor', { title })
              : (category?.name ?? '')
          }
          categoryName={categoryName}
          onClear={() => {
            setText('')
            changeQuery(() => new URLSearchParams())
          }}
        />
      ) : (
        <VodBrowse categoryName={categoryName} />
      )}
    </PageFrame>
  )
}

/** Rails first, then every video newest first. */
function VodBrowse({ categoryName }: { categoryName: (item: VodMedia) => string | undefined }) {
  const { t } = useTranslation()
  const rails = useVodRails()
  const all = useVodItems({})
  return (
    <div className="vod-browse">
      {rails.isPending ? (
        <div className="scroll-rail vod-rail__track vod-browse__placeholder" aria-hidden="true">
          {[0, 1, 2, 3].map((index) => (
            <VodCardSkeleton key={index} />
          ))}
        </div>
      ) : rails.isError ? (
        <LoadError onRetry={() => void rails.refetch()} />
      ) : (
        rails.data
          .filter((rail) => rail.vod_media_items.length > 0)
          .map((rail) => (
            <VodRail key={rail.id} title={rail.title} items={rail.vod_media_items} categoryName={categoryName} />
          ))
      )}
      <section className="vod-section" aria-labelledby="vod-all-title">
        <h2 id="vod-all-title" className="vod-rail__title">
          {t('vod.allVideos')}
        </h2>
        <VodGrid query={all} categoryName={categoryName} empty={<EmptyState>{t('vod.libraryEmpty')}</EmptyState>} />
      </section>
    </div>
  )
}

function VodResults({
  title,
  categoryId,
  heading,
  categoryName,
  onClear,
}: {
  title: string | undefined
  categoryId: number | undefined
  heading: string
  categoryName: (item: VodMedia) => string | undefined
  onClear: () => void
}) {
  const { t } = useTranslation()
  const search = useVodSearch({ title: title ?? '', category_id: categoryId }, { enabled: title !== undefined })
  const browse = useVodItems({ category_id: categoryId }, { enabled: title === undefined })
  const query = title !== undefined ? search : browse
  return (
    <section className="vod-section" aria-labelledby="vod-results-title">
      <h2 id="vod-results-title" className="vod-rail__title">
        {heading}
      </h2>
      <VodGrid
        query={query}
        categoryName={categoryName}
        empty={
          <EmptyState
            action={
              <Button variant="secondary" onClick={onClear}>
                {t('vod.clearSearch')}
              </Button>
            }
          >
            {title ? t('vod.noResults', { title }) : t('vod.categoryEmpty')}
          </EmptyState>
        }
      />
    </section>
  )
}

/** A grid of videos with its loading, error, empty and "load more" states. */
function VodGrid({
  query,
  categoryName,
  empty,
}: {
  query: UseInfiniteQueryResult<InfiniteData<VodPage>>
  categoryName: (item: VodMedia) => string | undefined
  empty: ReactNode
}) {
  const { t } = useTranslation()
  if (query.isPending) {
    return <ListSkeleton className="vod-grid" skeleton={<VodCardSkeleton />} />
  }
  if (query.isError && !query.isFetchNextPageError) return <LoadError onRetry={() => void query.refetch()} />
  const { items, total } = pagedItems(query.data.pages)
  if (items.length === 0) return <>{empty}</>
  return (
    <div className="vod-results">
      <p className="vod-results__count" aria-live="polite">
        {t('vod.showing', { count: total, shown: items.length })}
      </p>
      <ul className="plain-list vod-grid" aria-busy={query.isPlaceholderData || undefined}>
        {items.map((item) => (
          <li key={item.id}>
            <VodCard item={item} categoryName={categoryName(item)} />
          </li>
        ))}
      </ul>
      {query.isFetchNextPageError ? (
        <LoadError onRetry={() => void query.fetchNextPage()}>{t('vod.moreFailed')}</LoadError>
      ) : query.hasNextPage ? (
        <div className="vod-results__more">
          <LoadMoreButton query={query} />
        </div>
      ) : null}
    </div>
  )
}
