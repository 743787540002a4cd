import { parseJson } from '../catalog/catalog.presenter.js'
import { geoRulesOf } from '../channel/channel.presenter.js'
import { type GeoRules, isBlocked } from '../geo/geo.service.js'
import type { Session } from '../keys/keys.service.js'

/**
 * Who may watch what: the one place that decides (the passes capability extends it for paid and
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
    return this.forViewer(session).isGeoBlocked(event)
  }

  /**
   * The decisions for one viewer, with the channel's rules read once: a list of fifty events asks
   * fifty times.
   */
  forViewer(session: Session) {
    const country = session.countryCode ?? null
    const channelBlocked = isBlocked(geoRulesOf(session.channel), country)
    const isGeoBlocked = (event?: AccessSubject) =>
      channelBlocked ||
      (event?.geo_rules !== undefined &&
        event.geo_rules !== '{}' &&
        isBlocked(parseJson<GeoRules>(event.geo_rules, {}), country))
    return {
      isGeoBlocked,
      hasAccess: (event: AccessSubject) => !isGeoBlocked(event) && this.byMode(session, event),
    }
  }

  /**
   * Not in a blocked country, and then — free: everyone; register: a signed-in viewer; paid and
   * pay-per-view: a pass, which comes with payments.
   */
  hasAccess(session: Session, event: AccessSubject): boolean {
    return this.forViewer(session).hasAccess(event)
  }

  private byMode(session: Session, event: AccessSubject): boolean {
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
