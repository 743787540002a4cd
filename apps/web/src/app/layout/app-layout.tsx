import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { PageLoader } from '../../components/ui/spinner'
import { GuardedOutlet } from '../router/route-guard'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'
import './app-layout.css'

/** Header, the current view, footer. */
export function AppLayout() {
  const { t } = useTranslation()
  return (
    <div className="app-layout">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" className="app-layout__main" tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>
          <GuardedOutlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  )
}

/** Spec §2 `/watch_embed/{id}`: the view alone, no header or footer, for embedding in other sites. */
export function PlainLayout() {
  return (
    <main id="main" className="plain-layout">
      <Suspense fallback={<PageLoader />}>
        <GuardedOutlet />
      </Suspense>
    </main>
  )
}
