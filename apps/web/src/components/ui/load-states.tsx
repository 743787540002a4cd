import { Fragment, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { httpStatus } from '../../lib/api/error-text'
import { Button } from './button'

/** What failed to load, and a way to ask again. Announced at once. */
export function LoadError({ onRetry, children }: { onRetry: () => void; children?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <div className="empty-state state-message state-message--error" role="alert">
      <p>{children ?? t('errors.contentLoadFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('common.tryAgain')}
      </Button>
    </div>
  )
}

/** Nothing to show, said plainly, with what to do next when there is something. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state state-message">
      <p>{children}</p>
      {action}
    </div>
  )
}

/** Tells screen readers that content is on its way while skeletons (hidden from them) hold its place. */
export function LoadingStatus({ label }: { label?: string }) {
  const { t } = useTranslation()
  return (
    <p className="visually-hidden" role="status">
      {label ?? t('common.loading')}
    </p>
  )
}

/**
 * A page's one item could not be had. Gone (404, or an address that cannot name one) says so with a way
 * on — asking again cannot bring it back; any other failure offers to try again.
 */
export function ItemLoadFailure({
  error,
  missing = false,
  missingText,
  failedText,
  onRetry,
  action,
}: {
  error: unknown
  /** The address cannot name an item (e.g. not a number). */
  missing?: boolean
  missingText: string
  failedText: string
  onRetry: () => void
  /** Where to go instead of a missing item. */
  action?: ReactNode
}) {
  if (missing || httpStatus(error) === 404) return <EmptyState action={action}>{missingText}</EmptyState>
  return <LoadError onRetry={onRetry}>{failedText}</LoadError>
}

/** A list query's waiting (said to screen readers) and its failure (with a way to ask again). */
export function QueryStates({ query }: { query: { isPending: boolean; isError: boolean; refetch: () => unknown } }) {
  return (
    <>
      {query.isPending ? <LoadingStatus /> : null}
      {query.isError ? <LoadError onRetry={() => void query.refetch()} /> : null}
    </>
  )
}

/**
 * A list on its way: the status for screen readers, and `count` skeletons of its items (hidden from
 * them) in the list's own frame (`className`).
 */
export function ListSkeleton({
  className,
  skeleton,
  count = 4,
}: {
  className: string
  skeleton: ReactNode
  count?: number
}) {
  return (
    <>
      <LoadingStatus />
      <div className={className} aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
          <Fragment key={index}>{skeleton}</Fragment>
        ))}
      </div>
    </>
  )
}

/** "Load more" under a paged list, with a spinner while the next page comes. */
export function LoadMoreButton({ query }: { query: { isFetchingNextPage: boolean; fetchNextPage: () => unknown } }) {
  const { t } = useTranslation()
  return (
    <Button
      variant="secondary"
      size="lg"
      onClick={() => void query.fetchNextPage()}
      disabled={query.isFetchingNextPage}
    >
      {query.isFetchingNextPage ? <span className="spinner" aria-hidden="true" /> : null}
      {query.isFetchingNextPage ? t('events.loadingMore') : t('events.loadMore')}
    </Button>
  )
}
