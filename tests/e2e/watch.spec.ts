import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, newPage } from './browser.js'
import { accountViaApi, apiKey, appReady, newEmail, playUntilMoving, signIn, videoReady } from './helpers.js'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')

interface EventRow {
  id: number
  type: string
  stream_status: string
}

/**
 * A free replay whose master playlist lists `count` renditions: a replay plays from its first rendition
 * while the others encode, and the demo encodes its videos one after another at first start, so the
 * first free replay to have them all is taken.
 */
async function replayWithRenditions(count: number, deadlineMs = 300_000): Promise<EventRow> {
  const deadline = Date.now() + deadlineMs
  const key = await apiKey(baseUrl)
  for (;;) {
    for (const replay of (await events('vod')).filter((e) => e.type === 'free')) {
      const detail = (await (await fetch(`${baseUrl}/api/events/${replay.id}?api_key=${key}`)).json()).data
      if (!detail?.playback) continue
      const master = await (await fetch(new URL(detail.playback.hls, baseUrl))).text()
      if (master.split('#EXT-X-STREAM-INF').length - 1 >= count) return replay
    }
    if (Date.now() > deadline) throw new Error(`no free replay had ${count} renditions`)
    await new Promise((r) => setTimeout(r, 1000))
  }
}

async function events(status: string): Promise<EventRow[]> {
  const key = await apiKey(baseUrl)
  return (await (await fetch(`${baseUrl}/api/events?stream_status[]=${status}&no_limit=1&api_key=${key}`)).json()).data
}

interface LiveLatency {
  /** Seconds between the frame on screen and the end of what the playlist offers (the live edge). */
  behindEdge: number
  /**
   * Seconds between the wall clock and the program-date-time of the frame on screen, read as hls.js
   * reads it (the playlist's EXTINF durations laid end to end, the date of the segment holding
   * currentTime plus the offset into it); null when the playlist carries no date.
   */
  behindClock: number | null
}

/**
 * How far the live picture is behind, from the <video> and the media playlist the player itself
 * loads (found in the page's resource timing): the player keeps its hls.js to itself.
 */
async function liveLatency(page: Page): Promise<LiveLatency> {
  return page.evaluate(async () => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')!
    const playlists = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => /\.m3u8(\?|$)/.test(name) && !/\/master\.m3u8(\?|$)/.test(name))
    const url = playlists.at(-1)
    const text = url ? await (await fetch(url, { cache: 'no-store' })).text() : ''
    const time = video.currentTime
    const now = Date.now()
    const { seekable } = video
    const behindEdge = (seekable.length ? seekable.end(seekable.length - 1) : time) - time
    let start = 0
    let date: number | null = null
    let length = 0
    for (const raw of text.split('\n')) {
      const line = raw.trim()
      if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) date = Date.parse(line.slice(25))
      else if (line.startsWith('#EXTINF:')) length = Number.parseFloat(line.slice(8))
      else if (line && !line.startsWith('#')) {
        if (date !== null && time >= start && time < start + length) {
          return { behindEdge, behindClock: (now - (date + (time - start) * 1000)) / 1000 }
        }
        start += length
        if (date !== null) date += length * 1000
      }
    }
    return { behindEdge, behindClock: null }
  })
}

/** Logs the live latency: measured to be seen, never held to a figure here (bench/ has the goal). */
async function logLiveLatency(page: Page, when: string) {
  const latency = await liveLatency(page)
  const clock = latency.behindClock === null ? 'no program-date-time' : `${latency.behindClock.toFixed(1)} s`
  console.log(
    `live demo ${when}: ${latency.behindEdge.toFixed(1)} s behind the live edge, ${clock} behind the wall clock`,
  )
  return latency
}

describe('watching', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(() => browser.close())

  it('a live game plays after the pre-roll, with the live badge; the pre-roll then rests for an hour', {
    timeout: 180_000,
  }, async () => {
    const live = (await events('live')).find((e) => e.type === 'free') as EventRow
    await videoReady(baseUrl, live.id)
    const { context, page } = await newPage(browser)
    // Every playlist request stays in the resource timing (liveLatency reads it), not only the first 250.
    await context.addInitScript(() => performance.setResourceTimingBufferSize(100_000))
    await page.goto(`${baseUrl}/watch/${live.id}`)
    await appReady(page)
    await page.getByTestId('player-start').click()
    await page.getByTestId('player-preroll').waitFor({ timeout: 30_000 })
    await page.getByTestId('player-preroll').waitFor({ state: 'detached', timeout: 60_000 })
    await page.waitForFunction(
      () => {
        const v = document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')
        return v !== null && !v.paused && v.currentTime > 0.5
      },
      undefined,
      { timeout: 60_000 },
    )
    await page.getByTestId('player-live').or(page.getByTestId('player-go-live')).first().waitFor()
    expect(await page.evaluate(() => localStorage.getItem('rudy_prerolls_played'))).not.toBeNull()
    // The live recording is dated (program-date-time): the picture's lag behind the clock can be read.
    const afterPreroll = await logLiveLatency(page, 'after the pre-roll')
    expect(afterPreroll.behindClock).not.toBeNull()

    // The same viewer again within the hour: straight to the game.
    await page.reload()
    await appReady(page)
    await playUntilMoving(page)
    expect(await page.getByTestId('player-preroll').count()).toBe(0)
    await logLiveLatency(page, 'without a pre-roll')
    await context.close()
  })

  it('a free replay plays past its third second, with a quality menu of the renditions', {
    timeout: 420_000,
  }, async () => {
    const replay = await replayWithRenditions(2)
    const { context, page } = await newPage(browser)
    await page.goto(`${baseUrl}/watch/${replay.id}`)
    await appReady(page)
    await playUntilMoving(page, { past: 3 })
    // The controls show while the pointer is over the player.
    await page.getByTestId('player').hover()
    await page.getByTestId('player-quality').click()
    const menu = page.getByRole('menu', { name: 'Quality' })
    await menu.waitFor()
    const items = await menu.getByRole('menuitemradio').allTextContents()
    expect(items.some((t) => /Auto/.test(t))).toBe(true)
    expect(items.some((t) => /480p/.test(t))).toBe(true)
    expect(items.some((t) => /360p/.test(t))).toBe(true)
    await context.close()
  })

  it('a replay asks for its master playlist once, whichever side made the player, and offers AirPlay only while a screen is there', {
    timeout: 180_000,
  }, async () => {
    const replay = await replayWithRenditions(1)
    const { context, page } = await newPage(browser)
    // Safari's AirPlay, as far as the page can tell: the picker, and the availability event fired below.
    await context.addInitScript(() => {
      const picks = { count: 0 }
      Object.assign(window, { airplayPicks: picks })
      Object.defineProperty(HTMLVideoElement.prototype, 'webkitShowPlaybackTargetPicker', {
        configurable: true,
        value() {
          picks.count += 1
        },
      })
    })
    const masters: string[] = []
    page.on('request', (request) => {
      if (/\/master\.m3u8(\?|$)/.test(new URL(request.url()).pathname)) masters.push(request.url())
    })
    await page.goto(`${baseUrl}/watch/${replay.id}`)
    await appReady(page)
    await playUntilMoving(page)
    expect(masters).toHaveLength(1)
    await page.getByTestId('player').hover()
    // Chromium's Remote Playback cannot take a MediaSource: no cast button until AirPlay says so.
    expect(await page.getByTestId('player-cast').count()).toBe(0)
    const airplay = (availability: string) =>
      page.evaluate((value) => {
        const video = document.querySelector('[data-testid="player-video"]')!
        const event = Object.assign(new Event('webkitplaybacktargetavailabilitychanged'), { availability: value })
        video.dispatchEvent(event)
      }, availability)
    await airplay('available')
    await page.getByRole('button', { name: 'Play on another screen' }).click()
    expect(
      await page.evaluate(() => (window as unknown as { airplayPicks: { count: number } }).airplayPicks.count),
    ).toBe(1)
    await airplay('not-available')
    await page.getByTestId('player-cast').waitFor({ state: 'detached' })
    await context.close()
  })

  it('a paid replay asks an anonymous viewer to sign in, and a signed-in viewer without a pass for one', async () => {
    const paid = (await events('vod')).find((e) => e.type === 'paid') as EventRow
    await videoReady(baseUrl, paid.id)
    const { context, page } = await newPage(browser)
    await page.goto(`${baseUrl}/watch/${paid.id}`)
    await appReady(page)
    await page.locator('[data-testid="watch-stage"][data-screen="sign_in"]').waitFor()
    expect(await page.getByTestId('player-video').count()).toBe(0)

    const email = newEmail('watch')
    await accountViaApi(baseUrl, dataDir, email, 'a long password 1')
    await signIn(page, baseUrl, email, 'a long password 1')
    await page.waitForURL((url) => !url.pathname.startsWith('/login'))
    await page.goto(`${baseUrl}/watch/${paid.id}`)
    await page.locator('[data-testid="watch-stage"][data-screen="no_access"]').waitFor()
    expect(await page.getByTestId('watch-see-passes').getAttribute('href')).toBe(`/packages?event_id=${paid.id}`)
    await context.close()
  })

  it('an upcoming game counts down to its start', async () => {
    const upcoming = (await events('upcoming'))[0] as EventRow
    const { context, page } = await newPage(browser)
    await page.goto(`${baseUrl}/watch/${upcoming.id}`)
    await appReady(page)
    const timer = page.getByTestId('watch-countdown')
    await timer.waitFor()
    const first = await timer.textContent()
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="watch-countdown"]')?.textContent !== before,
      first,
      {
        timeout: 5000,
      },
    )
    await context.close()
  })

  it('the embed page has no header or footer, and plays', { timeout: 180_000 }, async () => {
    const live = (await events('live')).find((e) => e.type === 'free') as EventRow
    await videoReady(baseUrl, live.id)
    const { context, page } = await newPage(browser, 800, 450)
    await page.goto(`${baseUrl}/watch_embed/${live.id}`)
    await appReady(page)
    await page.getByTestId('player').waitFor()
    expect(await page.getByRole('banner').count()).toBe(0)
    expect(await page.getByRole('contentinfo').count()).toBe(0)
    await playUntilMoving(page)
    expect(await page.getByRole('banner').count()).toBe(0)
    expect(await page.getByRole('contentinfo').count()).toBe(0)
    await context.close()
  })

  // The demo encodes its library after its replays at first start: this one may wait for the worker.
  it('a library video plays on /watch_library', { timeout: 180_000 }, async () => {
    const key = await apiKey(baseUrl)
    const items = (await (await fetch(`${baseUrl}/api/vod-media-items?limit=20&api_key=${key}`)).json()).data
    const free = items.find((v: { type: string }) => v.type === 'free')
    await videoReady(baseUrl, free.id, 'vod-media-items')
    const { context, page } = await newPage(browser)
    await page.goto(`${baseUrl}/watch_library/${free.id}`)
    await appReady(page)
    await playUntilMoving(page)
    await context.close()
  })
})
