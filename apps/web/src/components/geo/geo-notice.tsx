import type { Geo } from '@fieldhouse/contract'
import { useTranslation } from 'react-i18next'
import { geoNoticeLines } from './geo-notice-lines'
import './geo-notice.css'

/**
 * Beside a watch page's player: tells a viewer in a region that may not watch (spec §6) before they
 * try to play, and where the server places their connection (`GET /api/geo`).
 */
export function GeoNotice({ geo, stageSaysBlocked }: { geo: Geo | undefined; stageSaysBlocked: boolean }) {
  const { t } = useTranslation()
  const lines = geoNoticeLines(geo, stageSaysBlocked)
  if (lines.length === 0) return null
  return (
    <div className="geo-notice" role="note" data-testid="geo-notice">
      {lines.map((line) => (
        <p key={line.key} className={line.key === 'spec.geoBlocked' ? 'geo-notice__title' : undefined}>
          {line.key === 'geo.placed' ? t(line.key, { country: line.country }) : t(line.key)}
        </p>
      ))}
    </div>
  )
}
