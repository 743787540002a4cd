import { describe, expect, it } from 'vitest'
import { headRouteOf, vodPicture } from './page-head.js'

const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e'

describe('the page a URL opens, for its head', () => {
  it('knows the home page, unless a team or a school is asked for', () => {
    expect(headRouteOf('/')).toEqual({ kind: 'home' })
    expect(headRouteOf('/?utm_source=mail')).toEqual({ kind: 'home' })
    expect(headRouteOf('/?team=')).toEqual({ kind: 'home' })
    expect(headRouteOf('/?team=eagles')).toBeNull()
    expect(headRouteOf('/?utm=1&school=north')).toBeNull()
  })

  it("knows the watch pages by their id, as the web app's router does", () => {
    expect(headRouteOf('/watch/12')).toEqual({ kind: 'event', id: 12 })
    expect(headRouteOf('/watch/12/?t=30')).toEqual({ kind: 'event', id: 12 })
    expect(headRouteOf('/watch_embed/7')).toEqual({ kind: 'event', id: 7 })
    expect(headRouteOf('/Watch_Embed/7')).toEqual({ kind: 'event', id: 7 })
    expect(headRouteOf('/watch_library/3')).toEqual({ kind: 'vod', id: 3 })
    for (const other of ['/watch/0', '/watch/abc', '/watch/12/extra', '/watch/12345678901', '/watch', '/watching/1']) {
      expect(headRouteOf(other)).toBeNull()
    }
  })

  it('knows a shared clip by its id and uuid', () => {
    expect(headRouteOf(`/share/5/${uuid}`)).toEqual({ kind: 'share', id: 5, uuid })
    expect(headRouteOf(`/share/5/${uuid}/?from=x`)).toEqual({ kind: 'share', id: 5, uuid })
    expect(headRouteOf(`/share/0/${uuid}`)).toBeNull()
    expect(headRouteOf('/share/5/not-a-uuid')).toBeNull()
  })

  it('knows nothing of the other pages', () => {
    for (const other of ['/about', '/vod', '/live', '/admin/slides', '/schedule?sport=1']) {
      expect(headRouteOf(other)).toBeNull()
    }
  })
})

describe("a library video's own picture", () => {
  it('is its first image, else its first preview, else none', () => {
    const image = { type: 'image', path: '/i.jpg' }
    const preview = { type: 'preview', path: '/p.mp4' }
    expect(vodPicture([preview, image, { type: 'image', path: '/j.jpg' }])).toBe('/i.jpg')
    expect(vodPicture([{ type: 'video', path: '/v.mp4' }, preview])).toBe('/p.mp4')
    expect(vodPicture([])).toBeNull()
  })
})
