import type { i18n } from 'i18next'

/**
 * The English words by area (issue 20). The start carries only its own (`resources/en-start.ts`); each
 * view's chunk is loaded together with its areas' words (`withWords`), so the home page does not carry
 * the checkout's or the player's words, nor the console the viewer's. English is every language's
 * fallback, so its areas load whatever the channel speaks; a channel's other language comes whole
 * (`i18n.ts`).
 */
export type WordArea = 'catalogue' | 'watch' | 'account' | 'commerce' | 'pages' | 'console'

export type Words = Record<string, unknown>

const english: Record<WordArea, () => Promise<Words>> = {
  catalogue: () => import('./resources/en-catalogue').then((m) => m.enCatalogue),
  watch: () => import('./resources/en-watch').then((m) => m.enWatch),
  account: () => import('./resources/en-account').then((m) => m.enAccount),
  commerce: () => import('./resources/en-commerce').then((m) => m.enCommerce),
  pages: () => import('./resources/en-pages').then((m) => m.enPages),
  console: () =>
    Promise.all([import('./resources/console.en'), import('./resources/console-sales.en')]).then(([c, sales]) => ({
      console: c.consoleEn,
      consoleSales: sales.consoleSalesEn,
    })),
}

/** Where each area's words come from: the real files, or others in tests. */
export type WordSources = Record<WordArea, () => Promise<Words>>

/** Loads areas' English words into an i18next instance, each area once; a failed load is tried again. */
export function createWordLoader(instance: i18n, sources: WordSources = english) {
  const loading = new Map<WordArea, Promise<void>>()
  const ready = () =>
    instance.isInitialized
      ? Promise.resolve()
      : new Promise<void>((resolve) => instance.on('initialized', () => resolve()))
  const loadArea = (area: WordArea) => {
    const known = loading.get(area)
    if (known) return known
    const current = Promise.all([sources[area](), ready()]).then(([words]) => {
      // Deep, not overwriting: an area adds its groups beside the start's.
      instance.addResourceBundle('en', 'translation', words, true, false)
    })
    loading.set(area, current)
    current.catch(() => {
      if (loading.get(area) === current) loading.delete(area)
    })
    return current
  }
  const load = (areas: readonly WordArea[]): Promise<void> => Promise.all(areas.map(loadArea)).then(() => undefined)
  return {
    load,
    /** `importer`, resolving only once the areas' words are there too: a view never renders a raw key. */
    withWords:
      <M>(importer: () => Promise<M>, areas: readonly WordArea[]) =>
      (): Promise<M> =>
        Promise.all([importer(), load(areas)]).then(([module]) => module),
  }
}
