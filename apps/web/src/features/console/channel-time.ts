import { formatDate, formatDateTime, formatMoney } from '@fieldhouse/contract'
import { useMemo } from 'react'
import { useAdminItem } from './api/admin-api'

/**
 * Times in the console are the channel's (Channel › Time zone), the clock its schedule, its reports
 * and its analytics are read on, whatever zone the operator's computer is in; each says its zone
 * ("Nov 25, 2026, 7:00 PM MST"). An event's start is shown in its own venue's zone, as its form
 * asks for it. A plain date (a video's `2026-11-20`) is a calendar day: no zone moves it. Money is the
 * channel's currency. Both are written in the channel's language, by the contract's format module.
 */

/** The channel's zone, currency and language (every operator role reads the channel); UTC, USD, en until known. */
export function useChannelFormat() {
  const channel = useAdminItem('channel', null).data
  const text = (value: unknown, fallback: string) => (typeof value === 'string' && value !== '' ? value : fallback)
  return {
    zone: text(channel?.time_zone, 'UTC'),
    currency: text(channel?.currency, 'USD'),
    locale: text(channel?.language, 'en'),
  }
}

/** The channel's time zone; UTC until it is known. */
export const useChannelZone = (): string => useChannelFormat().zone

/** The console's clock and money: the channel's zone, currency and language, and their formats. */
export function useChannelTime() {
  const { zone, currency, locale } = useChannelFormat()
  return useMemo(
    () => ({
      zone,
      currency,
      locale,
      dateTime: (at: number | string, options?: { seconds?: boolean }) =>
        formatDateTime(at, zone, { locale, ...options }),
      date: (at: number | string) => formatDate(at, zone, { locale }),
      money: (minor: number) => formatMoney(minor, currency, locale),
    }),
    [zone, currency, locale],
  )
}
