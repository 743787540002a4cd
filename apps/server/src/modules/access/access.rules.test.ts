import { describe, expect, it } from 'vitest'
import {
  type AccessMode,
  denialOf,
  type EventFacts,
  holdingsOf,
  holdingsOpen,
  modeOpens,
  NO_HOLDINGS,
  type PassKind,
  type PassTerms,
  passOpensEvent,
  vodModeOpens,
} from './access.rules.js'

/** The event every case asks about: #7, a division (12) of a sport (3), between teams 41 and 42. */
const event = (mode: AccessMode): EventFacts => ({
  id: 7,
  access_mode: mode,
  category_ids: [12, 3],
  participant_ids: [41, 42],
})

const pass = (kind: PassKind, terms: Partial<PassTerms> = {}): PassTerms => ({
  kind,
  eventId: null,
  categoryIds: [],
  participantIds: [],
  capabilities: [],
  ...terms,
})

/** Every kind of pass, each in a version that covers the event and one that does not. */
const PASSES: [string, PassTerms, boolean][] = [
  ['event pass for it', pass('event', { eventId: 7 }), true],
  ['event pass for another event', pass('event', { eventId: 8 }), false],
  ['subscription to everything', pass('subscription'), true],
  ['subscription to its sport', pass('subscription', { categoryIds: [3] }), true],
  ['subscription to another sport', pass('subscription', { categoryIds: [4] }), false],
  ['package of its sport (covers the division)', pass('package', { categoryIds: [3] }), true],
  ['package of its division', pass('package', { categoryIds: [12] }), true],
  ['package of another division', pass('package', { categoryIds: [13] }), false],
  ['package naming nothing', pass('package'), false],
  ['team pass of the away team', pass('package', { participantIds: [42] }), true],
  ['team pass of another team', pass('package', { participantIds: [43] }), false],
  ['add-on of its sport', pass('addon', { categoryIds: [3] }), true],
  ['add-on naming nothing', pass('addon'), false],
]

const MODES: AccessMode[] = ['free', 'register', 'paid', 'ppv']

describe('access mode × pass kind: what a pass opens', () => {
  for (const mode of MODES) {
    for (const [name, p, covers] of PASSES) {
      // Free and register open without a pass; paid with a covering pass; pay-per-view with its own pass only.
      const opensByPass = mode === 'ppv' ? covers && p.kind === 'event' : mode === 'paid' ? covers : false
      const signedInOpens = mode === 'free' || mode === 'register' || opensByPass
      const anonymousOpens = mode === 'free'

      it(`${mode} event, ${name}: ${signedInOpens ? 'opens' : 'stays closed'} for a signed-in holder`, () => {
        const holdings = holdingsOf([p])
        expect(modeOpens(event(mode), { signedIn: true, holdings })).toBe(signedInOpens)
        expect(modeOpens(event(mode), { signedIn: false, holdings })).toBe(anonymousOpens)
        // The offer (what a viewer without access is shown) follows the same rule as the holding.
        if (mode === 'paid' || mode === 'ppv') expect(passOpensEvent(p, event(mode))).toBe(opensByPass)
        expect(holdingsOpen(holdings, event(mode))).toBe(passOpensEvent(p, event(mode)))
      })
    }
  }

  it('nothing held opens only free and register events', () => {
    expect(MODES.map((m) => modeOpens(event(m), { signedIn: true, holdings: NO_HOLDINGS }))).toEqual([
      true,
      true,
      false,
      false,
    ])
  })

  it('holdings gather every pass: capabilities, events, categories and teams', () => {
    const h = holdingsOf([
      pass('event', { eventId: 9, capabilities: ['download'] }),
      pass('package', { categoryIds: [5], participantIds: [41], capabilities: ['no_ads', 'download'] }),
      pass('subscription', { capabilities: ['vod_media'] }),
    ])
    expect(h.all).toBe(true)
    expect([...h.eventIds]).toEqual([9])
    expect([...h.categoryIds]).toEqual([5])
    expect([...h.participantIds]).toEqual([41])
    expect([...h.capabilities].sort()).toEqual(['download', 'no_ads', 'vod_media'])
  })
})

describe('capability × geo × signed in: why a viewer may not watch', () => {
  const CAPABILITIES = ['watch', 'download', 'clipping', 'download_clip', 'no_ads', 'vod_media']
  for (const geoBlocked of [false, true]) {
    for (const modeOpen of [true, false]) {
      for (const signedIn of [true, false]) {
        for (const held of CAPABILITIES) {
          for (const from of ['own', 'pass'] as const) {
            for (const capability of ['watch', 'vod_media'] as const) {
              // `watch` opens events only as an operator's own grant; `vod_media` the library from either.
              const opens = held === capability && (capability === 'vod_media' || from === 'own')
              const expected = geoBlocked
                ? 'geo_blocked'
                : modeOpen
                  ? null
                  : !signedIn
                    ? 'sign_in'
                    : opens
                      ? null
                      : 'no_access'
              it(`geo ${geoBlocked ? 'blocked' : 'open'}, mode ${modeOpen ? 'open' : 'closed'}, ${signedIn ? 'signed in' : 'anonymous'}, ${held} (${from}) for ${capability}: ${expected}`, () => {
                expect(
                  denialOf({
                    geoBlocked,
                    modeOpens: modeOpen,
                    signedIn,
                    capability,
                    ownCapabilities: from === 'own' ? [held] : [],
                    passCapabilities: from === 'pass' ? [held] : [],
                  }),
                ).toBe(expected)
              })
            }
          }
        }
      }
    }
  }
})

describe("the channel's operators preview what their role reads", () => {
  const base = { modeOpens: false, signedIn: true, ownCapabilities: [], passCapabilities: [] }
  it('opens a closed event or library item, never past a blocked country', () => {
    for (const capability of ['watch', 'vod_media'] as const) {
      expect(denialOf({ ...base, capability, geoBlocked: false, operatorPreview: true })).toBeNull()
      expect(denialOf({ ...base, capability, geoBlocked: false, operatorPreview: false })).toBe('no_access')
      expect(denialOf({ ...base, capability, geoBlocked: true, operatorPreview: true })).toBe('geo_blocked')
    }
  })
})

describe('library items', () => {
  it('free opens for all, register for the signed in, paid and pay-per-view only with vod_media', () => {
    expect(MODES.map((m) => [vodModeOpens(m, false), vodModeOpens(m, true)])).toEqual([
      [true, true],
      [false, true],
      [false, false],
      [false, false],
    ])
  })
})
