import { FormMessage } from '../../../components/ui/form-field'
import { PageLoader } from '../../../components/ui/spinner'
import { errorText } from '../../../lib/api/error-text'
import { useAlertStats } from '../api/use-alerts'
import { useChannelTime } from '../channel-time'
import { ScrollTable } from '../components/data-table'
import { PageHead } from '../components/page-head'
import { useConsoleText } from '../words'
import { alertRowKey, clickThroughText } from './alerts-format'

/**
 * Alerts: what each game's alerts to its followers did (the reminder and the go-live, by email and by
 * push): how many were sent and failed, opened in the mail or shown by the browser, and followed to
 * the game. Read-only, for the roles that read the analytics; newest games first, as the server sends.
 */
export default function AlertsPage() {
  const t = useConsoleText()
  const { dateTime } = useChannelTime()
  const stats = useAlertStats()
  const rows = stats.data ?? []
  return (
    <>
      <PageHead title={t('alertStats.title')} lead={t('alertStats.lead')} />
      {stats.isPending ? <PageLoader /> : null}
      {stats.isError ? (
        <FormMessage tone="error">{errorText(stats.error) ?? t('alertStats.couldNotRead')}</FormMessage>
      ) : null}
      {stats.data && rows.length === 0 ? <p className="console-note">{t('alertStats.none')}</p> : null}
      {rows.length > 0 ? (
        <ScrollTable
          caption={t('alertStats.caption')}
          busy={stats.isFetching}
          headers={[
            t('alertStats.game'),
            t('alertStats.sent'),
            t('alertStats.failed'),
            t('alertStats.opened'),
            t('alertStats.clicked'),
            t('alertStats.clickThrough'),
          ]}
        >
          {rows.map((row) => (
            <tr key={alertRowKey(row)} data-testid="alert-row">
              {/* Which alert and when under the game's name, so the figures fit beside it on a phone. */}
              <th scope="row" className="console-table__name">
                {row.name}
                <span className="console-table__meta">
                  {t(`alertStats.kinds.${row.kind}`)} · {t(`alertStats.ways.${row.via}`)}
                </span>
                <span className="console-table__meta">
                  <time dateTime={row.event_utc_ts}>{dateTime(row.event_utc_ts)}</time>
                </span>
              </th>
              <td>{row.sent}</td>
              <td>{row.failed}</td>
              <td>{row.opened}</td>
              <td>{row.clicked}</td>
              <td>{clickThroughText(row)}</td>
            </tr>
          ))}
        </ScrollTable>
      ) : null}
    </>
  )
}
