import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import { resolveFfmpeg } from '@fieldhouse/media'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, newPage } from './browser.js'
import { apiKey, appReady, playUntilMoving } from './helpers.js'
import { operatorViaInvitation } from './operators.js'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')
const shots = '/tmp/console-media-shots'

interface EventRow {
  id: number
  name: string
  type: string
}
async function events(status: string): Promise<EventRow[]> {
  const key = await apiKey(baseUrl)
  return (await (await fetch(`${baseUrl}/api/events?stream_status[]=${status}&no_limit=1&api_key=${key}`)).json()).data
}

async function audit(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes[0]?.target.join(' ')} — ${v.nodes[0]?.failureSummary}`)
}

/** An operator of the demo channel from a CLI invitation: the account is made from the link. */
const operator = (page: Page, role: string) => operatorViaInvitation(page, { baseUrl, dataDir, role })

async function openPage(page: Page, label: string) {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: label, exact: true }).click()
  await page.getByRole('heading', { level: 1, name: label }).waitFor()
}

/**
 * Go live and Media in the console (issue 16): an owner copies the stream key, publishes with OBS's
 * usual settings and sees the status turn live, and the viewer site plays it; a producer uploads a
 * 30 s file, sees its progress, and the replay plays; a manager uploads a pre-roll and sees it ready
 * (decision 25). axe on both pages; screenshots at 1280 and 390 px
 * under /tmp/console-media-shots.
 */
describe('console: go live and media', () => {
  let browser: Browser
  let publisher: ChildProcess | undefined
  const findings: string[] = []

  beforeAll(async () => {
    fs.mkdirSync(shots, { recursive: true })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    publisher?.kill('SIGKILL')
    await browser?.close()
  })

  it('an owner copies the stream key, publishes, sees the status turn live, and the site plays it', {
    timeout: 240_000,
  }, async () => {
    const event = (await events('upcoming')).find((e) => e.type === 'free')
    if (!event) throw new Error('no free upcoming event')
    const { context, page } = await newPage(browser, 1280, 900)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
    try {
      await operator(page, 'owner')
      await openPage(page, 'Go live')
      await page.getByLabel('Event', { exact: true }).selectOption({ value: String(event.id) })
      await page.getByTestId('live-state').filter({ hasText: 'Not receiving' }).waitFor()
      const masked = await page.getByTestId('stream-key').textContent()
      expect(masked).toMatch(/^•+.{4}$/)

      await page.getByRole('button', { name: 'Copy key' }).click()
      await page.getByText('Stream key copied').waitFor()
      const key = await page.evaluate(() => navigator.clipboard.readText())
      expect(key.slice(-4)).toBe(masked?.slice(-4))
      await page.getByRole('button', { name: 'Reveal key' }).click()
      // The key shows once the reveal has been answered.
      await page.getByTestId('stream-key').filter({ hasText: key }).waitFor()
      const server = (await page.getByTestId('rtmp-url').textContent()) ?? ''
      // Where the operator reached the console: the encoder publishes to that machine.
      expect(server).toMatch(new RegExp(`^rtmp://${new URL(baseUrl).hostname.replaceAll('.', '\\.')}:\\d+/live$`))
      findings.push(...(await audit(page, 'go live')))

      // OBS's usual output: x264, keyframes every 2 s, AAC at 48 kHz, over RTMP.
      publisher = spawn(
        resolveFfmpeg(),
        [
          ...['-hide_banner', '-loglevel', 'error', '-re'],
          ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30'],
          ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
          ...['-t', '120', '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '60'],
          ...['-keyint_min', '60', '-b:v', '1200k', '-pix_fmt', 'yuv420p'],
          ...['-c:a', 'aac', '-ar', '48000', '-b:a', '160k', '-f', 'flv', `${server}/${key}`],
        ],
        { stdio: 'ignore' },
      )
      const started = Date.now()
      await page
        .getByTestId('live-state')
        .filter({ hasText: /^Receiving$/ })
        .waitFor({ timeout: 10_000 })
      const shownAfter = Date.now() - started
      await page.screenshot({ path: `${shots}/1280-go-live-receiving.png`, fullPage: true })
      await page.getByText('640×360').waitFor({ timeout: 20_000 })
      await page.getByText(/\d+ kbps/).waitFor({ timeout: 10_000 })
      console.log(`go live: status live ${shownAfter} ms after the encoder started`)
      await page.waitForFunction(
        () => {
          const v = document.querySelector<HTMLVideoElement>('[data-testid="console-preview"]')
          return v !== null && v.readyState >= 2
        },
        undefined,
        { timeout: 30_000 },
      )
      await page.screenshot({ path: `${shots}/1280-go-live.png`, fullPage: true })
      await page.setViewportSize({ width: 390, height: 844 })
      await page.screenshot({ path: `${shots}/390-go-live.png`, fullPage: true })
      findings.push(...(await audit(page, 'go live, receiving')))

      // The viewer site plays it.
      const viewer = await newPage(browser, 1280, 900)
      try {
        await viewer.page.goto(`${baseUrl}/watch/${event.id}`)
        await appReady(viewer.page)
        await playUntilMoving(viewer.page)
      } finally {
        await viewer.context.close()
      }

      // End stream, after its confirmation.
      await page.getByRole('button', { name: 'End stream' }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'End stream' }).click()
      await page.getByTestId('live-state').filter({ hasText: 'Ended' }).waitFor({ timeout: 30_000 })
      expect(shownAfter).toBeLessThan(15_000)
    } finally {
      publisher?.kill('SIGKILL')
      await context.close()
    }
  })

  it('a producer uploads a 30 s recording, sees its progress, and the replay plays', { timeout: 300_000 }, async () => {
    const event = (await events('upcoming')).filter((e) => e.type === 'free')[1]
    if (!event) throw new Error('no second free upcoming event')
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fh-e2e-upload-')), 'game.mp4')
    execFileSync(resolveFfmpeg(), [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000', '-t', '30'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '50', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
    ])
    const { context, page } = await newPage(browser, 1280, 900)
    try {
      await operator(page, 'producer')
      await openPage(page, 'Media')
      findings.push(...(await audit(page, 'media')))
      await page.getByLabel('An event (its replay)').check()
      await page.getByLabel('Event', { exact: true }).selectOption({ value: String(event.id) })
      await page.getByLabel('Video file').setInputFiles(file)
      await page.getByRole('button', { name: 'Upload' }).click()
      await page.getByText(/^Upload: \d+%/).waitFor({ timeout: 30_000 })
      await page.getByText('Ready: it plays now').waitFor({ timeout: 180_000 })
      await page.getByText('(viewers get this one)').waitFor({ timeout: 30_000 })
      await page.screenshot({ path: `${shots}/1280-media.png`, fullPage: true })
      await page.setViewportSize({ width: 390, height: 844 })
      await page.screenshot({ path: `${shots}/390-media.png`, fullPage: true })
      findings.push(...(await audit(page, 'media, ready')))

      const viewer = await newPage(browser, 1280, 900)
      try {
        await viewer.page.goto(`${baseUrl}/watch/${event.id}`)
        await appReady(viewer.page)
        await playUntilMoving(viewer.page)
      } finally {
        await viewer.context.close()
      }
    } finally {
      await context.close()
    }
    expect(findings).toEqual([])
  })

  it('a manager uploads a pre-roll file, sees it ready, and deletes it', { timeout: 180_000 }, async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fh-e2e-preroll-')), 'ad.mp4')
    execFileSync(resolveFfmpeg(), [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=550:sample_rate=48000', '-t', '5'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '50', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
    ])
    const { context, page } = await newPage(browser, 1280, 900)
    const found: string[] = []
    try {
      await operator(page, 'manager')
      await openPage(page, 'Media')
      await page.getByLabel('A new pre-roll').check()
      await page.getByLabel('Video file').setInputFiles(file)
      await page.getByRole('button', { name: 'Upload' }).click()
      await page.getByText(/^Upload: \d+%/).waitFor({ timeout: 30_000 })
      await page.getByText('Ready: it plays now').waitFor({ timeout: 120_000 })
      await page.getByText('(viewers get this one)').waitFor({ timeout: 30_000 })
      await page.screenshot({ path: `${shots}/1280-media-preroll.png`, fullPage: true })
      found.push(...(await audit(page, 'media, pre-roll ready')))

      // The new pre-roll is on the Pre-rolls page with the uploaded video's address.
      await openPage(page, 'Pre-rolls')
      await page.getByRole('cell', { name: /^\/media\/o\/\d+\/preroll\.mp4$/ }).waitFor()

      // Deleted again: the pre-roll is left without a video (it plays nowhere), as before this test.
      await openPage(page, 'Media')
      await page.getByLabel('A pre-roll', { exact: true }).check()
      const option = page
        .getByLabel('Pre-roll', { exact: true })
        .locator('option', { hasText: /weight 1, .*\(preroll\.mp4\)$/ })
      await page
        .getByLabel('Pre-roll', { exact: true })
        .selectOption({ value: (await option.getAttribute('value')) ?? '' })
      await page.getByRole('button', { name: 'Delete', exact: true }).click()
      await page.getByRole('button', { name: 'Delete for good' }).click()
      await page.getByText('No video yet.').waitFor({ timeout: 30_000 })
      await page.setViewportSize({ width: 390, height: 844 })
      await page.screenshot({ path: `${shots}/390-media-preroll.png`, fullPage: true })
    } finally {
      await context.close()
    }
    expect(found).toEqual([])
  })

  it('a manager shortens the longest video in Upload limits, and a longer upload is refused with its length', {
    timeout: 180_000,
  }, async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fh-e2e-long-')), 'long-game.mp4')
    execFileSync(resolveFfmpeg(), [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25'],
      ...['-t', '75', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '50', '-pix_fmt', 'yuv420p', file],
    ])
    const { context, page } = await newPage(browser, 1280, 900)
    const found: string[] = []
    const save = async () => {
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/admin/settings') && r.request().method() === 'PATCH',
      )
      await page.getByRole('button', { name: 'Save changes' }).click()
      const res = await saved
      expect(res.status()).toBe(200)
      return ((await res.json()) as { data: { uploads: Record<string, number> } }).data.uploads
    }
    try {
      await operator(page, 'manager')
      await openPage(page, 'Upload limits')
      const longest = page.getByLabel('Longest video (minutes)')
      expect(await longest.inputValue()).toBe('360')
      expect(await page.getByLabel('Uploads under way, in all (GB)').inputValue()).toBe('50')
      found.push(...(await audit(page, 'upload limits')))
      await longest.fill('1')
      expect(await save()).toEqual({ max_duration_sec: 60, open_bytes: 50 * 1024 ** 3 })
      await page.setViewportSize({ width: 390, height: 844 })
      await page.screenshot({ path: `${shots}/390-upload-limits.png`, fullPage: true })
      await page.setViewportSize({ width: 1280, height: 900 })

      // A 75-s library video is refused when its last byte is in, in the console's words.
      await openPage(page, 'Media')
      await page.getByLabel('A new VOD item').check()
      await page.getByLabel('Title').fill('Too long for this channel')
      await page.getByLabel('Video file').setInputFiles(file)
      await page.getByRole('button', { name: 'Upload' }).click()
      await page.getByText('The video lasts 0:01:15, longer than the 0:01:00 this channel takes.').first().waitFor({
        timeout: 60_000,
      })
      await page.screenshot({ path: `${shots}/1280-upload-refused.png`, fullPage: true })
    } finally {
      // As before this test, for the journeys after it.
      await openPage(page, 'Upload limits').catch(() => {})
      await page
        .getByLabel('Longest video (minutes)')
        .fill('360')
        .catch(() => {})
      await save().catch(() => {})
      await context.close()
    }
    expect(found).toEqual([])
  })
})
