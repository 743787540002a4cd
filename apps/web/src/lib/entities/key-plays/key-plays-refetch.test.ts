import type { EventKeyPlays, KeyPlay } from '@fieldhouse/contract'
import { describe, expect, it } from 'vitest'
import { KEY_PLAYS_CUTTING_POLL_MS, keyPlayClipPending, keyPlaysPollMs } from './key-plays-refetch'
import { eventKeyPlaysKey } from './query-keys'

const play = (fields: Partial<KeyPlay> = {}): KeyPlay => ({
  id: 1,
  event_id: 7,
  t: 1_000,
  position: 95,
  label: 'Dunk',
  tag: 'Dunk',
  side: 'home',
  score: { home: 24, away: 21, period: 2 },
  before: 8,
  after: 4,
  status: 'ready',
  clip: { id: 3, uuid: 'u', status: 'ready', poster: '/p.jpg', start_time: 87, duration: 12 },
  ...fields,
})
const list = (key_plays: KeyPlay[], reel: EventKeyPlays['reel'] = null): EventKeyPlays => ({ key_plays, reel })

describe('keyPlaysPollMs', () => {
  it('asks every 2 s while a key play waits for its recording or is being cut', () => {
    expect(keyPlaysPollMs(list([play(), play({ id: 2, status: 'waiting', clip: null })]))).toBe(
      KEY_PLAYS_CUTTING_POLL_MS,
    )
    expect(keyPlaysPollMs(list([play({ status: 'cutting' })]))).toBe(2000)
  })
  it('asks while a clip is queued or processing', () => {
    const clip = play().clip
    if (!clip) throw new Error('a clip')
    expect(keyPlayClipPending(play({ clip: { ...clip, status: 'processing' } }))).toBe(true)
    expect(keyPlayClipPending(play({ clip: { ...clip, status: 'queued' } }))).toBe(true)
  })
  it('stops once every clip is ready or failed', () => {
    expect(keyPlaysPollMs(list([play(), play({ id: 2, status: 'failed', clip: null })]))).toBe(false)
    expect(keyPlaysPollMs(list([]))).toBe(false)
    expect(keyPlaysPollMs(undefined)).toBe(false)
  })
  it('asks while the highlight reel is being made', () => {
    const reel = {
      event_id: 7,
      status: 'making' as const,
      vod_media_item_id: null,
      title: 'R',
      chapters: [],
      duration: null,
    }
    expect(keyPlaysPollMs(list([play()], reel))).toBe(2000)
    expect(keyPlaysPollMs(list([play()], { ...reel, status: 'ready', vod_media_item_id: 4 }))).toBe(false)
  })
})

describe('eventKeyPlaysKey', () => {
  it('changes with the score timeline’s version, so a newer timeline asks again', () => {
    expect(eventKeyPlaysKey(7, 3)).not.toEqual(eventKeyPlaysKey(7, 4))
    expect(eventKeyPlaysKey(7, null)).toEqual(['events', 'key-plays', { id: 7, version: null }])
  })
})
