import { useEffect } from 'react'
import { Navigate, Outlet, type RouteObject, useParams } from 'react-router'
import { PageLoader } from '../../components/ui/spinner'
import { NotFoundPage } from '../../features/not-found/not-found-page'
import { withWords } from '../../lib/i18n/i18n'
import { paths } from '../../lib/navigation/paths'
import { AppLayout, PlainLayout } from '../layout/app-layout'
import { lazyView, viewChunk } from './lazy-view'
import { RootRoute } from './root-route'
import type { RuntimeRoute } from './runtime-routes'
import { ViewBoundary } from './view-boundary'
import { viewWords } from './view-words'

// Spec §2: the views load on demand, one chunk per view name (the file names below name the chunks),
// each with its English words (`view-words.ts`).
/** The home page's chunk: the start fetches it beside its own requests when the page opens on `/`. */
export const homeViews = viewChunk(withWords(() => import('../views/home'), viewWords.home))
const loadSchedule = viewChunk(withWords(() => import('../views/schedule'), viewWords.schedule))
/** The watch pages' chunk: the start fetches it with its own requests when the page opens on one. */
export const watchViews = viewChunk(withWords(() => import('../views/watch'), viewWords.watch))
const loadShare = viewChunk(withWords(() => import('../views/share'), viewWords.share))
const loadAuth = viewChunk(withWords(() => import('../views/auth'), viewWords.auth))
const loadProfile = viewChunk(withWords(() => import('../views/profile'), viewWords.profile))
const loadBuy = viewChunk(withWords(() => import('../views/buy'), viewWords.buy))
const loadSimulate = viewChunk(withWords(() => import('../views/simulate'), viewWords.simulate))
const loadReels = viewChunk(withWords(() => import('../views/reels'), viewWords.reels))
const loadFaq = viewChunk(withWords(() => import('../views/faq'), viewWords.faq))
const loadContacts = viewChunk(withWords(() => import('../views/contacts'), viewWords.contacts))
/** The operator console: its own chunk, fetched only when a path under /admin opens. */
const loadConsole = viewChunk(withWords(() => import('../views/console'), viewWords.console))

const HomePage = lazyView(homeViews, 'HomePage')
const EventsListPage = lazyView(loadSchedule, 'EventsListPage')
const WatchPage = lazyView(watchViews, 'WatchPage')
const WatchEmbedPage = lazyView(watchViews, 'WatchEmbedPage')
const WatchLibraryPage = lazyView(watchViews, 'WatchLibraryPage')
const SharedClipPage = lazyView(loadShare, 'SharedClipPage')
const LoginPage = lazyView(loadAuth, 'LoginPage')
const RegistrationPage = lazyView(loadAuth, 'RegistrationPage')
const VerifyNoticePage = lazyView(loadAuth, 'VerifyNoticePage')
const VerifyEmailPage = lazyView(loadAuth, 'VerifyEmailPage')
const PasswordResetRequestPage = lazyView(loadAuth, 'PasswordResetRequestPage')
const PasswordResetPage = lazyView(loadAuth, 'PasswordResetPage')
const ConfirmAccountDeletionPage = lazyView(loadAuth, 'ConfirmAccountDeletionPage')
const UnsubscribePage = lazyView(loadAuth, 'UnsubscribePage')
const ProfileLayout = lazyView(loadProfile, 'ProfileLayout')
const OrdersPage = lazyView(loadProfile, 'OrdersPage')
const ActiveOrdersPage = lazyView(loadProfile, 'ActiveOrdersPage')
const TransactionsPage = lazyView(loadProfile, 'TransactionsPage')
const ClipsPage = lazyView(loadProfile, 'ClipsPage')
const CalendarPage = lazyView(loadProfile, 'CalendarPage')
const AlertsPage = lazyView(loadProfile, 'AlertsPage')
const ProfileEditPage = lazyView(loadProfile, 'ProfileEditPage')
const PackagesPage = lazyView(loadBuy, 'PackagesPage')
const BuyPage = lazyView(loadBuy, 'BuyPage')
const SelectPackagePage = lazyView(loadBuy, 'SelectPackagePage')
const SimulatePage = lazyView(loadSimulate, 'SimulatePage')
const MomentsPage = lazyView(loadReels, 'MomentsPage')
const VodLibraryPage = lazyView(loadReels, 'VodLibraryPage')
const FaqPage = lazyView(loadFaq, 'FaqPage')
const ContactsPage = lazyView(loadContacts, 'ContactsPage')
const AboutPage = lazyView(loadContacts, 'AboutPage')
const PrivacyPolicyPage = lazyView(loadContacts, 'PrivacyPolicyPage')
const TermsConditionsPage = lazyView(loadContacts, 'TermsConditionsPage')
const CmsPage = lazyView(loadContacts, 'CmsPage')
const ConsoleApp = lazyView(loadConsole, 'ConsoleApp')

/** `/select-package/{id}` takes digits only; anything else is not a page (spec §2). */
function SelectPackageRoute() {
  const { id = '' } = useParams()
  if (!/^\d+$/.test(id)) return <Navigate to={paths.notFound} replace />
  return <SelectPackagePage packageId={Number(id)} />
}

/** A channel route that points off the site. */
function ExternalRedirect({ to }: { to: string }) {
  useEffect(() => {
    window.location.replace(to)
  }, [to])
  return <PageLoader />
}

function runtimeRouteObject(route: RuntimeRoute): RouteObject {
  const path = route.path.replace(/^\//, '')
  if (route.kind === 'page') return { path, element: <CmsPage page={route.page} /> }
  return { path, element: route.external ? <ExternalRedirect to={route.to} /> : <Navigate to={route.to} replace /> }
}

/** Every route of spec §2, plus the channel's CMS pages and redirects known at startup. */
export function appRoutes(runtimeRoutes: readonly RuntimeRoute[]): RouteObject[] {
  return [
    {
      element: (
        <ViewBoundary>
          <RootRoute />
        </ViewBoundary>
      ),
      children: [
        {
          element: <AppLayout />,
          children: [
            {
              // Errors of a view (a chunk that did not load) show inside the layout, header and footer intact.
              element: (
                <ViewBoundary>
                  <Outlet />
                </ViewBoundary>
              ),
              children: [
                { index: true, element: <HomePage /> },
                { path: 'packages', element: <PackagesPage /> },
                { path: 'vod_library', element: <VodLibraryPage /> },
                { path: 'watch/:id', element: <WatchPage /> },
                { path: 'watch_library/:id', element: <WatchLibraryPage /> },
                { path: 'share/:id/:uuid', element: <SharedClipPage /> },
                { path: 'upcoming', element: <EventsListPage /> },
                { path: 'vod', element: <EventsListPage /> },
                { path: 'live', element: <EventsListPage /> },
                { path: 'schedule', element: <EventsListPage /> },
                { path: 'login', element: <LoginPage /> },
                { path: 'registration', element: <RegistrationPage /> },
                { path: 'verify-notice', element: <VerifyNoticePage /> },
                { path: 'verify-email', element: <VerifyEmailPage /> },
                { path: 'password-reset-request', element: <PasswordResetRequestPage /> },
                { path: 'password-reset', element: <PasswordResetPage /> },
                { path: 'confirm-account-deletion', element: <ConfirmAccountDeletionPage /> },
                { path: 'unsubscribe', element: <UnsubscribePage /> },
                {
                  path: 'profile',
                  element: <ProfileLayout />,
                  children: [
                    // The orders list at the empty path, with the active orders at its own empty path.
                    { element: <OrdersPage />, children: [{ index: true, element: <ActiveOrdersPage /> }] },
                    { path: 'transactions', element: <TransactionsPage /> },
                    { path: 'clips', element: <ClipsPage /> },
                    { path: 'calendar', element: <CalendarPage /> },
                    { path: 'alerts', element: <AlertsPage /> },
                  ],
                },
                { path: 'profile/edit', element: <ProfileEditPage /> },
                { path: 'contacts', element: <ContactsPage /> },
                { path: 'faq', element: <FaqPage /> },
                { path: 'about', element: <AboutPage /> },
                { path: 'buy', element: <BuyPage /> },
                { path: 'select-package/:id', element: <SelectPackageRoute /> },
                { path: 'simulate', element: <SimulatePage /> },
                { path: 'moments', element: <MomentsPage /> },
                { path: 'privacy_policy', element: <PrivacyPolicyPage /> },
                { path: 'terms_conditions', element: <TermsConditionsPage /> },
                { path: '404', element: <NotFoundPage /> },
                ...runtimeRoutes.map(runtimeRouteObject),
              ],
            },
          ],
        },
        // The console has its own layout and sign-in; the viewer's navigation rules do not apply in it.
        {
          path: 'admin/*',
          element: (
            <ViewBoundary>
              <ConsoleApp />
            </ViewBoundary>
          ),
        },
        {
          path: 'watch_embed/:id',
          element: (
            <ViewBoundary>
              <PlainLayout />
            </ViewBoundary>
          ),
          children: [{ index: true, element: <WatchEmbedPage /> }],
        },
        { path: '*', element: <Navigate to={paths.notFound} replace /> },
      ],
    },
  ]
}
