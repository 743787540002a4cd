import { consoleEn } from './console.en'
import { consoleSalesEn } from './console-sales.en'
import { enAccount } from './en-account'
import { enCatalogue } from './en-catalogue'
import { enCommerce } from './en-commerce'
import { enPages } from './en-pages'
import { enStart } from './en-start'
import { enWatch } from './en-watch'

/**
 * Every UI string, in English. The spec's fixed words come from the contract so they cannot drift;
 * `fr.ts` and `bg.ts` must have exactly these keys (the type checker holds them to it).
 *
 * The app never loads this whole: the start brings `en-start.ts`, and each view brings its area's words
 * (`../word-areas.ts`), so a page carries the words it can show and no more (issue 20). This object is
 * the shape every language fills, and what the tests compare them with.
 */
export const en = {
  /** The console's passes and coupons (decision 0035). */
  consoleSales: consoleSalesEn,
  /** The rest of the console (decision 0049). */
  console: consoleEn,
  ...enStart,
  ...enCatalogue,
  ...enWatch,
  ...enAccount,
  ...enCommerce,
  ...enPages,
}

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> }
/** The shape every language must fill. */
export type Translation = DeepStrings<typeof en>
