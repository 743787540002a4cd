import { ColorSettingsSchema, EventCategorySchema, PlaybackSchema, PrerollSchema } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { readNoAds, readPlayback, readStageSettings, readStageSubject } from './early-read'

const playback = {
  hls: '/media/p/2.abc.sig/1/master.m3u8',
  live: false,
  thumbnails: null,
  expires_at: '2026-12-03T12:00:00.000Z',
  renew_in_ms: 240_000,
}
const preroll = {
  id: 1,
  url: '/media/public/demo/preroll.mp4',
  weight: 10,
  location_id: null,
  event_categories: [2],
  for_vod: true,
  for_live: true,
}
const categories = [
  { id: 1, name: 'Basketball', alias: 'basketball', parent_id: null, children: [] },
  {
    id: 3,
    name: 'Soccer',
    alias: 'soccer',
    parent_id: null,
    children: [{ id: 4, name: "Men's Soccer", alias: 'mens-soccer', parent_id: 3, children: [] }],
  },
]
const event = {
  id: 1,
  name: "RIV @ NFC — Men's Basketball",
  event_category_id: 2,
  location_id: 1,
  poster: '/media/o/1/poster.jpg',
  denial: null,
  is_geo_blocked: false,
  playback,
}
const bootstrap = {
  settings: { name: 'Demo', prerolls: [preroll] },
  'events-categories': categories,
  'color-settings': { primary: '#0b1d3a', accent: '#fc0' },
}

describe('the stage reads the start answers without the schemas', () => {
  it('reads a playback as PlaybackSchema does', () => {
    expect(readPlayback(playback)).toEqual(PlaybackSchema.parse(playback))
    expect(readPlayback({ ...playback, thumbnails: '/media/p/t/thumbs.vtt' })?.thumbnails).toBe('/media/p/t/thumbs.vtt')
  })

  it.each([
    ['no hls', { ...playback, hls: undefined }],
    ['live as text', { ...playback, live: 'no' }],
    ['a fractional renewal', { ...playback, renew_in_ms: 1.5 }],
    ['no expiry', { ...playback, expires_at: null }],
  ])('refuses a playback with %s, as the schema does', (_, broken) => {
    expect(readPlayback(broken)).toBeNull()
    expect(PlaybackSchema.safeParse(broken).success).toBe(false)
  })

  it('reads the subject of an event with something to play', () => {
    expect(readStageSubject(event)).toMatchObject({
      playback,
      denied: false,
      poster: '/media/o/1/poster.jpg',
      locationId: 1,
      categoryId: 2,
    })
    // A library video has no venue or category.
    const vod = { id: 7, title: 'Season preview', poster: null, playback }
    expect(readStageSubject(vod)).toMatchObject({ locationId: null, categoryId: null, poster: null })
  })

  it('leaves to the app a subject with nothing to play, or one the server refused', () => {
    expect(readStageSubject({ ...event, playback: null })).toBeNull()
    expect(readStageSubject({ ...event, location_id: 'one' })).toBeNull()
    expect(readStageSubject(null)).toBeNull()
    expect(readStageSubject({ ...event, denial: 'geo_blocked' })?.denied).toBe(true)
    expect(readStageSubject({ ...event, is_geo_blocked: true })?.denied).toBe(true)
    expect(readStageSubject({ ...event, denial: 'too_many_streams' })?.denied).toBe(true)
  })

  it('reads the pre-rolls, the category tree and the colours as their schemas do', () => {
    const settings = readStageSettings(bootstrap)
    expect(settings?.prerolls).toEqual([PrerollSchema.parse(preroll)])
    expect(settings?.categories).toEqual(categories.map((c) => EventCategorySchema.parse(c)))
    expect(settings?.colors).toEqual(ColorSettingsSchema.parse(bootstrap['color-settings']))
    expect(readStageSettings({ ...bootstrap, 'events-categories': undefined })?.categories).toEqual([])
  })

  it.each([
    ['no pre-roll list', { ...bootstrap, settings: { name: 'Demo' } }],
    ['a pre-roll without its flags', { ...bootstrap, settings: { prerolls: [{ ...preroll, for_vod: undefined }] } }],
    ['a pre-roll with a fractional weight', { ...bootstrap, settings: { prerolls: [{ ...preroll, weight: 2.5 }] } }],
    [
      'a category without children',
      { ...bootstrap, 'events-categories': [{ id: 1, name: 'x', alias: 'x', parent_id: null }] },
    ],
    ['a colour that is no hex value', { ...bootstrap, 'color-settings': { primary: 'navy' } }],
    ['no colours', { ...bootstrap, 'color-settings': undefined }],
  ])('leaves to the app a bootstrap with %s', (_, broken) => {
    expect(readStageSettings(broken)).toBeNull()
  })

  it('reads no_ads of the account, and nothing from an answer without it', () => {
    expect(readNoAds({ capabilities: { no_ads: true } })).toBe(true)
    expect(readNoAds({ capabilities: { no_ads: false } })).toBe(false)
    expect(readNoAds({ capabilities: {} })).toBeNull()
    expect(readNoAds('denied')).toBeNull()
  })
})
