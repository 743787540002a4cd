import { useTranslation } from 'react-i18next'
import { ButtonLink } from '../../components/ui/button'
import { EmptyState, LoadingStatus } from '../../components/ui/load-states'
import { PageFrame } from '../../components/ui/page-frame'
import { paths } from '../../lib/navigation/paths'
import { useAppStore } from '../../lib/store/app-store'
import { useDocumentTitle } from '../channel/use-document-title'
import { useOrders, usePasses } from './api/commerce-api'
import { checkoutHref } from './checkout-logic'
import { PassCard } from './pass-card'
import './checkout.css'

/** `/select-package/{id}` (digits only, checked by the router): one pass, then on to checkout. */
export function SelectPackagePage({ packageId }: { packageId: number }) {
  const { t } = useTranslation()
  useDocumentTitle(t('buy.selectPackageTitle'))
  const passes = usePasses()
  const signedIn = useAppStore((s) => s.user !== null)
  const orders = useOrders()
  const all = passes.data ? [...passes.data.subscriptions, ...passes.data.packages] : []
  const pass = all.find((p) => p.id === packageId)
  return (
    <PageFrame title={t('buy.selectPackageTitle')} lead={t('buy.selectPackageLead')}>
      {passes.isPending ? <LoadingStatus /> : null}
      {passes.data && !pass ? (
        <EmptyState action={<ButtonLink to={paths.packages}>{t('packages.title')}</ButtonLink>}>
          {t('checkout.notFound')}
        </EmptyState>
      ) : null}
      {pass ? (
        <ul className="pass-grid">
          <PassCard pass={pass} orders={signedIn ? (orders.data ?? []) : []} href={checkoutHref(pass)} />
        </ul>
      ) : null}
    </PageFrame>
  )
}
