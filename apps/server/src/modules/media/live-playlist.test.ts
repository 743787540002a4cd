import { describe, expect, it } from 'vitest'
import { eventPlaylist as playlist } from '../../test/playlist-text.js'
import { isWholePlaylist, readPlaylist, SERVER_CONTROL, withServerControl } from './live-playlist.js'

describe('readPlaylist', () => {
  it('reads the last segment sequence number, the target duration and whether it has ended', () => {
    expect(readPlaylist(playlist(3))).toEqual({ lastMsn: 2, targetDuration: 1, ended: false })
    expect(readPlaylist(playlist(2, { sequence: 40, ended: true }))).toEqual({
      lastMsn: 41,
      targetDuration: 1,
      ended: true,
    })
    expect(readPlaylist(playlist(0)).lastMsn).toBe(-1)
  })
})

describe('withServerControl', () => {
  it('announces blocking reloads once, after the target duration', () => {
    const text = withServerControl(playlist(2))
    const lines = text.split('\n')
    expect(lines[lines.indexOf('#EXT-X-TARGETDURATION:1') + 1]).toBe(SERVER_CONTROL)
    expect(withServerControl(text)).toBe(text)
    expect(readPlaylist(text).lastMsn).toBe(1)
  })
})

describe('isWholePlaylist', () => {
  it('tells a playlist caught while ffmpeg rewrites it from a whole one', () => {
    const text = playlist(3)
    expect(isWholePlaylist(text)).toBe(true)
    expect(isWholePlaylist(playlist(3, { ended: true }))).toBe(true)
    expect(isWholePlaylist('')).toBe(false)
    // Cut inside the last address, after its EXTINF, inside a tag.
    expect(isWholePlaylist(text.slice(0, -5))).toBe(false)
    expect(isWholePlaylist(text.slice(0, text.lastIndexOf('seg_')))).toBe(false)
    expect(isWholePlaylist(text.slice(0, text.lastIndexOf('#EXTINF') + 4))).toBe(false)
    // Cut right after an earlier segment: the older version, whole.
    expect(isWholePlaylist(text.slice(0, text.indexOf('seg_00001.ts') + 'seg_00001.ts\n'.length))).toBe(true)
  })
})
