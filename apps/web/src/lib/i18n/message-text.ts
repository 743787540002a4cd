import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { enStart as en } from './resources/en-start'

export type SpecMessageKey = keyof typeof en.spec

/** The English text of each fixed message → its key; the two length rules are matched by pattern below. */
const keyByText = new Map<string, SpecMessageKey>(
  (Object.entries(en.spec) as Array<[SpecMessageKey, string]>)
    .filter(([, text]) => !text.includes('{{'))
    .map(([key, text]) => [text, key]),
)

const lengthRule = /^The field length must be (greater|less) than (\d+)$/

export type MessageLookup = { key: SpecMessageKey; values?: { number: number } }

/**
 * Validation messages (from the contract's schemas) and server messages arrive as the spec's English
 * words. This finds the translation key of such a text, or null for a text the app does not know.
 */
export function lookupMessage(text: string): MessageLookup | null {
  const key = keyByText.get(text)
  if (key) return { key }
  const length = lengthRule.exec(text)
  if (length) {
    return {
      key: length[1] === 'greater' ? 'lengthGreaterThan' : 'lengthLessThan',
      values: { number: Number(length[2]) },
    }
  }
  return null
}

/** `(text) => text in the viewer's language`; texts the app does not know are shown as they came. */
export function useMessageText(): (text: string) => string {
  const { t } = useTranslation()
  return useCallback(
    (text: string) => {
      const found = lookupMessage(text)
      if (!found) return text
      return found.values ? t(`spec.${found.key}`, found.values) : t(`spec.${found.key}`)
    },
    [t],
  )
}
