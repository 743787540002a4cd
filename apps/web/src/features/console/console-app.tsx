import type { AdminMe } from '@fieldhouse/contract'
import { Suspense, useEffect, useRef } from 'react'
import { Navigate, NavLink, Route, Routes, useLocation } from 'react-router'
import { Button } from '../../components/ui/button'
import { FormMessage } from '../../components/ui/form-field'
import { PageLoader } from '../../components/ui/spinner'
import { errorText } from '../../lib/api/error-text'
import { useSessionActions } from '../../lib/entities/session/use-session-actions'
import { useAppStore } from '../../lib/store/app-store'
import { allowed } from './access'
import { useMe } from './api/use-me'
import { OperatorContext } from './operator-context'
import { InvitationPage } from './pages/invitation-page'
import { ResourcePage } from './pages/resource-page'
import { SignInPage, TotpStep } from './pages/sign-in-page'
import { SingletonPage } from './pages/singleton-page'
import { type ConsolePageEntry, consolePages, consoleSections } from './registry'
import { resourceConfigs } from './resources'
import { useConsoleText } from './words'
import './console.css'

/** The pages this operator's role may read, in navigation order. */
export const visiblePages = (me: AdminMe): ConsolePageEntry[] =>
  consolePages.filter((entry) => allowed(me, 'read', entry.resource) && (entry.when?.(me) ?? true))

/** Moves focus to the page's heading after each navigation, so a keyboard user starts at the content. */
function useFocusOnNavigate() {
  const location = useLocation()
  const first = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    document.getElementById('console-main')?.focus()
  }, [location.pathname])
}

function ConsoleFrame({ me, children }: { me: AdminMe; children: React.ReactNode }) {
  const t = useConsoleText()
  const { endSession } = useSessionActions()
  const pages = visiblePages(me)
  useFocusOnNavigate()
  return (
    <div className="console-shell">
      <a className="console-skip" href="#console-main">
        {t('shell.skip')}
      </a>
      <header className="console-header">
        <p className="console-header__title">{t('shell.channelConsole', { channel: me.channel.name })}</p>
        <p className="console-header__who">
          {me.user.email} · <span className="console-role">{t(`roles.${me.role}`)}</span>
        </p>
        <div className="console-header__actions">
          <a className="button button--secondary" href="/">
            {t('shell.viewSite')}
          </a>
          <Button variant="ghost" onClick={() => void endSession()}>
            {t('shell.signOut')}
          </Button>
        </div>
      </header>
      <div className="console-body">
        <nav className="console-nav" aria-label={t('shell.navigation')}>
          {consoleSections.map((section) => {
            const entries = pages.filter((entry) => entry.section === section)
            if (entries.length === 0) return null
            return (
              <div key={section} className="console-nav__section">
                <h2 className="console-nav__heading">{t(`sections.${section}`)}</h2>
                <ul>
                  {entries.map((entry) => (
                    <li key={entry.path}>
                      <NavLink to={`/admin/${entry.path}`}>{t(entry.label)}</NavLink>
                    </li>
                  ))}
                </ul>
              </div>
            )
          })}
        </nav>
        <main id="console-main" className="console-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  )
}

function PageRoute({ entry }: { entry: ConsolePageEntry }) {
  if (entry.page) {
    const Page = entry.page
    return <Page />
  }
  if (entry.singleton) return <SingletonPage config={entry.singleton} />
  const config = resourceConfigs[entry.resource]
  if (!config) return <Navigate to="/admin" replace />
  return <ResourcePage config={config} basePath={`/admin/${entry.path}`} />
}

function SignedInConsole() {
  const t = useConsoleText()
  const me = useMe()
  if (me.isPending) return <PageLoader />
  if (me.isError) {
    return (
      <div className="console-gate">
        <h1>{t('shell.title')}</h1>
        <FormMessage tone="error">{errorText(me.error) ?? t('shell.didNotLoad')}</FormMessage>
        <Button onClick={() => void me.refetch()}>{t('shell.tryAgain')}</Button>
      </div>
    )
  }
  if (me.data === null) return <NotAnOperator />
  if (me.data.totp.enabled && !me.data.totp.verified) return <TotpStep />
  const pages = visiblePages(me.data)
  const home = pages[0]?.path ?? 'channel'
  return (
    <OperatorContext.Provider value={me.data}>
      <ConsoleFrame me={me.data}>
        <Suspense fallback={<PageLoader />}>
          <Routes>
            <Route index element={<Navigate to={`/admin/${home}`} replace />} />
            {pages.map((entry) => (
              <Route
                key={entry.path}
                path={`${entry.path}/*`}
                // Keyed: two pages drawn by the generic list must not share its search, sort and page.
                element={<PageRoute key={entry.path} entry={entry} />}
              />
            ))}
            <Route path="*" element={<NotAllowed />} />
          </Routes>
        </Suspense>
      </ConsoleFrame>
    </OperatorContext.Provider>
  )
}

function NotAllowed() {
  const t = useConsoleText()
  return (
    <>
      <h1>{t('shell.notAvailable')}</h1>
      <p>{t('shell.notAvailableText')}</p>
    </>
  )
}

function NotAnOperator() {
  const t = useConsoleText()
  const { endSession } = useSessionActions()
  const email = useAppStore((state) => state.user?.email)
  return (
    <div className="console-gate">
      <h1>{t('shell.title')}</h1>
      <p>{t('shell.notAnOperator', { email })}</p>
      <div className="console-gate__actions">
        <Button onClick={() => void endSession()}>{t('shell.signOut')}</Button>
        <a className="button button--secondary" href="/">
          {t('shell.backToSite')}
        </a>
      </div>
    </div>
  )
}

function Gate() {
  const user = useAppStore((state) => state.user)
  if (!user) return <SignInPage />
  return <SignedInConsole />
}

/** `/admin/*`: the operator console, its own chunk (the viewer's pages load none of it). */
export function ConsoleApp() {
  const t = useConsoleText()
  const title = t('shell.title')
  useEffect(() => {
    const previous = document.title
    document.title = title
    return () => {
      document.title = previous
    }
  }, [title])
  return (
    <div className="console">
      <Routes>
        <Route path="invitation/:token" element={<InvitationPage />} />
        <Route path="*" element={<Gate />} />
      </Routes>
    </div>
  )
}
