import { type ReactElement, useCallback } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import type { consoleEn } from '../../lib/i18n/resources/console.en'

type Plural = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other'
type Base<K extends string> = K extends `${infer B}_${Plural}` ? B : K
type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? Base<K> : `${K}.${Paths<T[K]>}`
}[keyof T & string]

/** A key of the console's words (`lib/i18n/resources/console.en.ts`), without its `console.` group. */
export type ConsoleKey = Paths<typeof consoleEn>

export type ConsoleText = (key: ConsoleKey, values?: Record<string, unknown>) => string

/**
 * The console's words in the channel's language: `t('list.delete')`. Every word an operator reads
 * comes through it (the words test refuses English left in a page).
 */
export function useConsoleText(): ConsoleText {
  const { t } = useTranslation()
  return useCallback(
    (key: ConsoleKey, values?: Record<string, unknown>) =>
      (t as unknown as (key: string, values?: Record<string, unknown>) => string)(`console.${key}`, values),
    [t],
  )
}

/** Console words holding markup (`<strong>on</strong>`, `<a>…</a>`), drawn with these elements. */
export function ConsoleTrans({
  k,
  components,
  values,
}: {
  k: ConsoleKey
  components: Record<string, ReactElement>
  values?: Record<string, string>
}) {
  return <Trans i18nKey={`console.${k}` as never} components={components} values={values} />
}
