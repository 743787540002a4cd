import type { Geo } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { geoNoticeLines } from './geo-notice-lines'

const geo = (patch: Partial<Geo>): Geo => ({
  country: 'France',
  country_code: 'FR',
  ip: '203.0.113.7',
  is_geo_blocked: true,
  ...patch,
})

describe('geo notice (spec §6, GET /geo)', () => {
  it('says nothing to a viewer whose region may watch', () => {
    expect(geoNoticeLines(geo({ is_geo_blocked: false }), false)).toEqual([])
    expect(geoNoticeLines(undefined, false)).toEqual([])
  })

  it('gives a blocked viewer the spec’s sentence and where the connection seems to be', () => {
    expect(geoNoticeLines(geo({}), false)).toEqual([
      { key: 'spec.geoBlocked' },
      { key: 'geo.placed', country: 'France' },
      { key: 'geo.vpn' },
    ])
  })

  it('does not repeat the sentence the stage already shows, and explains a block of this game alone', () => {
    expect(geoNoticeLines(geo({}), true)).toEqual([{ key: 'geo.placed', country: 'France' }, { key: 'geo.vpn' }])
    // The channel lets France watch, but this game is kept out of it.
    expect(geoNoticeLines(geo({ is_geo_blocked: false }), true)).toEqual([
      { key: 'geo.placed', country: 'France' },
      { key: 'geo.vpn' },
    ])
  })

  it('names the country by its code, or says it is unknown', () => {
    expect(geoNoticeLines(geo({ country: null }), true)[0]).toEqual({ key: 'geo.placed', country: 'FR' })
    expect(geoNoticeLines(geo({ country: null, country_code: null }), true)[0]).toEqual({ key: 'geo.unplaced' })
    expect(geoNoticeLines(undefined, true)).toEqual([])
  })
})
