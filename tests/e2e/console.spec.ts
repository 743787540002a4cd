import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import { resolveFfmpeg } from '@fieldhouse/media'
import { Secret, TOTP } from 'otpauth'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, newPage } from './browser.js'
import { appReady, newEmail, playUntilMoving } from './helpers.js'

const baseUrl = inject('baseUrl')
const dataDir = inject('dataDir')
const PASSWORD = 'a long password 1'

/**
 * The operator console (issue 16), on a channel of its own made with the operator command line, at its
 * own host name (Chromium sends every `*.localhost` name to this machine; the server picks the channel
 * by host). Screenshots of every page at 1280 and 390 px go to /tmp/console-shots.
 */
const KEY = 'consoleclub'
const siteUrl = baseUrl.replace('127.0.0.1', `${KEY}.localhost`)
const shots = '/tmp/console-shots'
/** A 1×1 PNG: a school's crest. */
const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

const cli = (...args: string[]) =>
  execFileSync(process.execPath, [path.resolve('apps/server/dist/cli.js'), ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  })

/** The invitation's path from what the command line printed (its host is the channel's own). */
const invitationPath = (printed: string) => {
  const match = /\/admin\/invitation\/[A-Za-z0-9_-]+/.exec(printed)
  if (!match) throw new Error(`no invitation link in: ${printed}`)
  return match[0]
}

/** Serious and critical WCAG 2.1 A/AA findings of axe on the page as it stands. */
async function audit(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // The colour preview is the viewer's site, audited by accessibility.spec.ts.
    .exclude('.console-preview__frame')
    .analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes[0]?.target.join(' ')} — ${v.nodes[0]?.failureSummary}`)
}

/** Types into the control labelled `label`, as a person would: focus it, select what is there, type. */
async function type(page: Page, label: string | RegExp, text: string) {
  const control = page.getByLabel(label, { exact: typeof label === 'string' })
  await control.focus()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(text)
}

/** Picks an option of the select labelled `label`. */
async function choose(page: Page, label: string | RegExp, option: string) {
  const select = page.getByLabel(label, { exact: typeof label === 'string' })
  await select.focus()
  await select.selectOption({ label: option })
}

async function openPage(page: Page, label: string, heading: string | RegExp) {
  const link = page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: label, exact: true })
  await link.click()
  // The route changes in a transition: the old page's heading may still be shown for a moment.
  await link.and(page.locator('[aria-current="page"]')).waitFor()
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
}

/**
 * Waits until the page shows its content: no table still fetching, nothing saying "Loading…", and any
 * embedded preview loaded. (Not "network idle": the Go live and Media pages poll while they are open.)
 */
async function contentShown(page: Page) {
  await page.waitForLoadState('load')
  await page.waitForFunction(() => {
    const main = document.querySelector('main') ?? document.body
    if (main.querySelector('[aria-busy="true"]')) return false
    if ((main.textContent ?? '').includes('Loading…')) return false
    return Array.from(main.querySelectorAll('iframe')).every((f) => f.contentDocument?.readyState === 'complete')
  })
}

/** Creates one record through a console list's "New …" form, and waits for the list to say so. */
async function create(page: Page, what: string, fill: () => Promise<void>) {
  await page.getByRole('link', { name: `New ${what}` }).click()
  await page.getByRole('heading', { level: 1, name: `New ${what}` }).waitFor()
  await fill()
  // Enter in the form's first text field sends it (a select or a suggestion list would take the key).
  await page.locator('.console-form input[type="text"]').first().focus()
  await page.keyboard.press('Enter')
  await page.getByRole('status').filter({ hasText: 'created.' }).waitFor({ timeout: 10_000 })
}

/**
 * OBS's usual output, from ffmpeg: x264, a keyframe every 2 s (60 frames at 30 fps), AAC at 48 kHz,
 * over RTMP to `url`.
 */
function publishLikeObs(url: string): ChildProcess {
  return spawn(
    resolveFfmpeg(),
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-t', '120', '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '60'],
      ...['-keyint_min', '60', '-b:v', '1200k', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-ar', '48000', '-b:a', '160k', '-f', 'flv', url],
    ],
    { stdio: 'ignore' },
  )
}

describe('operator console', () => {
  let browser: Browser
  let publisher: ChildProcess | undefined
  const ownerEmail = newEmail('owner')
  const supportEmail = newEmail('support')
  const findings: string[] = []
  const previewTimings: number[] = []

  beforeAll(async () => {
    fs.mkdirSync(shots, { recursive: true })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    publisher?.kill('SIGKILL')
    await browser?.close()
  })

  it('a new owner accepts the invitation, sets colours with a live preview, builds the catalogue, schedules a priced game, goes live with it from an encoder, and watches it on the site without a pass', async () => {
    const printed = cli(
      'channel',
      'create',
      '--key',
      KEY,
      '--name',
      'Console Club',
      '--domain',
      `${KEY}.localhost`,
      '--owner',
      ownerEmail,
    )
    const { context, page } = await newPage(browser, 1280, 900)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: siteUrl })
    try {
      await page.goto(`${siteUrl}${invitationPath(printed)}`)
      await appReady(page)
      await page.getByRole('heading', { name: 'Your invitation' }).waitFor()
      await page.getByText('Console Club', { exact: true }).waitFor()
      findings.push(...(await audit(page, 'invitation')))
      await page.screenshot({ path: `${shots}/1280-invitation.png`, fullPage: true })

      // Create the account from the link: a person types each field and presses Enter.
      await type(page, 'First name', 'Avery')
      await type(page, 'Last name', 'Stone')
      await type(page, 'Password', PASSWORD)
      await type(page, 'Password confirmation', PASSWORD)
      await page.keyboard.press('Enter')
      await page.getByRole('heading', { level: 1, name: 'Game day' }).waitFor({ timeout: 15_000 })
      await expect(page.getByText(`${ownerEmail}`).isVisible()).resolves.toBe(true)

      // The skip link is the first thing the keyboard reaches on a page.
      await page.reload()
      await appReady(page)
      await page.getByRole('heading', { level: 1, name: 'Game day' }).waitFor()
      await page.keyboard.press('Tab')
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Skip to content')
      await openPage(page, 'Channel', 'Channel')

      // Domains (decision 0041): the command line's is verified and the primary; a new one waits, pending,
      // for its TXT record, and serves the channel once the DNS holds it and the owner verifies it.
      const domains = page.getByRole('table', { name: 'The channel’s domains, the primary first' })
      await domains.getByRole('rowheader', { name: `${KEY}.localhost (primary)` }).waitFor()
      await type(page, 'New domain', `tv.${KEY}.localhost`)
      await page.getByRole('button', { name: 'Add domain' }).click()
      const added = domains.getByRole('row').filter({ hasText: `tv.${KEY}.localhost` })
      await added.getByText('Pending', { exact: true }).waitFor()
      const [recordName = '', recordValue = ''] = await added.locator('code').allTextContents()
      expect(recordName).toBe(`_fieldhouse-challenge.tv.${KEY}.localhost`)
      findings.push(...(await audit(page, 'channel domains')))
      await page.screenshot({ path: `${shots}/1280-channel-domains.png`, fullPage: true })
      // The domain's owner publishes the record at its DNS (the journeys' DNS server reads this file).
      fs.writeFileSync(path.join(dataDir, 'dns-txt.json'), JSON.stringify({ [recordName]: [recordValue] }))
      await page.getByRole('button', { name: `Verify tv.${KEY}.localhost` }).click()
      await added.getByText(`tv.${KEY}.localhost is verified: it serves the channel.`).waitFor()
      await added.getByText('Verified', { exact: true }).waitFor()

      // Colours: the preview repaints as a colour is typed.
      await openPage(page, 'Colours', 'Colours')
      const frame = page.frameLocator('.console-preview__frame')
      await frame.locator('#root header, #root main').first().waitFor({ timeout: 15_000 })
      await type(page, 'Primary (buttons, links), hex value', '#c2185b')
      const previewPrimary = await page
        .locator('.console-preview__frame')
        .evaluate(
          (el) =>
            (el as HTMLIFrameElement).contentDocument?.documentElement.style.getPropertyValue('--primary-color') ?? '',
        )
      expect(previewPrimary).toBe('#c2185b')
      // The site in the preview starting again (it paints its saved colours as it starts) keeps the picked one.
      await page.locator('.console-preview__frame').evaluate((el) => {
        const frameWindow = (el as HTMLIFrameElement).contentWindow as Window
        frameWindow.document.documentElement.dataset.before = 'reload'
        frameWindow.location.reload()
      })
      const restarted = await page.waitForFunction(
        () => {
          // While the frame reloads its document may have no root yet.
          const doc = (document.querySelector('.console-preview__frame') as HTMLIFrameElement).contentDocument
          const root = doc?.documentElement
          if (!root || root.dataset.before || !doc?.querySelector('#root header, #root main')) return null
          return root.style.getPropertyValue('--primary-color')
        },
        undefined,
        { timeout: 15_000 },
      )
      expect(await restarted.jsonValue()).toBe('#c2185b')
      previewTimings.push(
        ...(await page.evaluate(
          () => (window as unknown as { __consolePreviewTimings?: number[] }).__consolePreviewTimings ?? [],
        )),
      )
      await page.getByRole('button', { name: 'Save colours' }).focus()
      await page.keyboard.press('Enter')
      await page.getByText('Colours saved.').waitFor()

      // The catalogue: a sport, a venue, a school and two teams.
      await openPage(page, 'Sports', 'Sports')
      await create(page, 'sport', async () => {
        await type(page, /^Name/, 'Basketball')
        await type(page, /^Alias/, 'basketball')
      })
      await page.getByRole('cell', { name: 'Basketball', exact: true }).waitFor()

      await openPage(page, 'Venues', 'Venues')
      await create(page, 'venue', async () => {
        await type(page, /^Name/, 'Riverside Arena')
        await type(page, /^City/, 'Springfield')
        await type(page, /^State/, 'IL')
        await type(page, /^Time zone/, 'America/Chicago')
      })

      await openPage(page, 'Schools', 'Schools')
      await create(page, 'school', async () => {
        await type(page, /^Name/, 'Central High')
        await type(page, /^Short name/, 'Central')
        await type(page, /^Alias/, 'central-high')
        // The crest is uploaded, not typed as an address.
        await page.getByLabel('Images', { exact: true }).setInputFiles({
          name: 'crest.png',
          mimeType: 'image/png',
          buffer: Buffer.from(TINY_PNG, 'base64'),
        })
        await page.getByRole('status').filter({ hasText: 'Uploaded.' }).waitFor()
      })
      await page.getByRole('link', { name: 'Central High' }).click()
      await page.getByRole('heading', { level: 1, name: /School: Central High/ }).waitFor()
      const crest = page.locator('.console-images__list img')
      await crest.waitFor()
      expect(await crest.getAttribute('src')).toMatch(/\.png$/)
      // The crest loads from the store: it is the 1×1 image uploaded.
      await expect.poll(() => crest.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1)
      findings.push(...(await audit(page, 'school form')))
      await page.screenshot({ path: `${shots}/1280-school-form.png`, fullPage: true })
      await page.setViewportSize({ width: 390, height: 844 })
      await page.screenshot({ path: `${shots}/390-school-form.png`, fullPage: true })
      await page.setViewportSize({ width: 1280, height: 900 })

      await openPage(page, 'Teams', 'Teams')
      for (const [name, short, alias, colour] of [
        ['Central Eagles', 'EAG', 'central-eagles', '#1565c0'],
        ['North Hawks', 'HAW', 'north-hawks', '#2e7d32'],
      ] as const) {
        await create(page, 'team', async () => {
          await type(page, /^Name/, name)
          await type(page, /^Short name/, short)
          await type(page, /^Alias/, alias)
          await choose(page, 'School', 'Central High')
          await choose(page, 'Sport', 'Basketball')
          await choose(page, 'Gender', 'Men')
          await type(page, /^Colour/, colour)
        })
      }
      await page.getByRole('cell', { name: 'North Hawks', exact: true }).waitFor()
      // How many viewers follow each team: none yet on a new channel.
      await page.getByRole('columnheader', { name: 'Followers' }).waitFor()
      const hawks = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'North Hawks', exact: true }) })
      expect(await hawks.getByRole('cell', { name: '0', exact: true }).count()).toBe(1)

      // A game with a price, a week from now, in the venue's time zone.
      await openPage(page, 'Events', 'Events')
      const start = new Date(Date.now() + 7 * 24 * 3600_000).toISOString().slice(0, 10)
      await create(page, 'event', async () => {
        await type(page, /^Name/, 'Eagles at Hawks')
        await choose(page, 'Away team', 'Central Eagles')
        await choose(page, 'Home team', 'North Hawks')
        await choose(page, 'Sport', 'Basketball')
        await choose(page, 'Venue', 'Riverside Arena')
        await type(page, /^Time zone/, 'America/Chicago')
        await page.getByLabel(/^Starts at/).fill(`${start}T19:30`)
        await choose(page, /^Access mode/, 'Pay-per-view')
        await type(page, /^Price/, '9.99')
      })
      await page.getByRole('cell', { name: 'Eagles at Hawks', exact: true }).waitFor()
      await expect(page.getByRole('cell', { name: '$9.99', exact: true }).isVisible()).resolves.toBe(true)
      // Its start is listed on the venue's clock, as it was typed, with the zone's name.
      const starts = page.getByRole('row').filter({ hasText: 'Eagles at Hawks' }).locator('time')
      await expect(starts.textContent()).resolves.toMatch(/, 7:30\sPM C[SD]T$/)

      // An invitation waits on the Operators page until the owner withdraws it.
      const managerEmail = newEmail('manager')
      await openPage(page, 'Operators', 'Operators')
      await type(page, 'Email', managerEmail)
      await choose(page, 'Role', 'Manager')
      await page.getByRole('button', { name: 'Send invitation' }).click()
      await page.getByText(`Invitation sent to ${managerEmail}.`).waitFor()
      const pending = page.getByRole('table', { name: 'Invitations not yet accepted' })
      const invitationRow = pending.getByRole('row').filter({ hasText: managerEmail })
      await invitationRow.waitFor()
      await expect(invitationRow.getByRole('cell').nth(1).textContent()).resolves.toBe('Manager')
      await expect(invitationRow.locator('time').count()).resolves.toBe(1)
      await page.screenshot({ path: `${shots}/1280-operators-pending.png`, fullPage: true })
      page.once('dialog', (dialog) => void dialog.accept())
      await invitationRow.getByRole('button', { name: `Withdraw the invitation to ${managerEmail}` }).click()
      await pending.getByText('No invitation is waiting.').waitFor()

      // Every page the owner has: axe, and how it looks at 1280 and 390 px.
      const labels = await page.getByRole('navigation', { name: 'Console' }).getByRole('link').allTextContents()
      for (const label of labels) {
        await page.setViewportSize({ width: 1280, height: 900 })
        await openPage(page, label, /.+/)
        await contentShown(page)
        findings.push(...(await audit(page, label)))
        const file = label.toLowerCase().replace(/[^a-z0-9]+/g, '-')
        await page.screenshot({ path: `${shots}/1280-${file}.png`, fullPage: true })
        await page.setViewportSize({ width: 390, height: 844 })
        await page.screenshot({ path: `${shots}/390-${file}.png`, fullPage: true })
      }
      await page.setViewportSize({ width: 1280, height: 900 })
      // A form page too.
      await openPage(page, 'Teams', 'Teams')
      await page.getByRole('link', { name: 'Central Eagles' }).click()
      await page.getByRole('heading', { level: 1, name: /Team: Central Eagles/ }).waitFor()
      findings.push(...(await audit(page, 'team form')))
      await page.screenshot({ path: `${shots}/1280-team-form.png`, fullPage: true })
      await openPage(page, 'Events', 'Events')
      await page.getByRole('link', { name: 'Eagles at Hawks' }).click()
      await page.getByRole('heading', { level: 1, name: /Event: Eagles at Hawks/ }).waitFor()
      await expect(page.getByLabel(/^Starts at/).inputValue()).resolves.toBe(`${start}T19:30`)
      findings.push(...(await audit(page, 'event form')))
      await page.setViewportSize({ width: 390, height: 844 })
      await page.screenshot({ path: `${shots}/390-event-form.png`, fullPage: true })

      // The site lists the game, in the channel's new colours.
      const site = await context.newPage()
      await site.goto(`${siteUrl}/upcoming`)
      await appReady(site)
      await site
        .getByText(/EAG\s*@\s*HAW|Eagles at Hawks/)
        .first()
        .waitFor({ timeout: 15_000 })
      // The site may first paint the colours this browser kept from its last visit, then the channel's own.
      await site.waitForFunction(
        () => getComputedStyle(document.documentElement).getPropertyValue('--primary-color').trim() === '#c2185b',
        undefined,
        { timeout: 15_000 },
      )

      // Go live with that game: copy its stream key and publish to the server the page shows.
      await page.setViewportSize({ width: 1280, height: 900 })
      await openPage(page, 'Go live', 'Go live')
      await choose(page, 'Event', 'Eagles at Hawks')
      await page.getByTestId('live-state').filter({ hasText: 'Not receiving' }).waitFor()
      const masked = (await page.getByTestId('stream-key').textContent()) ?? ''
      await page.getByRole('button', { name: 'Copy key' }).click()
      await page.getByText('Stream key copied').waitFor()
      const streamKey = await page.evaluate(() => navigator.clipboard.readText())
      expect(streamKey.slice(-4)).toBe(masked.slice(-4))
      const server = new URL((await page.getByTestId('rtmp-url').textContent()) ?? '')
      // A *.localhost console names the address the request reached, which an encoder can reach (the
      // bundled ffmpeg resolves no names, decision 0022): the page's address is published to as shown.
      expect(server.hostname).toBe('127.0.0.1')
      publisher = publishLikeObs(`${server.href}/${streamKey}`)
      await page
        .getByTestId('live-state')
        .filter({ hasText: /^Receiving$/ })
        .waitFor({ timeout: 15_000 })
      await page.getByText('640×360').waitFor({ timeout: 20_000 })
      await page.screenshot({ path: `${shots}/1280-go-live-own-game.png`, fullPage: true })

      // The owner watches the priced game on the site, signed in as themself, without buying a pass.
      const eventId = await page.getByLabel('Event', { exact: true }).inputValue()
      await site.goto(`${siteUrl}/watch/${eventId}`)
      await appReady(site)
      await site.getByRole('heading', { level: 1, name: /Eagles|EAG/ }).waitFor()
      await playUntilMoving(site)
      await expect(site.getByTestId('watch-see-passes').count()).resolves.toBe(0)
      await site.screenshot({ path: `${shots}/1280-owner-watches.png` })
    } catch (error) {
      await page.screenshot({ path: `${shots}/failed-owner.png`, fullPage: true })
      throw error
    } finally {
      publisher?.kill('SIGKILL')
      await context.close()
    }
  }, 300_000)

  it('a support operator sees the console read-only, and every write is refused with 403', async () => {
    const printed = cli('channel', 'invite', '--channel', KEY, '--email', supportEmail, '--role', 'support')
    const { context, page } = await newPage(browser, 1280, 900)
    try {
      await page.goto(`${siteUrl}${invitationPath(printed)}`)
      await appReady(page)
      await type(page, 'First name', 'Sam')
      await type(page, 'Last name', 'Reed')
      await type(page, 'Password', PASSWORD)
      await type(page, 'Password confirmation', PASSWORD)
      await page.keyboard.press('Enter')
      await page.getByRole('heading', { level: 1, name: 'Game day' }).waitFor({ timeout: 15_000 })

      // The navigation holds only what the role may read; no page offers a write.
      const nav = await page.getByRole('navigation', { name: 'Console' }).getByRole('link').allTextContents()
      expect(nav).toEqual([
        'Game day',
        'Channel',
        'Passes form',
        'Events',
        'VOD items',
        'VOD categories',
        'VOD rails',
        'Score',
        'Orders',
        'Customers',
      ])
      await openPage(page, 'Channel', 'Channel')
      // The form (and its note) comes with the channel's record, after the page's heading.
      await page.getByText('Your role may read this, not change it.').waitFor()
      // The domains too: read, with a note; only owners add, verify or remove them.
      await page.getByText('Only the channel’s owners add, verify or remove domains.').waitFor()
      await expect(page.getByRole('button', { name: 'Add domain' }).count()).resolves.toBe(0)
      await expect(page.getByRole('button', { name: 'Save changes' }).count()).resolves.toBe(0)
      await expect(page.getByLabel(/^Name/).isDisabled()).resolves.toBe(true)
      await openPage(page, 'Events', 'Events')
      await page.getByRole('cell', { name: 'Eagles at Hawks', exact: true }).waitFor()
      await expect(page.getByRole('link', { name: 'New event' }).count()).resolves.toBe(0)
      await expect(page.getByRole('button', { name: /^Delete/ }).count()).resolves.toBe(0)
      findings.push(...(await audit(page, 'support events')))
      await page.screenshot({ path: `${shots}/1280-support-events.png`, fullPage: true })
      await page.goto(`${siteUrl}/admin/operators`)
      await page.getByRole('heading', { level: 1, name: 'Not available' }).waitFor()

      // Every write route, with the support operator's own session: 403.
      // The app keeps its state as `rudy_app`: an entry with a lifetime around zustand's JSON.
      const apiKey = await page.evaluate(() => {
        const entry = JSON.parse(localStorage.getItem('rudy_app') ?? '{}') as { value?: string }
        return (JSON.parse(entry.value ?? '{}') as { state?: { apiKey?: string } }).state?.apiKey ?? ''
      })
      expect(apiKey).not.toBe('')
      // From the page itself (the channel's host is a name only the browser resolves here).
      const call = (method: string, p: string, body?: object) =>
        page.evaluate(
          async ({ method, url, body, apiKey }) =>
            (
              await fetch(url, {
                method,
                headers: {
                  authorization: `Bearer ${apiKey}`,
                  ...(body ? { 'content-type': 'application/json' } : {}),
                },
                body: body ? JSON.stringify(body) : null,
              })
            ).status,
          { method, url: `/api/admin/${p}`, body, apiKey },
        )
      const collections = [
        'menu',
        'slides',
        'pages',
        'faq',
        'static-blocks',
        'prerolls',
        'events',
        'participants',
        'participant-groups',
        'events-categories',
        'events-locations',
        'vod-media-items',
      ]
      const refused: Record<string, number> = {}
      for (const resource of collections) {
        refused[`POST ${resource}`] = await call('POST', resource, { name: 'x' })
        refused[`PATCH ${resource}/1`] = await call('PATCH', `${resource}/1`, { name: 'x' })
        refused[`DELETE ${resource}/1`] = await call('DELETE', `${resource}/1`)
      }
      for (const singleton of ['channel', 'settings', 'color-settings']) {
        refused[`PATCH ${singleton}`] = await call('PATCH', singleton, { name: 'x' })
      }
      refused['POST operators'] = await call('POST', 'operators', { email: 'x@example.com', role: 'owner' })
      refused['PATCH operators/1'] = await call('PATCH', 'operators/1', { role: 'owner' })
      refused['DELETE operators/1'] = await call('DELETE', 'operators/1')
      refused['POST domains'] = await call('POST', 'domains', { host: 'elsewhere.example' })
      expect(Object.entries(refused).filter(([, status]) => status !== 403)).toEqual([])
      // Reads the role has still answer.
      expect(await call('GET', 'events')).toBe(200)
    } finally {
      await context.close()
    }
  })

  it('an owner turns on two-step sign-in; the next sign-in asks for a code before the console opens; then turns it off', async () => {
    const { context, page } = await newPage(browser, 1280, 900)
    // Codes as the owner's authenticator app would show them; each time step is accepted once.
    let totp: TOTP | null = null
    const used = new Set<number>()
    // The current step's code, else the next one's (a server accepts one step of drift); when both are
    // used, wait for the next step, as a person would wait for the app's next code.
    const freshCode = async (): Promise<string> => {
      if (!totp) throw new Error('no secret yet')
      for (;;) {
        const now = Date.now()
        for (const offset of [0, 30_000]) {
          const step = Math.floor((now + offset) / 30_000)
          if (used.has(step)) continue
          used.add(step)
          return totp.generate({ timestamp: step * 30_000 + 1 })
        }
        await new Promise((r) => setTimeout(r, (Math.floor(now / 30_000) + 1) * 30_000 - now + 100))
      }
    }
    const signIn = async () => {
      await page.getByRole('heading', { level: 1, name: 'Sign in to the console' }).waitFor()
      await type(page, 'Email', ownerEmail)
      await type(page, 'Password', PASSWORD)
      await page.keyboard.press('Enter')
    }
    try {
      await page.goto(`${siteUrl}/admin`)
      await appReady(page)
      await page.getByRole('heading', { level: 1, name: 'Sign in to the console' }).waitFor()
      findings.push(...(await audit(page, 'console sign-in')))
      await signIn()
      await page.getByRole('heading', { level: 1, name: 'Game day' }).waitFor({ timeout: 15_000 })

      await openPage(page, 'Security', 'Security')
      await page.getByText('Two-step sign-in is off', { exact: false }).waitFor()
      await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
      const link = page.getByRole('link', { name: 'this set-up link' })
      await link.waitFor()
      const uri = (await link.getAttribute('href')) ?? ''
      expect(uri).toMatch(/^otpauth:\/\/totp\//)
      const secret = ((await page.locator('.console-secret').textContent()) ?? '').replace(/\s+/g, '')
      expect(new URL(uri).searchParams.get('secret')).toBe(secret)
      totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) })
      // The same link as a QR code to scan, drawn once its code has loaded.
      const qr = page.getByRole('img', { name: 'QR code of the set-up link: scan it with your authenticator app' })
      await qr.waitFor()
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
      findings.push(...(await audit(page, 'security set-up')))
      await page.screenshot({ path: `${shots}/1280-security-setup.png`, fullPage: true })
      await page.setViewportSize({ width: 390, height: 844 })
      await page.screenshot({ path: `${shots}/390-security-setup.png`, fullPage: true })
      await page.setViewportSize({ width: 1280, height: 900 })

      // A wrong code is refused and the factor stays off.
      await type(page, 'Code from your app', '000000')
      await page.keyboard.press('Enter')
      await page.locator('.field__error').first().waitFor()
      await type(page, 'Code from your app', await freshCode())
      await page.keyboard.press('Enter')
      await page.getByRole('status').filter({ hasText: 'Two-step sign-in is on.' }).waitFor()
      await page.getByRole('heading', { name: 'Turn it off' }).waitFor()

      // Sign out; signing in again asks for a code before the console opens. The anonymous key a sign-out
      // fetches may come late (a busy server): a sign-in typed meanwhile waits for it instead of failing.
      await page.route(
        '**/api/get_api_key*',
        async (route) => {
          await new Promise((r) => setTimeout(r, 2_000))
          await route.continue()
        },
        { times: 1 },
      )
      await page.getByRole('button', { name: 'Sign out' }).click()
      await signIn()
      await page.getByRole('heading', { level: 1, name: 'Two-step sign-in' }).waitFor({ timeout: 15_000 })
      await expect(page.getByRole('navigation', { name: 'Console' }).count()).resolves.toBe(0)
      findings.push(...(await audit(page, 'two-step sign-in')))
      await page.screenshot({ path: `${shots}/1280-two-step.png`, fullPage: true })
      await type(page, 'Code', await freshCode())
      await page.keyboard.press('Enter')
      // The console opens where the owner was (the Security page).
      await page.getByRole('navigation', { name: 'Console' }).waitFor({ timeout: 15_000 })
      await page.getByRole('heading', { level: 1, name: 'Security' }).waitFor()

      // Off again with a current code.
      findings.push(...(await audit(page, 'security on')))
      await type(page, 'Code from your app', await freshCode())
      await page.keyboard.press('Enter')
      await page.getByRole('status').filter({ hasText: 'Two-step sign-in is off.' }).waitFor()
      await page.getByRole('button', { name: 'Turn on two-step sign-in' }).waitFor()
    } catch (error) {
      await page.screenshot({ path: `${shots}/failed-totp.png`, fullPage: true })
      throw error
    } finally {
      await context.close()
    }
  }, 180_000) // may wait for the authenticator's next 30-s code

  it('every console page has no serious or critical axe finding', () => {
    console.log(
      `console colour preview: ${previewTimings.length} updates, slowest ${Math.max(...previewTimings).toFixed(1)} ms`,
    )
    expect(findings).toEqual([])
  })
})
