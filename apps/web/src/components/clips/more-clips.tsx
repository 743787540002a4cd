import { useTranslation } from 'react-i18next'
import { Button } from '../ui/button'

/** The next page of a list of clips, asked for by a button under it while there is one. */
export function MoreClips({
  query,
  label,
  testId,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown }
  label: string
  testId?: string
}) {
  const { t } = useTranslation()
  if (!query.hasNextPage) return null
  return (
    <div className="moments-more">
      <Button
        variant="secondary"
        disabled={query.isFetchingNextPage}
        aria-busy={query.isFetchingNextPage || undefined}
        data-testid={testId}
        onClick={() => void query.fetchNextPage()}
      >
        {query.isFetchingNextPage ? t('common.loading') : label}
      </Button>
    </div>
  )
}
