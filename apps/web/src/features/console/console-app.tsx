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
import { type ConsolePageEntry, consolePages, consoleSections } from './registry'
import { resourceConfigs } from './resources'
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
  const { endSession } = useSessionActions()
  const pages = visiblePages(me)
  useFocusOnNavigate()
  return (
    <div className="console-shell">
      <a className="console-skip" href="#console-main">
        Skip to content
      </a>
      <header className="console-header">
        <p className="console-header__title">
          <span className="console-header__channel">{me.channel.name}</span> console
        </p>
        <p className="console-header__who">
          {me.user.email} · <span className="console-role">{me.role}</span>
        </p>
        <div className="console-header__actions">
          <a className="button button--secondary" href="/">
            View site
          </a>
          <Button variant="ghost" onClick={() => void endSession()}>
            Sign out
          </Button>
        </div>
      </header>
      <div className="console-body">
        <nav className="console-nav" aria-label="Console">
          {consoleSections.map((section) => {
            const entries = pages.filter((entry) => entry.section === section)
            if (entries.length === 0) return null
            return (
              <div key={section} className="console-nav__section">
                <h2 className="console-nav__heading">{section}</h2>
                <ul>
                  {entries.map((entry) => (
                    <li key={entry.path}>
                      <NavLink to={`/admin/${entry.path}`}>{entry.label}</NavLink>
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
  const config = resourceConfigs[entry.resource]
  if (!config) return <Navigate to="/admin" replace />
  return <ResourcePage config={config} basePath={`/admin/${entry.path}`} />
}

function SignedInConsole() {
  const me = useMe()
  if (me.isPending) return <PageLoader />
  if (me.isError) {
    return (
      <div className="console-gate">
        <h1>Console</h1>
        <FormMessage tone="error">{errorText(me.error) ?? 'The console did not load.'}</FormMessage>
        <Button onClick={() => void me.refetch()}>Try again</Button>
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
  return (
    <>
      <h1>Not available</h1>
      <p>This page does not exist, or your role does not include it.</p>
    </>
  )
}

function NotAnOperator() {
  const { endSession } = useSessionActions()
  const email = useAppStore((state) => state.user?.email)
  return (
    <div className="console-gate">
      <h1>Console</h1>
      <p>
        You are signed in as {email}, who has no role on this channel. Ask the channel's owner for an invitation, or
        sign in with another account.
      </p>
      <div className="console-gate__actions">
        <Button onClick={() => void endSession()}>Sign out</Button>
        <a className="button button--secondary" href="/">
          Back to the site
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
  useEffect(() => {
    const previous = document.title
    document.title = 'Console'
    return () => {
      document.title = previous
    }
  }, [])
  return (
    <div className="console">
      <Routes>
        <Route path="invitation/:token" element={<InvitationPage />} />
        <Route path="*" element={<Gate />} />
      </Routes>
    </div>
  )
}
