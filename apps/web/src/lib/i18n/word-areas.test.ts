import i18next, { type i18n } from 'i18next'
import { describe, expect, it } from 'vitest'
import { createWordLoader, type WordSources } from './word-areas'

const sources = (calls: string[]): WordSources => {
  const source = (area: string, words: Record<string, unknown>) => async () => {
    calls.push(area)
    return words
  }
  return {
    catalogue: source('catalogue', { home: { title: 'Home' } }),
    watch: source('watch', { watch: { title: 'Watch' } }),
    account: source('account', { auth: { title: 'Sign in' } }),
    commerce: source('commerce', { checkout: { title: 'Checkout' } }),
    pages: source('pages', { faq: { title: 'FAQ' } }),
    console: source('console', { consoleSales: { title: 'Passes' } }),
  }
}

/** `t` without the app's typed keys: these tests use words of their own. */
const textOf = (instance: i18n, key: string) => (instance.t as (key: string) => string)(key)

describe('createWordLoader', () => {
  it('adds an area’s words beside the start’s, once', async () => {
    const instance = i18next.createInstance()
    await instance.init({ resources: { en: { translation: { common: { close: 'Close' } } } }, lng: 'en' })
    const calls: string[] = []
    const words = createWordLoader(instance, sources(calls))
    await words.load(['catalogue', 'watch'])
    await words.load(['watch'])
    expect(calls).toEqual(['catalogue', 'watch'])
    expect(textOf(instance, 'home.title')).toBe('Home')
    expect(textOf(instance, 'watch.title')).toBe('Watch')
    expect(textOf(instance, 'common.close')).toBe('Close')
    expect(textOf(instance, 'faq.title')).toBe('faq.title')
  })

  it('waits for i18next to start, and tries a failed area again', async () => {
    const instance = i18next.createInstance()
    const calls: string[] = []
    let fail = true
    const words = createWordLoader(instance, {
      ...sources(calls),
      pages: async () => {
        if (fail) throw new Error('offline')
        return { faq: { title: 'FAQ' } }
      },
    })
    const early = words.load(['catalogue'])
    await instance.init({ resources: { en: { translation: {} } }, lng: 'en' })
    await early
    expect(textOf(instance, 'home.title')).toBe('Home')
    await expect(words.load(['pages'])).rejects.toThrow('offline')
    fail = false
    await words.load(['pages'])
    expect(textOf(instance, 'faq.title')).toBe('FAQ')
  })

  it('resolves a view with its words', async () => {
    const instance = i18next.createInstance()
    await instance.init({ resources: { en: { translation: {} } }, lng: 'en' })
    const words = createWordLoader(instance, sources([]))
    const view = await words.withWords(async () => ({ name: 'auth view' }), ['account'])()
    expect(view.name).toBe('auth view')
    expect(textOf(instance, 'auth.title')).toBe('Sign in')
  })
})
