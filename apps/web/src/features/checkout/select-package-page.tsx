import { type Order, type Package, passFlags } from '@fieldhouse/contract'
import { useTranslation } from 'react-i18next'
import { Button, ButtonLink } from '../../components/ui/button'
import { EmptyState, LoadingStatus } from '../../components/ui/load-states'
import { PageFrame } from '../../components/ui/page-frame'
import { TitledSection } from '../../components/ui/titled-section'
import { useOrders } from '../../lib/entities/account/use-orders'
import { usePackage } from '../../lib/entities/commerce/use-package'
import { useSubscription } from '../../lib/entities/commerce/use-subscription'
import { paths } from '../../lib/navigation/paths'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import { useAppStore } from '../../lib/store/app-store'
import { checkoutHref } from './checkout-logic'
import { PassIncludes, PassPrice } from './pass-card'
import { type CoveredPart, coveredParts } from './pass-display'
import { useCoverageNames } from './use-coverage-names'
import '../../components/ui/labels.css'
import './checkout.css'

/**
 * `/select-package/{id}` (digits only, checked by the router): one pass and exactly what it covers —
 * its sports or divisions and its teams, each marked when the viewer already holds it (spec §3
 * disabledCategories / disabledParticipants) — then on to checkout, or "Purchased" when it is all held.
 */
export function SelectPackagePage({ packageId }: { packageId: number }) {
  const { t } = useTranslation()
  const pkg = usePackage(packageId)
  // The same id space holds subscriptions: one of those is asked for by its own endpoint.
  const subscription = useSubscription(pkg.isError ? packageId : null)
  const pass = pkg.data ?? subscription.data
  useDocumentTitle(pass?.name ?? t('buy.selectPackageTitle'))
  const signedIn = useAppStore((s) => s.user !== null)
  const orders = useOrders()
  const pending = pkg.isPending || (pkg.isError && subscription.isPending)
  return (
    <PageFrame title={pass?.name ?? t('buy.selectPackageTitle')} lead={t('buy.selectPackageLead')}>
      {pending ? <LoadingStatus /> : null}
      {!pending && !pass ? (
        <EmptyState action={<ButtonLink to={paths.packages}>{t('packages.title')}</ButtonLink>}>
          {t('checkout.notFound')}
        </EmptyState>
      ) : null}
      {pass ? <PackageDetail pass={pass} orders={signedIn ? (orders.data ?? []) : []} /> : null}
    </PageFrame>
  )
}

function PackageDetail({ pass, orders }: { pass: Package; orders: Order[] }) {
  const { t } = useTranslation()
  const names = useCoverageNames(pass.participants.length > 0)
  const parts = coveredParts(pass, orders, names)
  const { purchased } = passFlags(pass, orders)
  const list = (title: string, items: CoveredPart[], testId: string) =>
    items.length === 0 ? null : (
      <TitledSection
        className="select-package__group"
        titleId={`${testId}-title`}
        title={title}
        titleClassName="checkout-section__title"
      >
        <ul className="select-package__parts" data-testid={testId}>
          {items.map((part) => (
            <li
              key={part.id}
              className={part.held ? 'select-package__part--held' : undefined}
              aria-disabled={part.held}
            >
              <span>{part.name}</span>
              {part.held ? <span className="order-label">{t('checkout.alreadyYoursShort')}</span> : null}
            </li>
          ))}
        </ul>
      </TitledSection>
    )
  return (
    <div className="select-package checkout__panel" data-testid="select-package">
      <PassPrice pass={pass} />
      {pass.description ? <p>{pass.description}</p> : null}
      {list(t('checkout.coversSports'), parts.categories, 'covered-categories')}
      {list(t('checkout.coversTeams'), parts.participants, 'covered-teams')}
      <PassIncludes capabilities={pass.capabilities} />
      <div className="checkout-result__actions checkout-result__actions--start">
        {purchased ? (
          <Button variant="secondary" disabled data-testid="pass-purchased">
            ✓ {t('checkout.purchased')}
          </Button>
        ) : (
          <ButtonLink to={checkoutHref(pass)} size="lg">
            {t('checkout.selectPackageContinue')}
          </ButtonLink>
        )}
        <ButtonLink to={paths.packages} variant="ghost">
          {t('checkout.allPasses')}
        </ButtonLink>
      </div>
    </div>
  )
}
