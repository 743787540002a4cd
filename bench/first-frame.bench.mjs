import fs from 'node:fs'
import path from 'node:path'
import { startBarePage } from './bare-page.mjs'
import { launchChromium, median, newViewerHeaders, root, startProduct, waitForDemoVideos, writeResult } from './lib.mjs'

const RUNS = Number(process.env.BENCH_FIRST_FRAME_RUNS ?? 7)
const START = '[data-testid="player-start"]'
const VIDEO = '[data-testid="player-video"]'

/**
 * Time to first frame of a replay on /watch/{id}, from navigation start to the first frame of the
 * game on screen (the first video frame presented after `playing`, by requestVideoFrameCallback),
 * against a bare page that loads hls.js (the same build the app ships) and plays the same signed
 * master playlist. Both pages are pressed play the moment their button can be pressed, by the page
 * itself, so the figure holds no round trip to this process. Each run is a fresh browser context
 * (empty cache); ours and bare alternate; medians.
 *
 * Ours counts everything a viewer waits for: the app's start, its API calls, the hls.js chunk, the
 * playlists and the first segments. The viewer has already seen the channel's pre-roll within the
 * hour (a priming visit plays it; its local storage is given to every run), so the game starts at
 * once, as it does for a viewer coming back. The bare page is served by node:http on another port:
 * Chromium runs with web security off so it may fetch the product's media without CORS headers,
 * which the product does not send (its media is played by its own pages).
 */
export async function benchFirstFrame() {
  const product = await startProduct({
    SERVICES: 'api,worker',
    DEMO_LIVE: '0',
    DEMO_VIDEO_SECONDS: '8',
    ENCODE_PRESET: 'ultrafast',
  })
  let bare = null
  let browser = null
  try {
    const replay = await waitForDemoVideos(product)
    const masterUrl = product.url + replay.playback.hls
    bare = await startBarePage(masterUrl)
    // The page presses play itself (no round trip to this process in the figure): a script's click is
    // not a viewer's gesture, so the autoplay rule that wants one is lifted, for both pages alike.
    browser = await launchChromium(['--disable-web-security', '--autoplay-policy=no-user-gesture-required'])
    const oursUrl = `${product.url}/watch/${replay.id}`
    const storageState = await prime(browser, oursUrl)

    // A first visit of each, not counted: the server's and the browser's first-time work.
    await firstFrame(browser, oursUrl, storageState)
    await firstFrame(browser, bare.url)
    const ours = []
    const reference = []
    for (let i = 0; i < RUNS; i++) {
      const pair = [
        async () => ours.push(await firstFrame(browser, oursUrl, storageState)),
        async () => reference.push(await firstFrame(browser, bare.url)),
      ]
      if (i % 2) pair.reverse()
      for (const run of pair) await run()
    }
    const summary = (runs) => {
      const mid = (key) => {
        const values = runs.map((r) => r[key]).filter((v) => v !== null)
        return values.length ? Math.round(median(values)) : null
      }
      return {
        medianMs: mid('ms'),
        runsMs: runs.map((r) => Math.round(r.ms)),
        // Where the time goes (medians, ms from navigation start).
        milestones: {
          playPressable: mid('pressed'),
          masterRequested: mid('master'),
          firstSegmentRequested: mid('firstSegment'),
          firstSegmentLoaded: mid('firstSegmentLoaded'),
          firstFrame: mid('ms'),
        },
      }
    }
    const result = {
      name: 'first-frame',
      what: 'navigation start → first frame of a replay: /watch/{id} vs a bare hls.js page on the same signed master playlist',
      hlsJs: JSON.parse(fs.readFileSync(path.join(root, 'node_modules/hls.js/package.json'), 'utf8')).version,
      runs: RUNS,
      ours: summary(ours),
      reference: summary(reference),
      ratio: Number((median(ours.map((r) => r.ms)) / median(reference.map((r) => r.ms))).toFixed(3)),
      goal: 1.3,
    }
    writeResult('first-frame', result)
    return result
  } finally {
    await browser?.close()
    await bare?.stop()
    await product.stop()
  }
}

/** Runs in every measured page before its own scripts: presses play when possible, times the first frame. */
function instrument({ start, video }) {
  const bench = { firstFrame: null, pressedAt: null, otherVideo: false }
  window.__bench = bench
  document.addEventListener(
    'playing',
    (event) => {
      const element = event.target
      if (!(element instanceof HTMLVideoElement)) return
      if (!element.matches(video)) {
        bench.otherVideo = true
        return
      }
      if (bench.firstFrame !== null) return
      const done = () => {
        bench.firstFrame ??= performance.now()
      }
      if (typeof element.requestVideoFrameCallback === 'function') element.requestVideoFrameCallback(done)
      else done()
    },
    true,
  )
  const press = () => {
    const button = document.querySelector(start)
    if (button && !button.disabled) {
      bench.pressedAt = performance.now()
      button.click()
    } else requestAnimationFrame(press)
  }
  requestAnimationFrame(press)
}

async function firstFrame(browser, url, storageState) {
  const context = await browser.newContext({
    extraHTTPHeaders: newViewerHeaders(),
    viewport: { width: 1280, height: 720 },
    locale: 'en-US',
    timezoneId: 'UTC',
    ...(storageState ? { storageState } : {}),
  })
  try {
    const page = await context.newPage()
    await page.addInitScript(instrument, { start: START, video: VIDEO })
    await page.goto(url, { waitUntil: 'commit' })
    const handle = await page.waitForFunction(() => window.__bench?.firstFrame ?? window.__hlsError, undefined, {
      timeout: 60_000,
      polling: 50,
    })
    const answer = await handle.jsonValue()
    if (typeof answer !== 'number') throw new Error(`${url}: ${answer}`)
    const { other, ...milestones } = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource')
      const first = (test) => entries.find((e) => test.test(e.name))
      const at = (entry, field) => (entry ? Math.round(entry[field]) : null)
      const master = first(/\/master\.m3u8(\?|$)/)
      const segment = first(/\.(ts|m4s)(\?|$)/)
      return {
        other: window.__bench.otherVideo,
        pressed: Math.round(window.__bench.pressedAt),
        master: at(master, 'startTime'),
        firstSegment: at(segment, 'startTime'),
        firstSegmentLoaded: at(segment, 'responseEnd'),
      }
    })
    if (other)
      throw new Error(`${url}: another video (a pre-roll) played before the game: the figure would not be the game's`)
    return { ms: answer, ...milestones }
  } finally {
    await context.close()
  }
}

/** One visit that plays the pre-roll to its end, as a viewer would; its storage is the returning viewer's. */
async function prime(browser, url) {
  const context = await browser.newContext({
    extraHTTPHeaders: newViewerHeaders(),
    viewport: { width: 1280, height: 720 },
    locale: 'en-US',
  })
  try {
    const page = await context.newPage()
    await page.goto(url)
    await page.locator(`${START}:not([disabled])`).click({ timeout: 30_000 })
    await page.waitForFunction(
      (video) => {
        const v = document.querySelector(video)
        return v !== null && !v.paused && v.currentTime > 0.5
      },
      VIDEO,
      { timeout: 60_000 },
    )
    return await context.storageState()
  } finally {
    await context.close()
  }
}
