import type { Preroll } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { createTtlStorage, memoryBackend } from '../../../lib/storage/ttl-storage'
import { choosePreroll, createPrerollSuppression, eligiblePrerolls, parentCategoryIds } from './preroll'

const preroll = (over: Partial<Preroll>): Preroll => ({
  id: 1,
  url: '/ads/a.mp4',
  weight: 0,
  location_id: null,
  event_categories: [],
  for_vod: true,
  for_live: true,
  ...over,
})

const ids = (list: Preroll[]) => list.map((p) => p.id)

describe('eligiblePrerolls', () => {
  const live = { locationId: 7, categoryId: 3, isLive: true }

  it('plays a pre-roll without a venue anywhere, one with a venue only there', () => {
    const list = [preroll({ id: 1 }), preroll({ id: 2, location_id: 7 }), preroll({ id: 3, location_id: 8 })]
    expect(ids(eligiblePrerolls(list, live))).toEqual([1, 2])
    expect(ids(eligiblePrerolls(list, { ...live, locationId: null }))).toEqual([1])
  })

  it('treats an empty category list as any category', () => {
    const list = [
      preroll({ id: 1 }),
      preroll({ id: 2, event_categories: [3, 4] }),
      preroll({ id: 3, event_categories: [9] }),
    ]
    expect(ids(eligiblePrerolls(list, live))).toEqual([1, 2])
    expect(ids(eligiblePrerolls(list, { ...live, categoryId: null }))).toEqual([1])
  })

  it('matches a pre-roll aimed at the sport before one of its divisions', () => {
    const list = [preroll({ id: 1, event_categories: [1] })]
    expect(ids(eligiblePrerolls(list, { ...live, categoryId: 3 }))).toEqual([])
    expect(ids(eligiblePrerolls(list, { ...live, categoryId: 3, parentCategoryIds: [1] }))).toEqual([1])
  })

  it('picks the live flag for a live stream and the VOD flag otherwise', () => {
    const list = [preroll({ id: 1, for_vod: false }), preroll({ id: 2, for_live: false })]
    expect(ids(eligiblePrerolls(list, live))).toEqual([1])
    expect(ids(eligiblePrerolls(list, { ...live, isLive: false }))).toEqual([2])
  })

  it('sorts by weight, highest first, ties in the settings order', () => {
    const list = [
      preroll({ id: 1, weight: 1 }),
      preroll({ id: 2, weight: 10 }),
      preroll({ id: 3, weight: 5 }),
      preroll({ id: 4, weight: 10 }),
    ]
    expect(ids(eligiblePrerolls(list, live))).toEqual([2, 4, 3, 1])
  })

  it('does not reorder the list it is given', () => {
    const list = [preroll({ id: 1, weight: 1 }), preroll({ id: 2, weight: 2 })]
    eligiblePrerolls(list, live)
    expect(ids(list)).toEqual([1, 2])
  })
})

describe('parentCategoryIds', () => {
  const tree = [
    {
      id: 1,
      name: 'Basketball',
      alias: 'basketball',
      parent_id: null,
      children: [{ id: 3, name: "Men's", alias: 'men', parent_id: 1, children: [] }],
    },
  ]
  it('lists the categories above, nearest first', () => {
    expect(parentCategoryIds(3, tree)).toEqual([1])
    expect(parentCategoryIds(1, tree)).toEqual([])
    expect(parentCategoryIds(99, tree)).toEqual([])
    expect(parentCategoryIds(null, tree)).toEqual([])
  })
})

describe('pre-roll suppression', () => {
  const HOUR = 3_600_000

  it('suppresses for that viewer and that event for one hour, stored under rudy_', () => {
    const backend = memoryBackend()
    let clock = 1_000_000
    const suppression = createPrerollSuppression({
      storage: createTtlStorage({ backend, now: () => clock }),
      now: () => clock,
    })
    expect(suppression.isSuppressed(5, 'event:9')).toBe(false)
    suppression.markPlayed(5, 'event:9')
    expect(backend.getItem('rudy_prerolls_played')).not.toBeNull()
    expect(suppression.isSuppressed(5, 'event:9')).toBe(true)
    expect(suppression.isSuppressed(5, 'event:10')).toBe(false)
    expect(suppression.isSuppressed(6, 'event:9')).toBe(false)
    expect(suppression.isSuppressed(null, 'event:9')).toBe(false)
    expect(suppression.isSuppressed(5, 'vod:9')).toBe(false)
    clock += HOUR - 1
    expect(suppression.isSuppressed(5, 'event:9')).toBe(true)
    clock += 1
    expect(suppression.isSuppressed(5, 'event:9')).toBe(false)
  })

  it('keeps a guest apart from signed-in viewers', () => {
    const storage = createTtlStorage({ backend: memoryBackend() })
    const suppression = createPrerollSuppression({ storage })
    suppression.markPlayed(null, 'vod:2')
    expect(suppression.isSuppressed(null, 'vod:2')).toBe(true)
    expect(suppression.isSuppressed(1, 'vod:2')).toBe(false)
  })

  it('drops expired entries when it writes', () => {
    const backend = memoryBackend()
    let clock = 0
    const suppression = createPrerollSuppression({
      storage: createTtlStorage({ backend, now: () => clock }),
      now: () => clock,
    })
    suppression.markPlayed(1, 'event:1')
    clock += 2 * HOUR
    suppression.markPlayed(1, 'event:2')
    const stored = JSON.parse(JSON.parse(backend.getItem('rudy_prerolls_played')!).value)
    expect(Object.keys(stored)).toEqual(['1|event:2'])
  })

  it('survives a damaged entry', () => {
    const storage = createTtlStorage({ backend: memoryBackend() })
    storage.setItem('prerolls_played', 'not json')
    const suppression = createPrerollSuppression({ storage })
    expect(suppression.isSuppressed(1, 'event:1')).toBe(false)
    suppression.markPlayed(1, 'event:1')
    expect(suppression.isSuppressed(1, 'event:1')).toBe(true)
  })
})

describe('choosePreroll', () => {
  const list = [preroll({ id: 1, weight: 1 }), preroll({ id: 2, weight: 5 })]
  const target = { locationId: null, categoryId: null, isLive: false }
  const viewer = { capabilitiesPending: false, noAds: false, recentlyPlayed: false }

  it('plays the eligible pre-roll of highest weight', () => {
    expect(choosePreroll(list, target, viewer)?.id).toBe(2)
    expect(choosePreroll([], target, viewer)).toBeNull()
  })

  it('plays none for a viewer with no_ads, nor within the hour after one played', () => {
    expect(choosePreroll(list, target, { ...viewer, noAds: true })).toBeNull()
    expect(choosePreroll(list, target, { ...viewer, recentlyPlayed: true })).toBeNull()
  })

  it("waits while the viewer's capabilities are on their way", () => {
    expect(choosePreroll(list, target, { ...viewer, capabilitiesPending: true })).toBeUndefined()
  })
})
