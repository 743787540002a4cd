import { createContext, type ReactNode, useContext, useEffect, useRef } from 'react'
import { type Location, Navigate, Outlet, useLocation, useNavigate } from 'react-router'
import { PageLoader } from '../../components/ui/spinner'
import { useBasicPassStatus } from '../../lib/entities/account/use-basic-pass'
import { type GuardDecision, guardNavigation, shouldStepBack } from '../../lib/navigation/navigation-rules'
import { isSignedOutOnlyPage } from '../../lib/navigation/remember-page'
import { useAppStore } from '../../lib/store/app-store'

type RouteDecision = GuardDecision | { kind: 'step-back' }

const RouteDecisionContext = createContext<RouteDecision>({ kind: 'stay' })

/**
 * The path of the location before this one (null on the first page of a visit). Kept in a ref written
 * after each commit: a render that React throws away (a lazy page suspending a navigation) leaves it
 * untouched.
 */
function usePreviousPathname(location: Location): string | null {
  const trail = useRef({ key: location.key, pathname: location.pathname, previous: null as string | null })
  const current = trail.current
  useEffect(() => {
    if (trail.current.key === location.key) return
    trail.current = { key: location.key, pathname: location.pathname, previous: trail.current.pathname }
  }, [location.key, location.pathname])
  return current.key === location.key ? current.previous : current.pathname
}

/** React Router numbers its history entries; the first one of a visit has nowhere to go back to. */
const canGoBack = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0

/**
 * Spec §2 navigation rules, decided once per render at the root and applied where the page would show
 * (`GuardedOutlet`), so the header and footer stay put while the viewer is moved along.
 */
export function RouteGuardProvider({ children }: { children: ReactNode }) {
  const location = useLocation()
  const navigate = useNavigate()
  const user = useAppStore((state) => state.user)
  const afterSignIn = useAppStore((state) => state.afterSignIn)
  const clearAfterSignIn = useAppStore((state) => state.clearAfterSignIn)
  const basicPass = useBasicPassStatus()
  const previousPathname = usePreviousPathname(location)

  const stepBack =
    shouldStepBack({ from: previousPathname, to: location.pathname, signedIn: user !== null }) && canGoBack()
  const decision: RouteDecision = stepBack
    ? { kind: 'step-back' }
    : guardNavigation({ pathname: location.pathname, user, basicPass, afterSignIn })

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per location that asks for it
  useEffect(() => {
    if (stepBack) void navigate(-1)
  }, [stepBack, location.key])

  // The return trip of a fresh sign-in is used once: as soon as the viewer has left the sign-in page.
  useEffect(() => {
    if (afterSignIn && !isSignedOutOnlyPage(location.pathname)) clearAfterSignIn()
  }, [afterSignIn, location.pathname, clearAfterSignIn])

  return <RouteDecisionContext.Provider value={decision}>{children}</RouteDecisionContext.Provider>
}

/** The layouts' outlet: the page, or the redirect or loader the navigation rules call for instead. */
export function GuardedOutlet() {
  const decision = useContext(RouteDecisionContext)
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />
  if (decision.kind === 'stay') return <Outlet />
  return <PageLoader />
}
