import {
  alreadyBought,
  favoriteTypeMessage,
  lengthGreaterThan,
  lengthLessThan,
  messages,
  reloadPageAfter,
} from '@fieldhouse/contract'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { initI18n, pickLanguage } from './i18n'
import { lookupMessage } from './message-text'
import { bg } from './resources/bg'
import { en } from './resources/en'
import { fr } from './resources/fr'

const resources = { en: { translation: en }, fr: { translation: fr }, bg: { translation: bg } } as const

/** Every key path of a nested resource object. */
const keyPaths = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keyPaths(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  )

describe('translations', () => {
  const english = keyPaths(resources.en.translation).sort()

  it.each(['fr', 'bg'] as const)('%s has exactly the English keys, none empty', (language) => {
    expect(keyPaths(resources[language].translation).sort()).toEqual(english)
    for (const path of english) {
      const text = path
        .split('.')
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], resources[language].translation)
      expect(typeof text === 'string' && text.trim().length > 0).toBe(true)
    }
  })

  it('keeps the spec’s fixed English words', async () => {
    const instance = i18next.createInstance()
    await instance.init({ resources, lng: 'en', interpolation: { escapeValue: false } })
    expect(instance.t('notFound.title')).toBe(messages.notFoundTitle)
    expect(instance.t('errors.apiKeyScreen')).toBe(messages.apiKeyErrorScreen)
    expect(instance.t('errors.reloadPage')).toBe(messages.reloadPage)
    for (const seconds of [60, 2, 1]) {
      expect(instance.t('errors.reloadPageAfter', { count: seconds })).toBe(reloadPageAfter(seconds))
    }
  })

  it('speaks French and Bulgarian plurals', async () => {
    const instance = i18next.createInstance()
    await instance.init({ resources, lng: 'bg', interpolation: { escapeValue: false } })
    expect(instance.t('errors.reloadPageAfter', { count: 1 })).toBe('Презареждане на страницата след 1 секунда')
    await instance.changeLanguage('fr')
    expect(instance.t('errors.reloadPageAfter', { count: 5 })).toBe('Recharger la page dans 5 secondes')
  })
})

describe('initI18n', () => {
  it('starts in English and loads another language when asked', async () => {
    const instance = await initI18n()
    expect(instance.hasResourceBundle('fr', 'translation')).toBe(false)
    expect(instance.t('common.close')).toBe('Close')
    await initI18n('fr')
    expect(instance.t('common.close')).toBe(fr.common.close)
    await initI18n('bg')
    expect(instance.t('errors.reloadPageAfter', { count: 1 })).toBe('Презареждане на страницата след 1 секунда')
    await initI18n('en')
    expect(instance.t('common.close')).toBe('Close')
  })
})

describe('pickLanguage', () => {
  it('uses English while multi-language is off', () => {
    expect(pickLanguage('fr')).toBe('en')
    expect(pickLanguage(null)).toBe('en')
  })
})

describe('spec messages', () => {
  it('are the contract’s words in English and translated elsewhere', async () => {
    const instance = i18next.createInstance()
    await instance.init({ resources, lng: 'en', interpolation: { escapeValue: false } })
    for (const [key, text] of Object.entries(messages)) {
      const lookup = lookupMessage(text)
      if (!lookup) continue
      expect(instance.t(`spec.${lookup.key}`)).toBe(text)
      expect(lookup.key === key || messages[lookup.key as keyof typeof messages] === text).toBe(true)
    }
    expect(instance.t('spec.lengthLessThan', { number: 129 })).toBe(lengthLessThan(129))
    expect(instance.t('spec.lengthGreaterThan', { number: 7 })).toBe(lengthGreaterThan(7))
    await instance.changeLanguage('fr')
    expect(instance.t('spec.invalidCredentials')).toBe('E-mail ou mot de passe invalide. Veuillez réessayer.')
    await instance.changeLanguage('bg')
    expect(instance.t('spec.passwordTooShort')).toBe('Паролата е твърде кратка')
  })
})

describe('lookupMessage', () => {
  it('finds the validation and server messages the forms show', () => {
    for (const text of [
      messages.emailInvalid,
      messages.enterEmail,
      messages.enterFirstName,
      messages.enterLastName,
      messages.passwordTooShort,
      messages.passwordMismatch,
      messages.passwordMismatchShort,
      favoriteTypeMessage,
      messages.loginRequired,
      messages.acceptTerms,
      messages.fieldRequired,
      messages.invalidCredentials,
      messages.alreadyLoggedIn,
      messages.verificationFailedUser,
      messages.emailAlreadyVerifiedUser,
      messages.resetKeyExpired,
      messages.resetFailed,
      messages.cannotLogout,
      messages.socialNotRegistered,
    ]) {
      expect(lookupMessage(text)).not.toBeNull()
    }
  })

  it('finds the payment messages: the spec’s, the card network’s and "You already bought this …"', async () => {
    const instance = i18next.createInstance()
    await instance.init({ resources, lng: 'fr', interpolation: { escapeValue: false } })
    for (const text of [
      messages.paymentCardRequired,
      messages.wrongPromoCode,
      messages.cardDeclined,
      messages.insufficientFunds,
      messages.trialUnavailable,
      alreadyBought('package'),
      alreadyBought('subscription'),
      alreadyBought('event'),
    ]) {
      const found = lookupMessage(text)
      if (!found) throw new Error(`no translation for “${text}”`)
      expect(instance.t(`spec.${found.key}`)).not.toBe(text)
    }
    expect(lookupMessage(messages.cardDeclined)).toEqual({ key: 'cardDeclined' })
    expect(instance.t('spec.cardDeclined')).toBe('Votre carte a été refusée.')
  })

  it('reads the number of a length rule', () => {
    expect(lookupMessage(lengthLessThan(129))).toEqual({ key: 'lengthLessThan', values: { number: 129 } })
    expect(lookupMessage('The field length must be less than 101')).toEqual({
      key: 'lengthLessThan',
      values: { number: 101 },
    })
  })

  it('leaves unknown texts alone', () => {
    expect(lookupMessage('Something only the server knows')).toBeNull()
  })
})
