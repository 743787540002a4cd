import type { PlaybackDenial } from '@fieldhouse/contract'

/**
 * The rule table of entitlements, as pure functions: what a pass opens, what an access mode asks,
 * and why a viewer may not watch. `AccessService` feeds them the viewer's passes and country; nothing
 * else in the server decides these.
 */

export type AccessMode = 'free' | 'register' | 'paid' | 'ppv'
export type PassKind = 'subscription' | 'package' | 'event' | 'addon'

/** What one pass (held, or on offer) covers, as the rules read it. */
export interface PassTerms {
  kind: PassKind
  /** An event pass: its event. */
  eventId: number | null
  /** A package or subscription: the sports and divisions it covers (none with no teams: everything). */
  categoryIds: readonly number[]
  /** A team pass: its teams. */
  participantIds: readonly number[]
  capabilities: readonly string[]
}

/** An event as the rules read it. */
export interface EventFacts {
  id?: number
  access_mode: AccessMode
  /** The event's category and its parent: a pass for a sport covers its divisions. */
  category_ids?: readonly number[]
  participant_ids?: readonly number[]
}

/** What a viewer's active passes open, gathered once per viewer (a list of fifty events asks fifty times). */
export interface Holdings {
  /** A subscription to everything the channel shows. */
  all: boolean
  eventIds: Set<number>
  categoryIds: Set<number>
  participantIds: Set<number>
  capabilities: Set<string>
}

export const NO_HOLDINGS: Holdings = Object.freeze({
  all: false,
  eventIds: new Set<number>(),
  categoryIds: new Set<number>(),
  participantIds: new Set<number>(),
  capabilities: new Set<string>(),
})

/** A subscription naming no sport, division or team covers everything. */
const coversAll = (p: PassTerms) =>
  p.kind === 'subscription' && p.categoryIds.length === 0 && p.participantIds.length === 0

/**
 * Whether a pass opens an event: an event pass its own event (whatever the mode); for a paid event,
 * a subscription to everything, or a package, subscription or add-on naming its sport or division or
 * one of its teams. Pay-per-view opens with its own event pass only.
 */
export function passOpensEvent(pass: PassTerms, event: EventFacts): boolean {
  if (pass.kind === 'event') return event.id !== undefined && pass.eventId === event.id
  if (event.access_mode !== 'paid') return false
  if (coversAll(pass)) return true
  return (
    pass.categoryIds.some((c) => event.category_ids?.includes(c) ?? false) ||
    pass.participantIds.some((t) => event.participant_ids?.includes(t) ?? false)
  )
}

/** The holdings of a set of passes, in the form `holdingsOpen` reads quickly. */
export function holdingsOf(passes: readonly PassTerms[]): Holdings {
  const h: Holdings = {
    all: false,
    eventIds: new Set(),
    categoryIds: new Set(),
    participantIds: new Set(),
    capabilities: new Set(),
  }
  for (const p of passes) {
    for (const c of p.capabilities) h.capabilities.add(c)
    if (p.kind === 'event') {
      if (p.eventId !== null) h.eventIds.add(p.eventId)
      continue
    }
    if (coversAll(p)) h.all = true
    for (const c of p.categoryIds) h.categoryIds.add(c)
    for (const t of p.participantIds) h.participantIds.add(t)
  }
  return h
}

/** `passOpensEvent` over all the viewer's passes, read from their holdings. */
export function holdingsOpen(h: Holdings, event: EventFacts): boolean {
  if (event.id !== undefined && h.eventIds.has(event.id)) return true
  if (event.access_mode !== 'paid') return false
  if (h.all) return true
  if (event.category_ids?.some((c) => h.categoryIds.has(c))) return true
  return event.participant_ids?.some((t) => h.participantIds.has(t)) ?? false
}

/**
 * What an event's access mode asks: free — everyone; register — a signed-in viewer; paid and
 * pay-per-view — a signed-in viewer holding a pass that opens it.
 */
export function modeOpens(event: EventFacts, viewer: { signedIn: boolean; holdings: Holdings }): boolean {
  switch (event.access_mode) {
    case 'free':
      return true
    case 'register':
      return viewer.signedIn
    case 'paid':
    case 'ppv':
      return viewer.signedIn && holdingsOpen(viewer.holdings, event)
  }
}

/**
 * A library (VOD) item's mode: free — everyone; register — a signed-in viewer; paid and pay-per-view
 * items open only with the `vod_media` capability (`denial`).
 */
export function vodModeOpens(mode: AccessMode, signedIn: boolean): boolean {
  return mode === 'free' || (mode === 'register' && signedIn)
}

/** The capability that opens content regardless of its mode: `watch` for events, `vod_media` for the library. */
export type OpeningCapability = 'watch' | 'vod_media'

/**
 * Why a viewer may not watch, or null: a blocked country first; then the mode; then the capability
 * that opens everything of its kind (`watch` only as an operator's own grant to the user, `vod_media`
 * from the user's grant or a pass); then the channel's own operators, who preview what their role
 * may read (decision 0026); else sign in, or buy a pass.
 */
export function denialOf(input: {
  geoBlocked: boolean
  modeOpens: boolean
  signedIn: boolean
  capability: OpeningCapability
  ownCapabilities: readonly string[]
  passCapabilities: readonly string[]
  /** The viewer operates the channel with a role that may read what is watched. */
  operatorPreview?: boolean
}): PlaybackDenial | null {
  if (input.geoBlocked) return 'geo_blocked'
  if (input.modeOpens) return null
  if (input.signedIn) {
    if (input.operatorPreview) return null
    if (input.ownCapabilities.includes(input.capability)) return null
    if (input.capability === 'vod_media' && input.passCapabilities.includes('vod_media')) return null
    return 'no_access'
  }
  return 'sign_in'
}
