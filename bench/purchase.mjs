import fs from 'node:fs'
import path from 'node:path'

/**
 * A new viewer of the demo channel who signs up and buys a game's own pass with the offline test
 * gateway (the default of `npm start`), by the same steps as the browser journeys
 * (`tests/e2e/helpers.ts` `accountViaApi` and `signIn`, `tests/e2e/checkout.spec.ts` "buys a single
 * game from its watch page with 4242…"). Plain JavaScript: the benchmarks run without a build.
 */
const PASSWORD = 'a long password 1'
let accounts = 0

/** The link in the newest mail to `to` whose subject matches, from the server's outbox (no SMTP relay). */
async function linkFromOutbox(dataDir, to, subject, timeoutMs = 10_000) {
  const outbox = path.join(dataDir, 'outbox')
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : []
    for (const file of files) {
      const raw = fs.readFileSync(path.join(outbox, file), 'utf8')
      const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
      const subjectLine = /^Subject: (.*)$/m.exec(unfolded)?.[1] ?? ''
      if (/^To: (.*)$/m.exec(unfolded)?.[1]?.includes(to) && subject.test(subjectLine)) {
        const url = /https?:\/\/[^\s<>"]+/.exec(unfolded)?.[0]
        if (url) return new URL(url)
      }
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject} in ${outbox}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * A verified account with the basic pass chosen, made through the API from the viewer's own address
 * (`headers`, the browser context's X-Forwarded-For), as a sign-up on the registration page ends.
 */
export async function newAccount(product, headers) {
  const email = `bench-buyer${++accounts}-${Date.now()}@example.com`
  const post = async (p, body) => {
    const res = await fetch(product.url + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`POST ${p}: ${res.status} ${await res.text()}`)
    return (await res.json()).data
  }
  const key = async () => (await post('/api/get_api_key', { channel_key: 'demo' })).api_key
  await post('/api/v2/auth/register', {
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    first_name: 'Robin',
    last_name: 'Lee',
    terms: true,
    api_key: await key(),
  })
  const link = await linkFromOutbox(product.dataDir, email, /Confirm your email address/)
  const { api_key } = await post('/api/auth/email-verify', {
    ...Object.fromEntries(link.searchParams),
    api_key: await key(),
  })
  await post('/api/custom-forms/passes', { api_key, fields: [] })
  return { email, password: PASSWORD }
}

/** Signs in on the sign-in page and waits until the app has moved on from it. */
export async function signIn(page, product, { email, password }) {
  await page.goto(`${product.url}/login`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 })
}

/**
 * From the game's watch page (no access yet), its Game Pass offer, checkout with a new 4242… card, and
 * the purchase success page; resolves once that page is on screen.
 */
export async function buyGamePass(page, product, eventId) {
  await page.goto(`${product.url}/watch/${eventId}`)
  await page.getByTestId('watch-offer').filter({ hasText: 'Game Pass' }).click({ timeout: 30_000 })
  await page.waitForURL(/\/buy\?single_event_package_id=\d+&event_id=\d+/)
  await page.getByTestId('test-mode').waitFor({ timeout: 30_000 })
  await page.getByLabel('A new card').check()
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiry (MM/YY)').fill('12/34')
  await page.getByLabel('Security code (CVC)').fill('123')
  await page.getByTestId('checkout-pay').click()
  await page.getByTestId('purchase-success').waitFor({ timeout: 30_000 })
}

/** Finished paid games of the demo channel (each has its own Game Pass), as an anonymous viewer lists them. */
export async function paidReplays(product, apiKey) {
  const res = await fetch(`${product.url}/api/events?stream_status[]=vod&no_limit=1&api_key=${apiKey}`)
  return (await res.json()).data.filter((e) => e.type === 'paid')
}
