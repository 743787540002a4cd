import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { resolveFfmpeg } from '@fieldhouse/media'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { seriousFindings } from './axe.js'
import { launchBrowser, newPage } from './browser.js'
import { accountViaApi, apiKey, appReady, newEmail, signIn } from './helpers.js'
import { operatorViaInvitation } from './operators.js'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')
const pushSubscription = inject('pushSubscription')
const shots = 'test-results/screenshots'

interface Team {
  side: 'home' | 'away'
  alias: string
  name?: string
}
interface EventRow {
  id: number
  name: string
  type: string
  participants?: Team[]
}

/** The free games still to be played, as the schedule lists them. */
async function upcomingFreeGames(): Promise<EventRow[]> {
  const key = await apiKey(baseUrl)
  const res = await fetch(`${baseUrl}/api/events?stream_status[]=upcoming&no_limit=1&api_key=${key}`)
  return ((await res.json()).data as EventRow[]).filter((e) => e.type === 'free' && (e.participants?.length ?? 0) > 0)
}

/**
 * Headless Chromium here reaches no browser push service (Chrome's is Google's), so `subscribe` answers
 * the subscription the setup made at the loopback push service (RFC 8030): the server then pushes there
 * for real, encrypted for that subscription, and the journey hands the payload to the page's service
 * worker through the DevTools protocol, as the browser's push service would. Everything else — the
 * permission, the worker, the page's calls — is the browser's own.
 */
function stubPushService(subscription: typeof pushSubscription) {
  const HELD = 'e2e-push-subscription-key'
  const made = (key: ArrayBuffer) => ({
    endpoint: subscription.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: key },
    toJSON: () => subscription,
    getKey: () => null,
    unsubscribe: async () => {
      localStorage.removeItem(HELD)
      return true
    },
  })
  const bytes = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0)).buffer
  PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
    const key = options?.applicationServerKey as Uint8Array
    localStorage.setItem(HELD, btoa(String.fromCharCode(...key)))
    return made(key.slice().buffer) as unknown as PushSubscription
  }
  PushManager.prototype.getSubscription = async () => {
    const held = localStorage.getItem(HELD)
    return (held ? made(bytes(held)) : null) as unknown as PushSubscription | null
  }
}

/** The payloads the server pushed to the loopback service for this subscription, decrypted. */
const pushed = (): { title: string; url: string; tag: string }[] => {
  const file = path.join(dataDir, 'push-inbox.jsonl')
  if (!fs.existsSync(file)) return []
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((m) => m.endpoint === pushSubscription.endpoint)
    .map((m) => JSON.parse(m.payload))
}

/** The mails in the outbox to this address, with their subjects. */
const mailedSubjects = (to: string) => {
  const outbox = path.join(dataDir, 'outbox')
  if (!fs.existsSync(outbox)) return []
  return fs
    .readdirSync(outbox)
    .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
    .filter((raw) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'm').test(raw))
    .map((raw) => /^Subject: (.*)$/m.exec(raw)?.[1] ?? '')
}

/** The link at the foot of the alert mail to this address that stops alert emails. */
const unsubscribeLinkTo = (to: string) => {
  const outbox = path.join(dataDir, 'outbox')
  for (const file of fs.readdirSync(outbox)) {
    const raw = fs
      .readFileSync(path.join(outbox, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=')
    if (!raw.includes(`To: ${to}`)) continue
    const link = /https?:\/\/[^\s<>"]+\/unsubscribe\?token=[\w.-]+/.exec(raw)?.[0]
    if (link) return link
  }
  throw new Error(`no alert mail to ${to} with an unsubscribe link`)
}

/** The notifications the page's service worker is showing. */
const shown = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return (await registration.getNotifications()).map((n) => ({ title: n.title, tag: n.tag }))
  })

describe('alerts for a followed team', () => {
  let browser: Browser
  let publisher: ChildProcess | undefined
  /** The game the first journey's alert went live with: the console's Alerts page reports it. */
  let alerted: EventRow | undefined
  /** The viewer the first journey's alert went to. */
  let alertedEmail = ''
  beforeAll(async () => {
    fs.mkdirSync(shots, { recursive: true })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    publisher?.kill('SIGKILL')
    await browser?.close()
  })

  it('on a phone: follow a team, allow alerts in this browser, and the alert arrives when its game goes live', {
    timeout: 240_000,
  }, async () => {
    // The last free game to come: another journey goes live with the first.
    const game = (await upcomingFreeGames()).at(-1)
    const home = game?.participants?.find((t) => t.side === 'home')
    if (!game || !home) throw new Error('no free upcoming game with teams')
    alerted = game
    const email = newEmail('alerts')
    alertedEmail = email
    await accountViaApi(baseUrl, dataDir, email, 'Passw0rd!x')
    const { context, page } = await newPage(browser, 390, 844)
    await context.grantPermissions(['notifications'], { origin: baseUrl })
    await context.addInitScript(stubPushService, pushSubscription)
    await signIn(page, baseUrl, email, 'Passw0rd!x')
    await page.waitForURL((url) => url.pathname === '/')

    // Follow the home team from its page.
    await page.goto(`${baseUrl}/?team=${home.alias}`)
    await appReady(page)
    const main = page.getByRole('main')
    const follow = main.getByRole('button', { name: /^Favourite / }).first()
    await follow.click()
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true')
    await main
      .getByRole('link', { name: /Profile → Alerts|Alerts/ })
      .first()
      .click()
    await page.waitForURL(/\/profile\/alerts$/)

    // Alerts in this browser: the permission is granted, the worker registers, the server knows it.
    await page.getByTestId('alerts-push-state').waitFor()
    await page.getByRole('button', { name: 'Turn on alerts in this browser' }).click()
    await expect.poll(() => page.getByTestId('alerts-push-state').getAttribute('data-state')).toBe('on')
    await page.getByText('Alerts reach 1 of your browsers.').waitFor()
    const followSwitch = page.getByRole('switch', { name: /^Alerts for / })
    expect(await followSwitch.count()).toBe(1)
    expect(await followSwitch.isChecked()).toBe(true)
    await page.screenshot({ path: `${shots}/alerts-390.png`, fullPage: true })
    expect(await seriousFindings(page)).toEqual([])

    // An operator puts the game on air from the console, as OBS would.
    const desk = await newPage(browser, 1280, 900)
    try {
      await operatorViaInvitation(desk.page, { baseUrl, dataDir, role: 'producer' })
      await desk.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Go live' }).click()
      await desk.page.getByLabel('Event', { exact: true }).selectOption({ value: String(game.id) })
      await desk.page.getByRole('button', { name: 'Reveal key' }).click()
      const masked = /^•/
      await expect
        .poll(async () => masked.test((await desk.page.getByTestId('stream-key').textContent()) ?? '•'))
        .toBe(false)
      const key = (await desk.page.getByTestId('stream-key').textContent()) ?? ''
      const server = (await desk.page.getByTestId('rtmp-url').textContent()) ?? ''
      publisher = spawn(
        resolveFfmpeg(),
        [
          ...['-hide_banner', '-loglevel', 'error', '-re'],
          ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25'],
          ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
          ...['-t', '60', '-c:v', 'libx264', '-preset', 'veryfast', '-g', '50', '-pix_fmt', 'yuv420p'],
          ...['-c:a', 'aac', '-ar', '48000', '-f', 'flv', `${server}/${key}`],
        ],
        { stdio: 'ignore' },
      )
    } finally {
      await desk.context.close()
    }

    // The go-live reaches the browser's push service once the stream can be watched…
    await expect.poll(() => pushed().filter((p) => p.tag === `go_live-${game.id}`).length, { timeout: 60_000 }).toBe(1)
    const alert = pushed().find((p) => p.tag === `go_live-${game.id}`)
    expect(alert?.title).toMatch(/ is live now$/)
    // …which hands it to this browser's service worker, and the phone shows it.
    const cdp = await context.newCDPSession(page)
    const registrations: { registrationId: string; scopeURL: string }[] = []
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations))
    await cdp.send('ServiceWorker.enable')
    await expect.poll(() => registrations.some((r) => r.scopeURL === `${baseUrl}/`)).toBe(true)
    const registration = registrations.find((r) => r.scopeURL === `${baseUrl}/`)
    const payload = fs
      .readFileSync(path.join(dataDir, 'push-inbox.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .find(
        (m) => m.endpoint === pushSubscription.endpoint && JSON.parse(m.payload).tag === `go_live-${game.id}`,
      )?.payload
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseUrl,
      registrationId: registration?.registrationId as string,
      data: payload as string,
    })
    await expect
      .poll(() => shown(page), { timeout: 15_000 })
      .toContainEqual({
        title: alert?.title,
        tag: `go_live-${game.id}`,
      })
    // The same alert by mail, once.
    await expect
      .poll(() => mailedSubjects(email).filter((s) => / is live now$/.test(s)).length, { timeout: 30_000 })
      .toBe(1)

    // The alert's link leads to the game (through the click counter).
    await page.goto(alert?.url as string)
    await page.waitForURL(new RegExp(`/watch/${game.id}$`))
    publisher?.kill('SIGKILL')
    publisher = undefined
  })

  it('the alerts page at 1280 px: every setting keyboard-reachable, saved, and kept', async () => {
    const email = newEmail('alerts-desk')
    await accountViaApi(baseUrl, dataDir, email, 'Passw0rd!x')
    const { page } = await newPage(browser, 1280, 900)
    await signIn(page, baseUrl, email, 'Passw0rd!x')
    await page.waitForURL((url) => url.pathname === '/')
    await page.goto(`${baseUrl}/profile/alerts`)
    await appReady(page)
    await page.getByTestId('alerts-save').waitFor()
    // By keyboard alone: Tab from the first setting reaches every control up to Save, and Space ticks a box.
    await page.getByLabel('Email', { exact: true }).focus()
    const reached: string[] = []
    for (let i = 0; i < 40 && !reached.includes('alerts-save'); i++) {
      reached.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null
          const label = el?.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null
          return el?.dataset.testid ?? label ?? el?.textContent ?? ''
        }),
      )
      await page.keyboard.press('Tab')
    }
    expect(reached).toEqual(
      expect.arrayContaining([
        'Email',
        'Send push alerts to my browsers',
        'alerts-push-on',
        'When a game goes live',
        'alerts-reminder',
        'Hide final scores (spoiler-free)',
        'alerts-quiet',
        'alerts-save',
      ]),
    )
    await page.getByLabel('Hide final scores (spoiler-free)').focus()
    await page.keyboard.press('Space')
    expect(await page.getByLabel('Hide final scores (spoiler-free)').isChecked()).toBe(true)
    await page.getByTestId('alerts-reminder').selectOption({ label: '1 hour' })
    await page.getByTestId('alerts-quiet').check()
    await page.getByLabel('From', { exact: true }).fill('22:00')
    await page.getByLabel('To', { exact: true }).fill('07:00')
    await page.getByTestId('alerts-time-zone').selectOption('Europe/Sofia')
    await page.getByTestId('alerts-save').click()
    await page.getByText(/saved/i).first().waitFor()
    await page.screenshot({ path: `${shots}/alerts-1280.png`, fullPage: true })
    expect(await seriousFindings(page)).toEqual([])
    await page.reload()
    await appReady(page)
    await page.getByTestId('alerts-save').waitFor()
    expect(await page.getByTestId('alerts-reminder').inputValue()).toBe('60')
    expect(await page.getByLabel('Hide final scores (spoiler-free)').isChecked()).toBe(true)
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('22:00')
    expect(await page.getByTestId('alerts-time-zone').inputValue()).toBe('Europe/Sofia')
  })

  it('an operator reads in the console what the go-live alert did, by mail and by push, at 1280 and 390 px', async () => {
    const game = alerted
    if (!game) throw new Error('the first journey sent no alert')
    const { context, page } = await newPage(browser, 1280, 900)
    try {
      await operatorViaInvitation(page, { baseUrl, dataDir, role: 'producer' })
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Alerts', exact: true }).click()
      await page.waitForURL(/\/admin\/alerts$/)
      await page.getByRole('heading', { level: 1, name: 'Alerts' }).waitFor()
      const table = page.getByRole('table', { name: /^The alerts of each game/ })
      await table.waitFor()
      // Each row as its column headers name its cells.
      const rows = await table.evaluate((t: HTMLTableElement) => {
        const text = (c: Element) => c.textContent?.trim() ?? ''
        const heads = Array.from(t.querySelectorAll('thead th'), text)
        return Array.from(t.querySelectorAll('tbody tr'), (r) =>
          Object.fromEntries(Array.from(r.children, (c, i) => [heads[i] ?? String(i), text(c)])),
        )
      })
      // The game's cell names the alert and the way under the game: "… Live now · Email …".
      const goLive = rows.filter((r) => r.Game?.startsWith(game.name) && r.Game.includes('Live now'))
      const email = goLive.find((r) => r.Game?.includes('Live now · Email'))
      const push = goLive.find((r) => r.Game?.includes('Live now · Push'))
      expect(Number(email?.Sent)).toBeGreaterThanOrEqual(1)
      expect(Number(push?.Sent)).toBeGreaterThanOrEqual(1)
      // The first journey followed the push's link to the game.
      expect(push?.Clicked).toBe('1')
      expect(push?.['Click-through']).toMatch(/^\d+(\.\d)?%$/)
      await page.screenshot({ path: `${shots}/console-alerts-1280.png`, fullPage: true })
      expect(await seriousFindings(page)).toEqual([])

      await page.setViewportSize({ width: 390, height: 844 })
      await table.scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${shots}/console-alerts-390.png`, fullPage: true })
      expect(await seriousFindings(page)).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('on a phone, signed out: the link at the foot of the alert mail stops alert emails after one press', async () => {
    if (!alertedEmail) throw new Error('the first journey sent no alert')
    const link = new URL(unsubscribeLinkTo(alertedEmail))
    expect(link.pathname).toBe('/unsubscribe')
    const { page } = await newPage(browser, 390, 844)
    await page.goto(link.href)
    await appReady(page)
    // Opening the link changes nothing (mail scanners open links); the press does.
    const stop = page.getByRole('button', { name: 'Stop alert emails' })
    await stop.waitFor()
    await page.screenshot({ path: `${shots}/unsubscribe-390.png`, fullPage: true })
    expect(await seriousFindings(page)).toEqual([])
    await stop.focus()
    await page.keyboard.press('Enter')
    await page.getByText(/You will get no more alert emails/).waitFor()
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.screenshot({ path: `${shots}/unsubscribe-1280.png`, fullPage: true })
    expect(await seriousFindings(page)).toEqual([])
  })
})
