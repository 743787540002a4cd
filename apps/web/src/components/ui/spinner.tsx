import { useTranslation } from 'react-i18next'
import './spinner.css'

export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation()
  return (
    <span className="spinner" role="status">
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
    </span>
  )
}

/** Shown while a view's code or data is on its way. */
export function PageLoader() {
  return (
    <div className="page-loader">
      <Spinner />
    </div>
  )
}
