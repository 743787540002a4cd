/** Spec §2: every route of the app, relative to the base path. */
export const paths = {
  home: '/',
  packages: '/packages',
  vodLibrary: '/vod_library',
  watch: (id: string | number) => `/watch/${id}`,
  watchEmbed: (id: string | number) => `/watch_embed/${id}`,
  watchLibrary: (id: string | number) => `/watch_library/${id}`,
  share: (id: string | number, uuid: string) => `/share/${id}/${uuid}`,
  upcoming: '/upcoming',
  vod: '/vod',
  live: '/live',
  schedule: '/schedule',
  login: '/login',
  registration: '/registration',
  verifyNotice: '/verify-notice',
  verifyEmail: '/verify-email',
  passwordResetRequest: '/password-reset-request',
  passwordReset: '/password-reset',
  confirmAccountDeletion: '/confirm-account-deletion',
  unsubscribe: '/unsubscribe',
  profile: '/profile',
  profileTransactions: '/profile/transactions',
  profileClips: '/profile/clips',
  profileCalendar: '/profile/calendar',
  profileAlerts: '/profile/alerts',
  profileEdit: '/profile/edit',
  contacts: '/contacts',
  faq: '/faq',
  about: '/about',
  buy: '/buy',
  selectPackage: (id: string | number) => `/select-package/${id}`,
  simulate: '/simulate',
  moments: '/moments',
  privacyPolicy: '/privacy_policy',
  termsConditions: '/terms_conditions',
  notFound: '/404',
} as const

/**
 * The first segments the app itself owns; CMS pages and channel routes may not take them over. One
 * list, the contract's, which the server also checks a page's url against.
 */
export { firstSegment, normalizePath, reservedFirstSegments } from '@fieldhouse/contract'
