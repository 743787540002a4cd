import { type AdminResource, can, type OperatorRole, type PlaybackDenial } from '@fieldhouse/contract'
import { geoRulesOf } from '../../lib/channel-settings.js'
import { parseJson } from '../../lib/json.js'
import type { Session } from '../../lib/session.js'
import { type GeoRules, isBlocked } from '../geo/geo.service.js'
import type { AccessRepository } from './access.repository.js'
import {
  type AccessMode,
  denialOf,
  type EventFacts,
  type Holdings,
  holdingsOf,
  modeOpens,
  NO_HOLDINGS,
  type OpeningCapability,
  type PassKind,
  type PassTerms,
  passOpensEvent,
  vodModeOpens,
} from './access.rules.js'

export type { Holdings } from './access.rules.js'

/** An event as a list or detail carries it: its mode, geo rules, category (with parent) and teams. */
export interface AccessSubject extends EventFacts {
  /** JSON GeoRules of the event. */
  geo_rules?: string
}

/** What decides whether a viewer may watch one thing (an event or a library item). */
export interface Watchability {
  /** The mode (and geo) let the viewer in. */
  hasAccess: boolean
  isGeoBlocked: boolean
  /** The access mode, to say why not (sign in, or a pass). */
  mode: AccessMode
  /** The capability that opens it regardless of the mode: `watch` for events, `vod_media` for the library. */
  capability: OpeningCapability
}

/** A pass as stored (JSON lists), read into the rules' terms. */
export function termsOf(row: {
  kind: PassKind
  event_id: number | null
  event_categories: string
  participants: string
  capabilities: string
}): PassTerms {
  return {
    kind: row.kind,
    eventId: row.event_id,
    categoryIds: parseJson<number[]>(row.event_categories, []),
    participantIds: parseJson<number[]>(row.participants, []),
    capabilities: parseJson<string[]>(row.capabilities, []),
  }
}

const HOLDINGS_FRESH_MS = 2000

/** What an operator must be allowed to read to preview content of a kind (decision 0026). */
const PREVIEW_RESOURCE: Record<OpeningCapability, readonly AdminResource[]> = {
  // A scorer watches the games it scores: the picture is what its offset is set against (decision 0057).
  watch: ['events', 'scores'],
  vod_media: ['vod-media-items'],
}

/**
 * The role the session's user holds on the session's channel, when the console would let them in
 * (signed in, past their second factor if they turned it on); else null. The console's gate answers.
 */
export type OperatorRoleOf = (session: Session) => Promise<OperatorRole | null>

/**
 * Entitlements: what a viewer holds, and what each pass, capability and access mode opens, with the
 * viewer's country (design §3). Catalogue lists and details, playback, media files, downloads,
 * payments' offers and the profile's capability flags all ask here; the rules themselves are
 * `access.rules.ts`.
 */
export class AccessService {
  /** A viewer's holdings, remembered two seconds (payments drops them at once when an order changes). */
  private readonly cache = new Map<number, { holdings: Holdings; at: number }>()

  constructor(
    private readonly repo: AccessRepository,
    private readonly clock: () => number = Date.now,
    private readonly operatorRoleOf: OperatorRoleOf = async () => null,
  ) {}

  /** What the viewer's paid, active passes open. */
  async holdings(userId: number | null): Promise<Holdings> {
    if (userId === null) return NO_HOLDINGS
    const now = this.clock()
    const hit = this.cache.get(userId)
    if (hit && now - hit.at < HOLDINGS_FRESH_MS) return hit.holdings
    const rows = await this.repo.activePasses(userId, now)
    const holdings = holdingsOf(
      rows.map((r) => termsOf({ ...r, event_id: r.kind === 'event' ? (r.event_id ?? r.pass_event_id) : null })),
    )
    if (this.cache.size > 10_000) this.cache.clear()
    this.cache.set(userId, { holdings, at: now })
    return holdings
  }

  /** An order of the user changed (paid, refunded, expired): their holdings are read again. */
  forget(userId: number) {
    this.cache.delete(userId)
  }

  /** Capabilities an operator granted the user themself (spec §3): `watch` opens every event. */
  async ownCapabilities(session: Session): Promise<string[]> {
    if (session.userId === null) return []
    const text = await this.repo.userCapabilities(session.channel.id, session.userId)
    const list = parseJson<unknown>(text ?? '[]', [])
    return Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string') : []
  }

  /** The capabilities the passes of a user grant. */
  async passCapabilities(userId: number): Promise<string[]> {
    return [...(await this.holdings(userId)).capabilities]
  }

  /** The user's own capabilities and those of their passes. */
  async capabilities(session: Session): Promise<string[]> {
    if (session.userId === null) return []
    const [own, held] = await Promise.all([this.ownCapabilities(session), this.holdings(session.userId)])
    return [...new Set([...own, ...held.capabilities])]
  }

  /** The channel's rules, then the event's: either may keep the viewer's country out. */
  isGeoBlocked(session: Session, event?: AccessSubject): boolean {
    return this.forViewer(session).isGeoBlocked(event)
  }

  /** The decisions for one viewer, with the channel's rules and the viewer's holdings read once. */
  forViewer(session: Session, holdings: Holdings = NO_HOLDINGS) {
    const country = session.countryCode ?? null
    const channelBlocked = isBlocked(geoRulesOf(session.channel), country)
    const isGeoBlocked = (event?: AccessSubject) =>
      channelBlocked ||
      (event?.geo_rules !== undefined &&
        event.geo_rules !== '{}' &&
        isBlocked(parseJson<GeoRules>(event.geo_rules, {}), country))
    const viewer = { signedIn: session.userId !== null, holdings }
    return {
      isGeoBlocked,
      hasAccess: (event: AccessSubject) => !isGeoBlocked(event) && modeOpens(event, viewer),
    }
  }

  /** `forViewer` with the viewer's holdings read first. */
  async forViewerWithHoldings(session: Session) {
    return this.forViewer(session, await this.holdings(session.userId))
  }

  /** A library item's watchability: its mode, and the channel's geo rules. */
  vodWatchability(session: Session, mode: AccessMode): Watchability {
    return {
      hasAccess: vodModeOpens(mode, session.userId !== null),
      isGeoBlocked: this.isGeoBlocked(session),
      mode,
      capability: 'vod_media',
    }
  }

  /**
   * Whether the viewer operates the channel with a role that may read content of this kind: the
   * channel's own people preview a paid game without buying a pass (decision 0026).
   */
  async operatorPreviews(session: Session, capability: OpeningCapability): Promise<boolean> {
    if (session.userId === null) return false
    const role = await this.operatorRoleOf(session)
    return role !== null && PREVIEW_RESOURCE[capability].some((resource) => can(role, 'read', resource))
  }

  /** Why the viewer may not watch, or null when they may. */
  async denial(session: Session, w: Watchability): Promise<PlaybackDenial | null> {
    const signedIn = session.userId !== null
    const needsCapability = !w.isGeoBlocked && !w.hasAccess && signedIn
    return denialOf({
      geoBlocked: w.isGeoBlocked,
      modeOpens: w.hasAccess,
      signedIn,
      capability: w.capability,
      ownCapabilities: needsCapability ? await this.ownCapabilities(session) : [],
      passCapabilities:
        needsCapability && w.capability === 'vod_media' ? await this.passCapabilities(session.userId as number) : [],
      operatorPreview: needsCapability && (await this.operatorPreviews(session, w.capability)),
    })
  }

  /**
   * The facts the rules need of an event: its category with its parent (a pass for a sport covers its
   * divisions) and its teams.
   */
  async eventFacts(event: {
    id: number
    type: AccessMode
    event_category_id: number | null
    participants: { id: number }[]
  }): Promise<EventFacts> {
    const parent = event.event_category_id ? await this.repo.parentCategory(event.event_category_id) : null
    return {
      id: event.id,
      access_mode: event.type,
      category_ids: [event.event_category_id, parent].filter((c): c is number => typeof c === 'number'),
      participant_ids: event.participants.map((p) => p.id),
    }
  }

  /** Of the given passes, those that would open the event (what a viewer without access is offered). */
  passesOpening<P>(passes: readonly { pass: P; terms: PassTerms }[], event: EventFacts): P[] {
    return passes.filter((p) => passOpensEvent(p.terms, event)).map((p) => p.pass)
  }
}
