import { startBarePage } from './bare-page.mjs'
import { BITS, publishClock, readEncoderClock, SQUARE, streamKeyOf } from './encoder-clock.mjs'
import { demoApiKey, freePort, launchChromium, median, newViewerHeaders, startProduct, writeResult } from './lib.mjs'

const VIDEO = '[data-testid="player-video"]'
const SAMPLE_EVERY_MS = 500

const COVERS =
  "from our ingest's ffmpeg, which dates the recording by its wall clock when it starts writing (to the " +
  'whole second in the shipped build) plus the length of every segment before, through segmenting, the ' +
  'playlist, HTTP, hls.js and decoding, to the frame on screen. Not covered: the encoder before RTMP ' +
  "(capture, encode, upload) and the display's own delay. The anchor can be off by up to about a second"

/**
 * Live glass-to-glass on the simulated live demo (a generated feed published over RTMP, DVR on: an
 * EVENT playlist from the start): how far the frame on screen is behind the wall clock, by the
 * program-date-time of that frame. The product's player keeps its hls.js to itself, so in
 * /watch/{id} the frame's date is read the way hls.js computes `playingDate`: the playlist the
 * player loads (from the page's resource timing), its EXTINF durations laid end to end as hls.js lays
 * them on the media timeline, the PROGRAM-DATE-TIME of the segment holding `currentTime`, plus the
 * offset into it. A bare hls.js page on the same signed master gives hls.js's own `playingDate` as a
 * check on that reading. Medians over the sampling window.
 */
export async function benchGlassToGlass({ duration = 5 } = {}) {
  const sampleSeconds = Math.max(10, duration * 4)
  const product = await startProduct({ SERVICES: 'api,ingest', RTMP_PORT: '0', DEMO_LIVE: '1' })
  let bare = null
  let browser = null
  let productStopped = false
  try {
    const live = await liveDemo(product)
    bare = await startBarePage(product.url + live.playback.hls)
    // Web security off only so the bare page (another port) may fetch the product's media without CORS.
    browser = await launchChromium(['--disable-web-security'])

    // A first visit plays the demo's pre-roll (the game loads behind it); the same viewer within the
    // hour goes straight to the game.
    const first = await sample(browser, `${product.url}/watch/${live.id}`, sampleSeconds)
    const again = await sample(browser, `${product.url}/watch/${live.id}`, sampleSeconds, first.storageState)
    if (again.prerollPlayed) throw new Error('the pre-roll played again within the hour')
    const reference = await sample(browser, bare.url, sampleSeconds)
    const summary = (samples) => ({
      medianS: Number(median(samples.map((s) => s.lag)).toFixed(2)),
      minS: Number(Math.min(...samples.map((s) => s.lag)).toFixed(2)),
      maxS: Number(Math.max(...samples.map((s) => s.lag)).toFixed(2)),
      behindEdgeS: Number(median(samples.map((s) => s.behindEdge)).toFixed(2)),
      samples: samples.length,
    })
    const withStalls = (visit) => ({ ...summary(visit.samples), stalls: visit.stalls })
    const hlsJsDates = reference.samples.filter((s) => s.playingDateLag !== null).map((s) => s.playingDateLag)
    await browser.close()
    browser = null
    await bare.stop()
    bare = null
    // The demo's feed off the machine before the publisher's product starts.
    await product.stop()
    productStopped = true
    const fromEncoder = await fromEncoderClock(sampleSeconds)
    const result = {
      name: 'glass-to-glass',
      what: 'program-date-time of the frame on screen vs the wall clock, /watch/{id} on the live demo, DVR on',
      covers: COVERS,
      sampleSeconds,
      ours: withStalls(again),
      oursAfterPreroll: { ...withStalls(first), prerollPlayed: first.prerollPlayed },
      bareHlsJs: {
        ...withStalls(reference),
        playingDateMedianS: hlsJsDates.length ? Number(median(hlsJsDates).toFixed(2)) : null,
      },
      fromEncoder,
      goalS: 4,
      goalFromEncoderS: 1.5,
      note: `the lag covers ${COVERS}. From the encoder: ${fromEncoder.covers}.`,
    }
    writeResult('glass-to-glass', result)
    return result
  } finally {
    await browser?.close()
    await bare?.stop()
    if (!productStopped) await product.stop()
  }
}

/**
 * Glass-to-glass from the encoder's own clock: a publisher (`encoder-clock.mjs`) draws its wall clock
 * into every frame and publishes over RTMP into the demo's free live event (the product's own demo
 * feed off); /watch/{id} plays it with DVR on (EVENT playlist); the page reads the clock back from
 * each presented frame. A second visit within the hour (no pre-roll), as for the figure above.
 */
async function fromEncoderClock(sampleSeconds) {
  const rtmpPort = await freePort()
  const product = await startProduct({ SERVICES: 'api,ingest', RTMP_PORT: String(rtmpPort), DEMO_LIVE: '0' })
  let publisher = null
  let browser = null
  try {
    const key = await demoApiKey(product)
    const get = async (p) =>
      (await (await fetch(`${product.url}/api/${p}${p.includes('?') ? '&' : '?'}api_key=${key}`)).json()).data
    const event = (await get('events?stream_status[]=live&no_limit=1')).find((e) => e.type === 'free')
    if (!event) throw new Error('the demo has no free live event')
    publisher = publishClock(`rtmp://127.0.0.1:${rtmpPort}/live/${streamKeyOf(product, event.id)}`)
    const live = await liveDemo(product)
    browser = await launchChromium()
    const url = `${product.url}/watch/${live.id}`
    const visit = async (storageState) => {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 720 },
        locale: 'en-US',
        extraHTTPHeaders: newViewerHeaders(),
        ...(storageState ? { storageState } : {}),
      })
      try {
        const page = await context.newPage()
        await page.goto(url)
        await page.locator('[data-testid="player-start"]:not([disabled])').click({ timeout: 30_000 })
        await page.waitForFunction(
          (video) => {
            const v = document.querySelector(video)
            return v !== null && !v.paused && v.readyState >= 3 && v.currentTime > 0
          },
          VIDEO,
          { timeout: 90_000 },
        )
        await page.getByTestId('player-preroll').waitFor({ state: 'detached', timeout: 60_000 })
        await page.waitForTimeout(2000)
        await page.evaluate(watchStalls, VIDEO)
        const lags = await page.evaluate(readEncoderClock, {
          video: VIDEO,
          seconds: sampleSeconds,
          bits: BITS,
          square: SQUARE,
        })
        return { lags, stalls: await page.evaluate(stallsSoFar), storageState: await context.storageState() }
      } finally {
        await context.close()
      }
    }
    const first = await visit()
    const again = await visit(first.storageState)
    if (again.lags.length < 5)
      throw new Error(`the encoder's clock could be read from ${again.lags.length} frames only`)
    return {
      medianS: Number(median(again.lags).toFixed(2)),
      minS: Number(Math.min(...again.lags).toFixed(2)),
      maxS: Number(Math.max(...again.lags).toFixed(2)),
      samples: again.lags.length,
      afterPrerollMedianS: first.lags.length ? Number(median(first.lags).toFixed(2)) : null,
      stalls: again.stalls,
      afterPrerollStalls: first.stalls,
      covers:
        'the frame is stamped with the wall clock when the publisher makes it, so capture, encode (x264 ' +
        'veryfast, zerolatency, 1-s keyframes), RTMP, our ingest, segmenting, playlist, HTTP, hls.js and ' +
        "decoding are all inside; the display's own delay is not",
    }
  } finally {
    await browser?.close()
    await publisher?.stop()
    await product.stop()
  }
}

/** The demo's free live event once its recording has a few segments, with its playback. */
async function liveDemo(product) {
  const key = await demoApiKey(product)
  const get = async (p) =>
    (await (await fetch(`${product.url}/api/${p}${p.includes('?') ? '&' : '?'}api_key=${key}`)).json()).data
  const deadline = Date.now() + 120_000
  for (;;) {
    if (Date.now() > deadline) throw new Error('the demo live feed did not start within two minutes')
    const event = (await get('events?stream_status[]=live&no_limit=1')).find((e) => e.type === 'free')
    const detail = event ? await get(`events/${event.id}`) : null
    if (detail?.playback) {
      const base = product.url + detail.playback.hls.replace(/master\.m3u8$/, '')
      const master = await (await fetch(product.url + detail.playback.hls)).text()
      const variant = master.split('\n').find((l) => l && !l.startsWith('#'))
      const playlist = variant ? await (await fetch(base + variant)).text() : ''
      // hls.js starts three segments behind the edge: let there be a few more than that.
      if ((playlist.match(/#EXTINF/g) ?? []).length >= 5) return detail
    }
    await new Promise((r) => setTimeout(r, 500))
  }
}

/** Plays `url`, then reads the frame's lag every half second for `seconds`; the visit's storage after. */
async function sample(browser, url, seconds, storageState) {
  const context = await browser.newContext({
    extraHTTPHeaders: newViewerHeaders(),
    viewport: { width: 1280, height: 720 },
    locale: 'en-US',
    ...(storageState ? { storageState } : {}),
  })
  try {
    const page = await context.newPage()
    // hls.js asks for a segment every two seconds: keep every request's timing, not only the first 250.
    await page.addInitScript(() => performance.setResourceTimingBufferSize(1_000_000))
    await page.goto(url)
    await page
      .locator('[data-testid="player-start"]:not([disabled])')
      .click({ timeout: 30_000 })
      .catch(async (error) => {
        const screen = await page.evaluate(() => (document.body.textContent ?? '').replace(/\s+/g, ' ').slice(0, 300))
        throw new Error(`${url}: the play button did not become ready (the page shows: "${screen}")`, { cause: error })
      })
    const prerollPlayed = await page
      .getByTestId('player-preroll')
      .waitFor({ timeout: 2000 })
      .then(
        () => true,
        () => false,
      )
    // The pre-roll (the demo has one for live) plays first; then the game.
    await page.waitForFunction(
      (video) => {
        const v = document.querySelector(video)
        return v !== null && !v.paused && v.readyState >= 3 && v.currentTime > 0
      },
      VIDEO,
      { timeout: 90_000 },
    )
    // Let playback settle where the player holds it.
    await page.waitForTimeout(2000)
    await page.evaluate(watchStalls, VIDEO)
    const samples = []
    let missed = 0
    const end = Date.now() + seconds * 1000
    while (Date.now() < end) {
      const s = await page.evaluate(frameLag, VIDEO)
      if (s) samples.push(s)
      else missed += 1
      await page.waitForTimeout(SAMPLE_EVERY_MS)
    }
    if (samples.length < missed)
      throw new Error(
        `${url}: most frames could not be dated (${missed} of ${samples.length + missed}; no program-date-time in the playlist?)`,
      )
    return {
      samples,
      prerollPlayed,
      stalls: await page.evaluate(stallsSoFar),
      storageState: await context.storageState(),
    }
  } finally {
    await context.close()
  }
}

/** In the page: the wall-clock lag of the frame on screen, from the playlist the player loads. */
async function frameLag(video) {
  const v = document.querySelector(video)
  const playlists = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((name) => /\.m3u8(\?|$)/.test(name) && !/\/master\.m3u8(\?|$)/.test(name))
  const playlistUrl = playlists.at(-1)
  if (!v || !playlistUrl || v.paused) return null
  let text
  try {
    text = await (await fetch(playlistUrl, { cache: 'no-store' })).text()
  } catch {
    // A read that fails (the machine is busy) is one sample fewer, not a failed benchmark.
    return null
  }
  const time = v.currentTime
  const now = Date.now()
  const hls = window.__hls
  const playingDateLag = hls?.playingDate ? (now - hls.playingDate.getTime()) / 1000 : null
  const seekableEnd = v.seekable.length ? v.seekable.end(v.seekable.length - 1) : time
  let start = 0
  let date = null
  let length = 0
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) date = Date.parse(line.slice('#EXT-X-PROGRAM-DATE-TIME:'.length))
    else if (line.startsWith('#EXTINF:')) length = Number.parseFloat(line.slice('#EXTINF:'.length))
    else if (line && !line.startsWith('#')) {
      if (date !== null && time >= start && time < start + length) {
        return { lag: (now - (date + (time - start) * 1000)) / 1000, behindEdge: seekableEnd - time, playingDateLag }
      }
      start += length
      if (date !== null) date += length * 1000
    }
  }
  return null
}

/**
 * In the page: from now on, counts the times playback waits for data with the video playing (a
 * rebuffer: `waiting` while not paused and not seeking) and how long each lasts, until `playing`.
 */
function watchStalls(video) {
  const v = document.querySelector(video)
  const stalls = { count: 0, seconds: 0, since: null }
  window.__stalls = stalls
  if (!v) return
  v.addEventListener('waiting', () => {
    if (v.paused || v.seeking || stalls.since !== null) return
    stalls.count += 1
    stalls.since = performance.now()
  })
  v.addEventListener('playing', () => {
    if (stalls.since === null) return
    stalls.seconds += (performance.now() - stalls.since) / 1000
    stalls.since = null
  })
}

/** In the page: the rebuffers `watchStalls` counted, one still going on included. */
function stallsSoFar() {
  const s = window.__stalls
  if (!s) return null
  const open = s.since === null ? 0 : (performance.now() - s.since) / 1000
  return { count: s.count, seconds: Number((s.seconds + open).toFixed(2)) }
}
