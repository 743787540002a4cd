import type { Geo } from '@fieldhouse/contract'

/** What the geo notice says, as i18n keys (with the country where known). */
export type GeoNoticeLine =
  | { key: 'spec.geoBlocked' }
  | { key: 'geo.placed'; country: string }
  | { key: 'geo.unplaced' }
  | { key: 'geo.vpn' }

/**
 * The notice a watch page shows a viewer whose region may not watch (spec §6), from `GET /api/geo`
 * and what the page's stage already says:
 * - nothing when neither the geo answer nor the stage says the viewer is kept out;
 * - the spec's sentence, unless the stage (the player's place) already shows it;
 * - where the server places the connection, and that a VPN or proxy may be why, once the geo answer
 *   has come: a viewer who is not where we think learns why before pressing play.
 */
export function geoNoticeLines(geo: Geo | undefined, stageSaysBlocked: boolean): GeoNoticeLine[] {
  if (!geo?.is_geo_blocked && !stageSaysBlocked) return []
  const lines: GeoNoticeLine[] = stageSaysBlocked ? [] : [{ key: 'spec.geoBlocked' }]
  if (!geo) return lines
  const country = geo.country ?? geo.country_code
  lines.push(country ? { key: 'geo.placed', country } : { key: 'geo.unplaced' })
  lines.push({ key: 'geo.vpn' })
  return lines
}
