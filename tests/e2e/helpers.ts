import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { linkFromOutbox } from './mail.js'

let n = 0
/** An address no other journey uses. */
export const newEmail = (prefix = 'journey') => `${prefix}${++n}-${Date.now()}@example.com`

/** Waits until the splash is gone and the app is on screen. */
export async function appReady(page: Page) {
  await page.waitForSelector('[data-testid="splash"]', { state: 'detached', timeout: 15_000 })
}

/** Fills and sends the sign-in form the page is on. */
export async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

export async function signIn(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/login`)
  await submitSignIn(page, email, password)
}

/**
 * A verified account with the basic pass chosen, made through the API, for journeys that are about
 * something else.
 */
export async function accountViaApi(
  baseUrl: string,
  dataDir: string,
  email: string,
  password: string,
  channelKey = 'demo',
) {
  const key = async () =>
    (
      await (
        await fetch(`${baseUrl}/api/get_api_key`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ channel_key: channelKey }),
        })
      ).json()
    ).data.api_key
  const post = (p: string, body: object) =>
    fetch(baseUrl + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  await post('/api/v2/auth/register', {
    email,
    password,
    password_confirmation: password,
    first_name: 'Robin',
    last_name: 'Lee',
    terms: true,
    api_key: await key(),
  })
  const link = await linkFromOutbox(dataDir, email, /Confirm your email address/)
  const verified = await post('/api/auth/email-verify', {
    ...Object.fromEntries(link.searchParams),
    api_key: await key(),
  })
  const { api_key } = (await verified.json()).data
  await post('/api/custom-forms/passes', { api_key, fields: [] })
}

/** A new anonymous api key of the demo channel. */
export async function apiKey(baseUrl: string) {
  const res = await fetch(`${baseUrl}/api/get_api_key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel_key: 'demo' }),
  })
  return (await res.json()).data.api_key as string
}

/** Waits until the server has video for the event (the demo encodes at first start, the feed takes seconds). */
export async function videoReady(baseUrl: string, id: number, path = 'events') {
  const key = await apiKey(baseUrl)
  for (let i = 0; i < 300; i++) {
    const detail = (await (await fetch(`${baseUrl}/api/${path}/${id}?api_key=${key}`)).json()).data
    if (detail.media_status === 'ready' || detail.media_status === 'live') return detail
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`no video for ${path} ${id}`)
}

/**
 * Presses play and waits until the picture moves (after the pre-roll, if one plays); with `past`,
 * until the game's own clock (the video's currentTime) has gone beyond that many seconds.
 */
export async function playUntilMoving(page: Page, { past }: { past?: number } = {}) {
  const player = page.getByTestId('player')
  await page.getByTestId('player-start').click()
  await page.waitForFunction(
    () => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')
      return v !== null && !v.paused && v.readyState >= 3 && v.currentTime > 0.5
    },
    undefined,
    { timeout: 60_000 },
  )
  expect(await player.getAttribute('data-state')).toBe('playing')
  const t0 = await page.evaluate(
    () => document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')!.currentTime,
  )
  await page.waitForFunction(
    (start) => document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')!.currentTime > start + 1,
    t0,
    { timeout: 30_000 },
  )
  if (past !== undefined) {
    await page.waitForFunction(
      (seconds) => document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')!.currentTime > seconds,
      past,
      { timeout: 30_000 },
    )
  }
}
