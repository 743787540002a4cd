import fs from 'node:fs'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { seriousFindings } from './axe.js'
import { launchBrowser, newPage } from './browser.js'
import { accountViaApi, apiKey, appReady, newEmail, playUntilMoving, signIn, videoReady } from './helpers.js'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')
const PASSWORD = 'a long password 1'
/** Screenshots to look at, outside the repository (CLIP_SHOTS to put them elsewhere). */
const shots = process.env.CLIP_SHOTS ?? '/tmp/clips-shots'

interface EventRow {
  id: number
  name: string
  type: string
  stream_status: string
}

async function events(status: string): Promise<EventRow[]> {
  const key = await apiKey(baseUrl)
  return (await (await fetch(`${baseUrl}/api/events?stream_status[]=${status}&no_limit=1&api_key=${key}`)).json()).data
}

/** Waits until the event's recording to clip holds at least `seconds` (a live game's grows as it plays). */
async function recordedAtLeast(id: number, seconds: number, live: boolean) {
  const key = await apiKey(baseUrl)
  for (let i = 0; i < 240; i++) {
    const detail = (await (await fetch(`${baseUrl}/api/events/${id}?api_key=${key}`)).json()).data
    const source = (detail.clip_sources ?? []).find((s: { live: boolean }) => s.live === live)
    if (source && source.duration >= seconds) return
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`event ${id} has not recorded ${seconds} s to clip`)
}

async function shot(page: Page, name: string) {
  fs.mkdirSync(shots, { recursive: true })
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true })
}

/** The clip's own video plays: its picture moves past half a second. */
async function clipPlays(page: Page, scope = 'body') {
  await page.waitForFunction(
    (root) => {
      const v = document.querySelector(root)?.querySelector<HTMLVideoElement>('[data-testid="clip-video"]')
      if (!v) return false
      // The viewer's press on play (muted: a press the page did not see may not start sound).
      if (v.paused && v.currentTime === 0) {
        v.muted = true
        void v.play().catch(() => {})
      }
      return v.readyState >= 2 && v.currentTime > 0.5
    },
    scope,
    { timeout: 30_000, polling: 250 },
  )
}

/** Drags a clip handle `dx` pixels along the seek bar with a finger (touch events, as a phone sends them). */
async function touchDrag(page: Page, handle: Locator, dx: number) {
  const box = (await handle.boundingBox()) as { x: number; y: number; width: number; height: number }
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] })
  for (let step = 1; step <= 5; step++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * step) / 5, y }] })
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}

/** Drags a clip handle `dx` pixels along the seek bar with the mouse. */
async function mouseDrag(page: Page, handle: Locator, dx: number) {
  const box = (await handle.boundingBox()) as { x: number; y: number; width: number; height: number }
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.move(x + dx, y, { steps: 5 })
  await page.mouse.up()
}

/** Seconds of a `hh:mm:ss[.f]` time. */
const seconds = (time: string) => time.split(':').reduce((total, part) => total * 60 + Number(part), 0)

/** A new viewer who has bought the Season Pass (clipping and download_clip in the demo channel). */
async function seasonPassViewer(browser: Browser, width = 1280) {
  const email = newEmail('clipper')
  await accountViaApi(baseUrl, dataDir, email, PASSWORD)
  const { context, page } = await newPage(browser, width, width < 600 ? 844 : 900)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
  await signIn(page, baseUrl, email, PASSWORD)
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  await page.goto(`${baseUrl}/packages`)
  await appReady(page)
  await page.getByRole('link', { name: 'Choose: Season Pass' }).click()
  await page.getByLabel('A new card').check()
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiry (MM/YY)').fill('12/34')
  await page.getByLabel('Security code (CVC)').fill('123')
  await page.getByTestId('checkout-pay').click()
  await page.getByTestId('purchase-success').waitFor({ timeout: 30_000 })
  return { context, page }
}

/**
 * On the watch page the viewer is on: opens the clip tool, names the clip, picks the first tag and
 * creates it; then waits until the tool lists it as ready and the toast says so.
 */
async function createClip(page: Page, name: string) {
  await page.getByTestId('clip-name').fill(name)
  await page.getByTestId('clip-tags').locator('input[type="checkbox"]').first().check()
  await page.getByTestId('clip-create').click()
  const item = page.getByTestId('clip-tool-item').filter({ hasText: name })
  await item.waitFor({ timeout: 15_000 })
  await item.locator('[data-status="ready"]').waitFor({ timeout: 180_000 })
  await page.getByText(`Your clip “${name}” is ready.`).waitFor({ timeout: 10_000 })
}

describe('clips', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(() => browser.close())

  it('a Season Pass holder cuts 10 s of a replay and of the live game, plays, downloads and shares them, and finds them under Moments', {
    timeout: 600_000,
  }, async () => {
    const replay = (await events('vod')).find((e) => e.type === 'paid') as EventRow
    const live = (await events('live'))[0] as EventRow
    await videoReady(baseUrl, replay.id)
    const { context, page } = await seasonPassViewer(browser)

    // A replay: the tool's own messages first, then marks at the playhead and typed times.
    await page.goto(`${baseUrl}/watch/${replay.id}`)
    await appReady(page)
    await page.getByTestId('clip-toggle').click()
    await page.getByTestId('clip-create').click()
    await page.getByText('Please fill in the input field').first().waitFor()
    await page.getByText('Please select tag').waitFor()
    await playUntilMoving(page, { past: 2 })
    await page.getByTestId('clip-mark-in').click()
    expect(await page.getByTestId('clip-start').inputValue()).toMatch(/^00:00:0\d/)
    await page.getByTestId('player').hover()
    await page.getByTestId('clip-marks').waitFor()
    await page.getByTestId('clip-start').fill('00:00:01')
    await page.getByTestId('clip-end').fill('00:00:11')
    await page.getByText('Clip length 00:00:10').waitFor()
    // The marks are handles on the seek bar, in step with the fields: the arrows move them, never in past out.
    const handleIn = page.getByRole('slider', { name: 'Clip start' })
    const handleOut = page.getByRole('slider', { name: 'Clip end' })
    expect(await handleIn.getAttribute('aria-valuetext')).toBe('00:00:01')
    expect(await handleOut.getAttribute('aria-valuetext')).toBe('00:00:11')
    await handleIn.focus()
    await page.keyboard.press('ArrowRight')
    expect(await page.getByTestId('clip-start').inputValue()).toBe('00:00:02')
    await page.keyboard.press('Shift+ArrowRight')
    expect(await page.getByTestId('clip-start').inputValue()).toBe('00:00:10')
    expect(await handleIn.getAttribute('aria-valuetext')).toBe('00:00:10')
    // The out point stops at the end of the recording (the demo replay is 12 s long).
    await handleOut.focus()
    await page.keyboard.press('Shift+ArrowRight')
    await page.getByText(/^Clip length 00:00:02/).waitFor()
    expect(await page.getByTestId('clip-end').inputValue()).toMatch(/^00:00:12/)
    await page.getByTestId('clip-start').fill('00:00:01')
    await page.getByTestId('clip-end').fill('00:00:11')
    await page.getByText('Clip length 00:00:10').waitFor()
    await page.getByTestId('clip-end').fill('00:59:00')
    await page.getByTestId('clip-name').fill('Too long')
    await page.getByTestId('clip-tags').locator('input[type="checkbox"]').first().check()
    await page.getByTestId('clip-create').click()
    await page.getByText('Your clip duration is longer than the end time').waitFor()
    await page.getByTestId('clip-tags').locator('input[type="checkbox"]').first().uncheck()
    await page.getByTestId('clip-end').fill('00:00:11')
    expect(await page.getByText('Your clip duration is longer than the end time').count()).toBe(0)
    await page.getByTestId('player').hover()
    await handleOut.waitFor({ state: 'visible' })
    await shot(page, 'clip-tool-1280')
    expect(await seriousFindings(page)).toEqual([])
    await createClip(page, 'Replay moment')

    // The live game: "Mark out" at the playhead takes the 10 s before it.
    await recordedAtLeast(live.id, 14, true)
    await page.goto(`${baseUrl}/watch/${live.id}`)
    await appReady(page)
    await page.getByTestId('clip-toggle').click()
    await playUntilMoving(page)
    await page.waitForFunction(
      () => document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')!.currentTime > 11,
      undefined,
      { timeout: 60_000 },
    )
    await page.getByTestId('clip-mark-out').click()
    await page.getByText('Clip length 00:00:10').waitFor()
    await createClip(page, 'Live moment')

    // Profile → Clips: both ready; one plays in place, downloads, and its share link is copied.
    await page.goto(`${baseUrl}/profile/clips`)
    await appReady(page)
    const mine = page.getByTestId('my-clip')
    await mine.filter({ hasText: 'Live moment' }).waitFor()
    const clip = mine.filter({ hasText: 'Replay moment' })
    expect(await clip.getAttribute('data-status')).toBe('ready')
    expect(await mine.filter({ hasText: 'Live moment' }).getAttribute('data-status')).toBe('ready')
    await clip.getByTestId('clip-play').click()
    await clipPlays(page, `[data-clip-id="${await clip.getAttribute('data-clip-id')}"]`)
    const [download] = await Promise.all([page.waitForEvent('download'), clip.getByTestId('clip-download').click()])
    expect(download.suggestedFilename()).toMatch(/\.mp4$/)
    const file = await download.path()
    expect(fs.statSync(file).size).toBeGreaterThan(10_000)
    await clip.getByTestId('clip-share').click()
    await page.getByText('Link copied. Paste it anywhere to share the clip.').waitFor()
    const link = await page.evaluate(() => navigator.clipboard.readText())
    expect(link).toMatch(new RegExp(`^${baseUrl}/share/\\d+/[\\w-]+$`))
    await shot(page, 'profile-clips-1280')
    expect(await seriousFindings(page)).toEqual([])

    // The link in a browser with no session: the clip plays.
    const stranger = await newPage(browser)
    await stranger.page.goto(link)
    await appReady(stranger.page)
    await stranger.page.getByRole('heading', { name: 'Replay moment' }).waitFor()
    await clipPlays(stranger.page)
    await shot(stranger.page, 'share-1280')
    expect(await seriousFindings(stranger.page)).toEqual([])
    const missing = link.replace(/\/[\w-]+$/, '/not-the-uuid')
    await stranger.page.goto(missing)
    await stranger.page.getByText('This clip does not exist or was deleted.', { exact: false }).waitFor()
    await stranger.context.close()

    // Moments: the channel's feed has it, newest first, and it plays in place; the game filter narrows it.
    await page.goto(`${baseUrl}/moments`)
    await appReady(page)
    const moment = page.getByTestId('moment').filter({ hasText: 'Replay moment' })
    await moment.waitFor()
    const names = await page.getByTestId('moment').locator('h2').allTextContents()
    expect(names.indexOf('Live moment')).toBeLessThan(names.indexOf('Replay moment'))
    await moment.getByTestId('clip-play').click()
    await clipPlays(page, `[data-testid="moment"][data-clip-id="${await moment.getAttribute('data-clip-id')}"]`)
    await page.getByLabel('Game', { exact: true }).selectOption(String(replay.id))
    await page.getByTestId('moment').filter({ hasText: 'Live moment' }).waitFor({ state: 'detached' })
    await moment.waitFor()
    await shot(page, 'moments-1280')
    expect(await seriousFindings(page)).toEqual([])

    // The game's watch page lists its clips under it (this game's only): one plays in place and shares.
    await page.goto(`${baseUrl}/watch/${replay.id}`)
    await appReady(page)
    const gameClips = page.getByTestId('event-clips')
    await gameClips.getByRole('heading', { name: 'Clips', exact: true }).waitFor()
    const gameClip = gameClips.getByTestId('event-clip').filter({ hasText: 'Replay moment' })
    await gameClip.waitFor()
    expect(await gameClips.getByTestId('event-clip').filter({ hasText: 'Live moment' }).count()).toBe(0)
    await gameClip.getByTestId('clip-play').click()
    await clipPlays(page, `[data-testid="event-clip"][data-clip-id="${await gameClip.getAttribute('data-clip-id')}"]`)
    await gameClip.getByTestId('event-clip-share').click()
    await page.getByText('Link copied. Paste it anywhere to share the clip.').first().waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
    await shot(page, 'watch-clips-1280')
    expect(await seriousFindings(page)).toEqual([])
    await page.setViewportSize({ width: 390, height: 844 })
    await gameClip.scrollIntoViewIfNeeded()
    await shot(page, 'watch-clips-390')
    expect(await seriousFindings(page)).toEqual([])
    await page.setViewportSize({ width: 1280, height: 800 })

    // Deleting asks first, then the clip is gone.
    await page.goto(`${baseUrl}/profile/clips`)
    await appReady(page)
    await mine.filter({ hasText: 'Live moment' }).getByTestId('clip-delete').click()
    await page.getByRole('button', { name: 'OK' }).click()
    await mine.filter({ hasText: 'Live moment' }).waitFor({ state: 'detached' })
    await context.close()
  })

  it('on a 390 px phone: drag the clip handles, see the clip ready, play and download it in the profile, and open its share link', {
    timeout: 400_000,
  }, async () => {
    const replay = (await events('vod')).find((e) => e.type === 'paid') as EventRow
    await videoReady(baseUrl, replay.id)
    const { context, page } = await seasonPassViewer(browser, 390)
    await page.goto(`${baseUrl}/watch/${replay.id}`)
    await appReady(page)
    await playUntilMoving(page, { past: 2 })
    await page.getByTestId('player').hover()
    await page.getByTestId('player-play').click()
    // Opened with nothing marked, the tool marks the first 10 s (the playhead is nearer the start): two handles.
    await page.getByTestId('clip-toggle').click()
    const handleIn = page.getByRole('slider', { name: 'Clip start' })
    const handleOut = page.getByRole('slider', { name: 'Clip end' })
    await handleOut.waitFor({ state: 'visible' })
    expect(await page.getByTestId('clip-start').inputValue()).toBe('00:00:00')
    expect(await page.getByTestId('clip-end').inputValue()).toBe('00:00:10')
    for (const handle of [handleIn, handleOut]) {
      const box = (await handle.boundingBox()) as { width: number; height: number }
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24)
    }
    // A finger drags the out point right, the mouse drags the in point right: the fields follow.
    await touchDrag(page, handleOut, 12)
    const end = await page.getByTestId('clip-end').inputValue()
    expect(seconds(end)).toBeGreaterThan(10)
    expect(await handleOut.getAttribute('aria-valuetext')).toBe(end)
    await mouseDrag(page, handleIn, 4)
    const start = await page.getByTestId('clip-start').inputValue()
    expect(seconds(start)).toBeGreaterThan(0)
    expect(seconds(start)).toBeLessThan(seconds(end))
    expect(await handleIn.getAttribute('aria-valuetext')).toBe(start)
    // The in point dragged past the out point stops a second before it.
    await mouseDrag(page, handleIn, 300)
    expect(seconds(await page.getByTestId('clip-start').inputValue())).toBeCloseTo(seconds(end) - 1, 1)
    await mouseDrag(page, handleIn, -300)
    expect(seconds(await page.getByTestId('clip-start').inputValue())).toBeLessThan(seconds(end) - 1)
    await page.getByTestId('clip-name').fill('Phone moment')
    await shot(page, 'clip-tool-390')
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(390)
    expect(await seriousFindings(page)).toEqual([])
    await createClip(page, 'Phone moment')

    await page.goto(`${baseUrl}/profile/clips`)
    await appReady(page)
    const clip = page.getByTestId('my-clip').filter({ hasText: 'Phone moment' })
    await clip.getByTestId('clip-play').click()
    await clipPlays(page, `[data-clip-id="${await clip.getAttribute('data-clip-id')}"]`)
    const [download] = await Promise.all([page.waitForEvent('download'), clip.getByTestId('clip-download').click()])
    expect(download.suggestedFilename()).toBe('Phone-moment.mp4')
    expect(fs.statSync(await download.path()).size).toBeGreaterThan(10_000)
    await shot(page, 'profile-clips-390')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await clip.getByTestId('clip-open').click()
    await page.waitForURL(/\/share\/\d+\//)
    await clipPlays(page)
    await shot(page, 'share-390')
    const link = page.url()

    const stranger: { context: BrowserContext; page: Page } = await newPage(browser, 390, 844)
    await stranger.page.goto(link)
    await appReady(stranger.page)
    await clipPlays(stranger.page)
    await stranger.context.close()

    await page.goto(`${baseUrl}/moments`)
    await appReady(page)
    await page.getByTestId('moment').filter({ hasText: 'Phone moment' }).waitFor()
    await shot(page, 'moments-390')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(await seriousFindings(page)).toEqual([])
    await context.close()
  })

  it('a Season Pass holder cuts a clip of a library video on /watch_library and sees it ready under its title', {
    timeout: 400_000,
  }, async () => {
    const key = await apiKey(baseUrl)
    const items = (await (await fetch(`${baseUrl}/api/vod-media-items?limit=20&api_key=${key}`)).json()).data
    // A video of the VOD pass: the Season Pass opens it (vod_media) and grants clipping.
    const video = items.find((v: { type: string }) => v.type === 'paid') as { id: number; title: string }
    await videoReady(baseUrl, video.id, 'vod-media-items')
    const { context, page } = await seasonPassViewer(browser)
    await page.goto(`${baseUrl}/watch_library/${video.id}`)
    await appReady(page)
    await page.getByRole('heading', { name: 'Clip this video' }).waitFor()
    await page.getByTestId('clip-toggle').click()
    await page.getByTestId('clip-start').fill('00:00:01')
    await page.getByTestId('clip-end').fill('00:00:06')
    await page.getByText('Clip length 00:00:05').waitFor()
    await shot(page, 'clip-tool-library-1280')
    expect(await seriousFindings(page)).toEqual([])
    await createClip(page, 'Library moment')

    await page.goto(`${baseUrl}/profile/clips`)
    await appReady(page)
    const clip = page.getByTestId('my-clip').filter({ hasText: 'Library moment' })
    expect(await clip.getAttribute('data-status')).toBe('ready')
    await clip.getByText(video.title, { exact: false }).waitFor()
    await context.close()
  })

  it('a viewer without clipping sees the passes that grant it on a 390 px phone; a signed-out viewer is asked to sign in', {
    timeout: 120_000,
  }, async () => {
    const replay = (await events('vod')).find((e) => e.type === 'free') as EventRow
    await videoReady(baseUrl, replay.id)
    const anonymous = await newPage(browser)
    await anonymous.page.goto(`${baseUrl}/watch/${replay.id}`)
    await appReady(anonymous.page)
    await anonymous.page.getByTestId('clip-sign-in').getByRole('link', { name: 'Sign in' }).waitFor()
    await anonymous.context.close()

    const email = newEmail('noclip')
    await accountViaApi(baseUrl, dataDir, email, PASSWORD)
    const { context, page } = await newPage(browser, 390, 844)
    await signIn(page, baseUrl, email, PASSWORD)
    await page.waitForURL((url) => !url.pathname.startsWith('/login'))
    await page.goto(`${baseUrl}/watch/${replay.id}`)
    await appReady(page)
    const offer = page.getByTestId('clip-offer')
    await offer.getByText('Season Pass').waitFor()
    await offer.getByText('Monthly Pass').waitFor()
    expect(await page.getByTestId('clip-toggle').count()).toBe(0)
    expect(await page.getByRole('slider', { name: 'Clip start' }).count()).toBe(0)
    await offer.scrollIntoViewIfNeeded()
    await shot(page, 'clip-offer-390')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await offer.getByRole('link', { name: 'See passes' }).click()
    await page.waitForURL(/\/packages$/)
    await context.close()
  })
})
