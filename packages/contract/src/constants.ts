/**
 * Spec §9 business constants and limits that the code uses. Those of features still to come join with
 * them (clips: the 5-minute creation wait; product analytics: the 24-hour session and 3-hour tracking
 * value); the image ratios are the stylesheet's 16 / 9; the "fixed date" has no known use (decision 12).
 */
export const SECOND = 1000
export const MINUTE = 60_000
export const HOUR = 3_600_000
export const DAY = 24 * HOUR

export const constants = {
  requestTimeoutMs: 30 * SECOND,
  retryDelayMs: 1 * SECOND,
  retryCount: 1,
  orderPollIntervalMs: 2 * SECOND,
  reloadCountdownSeconds: 60,
  splashRemovalDelayMs: 500,
  storagePrefix: 'rudy_',
  storageTtlMs: 360 * DAY,
  prerollSuppressionMs: HOUR,
  toastDurationMs: 5000,
  vodRailScrollMs: 5000,
  vodRailCardWidth: { min: 280, max: 380 },
  vodSearch: { limit: 10, offset: 0, sortField: 'date' },
  chunkLoadTimeoutMs: 120 * SECOND,
  subscriptionCycles: { annualMonths: 12, monthlyDays: 30 },
  phoneDigits: { min: 10, max: 14 },
  defaultCurrency: 'USD',
  dollarCurrencies: ['USD', 'CAD'],
  languages: ['en', 'fr', 'bg'],
  defaultLanguage: 'en',
  multiLanguage: false,
  /** Our choices where the spec is silent. */
  passwordMinLength: 8,
  passwordMaxLength: 128,
  /** A promo code's length: the console makes codes of 3 to 50 letters, digits, - or _. */
  couponCodeLength: { min: 3, max: 50 },
  anonymousKeyLifetimeMs: 365 * DAY,
} as const

/** Spec §9: colour settings become CSS variables with these opacity variants (percent). */
export const colorOpacityVariants = {
  'footer-background': [20, 50, 70],
  'body-background': [10, 20, 50, 70],
  'body-text-color': [5, 10, 20, 30, 50, 70, 95],
  'header-text-color': [50],
  'header-background': [10, 50, 70],
} as const satisfies Record<string, readonly number[]>

/** The colour settings a channel has; anything else an operator stores is passed through too. */
export const colorSettingNames = [
  'header-background',
  'header-text-color',
  'body-background',
  'body-text-color',
  'footer-background',
  'footer-text-color',
  'primary-color',
  'primary-text-color',
  'secondary-color',
  'live-color',
] as const
