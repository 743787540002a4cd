import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LocalMediaStore } from '../../lib/media-store/index.js'
import { eventPlaylist as playlist } from '../../test/playlist-text.js'
import { LivePlaylists } from './live-playlist.js'

/** The waiting for a live playlist's next segment, on the local media store in a folder of its own. */
describe('LivePlaylists', () => {
  let root: string
  let store: LocalMediaStore
  const key = 'assets/7/source/index.m3u8'
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-live-playlist-'))
    store = new LocalMediaStore(root)
  })
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

  it('answers a wait for a segment already listed at once', async () => {
    await store.put(key, { bytes: playlist(3) })
    const playlists = new LivePlaylists(store, 10)
    expect((await playlists.waitFor(key, 2))?.lastMsn).toBe(2)
    expect(await playlists.waitFor('assets/7/none/index.m3u8', 0)).toBeNull()
  })

  it('holds every viewer waiting for the next segment until the playlist lists it', async () => {
    await store.put(key, { bytes: playlist(3) })
    const playlists = new LivePlaylists(store, 10)
    let answered = 0
    const waits = [playlists.waitFor(key, 3), playlists.waitFor(key, 3), playlists.waitFor(key, 4)].map((w) =>
      w.then((s) => {
        answered += 1
        return s
      }),
    )
    // Nothing new written: nobody is answered however often the playlist is looked at.
    await new Promise((r) => setTimeout(r, 100))
    expect(answered).toBe(0)
    await store.put(key, { bytes: playlist(4) })
    const [a, b] = await Promise.all(waits.slice(0, 2))
    expect(a?.lastMsn).toBe(3)
    expect(b?.text).toBe(a?.text)
    expect(answered).toBe(2)
    await store.put(key, { bytes: playlist(5) })
    expect((await waits[2])?.lastMsn).toBe(4)
  })

  it('serves the version before when the playlist is caught half rewritten', async () => {
    await store.put(key, { bytes: playlist(3) })
    const playlists = new LivePlaylists(store, 10)
    const whole = await playlists.read(key)
    await store.put(key, { bytes: playlist(5).slice(0, -6) })
    expect(await playlists.read(key)).toBe(whole)
    const cutAtASegment = playlist(5).slice(0, playlist(5).indexOf('seg_00001.ts') + 'seg_00001.ts\n'.length)
    await store.put(key, { bytes: cutAtASegment })
    expect(await playlists.read(key)).toBe(whole)
    await store.put(key, { bytes: playlist(5) })
    expect((await playlists.read(key))?.lastMsn).toBe(4)
  })

  it('answers a wait when the playlist ends without the segment', async () => {
    await store.put(key, { bytes: playlist(3) })
    const playlists = new LivePlaylists(store, 10)
    const wait = playlists.waitFor(key, 3)
    await store.put(key, { bytes: playlist(3, { ended: true }) })
    expect(await wait).toMatchObject({ lastMsn: 2, ended: true })
  })
})
