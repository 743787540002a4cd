import { describe, expect, it } from 'vitest'
import { createTtlStorage, memoryBackend } from '../../lib/storage/ttl-storage'
import { type EarlyWatchAnswers, earlyPlayback } from './early-stage'
import { createPrerollSuppression } from './player/preroll'

const playback = {
  hls: '/media/p/2.abc.sig/1/master.m3u8',
  live: false,
  thumbnails: null,
  expires_at: '2026-12-03T12:00:00.000Z',
  renew_in_ms: 240_000,
}
const event = {
  id: 1,
  name: 'Riverside at Northfield',
  participants: [],
  event_category_id: 2,
  location_id: 1,
  poster: '/media/o/1/poster.jpg',
  denial: null,
  playback,
}
const preroll = {
  id: 1,
  url: '/media/public/demo/preroll.mp4',
  weight: 10,
  location_id: null,
  event_categories: [],
  for_vod: true,
  for_live: true,
}
const bootstrapWith = (prerolls: unknown[]) => ({
  data: { settings: { prerolls }, 'events-categories': [], 'color-settings': { primary: '#0b1d3a' } },
})

const answers = (over: Partial<EarlyWatchAnswers> = {}): EarlyWatchAnswers => ({
  source: { kind: 'event', id: 1 },
  detail: Promise.resolve({ data: event }),
  bootstrap: Promise.resolve(bootstrapWith([])),
  access: null,
  viewerId: null,
  ...over,
})
const storage = () => createTtlStorage({ backend: memoryBackend() })

describe('what the watch page plays before the app', () => {
  it("plays the detail's playback when no pre-roll is due, in the channel's colours", async () => {
    expect(await earlyPlayback(answers(), { storage: storage() })).toEqual({
      subjectKey: 'event:1',
      title: 'Riverside at Northfield',
      poster: '/media/o/1/poster.jpg',
      playback,
      mode: 'replay',
      colors: { primary: '#0b1d3a' },
    })
  })

  it('leaves the page to the app when a pre-roll is due: its player is the app’s', async () => {
    const withPreroll = answers({ bootstrap: Promise.resolve(bootstrapWith([preroll])) })
    expect(await earlyPlayback(withPreroll, { storage: storage() })).toBeNull()
  })

  it('plays at once for a viewer who saw the pre-roll within the hour, or whose pass has no ads', async () => {
    const seen = storage()
    createPrerollSuppression({ storage: seen }).markPlayed(null, 'event:1')
    const withPreroll = { bootstrap: Promise.resolve(bootstrapWith([preroll])) }
    expect(await earlyPlayback(answers(withPreroll), { storage: seen })).not.toBeNull()

    const noAds = answers({
      ...withPreroll,
      viewerId: 5,
      access: Promise.resolve({ data: { capabilities: { no_ads: true } } }),
    })
    expect(await earlyPlayback(noAds, { storage: storage() })).not.toBeNull()
    // Signed in, but the answer about the account cannot be read: the app decides.
    const unread = answers({ viewerId: 5, access: Promise.resolve({ data: {} }) })
    expect(await earlyPlayback(unread, { storage: storage() })).toBeNull()
  })

  it('leaves to the app every other screen: nothing to play, a refusal, a live game’s pre-roll', async () => {
    const detail = (data: unknown) => answers({ detail: Promise.resolve({ data }) })
    expect(await earlyPlayback(detail({ ...event, playback: null }), { storage: storage() })).toBeNull()
    expect(await earlyPlayback(detail({ ...event, denial: 'geo_blocked' }), { storage: storage() })).toBeNull()
    const live = answers({
      detail: Promise.resolve({ data: { ...event, playback: { ...playback, live: true } } }),
      bootstrap: Promise.resolve(bootstrapWith([{ ...preroll, for_vod: false }])),
    })
    expect(await earlyPlayback(live, { storage: storage() })).toBeNull()
  })

  it('names a library video by its title', async () => {
    const vod = answers({
      source: { kind: 'vod', id: 7 },
      detail: Promise.resolve({ data: { id: 7, title: 'Season preview', poster: null, playback } }),
    })
    expect(await earlyPlayback(vod, { storage: storage() })).toMatchObject({
      subjectKey: 'vod:7',
      title: 'Season preview',
    })
  })
})
