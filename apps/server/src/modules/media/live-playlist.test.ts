import { describe, expect, it } from 'vitest'
import { eventPlaylist as playlist } from '../../test/playlist-text.js'
import { readPlaylist, SERVER_CONTROL, withServerControl } from './live-playlist.js'

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
