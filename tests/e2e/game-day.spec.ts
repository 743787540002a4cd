import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import { type ScoreTimeline, scoreAt, sportOf } from '@fieldhouse/contract'
import { resolveFfmpeg } from '@fieldhouse/media'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { seriousFindings } from './axe.js'
import { launchBrowser, newPage } from './browser.js'
import { apiKey, appReady } from './helpers.js'
import { operatorViaInvitation } from './operators.js'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')
const shots = '/tmp/game-day-shots'

/** The demo's live game the simulated scorer keeps, once its scorer has recorded something. */
async function demoGame(key: string): Promise<ScoreTimeline> {
  const home = (await (await fetch(`${baseUrl}/api/events-for-homepage?api_key=${key}`)).json()).data as {
    live: { id: number }[]
  }
  for (let i = 0; i < 120; i++) {
    for (const { id } of home.live) {
      const timeline = await scoreOf(key, id)
      if (timeline.actions.some((a) => a.source === 'demo')) return timeline
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error('the demo scorer kept no score')
}

const scoreOf = async (key: string, id: number): Promise<ScoreTimeline> =>
  (await (await fetch(`${baseUrl}/api/events/${id}/score?api_key=${key}`)).json()).data

/** The signed-in operator's api key, as the app keeps it (`rudy_app`: zustand's JSON in an entry with a lifetime). */
const operatorKey = (page: Page) =>
  page.evaluate(() => {
    const entry = JSON.parse(localStorage.getItem('rudy_app') ?? '{}') as { value?: string }
    return (JSON.parse(entry.value ?? '{}') as { state?: { apiKey?: string } }).state?.apiKey ?? ''
  })

/** What the bug says, and the moment of the stream's clock it says it of. */
async function bugOf(page: Page) {
  const bug = page.getByTestId('score-bug')
  await bug.waitFor({ timeout: 30_000 })
  return page.evaluate(() => {
    const el = document.querySelector('[data-testid="score-bug"]') as HTMLElement
    const points = Array.from(el.querySelectorAll('.score-bug__points'), (p) => Number(p.textContent))
    return { moment: Number(el.dataset.moment), away: points[0] ?? Number.NaN, home: points[1] ?? Number.NaN }
  })
}

/** The bug agrees with the timeline at the moment it was drawn for, read a few times over `ms`. */
async function bugAgrees(page: Page, key: string, eventId: number, ms = 3000) {
  const sport = sportOf('basketball')
  for (let end = Date.now() + ms; Date.now() < end; ) {
    const shown = await bugOf(page)
    const timeline = await scoreOf(key, eventId)
    const state = scoreAt(timeline.actions, shown.moment, sport)
    expect({ home: shown.home, away: shown.away }).toEqual({ home: state.home, away: state.away })
    await page.waitForTimeout(700)
  }
  return bugOf(page)
}

describe('game day', () => {
  let browser: Browser
  beforeAll(async () => {
    fs.mkdirSync(shots, { recursive: true })
    browser = await launchBrowser()
  })
  afterAll(() => browser?.close())

  it('a scorer at 390 px keeps score by touch and by keyboard while a viewer watches the live demo; the bug shows the score of the picture’s moment, live and after a DVR seek back', {
    timeout: 240_000,
  }, async () => {
    const key = await apiKey(baseUrl)
    const game = await demoGame(key)
    const eventId = game.event_id

    const viewer = await newPage(browser, 390, 844)
    const scorer = await newPage(browser, 390, 844, { hasTouch: true, isMobile: true })
    try {
      // The viewer watches the live game: the bug comes with the picture.
      await viewer.page.goto(`${baseUrl}/watch/${eventId}`)
      await appReady(viewer.page)
      await viewer.page.getByRole('button', { name: /play/i }).first().click()
      await bugAgrees(viewer.page, key, eventId)

      // A volunteer at the scorer's table: the invitation's role is scorer, the console is the Score page.
      await operatorViaInvitation(scorer.page, { baseUrl, dataDir, role: 'scorer', name: ['Sam', 'Diaz'] })
      await scorer.page.goto(`${baseUrl}/admin/score/${eventId}`)
      await scorer.page
        .getByRole('heading', { name: new RegExp(game.home.name) })
        .first()
        .waitFor()
      const before = (await scoreOf(key, eventId)).actions.filter((a) => a.source === 'scorer').length

      // A three by touch for the home side, one for the away side by keyboard, and the away one taken back.
      await scorer.page.getByRole('button', { name: `${game.home.name} +3 (3 points)` }).tap()
      await scorer.page.locator('body').press('9')
      const sent = async () => (await scoreOf(key, eventId)).actions.filter((a) => a.source === 'scorer')
      await expect.poll(async () => (await sent()).length, { timeout: 15_000 }).toBe(before + 2)
      const [home3, away3] = (await sent()).slice(-2)
      expect([home3?.side, home3?.points, away3?.side, away3?.points]).toEqual(['home', 3, 'away', 3])
      await scorer.page.locator('body').press('u')
      await expect.poll(async () => (await sent()).at(-1)?.target, { timeout: 15_000 }).toBe(away3?.id)
      await scorer.page.getByText('Sent').first().waitFor()
      await scorer.page.screenshot({ path: `${shots}/scorer-390.png`, fullPage: true })
      expect(await seriousFindings(scorer.page)).toEqual([])

      // The viewer's bug reaches the three when the picture reaches its moment, never before; the undone
      // three never shows.
      await expect
        .poll(async () => (await bugOf(viewer.page)).moment >= (home3?.t ?? 0), { timeout: 30_000, interval: 250 })
        .toBe(true)
      const live = await bugAgrees(viewer.page, key, eventId)
      await viewer.page.screenshot({ path: `${shots}/viewer-live-390.png` })

      // A seek back into the DVR window: the bug shows the earlier moment's score.
      const slider = viewer.page.getByTestId('player-seek')
      await slider.fill((await slider.getAttribute('min')) ?? '0')
      await expect
        .poll(async () => (await bugOf(viewer.page)).moment < live.moment - 10_000, { timeout: 30_000 })
        .toBe(true)
      const back = await bugAgrees(viewer.page, key, eventId)
      const timeline = await scoreOf(key, eventId)
      const then = scoreAt(timeline.actions, back.moment, sportOf('basketball'))
      expect(then.home + then.away).toBeLessThan(live.home + live.away)
      expect(await seriousFindings(viewer.page)).toEqual([])
    } finally {
      await viewer.context.close()
      await scorer.context.close()
    }
  })

  it('scores show on the schedule’s cards, and spoiler-free hides them until pressed', {
    timeout: 120_000,
  }, async () => {
    const key = await apiKey(baseUrl)
    const game = await demoGame(key)
    const { context, page } = await newPage(browser, 1280, 900)
    try {
      await page.goto(`${baseUrl}/schedule`)
      await appReady(page)
      const line = page.getByText(/Live score: /).first()
      await line.waitFor({ timeout: 20_000 })
      expect(await line.textContent()).toContain(game.home.short_name || game.home.name)
      await page.getByRole('checkbox', { name: 'Hide scores' }).first().check()
      await page.getByRole('button', { name: /Show/ }).first().waitFor()
      expect(await page.getByText(/Live score: /).count()).toBe(0)
      await page.getByRole('button', { name: /Show/ }).first().click()
      await page
        .getByText(/Live score: /)
        .first()
        .waitFor()
      expect(await seriousFindings(page)).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('a key play appears under the player and on the seek bar; pressing it plays from just before the moment; its official clip plays', {
    timeout: 180_000,
  }, async () => {
    const key = await apiKey(baseUrl)
    const game = await demoGame(key)
    // The demo's scorer tags every third play: wait for one whose clip is cut.
    type Play = {
      id: number
      t: number
      label: string
      position: number | null
      status: string
      clip: { id: number; uuid: string } | null
    }
    let play: Play | undefined
    for (let i = 0; i < 240 && !play; i++) {
      const list = (await (await fetch(`${baseUrl}/api/events/${game.event_id}/key-plays?api_key=${key}`)).json()).data
      play = (list.key_plays as Play[]).find((k) => k.status === 'ready')
      if (!play) await new Promise((r) => setTimeout(r, 500))
    }
    if (!play?.clip || play.position === null) throw new Error('no key play of the demo game was cut')
    const { context, page } = await newPage(browser, 390, 844)
    try {
      await page.goto(`${baseUrl}/watch/${game.event_id}`)
      await appReady(page)
      await page.getByRole('heading', { name: 'Key plays' }).waitFor({ timeout: 20_000 })
      // On the seek bar as a mark, named by what happened.
      await page.getByRole('button', { name: /play/i }).first().click()
      await bugOf(page)
      const entry = page.getByRole('button', { name: new RegExp(`^Play ${play.label} from`) }).first()
      await entry.scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${shots}/key-plays-390.png`, fullPage: true })
      expect(await seriousFindings(page)).toEqual([])
      await entry.click()
      // The picture goes to just before the moment: the bug shows the score of a moment a few seconds before it.
      await expect
        .poll(async () => (play ? Math.abs((await bugOf(page)).moment - play.t) : Number.POSITIVE_INFINITY), {
          timeout: 20_000,
          interval: 250,
        })
        .toBeLessThan(6_000)
      await bugAgrees(page, key, game.event_id, 1500)

      // Its official clip plays on the share page.
      await page
        .getByRole('link', { name: `Watch the clip of ${play.label}` })
        .first()
        .click()
      await page.waitForURL(`**/share/${play.clip.id}/${play.clip.uuid}`)
      await expect
        .poll(
          () => page.evaluate(() => (document.querySelector('video') as HTMLVideoElement | null)?.readyState ?? 0),
          {
            timeout: 20_000,
          },
        )
        .toBeGreaterThanOrEqual(2)
      await page.goto(`${baseUrl}/moments`)
      await appReady(page)
      await page.getByText('Official').first().waitFor({ timeout: 20_000 })
    } finally {
      await context.close()
    }
  })

  it('a producer goes live, scores and tags from the Score page; after the stream ends and the game is final, the replay shows the same score at every moment and the highlight reel appears and plays', {
    timeout: 300_000,
  }, async () => {
    const key = await apiKey(baseUrl)
    const upcoming = (
      await (await fetch(`${baseUrl}/api/events?stream_status[]=upcoming&no_limit=1&api_key=${key}`)).json()
    ).data as {
      type: string
      category: { id: number } | null
      participants?: { id: number; side: 'home' | 'away' }[]
    }[]
    // The teams and sport of a coming game, for a game of our own (other journeys go live with the coming ones).
    const template = upcoming.find((e) => e.type === 'free' && (e.participants?.length ?? 0) === 2)
    if (!template) throw new Error('no free upcoming game with two teams')
    let publisher: ChildProcess | undefined
    const desk = await newPage(browser, 1280, 900)
    const viewer = await newPage(browser, 1280, 900)
    try {
      await operatorViaInvitation(desk.page, { baseUrl, dataDir, role: 'producer', name: ['Pat', 'Kim'] })
      const made = await fetch(`${baseUrl}/api/admin/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await operatorKey(desk.page)}` },
        body: JSON.stringify({
          name: `Game day final ${Date.now()}`,
          access_mode: 'free',
          event_utc_ts: new Date().toISOString(),
          time_zone: 'UTC',
          event_category_id: template.category?.id ?? null,
          participants: template.participants?.map((p) => ({ participant_id: p.id, side: p.side })),
        }),
      })
      expect(made.status).toBe(201)
      const game = { id: ((await made.json()) as { data: { id: number } }).data.id }
      // The console opens on the game-day home: the live games with their encoder and score, one tap to each.
      await desk.page.getByRole('heading', { name: 'Game day', level: 1 }).waitFor()
      await desk.page.getByRole('heading', { name: 'Live now' }).waitFor()
      for (const width of [1280, 390]) {
        await desk.page.setViewportSize({ width, height: 900 })
        await desk.page.screenshot({ path: `${shots}/game-day-home-${width}.png`, fullPage: true })
        expect(await seriousFindings(desk.page)).toEqual([])
      }
      await desk.page.setViewportSize({ width: 1280, height: 900 })
      await desk.page.goto(`${baseUrl}/admin/go-live?event=${game.id}`)
      await desk.page.getByRole('button', { name: 'Reveal key' }).click()
      await expect
        .poll(async () => /^•/.test((await desk.page.getByTestId('stream-key').textContent()) ?? '•'))
        .toBe(false)
      const streamKey = (await desk.page.getByTestId('stream-key').textContent()) ?? ''
      const server = (await desk.page.getByTestId('rtmp-url').textContent()) ?? ''
      publisher = spawn(
        resolveFfmpeg(),
        [
          ...['-hide_banner', '-loglevel', 'error', '-re'],
          ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25'],
          ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
          ...['-t', '45', '-c:v', 'libx264', '-preset', 'veryfast', '-g', '25', '-pix_fmt', 'yuv420p'],
          ...['-c:a', 'aac', '-ar', '48000', '-f', 'flv', `${server}/${streamKey}`],
        ],
        { stdio: 'ignore' },
      )
      await expect
        .poll(
          async () =>
            (await (await fetch(`${baseUrl}/api/events/${game.id}?api_key=${key}`)).json()).data.stream_status,
          {
            timeout: 30_000,
          },
        )
        .toBe('live')

      // The producer keeps score from the Score page: a basket, a key play, another, a key play.
      await desk.page.goto(`${baseUrl}/admin/score/${game.id}`)
      const timeline = await scoreOf(key, game.id)
      const scoreButton = (side: 'home' | 'away') =>
        desk.page.getByRole('button', { name: new RegExp(`^${timeline[side].name} \\+`) }).first()
      const tagButton = desk.page.getByRole('button', { name: /^Key play: / }).first()
      await desk.page.waitForTimeout(8_000)
      await scoreButton('home').click()
      await tagButton.click()
      await desk.page.waitForTimeout(8_000)
      await scoreButton('away').click()
      await tagButton.click()
      await expect.poll(async () => (await scoreOf(key, game.id)).actions.length, { timeout: 15_000 }).toBe(4)

      // The stream ends; the game is over: Final, confirmed.
      await new Promise((resolve) => publisher?.once('exit', resolve))
      await expect
        .poll(
          async () =>
            (await (await fetch(`${baseUrl}/api/events/${game.id}?api_key=${key}`)).json()).data.stream_status,
          {
            timeout: 60_000,
          },
        )
        .toBe('vod')
      await desk.page.getByRole('button', { name: 'Final', exact: true }).click()
      await desk.page.getByRole('button', { name: 'Yes, the game is over' }).click()
      await expect.poll(async () => (await scoreOf(key, game.id)).status, { timeout: 15_000 }).toBe('final')

      // The replay: the bug agrees with the timeline wherever the picture is.
      await viewer.page.goto(`${baseUrl}/watch/${game.id}`)
      await appReady(viewer.page)
      await viewer.page.getByRole('button', { name: /play/i }).first().click()
      await bugAgrees(viewer.page, key, game.id, 1500)
      const slider = viewer.page.getByTestId('player-seek')
      await expect
        .poll(async () => Number((await slider.getAttribute('max')) ?? '0'), { timeout: 15_000 })
        .toBeGreaterThan(20)
      const max = Number(await slider.getAttribute('max'))
      for (const at of [0.2, 0.5, 0.8, 0.35]) {
        await slider.fill((max * at).toFixed(2))
        await viewer.page.waitForTimeout(1200)
        await bugAgrees(viewer.page, key, game.id, 1000)
      }

      // The reel: its key plays joined, on the game's page, and it plays.
      const reelLink = viewer.page.getByRole('link', { name: /Highlights/ }).first()
      await reelLink.waitFor({ timeout: 120_000 })
      await viewer.page.screenshot({ path: `${shots}/reel-1280.png`, fullPage: true })
      expect(await seriousFindings(viewer.page)).toEqual([])
      await reelLink.click()
      await viewer.page.waitForURL(/\/watch_library\/\d+/)
      await viewer.page.getByRole('button', { name: /play/i }).first().click()
      await expect
        .poll(
          () =>
            viewer.page.evaluate(() => (document.querySelector('video') as HTMLVideoElement | null)?.currentTime ?? 0),
          {
            timeout: 30_000,
          },
        )
        .toBeGreaterThan(0.5)
    } finally {
      publisher?.kill('SIGKILL')
      await desk.context.close()
      await viewer.context.close()
    }
  })
})
