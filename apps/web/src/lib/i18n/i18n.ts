import { constants, type Language } from '@fieldhouse/contract'
import i18next, { type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { en, Translation } from './resources/en'
import { enStart } from './resources/en-start'
import { createWordLoader } from './word-areas'

/**
 * English is the default language and every language's fallback, so its start words come with the start
 * and each view's with the view (`word-areas.ts`); the others are loaded whole when a channel speaks them
 * (issue 16: no page carries the words of languages it does not show).
 */
const translations: Record<Exclude<Language, 'en'>, () => Promise<Translation>> = {
  fr: () => import('./resources/fr').then((m) => m.fr),
  bg: () => import('./resources/bg').then((m) => m.bg),
}

/** The words of `language` the start needs: English's at hand, another language's loaded (all of them). */
const wordsOf = (language: Language): Resource[string][string] | Promise<Translation> =>
  language === 'en' ? enStart : translations[language]()

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en }
  }
}

const supported: readonly string[] = constants.languages

/** Spec §1: multi-language is off in this build, so every channel speaks the default language. */
export function pickLanguage(channelLanguage: string | null | undefined): Language {
  if (constants.multiLanguage && channelLanguage && supported.includes(channelLanguage)) {
    return channelLanguage as Language
  }
  return constants.defaultLanguage
}

export async function initI18n(language: Language = constants.defaultLanguage) {
  if (typeof document !== 'undefined') document.documentElement.lang = language
  if (i18next.isInitialized) {
    if (!i18next.hasResourceBundle(language, 'translation'))
      i18next.addResourceBundle(language, 'translation', await wordsOf(language))
    await i18next.changeLanguage(language)
    return i18next
  }
  const resources: Resource = { en: { translation: enStart } }
  if (language !== 'en') resources[language] = { translation: await wordsOf(language) }
  await i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: constants.defaultLanguage,
    supportedLngs: constants.languages,
    // React escapes what it renders; escaping here too would show entities to the viewer.
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  return i18next
}

const words = createWordLoader(i18next)
/** Loads the English words of these areas (once each). */
export const loadWords = words.load
/** A view chunk's importer that also brings its areas' English words. */
export const withWords = words.withWords

export { i18next }
