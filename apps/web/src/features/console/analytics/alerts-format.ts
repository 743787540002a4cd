import type { EventAlertStats } from '@fieldhouse/contract'
import { percentText } from './analytics-format'

/** Of the alerts sent, the share followed to the game, in percent to one decimal; null when none was sent. */
export const clickThrough = ({ sent, clicked }: Pick<EventAlertStats, 'sent' | 'clicked'>): number | null =>
  sent === 0 ? null : Math.round((clicked / sent) * 1000) / 10

/** The click-through as the Alerts page writes it: "12.5%", or "—" when none was sent. */
export const clickThroughText = (row: Pick<EventAlertStats, 'sent' | 'clicked'>) => percentText(clickThrough(row))

/** A row's key: one row per game × kind × way. */
export const alertRowKey = (row: Pick<EventAlertStats, 'event_id' | 'kind' | 'via'>) =>
  `${row.event_id}:${row.kind}:${row.via}`
