import type { WordArea } from '../../lib/i18n/word-areas'

/**
 * The English word areas each view's chunk loads with it (issue 20), by the view's file in `../views`.
 * `view-words.test.ts` reads every view's sources and holds this list to the keys they use.
 */
export const viewWords = {
  home: ['catalogue'],
  schedule: ['catalogue'],
  watch: ['catalogue', 'watch', 'commerce'],
  share: ['catalogue', 'watch'],
  auth: ['account'],
  profile: ['catalogue', 'watch', 'account', 'commerce'],
  buy: ['catalogue', 'commerce'],
  simulate: ['catalogue', 'commerce'],
  reels: ['catalogue', 'watch'],
  faq: ['pages'],
  contacts: ['pages'],
  console: ['console'],
} as const satisfies Record<string, readonly WordArea[]>
