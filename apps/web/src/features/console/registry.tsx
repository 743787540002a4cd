import type { AdminMe } from '@fieldhouse/contract'
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'
import type { AdminResource } from './access'
import { resourceConfigs } from './resources'
import { type SingletonConfig, singletonConfigs } from './singletons'
import type { ConsoleKey } from './words'

/**
 * Every page of the console, in the order of its navigation: the one way to add a page (decision
 * 0049). A page is shown in the navigation and routed only when the operator's role may read its
 * resource (`can(role, 'read', resource)`), and it is one of three kinds:
 *
 * - a list with a form: no `page` nor `singleton`, a config in `resources.ts` drawn by the generic
 *   list and form;
 * - one record's form: `singleton:` a config in `singletons.ts` (the channel, its settings);
 * - a page of its own: `page: lazy(() => import('./pages/my-page'))`, a default export that reads and
 *   writes only through hooks in `api/` (each answer parsed with the contract's schema, never
 *   `api.get<T>`), and shows only words from `console.{en,fr,bg}.ts` through `useConsoleText()`.
 *
 * Its `label` is a key of the console's words. Nothing else needs to change: the navigation, the route
 * and the role check follow from the entry.
 */
export interface ConsolePageEntry {
  /** The path under /admin, without a leading slash. */
  path: string
  /** Its name in the navigation: a key of the console's words. */
  label: ConsoleKey
  section: ConsoleSection
  /** The admin resource the page reads; the navigation shows it when the role may read it. */
  resource: AdminResource
  /** A page of its own, loaded when first opened; its data through hooks in `api/`. */
  page?: LazyExoticComponent<ComponentType>
  /** One record's form (singletons.ts). Without `page` or `singleton`: the list + form of resources.ts. */
  singleton?: SingletonConfig
  /** A further condition on the operator (the Security page: roles that may turn on a second factor). */
  when?: (me: AdminMe) => boolean
}

export const consoleSections = ['today', 'channel', 'catalogue', 'broadcast', 'sales', 'team'] as const
export type ConsoleSection = (typeof consoleSections)[number]

const ColoursPage = lazy(() => import('./pages/colours-page'))
const PassesFormPage = lazy(() => import('./pages/passes-form-page'))
const OperatorsPage = lazy(() => import('./pages/operators-page'))
const AuditLogPage = lazy(() => import('./pages/audit-log-page'))
const SecurityPage = lazy(() => import('./pages/security-page'))
// Go live and Media: pages of their own, loaded only when opened.
const GoLivePage = lazy(() => import('./pages/go-live-page'))
const MediaPage = lazy(() => import('./pages/media-page'))
const ClipsPage = lazy(() => import('./pages/clips-page'))
// Premieres: a finished recording shown as an event's live broadcast (decisions 0030, 0037).
const PremieresPage = lazy(() => import('./pages/premieres-page'))
// Passes, prices and coupons (decision 0035).
const PassesPage = lazy(() => import('./sales/passes-page'))
const CouponsPage = lazy(() => import('./sales/coupons-page'))
// Bundles (decision 0040).
const BundlesPage = lazy(() => import('./sales/bundles-page'))
// Sales (decision 0036).
const OrdersPage = lazy(() => import('./sales/orders-page'))
const EventRefundsPage = lazy(() => import('./sales/event-refunds-page'))
const RevenuePage = lazy(() => import('./sales/revenue-page'))
// Customers (decision 0038).
const CustomersPage = lazy(() => import('./sales/customers-page'))
// Product analytics (decision 0039): its plots' library is loaded by this page only.
const AnalyticsPage = lazy(() => import('./analytics/analytics-page'))
// What each game's alerts to its followers did: a report of the analytics.
const AlertsPage = lazy(() => import('./analytics/alerts-page'))
// Game day's home: the console's first page for every role that reads events (a scorer's is Score).
const GameDayPage = lazy(() => import('./game-day/game-day-page'))
// Game day (decision 0057): keeping a game's score from a phone; the whole console of a scorer.
const ScorePage = lazy(() => import('./score/score-page'))

/** A page that is one record's form: it reads the record's resource. */
const singletonPage = (
  path: string,
  label: ConsoleKey,
  section: ConsoleSection,
  singleton: SingletonConfig,
): ConsolePageEntry => ({ path, label, section, resource: singleton.resource, singleton })

export const consolePages: readonly ConsolePageEntry[] = [
  // First: `/admin` opens the first page the role reads.
  { path: 'game-day', label: 'nav.gameDay', section: 'today', resource: 'events', page: GameDayPage },
  singletonPage('channel', 'nav.channel', 'channel', singletonConfigs.channel),
  { path: 'colours', label: 'nav.colours', section: 'channel', resource: 'color-settings', page: ColoursPage },
  singletonPage('settings', 'nav.settings', 'channel', singletonConfigs.settings),
  { path: 'passes-form', label: 'nav.passesForm', section: 'channel', resource: 'custom-forms', page: PassesFormPage },
  { path: 'menu', label: 'nav.menu', section: 'channel', resource: 'menu' },
  { path: 'slides', label: 'nav.slides', section: 'channel', resource: 'slides' },
  { path: 'pages', label: 'nav.pages', section: 'channel', resource: 'pages' },
  { path: 'faq', label: 'nav.faq', section: 'channel', resource: 'faq' },
  { path: 'static-blocks', label: 'nav.staticBlocks', section: 'channel', resource: 'static-blocks' },
  { path: 'prerolls', label: 'nav.prerolls', section: 'channel', resource: 'prerolls' },
  { path: 'sports', label: 'nav.sports', section: 'catalogue', resource: 'events-categories' },
  { path: 'venues', label: 'nav.venues', section: 'catalogue', resource: 'events-locations' },
  { path: 'schools', label: 'nav.schools', section: 'catalogue', resource: 'participant-groups' },
  { path: 'teams', label: 'nav.teams', section: 'catalogue', resource: 'participants' },
  { path: 'events', label: 'nav.events', section: 'catalogue', resource: 'events' },
  { path: 'vod', label: 'nav.vod', section: 'catalogue', resource: 'vod-media-items' },
  { path: 'vod-categories', label: 'nav.vodCategories', section: 'catalogue', resource: 'vod-categories' },
  { path: 'vod-rails', label: 'nav.vodRails', section: 'catalogue', resource: 'vod-rails' },

  { path: 'go-live', label: 'nav.goLive', section: 'broadcast', resource: 'live', page: GoLivePage },
  { path: 'score', label: 'nav.score', section: 'broadcast', resource: 'scores', page: ScorePage },
  { path: 'media', label: 'nav.media', section: 'broadcast', resource: 'uploads', page: MediaPage },
  // The longest video and the room for uploads under way: the channel's settings (docs/security.md).
  singletonPage('upload-settings', 'nav.uploadSettings', 'broadcast', singletonConfigs.uploadSettings),
  // Viewers' clips: reading and deleting them (decision 0024).
  { path: 'clips', label: 'nav.clips', section: 'broadcast', resource: 'clips', page: ClipsPage },
  // Clip limits and whether shared clips of paid games are public (decision 16): the channel's settings.
  singletonPage('clip-settings', 'nav.clipSettings', 'broadcast', singletonConfigs.clipSettings),
  { path: 'premieres', label: 'nav.premieres', section: 'broadcast', resource: 'premieres', page: PremieresPage },
  { path: 'analytics', label: 'nav.analytics', section: 'broadcast', resource: 'analytics', page: AnalyticsPage },
  { path: 'alerts', label: 'nav.alerts', section: 'broadcast', resource: 'analytics', page: AlertsPage },
  { path: 'passes', label: 'nav.passes', section: 'sales', resource: 'passes', page: PassesPage },
  { path: 'bundles', label: 'nav.bundles', section: 'sales', resource: 'bundles', page: BundlesPage },
  { path: 'coupons', label: 'nav.coupons', section: 'sales', resource: 'coupons', page: CouponsPage },
  { path: 'orders', label: 'nav.orders', section: 'sales', resource: 'orders', page: OrdersPage },
  { path: 'event-refunds', label: 'nav.eventRefunds', section: 'sales', resource: 'refunds', page: EventRefundsPage },
  { path: 'revenue', label: 'nav.revenue', section: 'sales', resource: 'revenue', page: RevenuePage },
  { path: 'customers', label: 'nav.customers', section: 'sales', resource: 'users', page: CustomersPage },
  { path: 'operators', label: 'nav.operators', section: 'team', resource: 'operators', page: OperatorsPage },
  { path: 'audit-log', label: 'nav.auditLog', section: 'team', resource: 'audit-log', page: AuditLogPage },
  // Your own account: every operator reads the channel; the page is for roles with a second factor.
  {
    path: 'security',
    label: 'nav.security',
    section: 'team',
    resource: 'channel',
    page: SecurityPage,
    when: (me) => me.totp.available,
  },
]

/** Pages drawn by the generic list and form need a config; a missing one is a programming error. */
export function hasGenericConfig(entry: ConsolePageEntry): boolean {
  return entry.page !== undefined || entry.singleton !== undefined || entry.resource in resourceConfigs
}
