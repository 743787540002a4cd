import { useTranslation } from 'react-i18next'
import { usePage } from '../../lib/entities/pages/use-page'
import { Button } from '../ui/button'
import { RichText } from '../ui/rich-text'
import { Spinner } from '../ui/spinner'

/** The body of a CMS page, fetched by id, with its loading and failure states. */
export function CmsContent({ pageId }: { pageId: number }) {
  const { t } = useTranslation()
  const page = usePage(pageId)

  if (page.isPending) return <Spinner />
  if (page.isError) {
    return (
      <div className="empty-state" role="alert">
        <p>{t('errors.contentLoadFailed')}</p>
        <Button variant="secondary" onClick={() => page.refetch()} style={{ marginTop: '1rem' }}>
          {t('common.tryAgain')}
        </Button>
      </div>
    )
  }
  return <RichText source={page.data.content} />
}
