import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { runFfmpeg, testFeedArgs } from '@fieldhouse/media'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaStore } from '../../lib/media-store/index.js'
import { CrowdListener, type HeardCheer } from './crowd-listener.js'

/** A live-like recording of a crowd (2-s MPEG-TS segments dated by the stream's clock), cheers at 20 s and 45 s. */
let dir: string
let startedAt: number
const store = (root: string) =>
  ({ readBytes: (key: string) => fs.readFile(path.join(root, key)).catch(() => null) }) as unknown as MediaStore

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'listener-'))
  const feed = path.join(dir, 'feed.mp4')
  await runFfmpeg(
    testFeedArgs({
      output: feed,
      durationSec: 60,
      width: 160,
      height: 90,
      fps: 10,
      realtime: false,
      format: 'mp4',
      crowd: { cheers: [{ atSec: 20 }, { atSec: 45, gainDb: 9 }], whistlesAtSec: [32] },
    }),
    { useSlot: false },
  )
  await fs.mkdir(path.join(dir, '7', 'source'), { recursive: true })
  startedAt = Date.now()
  await runFfmpeg(
    [
      ...['-hide_banner', '-nostdin', '-y', '-protocol_whitelist', 'file', '-i', feed],
      ...['-c', 'copy', '-f', 'hls', '-hls_time', '2'],
      ...['-hls_playlist_type', 'event', '-hls_flags', 'program_date_time'],
      path.join(dir, '7', 'source', 'index.m3u8'),
    ],
    { useSlot: false },
  )
}, 60_000)
afterAll(() => fs.rm(dir, { recursive: true, force: true }))

describe('CrowdListener', () => {
  it('hears each cheer at its moment on the stream’s clock, once, and not the whistle', async () => {
    const heard: HeardCheer[] = []
    const errors: unknown[] = []
    const listener = new CrowdListener({
      store: store(dir),
      playlistKey: '7/source/index.m3u8',
      eventId: 3,
      channelId: 2,
      heard: async (c) => heard.push(c),
      onError: (e) => errors.push(e),
    })
    await listener.listen()
    await listener.listen()
    expect(errors).toEqual([])
    const text = await fs.readFile(path.join(dir, '7', 'source', 'index.m3u8'), 'utf8')
    const first = Date.parse(/#EXT-X-PROGRAM-DATE-TIME:(\S+)/.exec(text)?.[1] ?? '')
    expect(Math.abs(first - startedAt)).toBeLessThan(60_000)
    expect(heard.map((h) => [h.eventId, h.channelId])).toEqual([
      [3, 2],
      [3, 2],
    ])
    expect(Math.abs((heard[0]?.at ?? 0) - (first + 20_000))).toBeLessThan(1500)
    expect(Math.abs((heard[1]?.at ?? 0) - (first + 45_000))).toBeLessThan(1500)
  })
})
