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
  profile: '/profile',
  profileTransactions: '/profile/transactions',
  profileClips: '/profile/clips',
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

/** The first segments the app itself owns; CMS pages and channel routes may not take them over. */
export const reservedFirstSegments = [
  'packages',
  'vod_library',
  'watch',
  'watch_embed',
  'watch_library',
  'share',
  'upcoming',
  'vod',
  'live',
  'schedule',
  'login',
  'registration',
  'verify-notice',
  'verify-email',
  'password-reset-request',
  'password-reset',
  'confirm-account-deletion',
  'profile',
  'contacts',
  'faq',
  'about',
  'buy',
  'select-package',
  'simulate',
  'moments',
  'privacy_policy',
  'terms_conditions',
  '404',
] as const

/** `/Login/` and `/login` are the same page to the router, so compare them the same way. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '').toLowerCase()
  return trimmed === '' ? '/' : trimmed
}

export const firstSegment = (pathname: string) => normalizePath(pathname).split('/')[1] ?? ''
