import { formatMoney } from '@fieldhouse/contract'
import { useCallback } from 'react'
import { useChannelFormat } from '../channel-time'

/** Minor units in a currency, written in the channel's language (the contract's `formatMoney`). */
export function useMoney() {
  const { locale } = useChannelFormat()
  return useCallback((minor: number, currency: string) => formatMoney(minor, currency, locale), [locale])
}

/** A fresh key for one console money action: every retry of the action sends the same one. */
export const newActionKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`
