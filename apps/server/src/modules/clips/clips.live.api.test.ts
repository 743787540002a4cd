import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Roles } from '../../roles.js'
import type { TestContext } from '../../test/context.js'
import { buildUser } from '../../test/factories.js'
import { publishFeed, startLiveSuite, until } from '../../test/live.js'

const segmentsOf = (playlist: string) => playlist.split('\n').filter((l) => l.trim() && !l.startsWith('#'))
const secondsOf = (playlist: string) =>
  [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, m) => sum + Number(m[1]), 0)

/**
 * Clips of a game while it is live, cut from its DVR recording as it grows; and cutting never slows
 * the live game: while several clips are cut, the live playlist keeps gaining its segments on time
 * (the cut runs at lower CPU priority than live packaging). SQLite only; real RTMP, real encodes.
 */
describe('clips of a live game', () => {
  let ctx: TestContext
  let roles: Roles
  let key: string
  let event: { id: number; stream_key: string }

  beforeAll(async () => {
    ;({ ctx, roles, event } = await startLiveSuite())
    const user = await buildUser(ctx, { capabilities: ['clipping'] })
    key = await ctx.app.services.keys.issue(user.channel_id, user.id)
  })
  afterAll(async () => {
    await roles?.stop()
    await ctx?.close()
  })

  it('cuts clips of the recording so far while the live playlist keeps advancing on time', async () => {
    const feed = publishFeed(`rtmp://127.0.0.1:${roles.rtmpPort}/live/${event.stream_key}`, 40, {
      width: 640,
      height: 360,
    })
    try {
      const detail = async () => (await ctx.json(`/api/events/${event.id}?api_key=${key}`)).body.data
      const live = await until(
        async () => {
          const d = await detail()
          return d.playback && d.clip_sources[0]?.duration >= 10 ? d : null
        },
        'ten seconds of the live game',
        60_000,
      )
      const source = live.clip_sources[0]
      expect(source.live).toBe(true)
      const variantUrl = live.playback.hls.replace(/master\.m3u8$/, 'source/index.m3u8')
      const tag = live.clip_tags[0].name

      // Past what is recorded so far: the spec's message.
      const past = await ctx.json('/api/clip', {
        method: 'POST',
        body: {
          api_key: key,
          event_id: event.id,
          event_media_id: source.event_media_id,
          name: 'From the future',
          start_time: source.duration - 1,
          duration: 5,
          tags: [tag],
        },
      })
      expect(past).toMatchObject({ status: 422, body: { message: 'Your clip duration is longer than the end time' } })

      // Watch the live playlist: when each new segment first appears.
      const arrivals: number[] = []
      let known = segmentsOf(await (await ctx.request(variantUrl)).text()).length
      let watching = true
      const watcher = (async () => {
        while (watching) {
          const count = segmentsOf(await (await ctx.request(variantUrl)).text()).length
          for (; known < count; known++) arrivals.push(Date.now())
          await new Promise((r) => setTimeout(r, 100))
        }
      })()

      const started = Date.now()
      const ids: number[] = []
      for (const [i, start] of [0.37, 2.9, 5.41].entries()) {
        const res = await ctx.json('/api/clip', {
          method: 'POST',
          body: {
            api_key: key,
            event_id: event.id,
            event_media_id: source.event_media_id,
            name: `Live moment ${i + 1}`,
            start_time: start,
            duration: 4,
            tags: [tag],
          },
        })
        expect(res.status).toBe(201)
        ids.push(res.body.data.id)
      }
      const clips = await until(
        async () => {
          const list = (await ctx.json(`/api/clips/user?api_key=${key}`)).body.data as { id: number; status: string }[]
          const ours = list.filter((c) => ids.includes(c.id))
          return ours.every((c) => c.status === 'ready' || c.status === 'failed') ? ours : null
        },
        'the clips to be cut',
        60_000,
      )
      const cutFor = Date.now() - started
      // Keep watching a little beyond the cuts, then stop.
      await new Promise((r) => setTimeout(r, 2500))
      watching = false
      await watcher

      expect(clips.map((c) => c.status)).toEqual(['ready', 'ready', 'ready'])
      const playlist = await (await ctx.request(variantUrl)).text()
      const target = Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(playlist)?.[1] ?? 2)
      // On time: every segment arrived within a target duration and a margin of the previous one.
      const gaps = arrivals.slice(1).map((t, i) => t - (arrivals[i] as number))
      expect(arrivals.length).toBeGreaterThanOrEqual(Math.floor((cutFor + 2500) / 1000 / target) - 1)
      expect(Math.max(...gaps)).toBeLessThan(target * 1000 + 1500)
      expect(secondsOf(playlist)).toBeGreaterThan(source.duration)
    } finally {
      await feed.stop()
      await feed.done.catch(() => {})
    }
  }, 120_000)
})
