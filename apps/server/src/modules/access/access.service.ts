import { parseJson } from '../catalog/catalog.presenter.js'
import { geoRulesOf } from '../channel/channel.presenter.js'
import { type GeoRules, isBlocked } from '../geo/geo.service.js'
import type { Session } from '../keys/keys.service.js'

/**
 * Who may watch what: the one place that decides (issue: the passes capability extends it for paid and
 * pay-per-view events with the viewer's orders).
 */
export interface AccessSubject {
  access_mode: 'free' | 'paid' | 'register' | 'ppv'
  /** JSON GeoRules of the event. */
  geo_rules?: string
}

export class AccessService {
  /** The channel's rules, then the event's: either may keep the viewer's country out. */
  isGeoBlocked(session: Session, event?: AccessSubject): boolean {
    const country = session.countryCode ?? null
    return (
      isBlocked(geoRulesOf(session.channel), country) ||
      (event?.geo_rules !== undefined && isBlocked(parseJson<GeoRules>(event.geo_rules, {}), country))
    )
  }

  /**
   * Not in a blocked country, and then — free: everyone; register: a signed-in viewer; paid and
   * pay-per-view: a pass, which comes with payments.
   */
  hasAccess(session: Session, event: AccessSubject): boolean {
    if (this.isGeoBlocked(session, event)) return false
    switch (event.access_mode) {
      case 'free':
        return true
      case 'register':
        return session.userId !== null
      case 'paid':
      case 'ppv':
        return false
    }
  }
}
