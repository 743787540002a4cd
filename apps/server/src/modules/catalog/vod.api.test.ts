import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'

describe.each(testDatabases())('VOD library on %s', (kind) => {
  let ctx: TestContext
  let key: string
  beforeAll(async () => {
    ctx = await createTestContext(kind)
    key = await ctx.apiKey()
  })
  afterAll(() => ctx.close())

  it('lists items newest first, ten to a page by default', async () => {
    const { body } = await ctx.json(`/api/vod-media-items?api_key=${key}`)
    expect(body.meta).toEqual({ total: 9, offset: 0, limit: 10 })
    const dates = body.data.map((v: { date: string }) => v.date)
    expect([...dates].sort().reverse()).toEqual(dates)
    expect(body.data[0]).toMatchObject({
      id: expect.any(Number),
      title: expect.any(String),
      assets: [{ type: 'image', path: expect.stringMatching(/\.svg$/) }],
    })
    expect((await ctx.request(body.data[0].assets[0].path)).status).toBe(200)
  })

  it('searches titles (spec §7: limit 10, offset 0, sort by date), case-insensitively, wildcards literal', async () => {
    const found = (await ctx.json(`/api/vod-media/search?title=OVERTIME&api_key=${key}`)).body
    expect(found.data.map((v: { title: string }) => v.title)).toEqual(['Overtime thriller at Summit Ice Center'])
    expect((await ctx.json(`/api/vod-media/search?title=%25&api_key=${key}`)).body.data).toEqual([])
    const paged = (
      await ctx.json(`/api/vod-media/search?limit=2&offset=2&sort_field=title&sort_direction=asc&api_key=${key}`)
    ).body
    expect(paged.meta).toEqual({ total: 9, offset: 2, limit: 2 })
    expect((await ctx.json(`/api/vod-media/search?limit=0&api_key=${key}`)).status).toBe(422)
  })

  it('has categories that filter, single items, and rails', async () => {
    const categories = (await ctx.json(`/api/vod-media-categories?api_key=${key}`)).body.data
    expect(categories.map((c: { alias: string }) => c.alias)).toEqual(['highlights', 'interviews', 'features'])
    const interviews = (await ctx.json(`/api/vod-media-items?category_id=${categories[1].id}&api_key=${key}`)).body.data
    expect(interviews).toHaveLength(3)
    expect(
      interviews.every((v: { vod_media_category_id: number }) => v.vod_media_category_id === categories[1].id),
    ).toBe(true)
    const one = (await ctx.json(`/api/vod-media-items/${interviews[0].id}?api_key=${key}`)).body.data
    // The list's item plus its video (media.api.test.ts covers playback).
    expect(one).toMatchObject({ ...interviews[0], media_status: 'none', playback: null, denial: null })
    expect((await ctx.json(`/api/vod-media-items/999999?api_key=${key}`)).status).toBe(404)
    const rails = (await ctx.json(`/api/vod-media-rails?api_key=${key}`)).body.data
    expect(rails.map((r: { title: string }) => r.title)).toEqual(['Latest highlights', "Coaches' corner"])
    expect(rails[0].vod_media_items).toHaveLength(5)
  })
})
