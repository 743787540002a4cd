import { describe, expect, it } from 'vitest'
import { watchDetailPath, watchSourceOf } from './watch-source'

describe('watchSourceOf', () => {
  it('finds the event of /watch/{id} and /watch_embed/{id}, the library video of /watch_library/{id}', () => {
    expect(watchSourceOf('/watch/12', '/')).toEqual({ kind: 'event', id: 12 })
    expect(watchSourceOf('/watch/12/', '/')).toEqual({ kind: 'event', id: 12 })
    expect(watchSourceOf('/watch_embed/7', '/')).toEqual({ kind: 'event', id: 7 })
    expect(watchSourceOf('/watch_library/3', '/')).toEqual({ kind: 'vod', id: 3 })
  })

  it('reads the path below the base path', () => {
    expect(watchSourceOf('/league/watch/12', '/league')).toEqual({ kind: 'event', id: 12 })
    expect(watchSourceOf('/watch/12', '/league')).toBeNull()
    expect(watchSourceOf('/leagues/watch/12', '/league')).toBeNull()
  })

  it('is null for every other page and for ids that are not ids', () => {
    for (const path of ['/', '/watch', '/watch/', '/watch/abc', '/watch/12/extra', '/vod_library', '/share/1/x']) {
      expect(watchSourceOf(path, '/')).toBeNull()
    }
  })
})

describe('watchDetailPath', () => {
  it("asks for an event's detail, or a library video's", () => {
    expect(watchDetailPath({ kind: 'event', id: 12 })).toBe('events/12')
    expect(watchDetailPath({ kind: 'vod', id: 3 })).toBe('vod-media-items/3')
  })
})
