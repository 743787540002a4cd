import { parseJson } from '../catalog/catalog.presenter.js'
import { geoRulesOf } from '../channel/channel.presenter.js'
import { type GeoRules, isBlocked } from '../geo/geo.service.js'
import type { Session } from '../keys/keys.service.js'

/**
 * Who may watch what: the one place that decides, for lists, details, playback and downloads.
 */
export interface AccessSubject {
  access_mode: 'free' | 'paid' | 'register' | 'ppv'
  /** JSON GeoRules of the event. */
  geo_rules?: string
  id?: number
  /** The event's category and its parent (a pass for a sport covers its divisions). */
  category_ids?: number[]
  participant_ids?: number[]
}

/** What a viewer's active passes open (payments builds it from paid, active orders). */
export interface ViewerPasses {
  /** A subscription to everything the channel shows. */
  all: boolean
  eventIds: Set<number>
  categoryIds: Set<number>
  participantIds: Set<number>
  capabilities: Set<string>
}

export class AccessService {
  /** The channel's rules, then the event's: either may keep the viewer's country out. */
  isGeoBlocked(session: Session, event?: AccessSubject): boolean {
    return this.forViewer(session).isGeoBlocked(event)
  }

  /**
   * The decisions for one viewer, with the channel's rules and the viewer's passes read once: a list
   * of fifty events asks fifty times.
   */
  forViewer(session: Session, passes?: ViewerPasses) {
    const country = session.countryCode ?? null
    const channelBlocked = isBlocked(geoRulesOf(session.channel), country)
    const isGeoBlocked = (event?: AccessSubject) =>
      channelBlocked ||
      (event?.geo_rules !== undefined &&
        event.geo_rules !== '{}' &&
        isBlocked(parseJson<GeoRules>(event.geo_rules, {}), country))
    return {
      isGeoBlocked,
      hasAccess: (event: AccessSubject) => !isGeoBlocked(event) && this.byMode(session, event, passes),
    }
  }

  hasAccess(session: Session, event: AccessSubject, passes?: ViewerPasses): boolean {
    return this.forViewer(session, passes).hasAccess(event)
  }

  /**
   * Not in a blocked country, and then — free: everyone; register: a signed-in viewer; paid: a pass
   * that covers the event (the event itself, its sport or division, one of its teams, or everything),
   * or the `watch` capability; pay-per-view: a pass for that very event, or the `watch` capability.
   */
  private byMode(session: Session, event: AccessSubject, passes?: ViewerPasses): boolean {
    switch (event.access_mode) {
      case 'free':
        return true
      case 'register':
        return session.userId !== null
      case 'paid':
      case 'ppv': {
        if (session.userId === null || !passes) return false
        if (event.id !== undefined && passes.eventIds.has(event.id)) return true
        if (event.access_mode === 'ppv') return false
        if (passes.all) return true
        if (event.category_ids?.some((c) => passes.categoryIds.has(c))) return true
        return event.participant_ids?.some((p) => passes.participantIds.has(p)) ?? false
      }
    }
  }
}
