import { useTranslation } from 'react-i18next'
import { ButtonLink } from '../../components/ui/button'
import { paths } from '../../lib/navigation/paths'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import './not-found-page.css'

export function NotFoundPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('notFound.title'))
  return (
    <div className="not-found container">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__title">{t('notFound.title')}</h1>
      <p className="not-found__text">{t('notFound.text')}</p>
      <ButtonLink to={paths.home} size="lg">
        {t('notFound.backHome')}
      </ButtonLink>
    </div>
  )
}
