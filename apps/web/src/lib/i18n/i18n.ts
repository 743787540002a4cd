import { constants, type Language } from '@fieldhouse/contract'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { bg } from './resources/bg'
import { en } from './resources/en'
import { fr } from './resources/fr'

export const resources = {
  en: { translation: en },
  fr: { translation: fr },
  bg: { translation: bg },
} as const

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
    await i18next.changeLanguage(language)
    return i18next
  }
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

export { i18next }
