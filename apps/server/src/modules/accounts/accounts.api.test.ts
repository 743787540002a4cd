import { messages } from '@fieldhouse/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '../../lib/secrets.js'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildChannel, buildUser } from '../../test/factories.js'
import { linkIn, type Mailbox, startMailbox } from '../../test/mailbox.js'

describe.each(testDatabases())('accounts on %s', (kind) => {
  let ctx: TestContext
  let mailbox: Mailbox
  let n = 0
  const newEmail = () => `viewer${++n}-${kind}@example.com`
  const profileFields = (email: string) => ({
    email,
    password: 'goal-line-2026',
    password_confirmation: 'goal-line-2026',
    first_name: 'Jamie',
    last_name: 'Rivera',
    news: true,
    terms: true,
  })
  const post = (path: string, body: Record<string, unknown>) => ctx.json(path, { method: 'POST', body })

  /** Registers, opens the verification link from the mail, and returns the signed-in session. */
  async function signUp(email = newEmail()) {
    const anon = await ctx.apiKey()
    expect((await post('/api/v2/auth/register', { ...profileFields(email), api_key: anon })).status).toBe(200)
    const link = linkIn(await mailbox.next(email, /Confirm your email address/))
    const verified = await post('/api/auth/email-verify', {
      ...Object.fromEntries(link.searchParams),
      api_key: await ctx.apiKey(),
    })
    expect(verified.status).toBe(200)
    return { email, apiKey: verified.body.data.api_key as string, profile: verified.body.data.profile }
  }

  beforeAll(async () => {
    mailbox = await startMailbox()
    ctx = await createTestContext(kind, {
      env: {
        SMTP_URL: mailbox.url,
        LOGIN_MAX_FAILURES: '3',
      },
    })
  })
  afterAll(async () => {
    await ctx.close()
    await mailbox.close()
  })

  describe('registration', () => {
    it('answers alike for a new and a known address, and mails each its own message', async () => {
      const email = newEmail()
      const first = await post('/api/v2/auth/register', { ...profileFields(email), api_key: await ctx.apiKey() })
      const again = await post('/api/v2/auth/register', { ...profileFields(email), api_key: await ctx.apiKey() })
      expect(first).toMatchObject({ status: 200, body: { data: { status: 'verification_sent', email } } })
      expect(again.status).toBe(first.status)
      expect(again.body).toEqual(first.body)
      const verification = await mailbox.next(email, /Confirm your email address for Fieldhouse Demo/)
      expect(linkIn(verification).pathname).toBe('/verify-email')
      // The demo channel's primary domain (localhost) on PUBLIC_URL's scheme and port, not the host asked (127.0.0.1).
      expect(linkIn(verification).origin).toBe(new URL(ctx.config.publicUrl).origin)
      expect(linkIn(verification).origin).not.toBe(ctx.baseUrl)
      // Still unverified: the second sign-up resends the link rather than revealing anything.
      await mailbox.next(email, /Confirm your email address/)

      const verifiedUser = await signUp()
      await post('/api/v2/auth/register', { ...profileFields(verifiedUser.email), api_key: await ctx.apiKey() })
      const notice = await mailbox.next(verifiedUser.email, /Someone tried to sign up/)
      expect(notice.text).toContain(messages.emailTaken)
    })

    it('validates every field in the spec words', async () => {
      const res = await post('/api/v2/auth/register', {
        email: 'not-an-email',
        password: 'short',
        password_confirmation: 'other',
        first_name: ' ',
        last_name: '',
        terms: false,
        api_key: await ctx.apiKey(),
      })
      expect(res.status).toBe(422)
      expect(res.body.errors).toMatchObject({
        email: [messages.emailInvalid],
        password: [messages.passwordTooShort],
        first_name: [messages.enterFirstName],
        last_name: [messages.enterLastName],
        terms: [messages.acceptTerms],
      })
      const empty = await post('/api/v2/auth/register', { api_key: await ctx.apiKey() })
      expect(empty.body.errors.email).toEqual([messages.enterEmail])
      const mismatch = await post('/api/v2/auth/register', {
        ...profileFields(newEmail()),
        password_confirmation: 'goal-line-2027',
        api_key: await ctx.apiKey(),
      })
      expect(mismatch.body.errors).toEqual({ password_confirmation: [messages.passwordMismatch] })
    })

    it('refuses sign-in until the address is confirmed', async () => {
      const email = newEmail()
      await post('/api/v2/auth/register', { ...profileFields(email), api_key: await ctx.apiKey() })
      await mailbox.next(email, /Confirm/)
      const res = await post('/api/v2/auth/login', { email, password: 'goal-line-2026', api_key: await ctx.apiKey() })
      expect(res.status).toBe(403)
      expect(res.body.message).toBe(messages.emailNotVerified)
    })
  })

  describe('email verification', () => {
    it('signs the user in with a new key once, and refuses the link again', async () => {
      const email = newEmail()
      const anon = await ctx.apiKey()
      await post('/api/v2/auth/register', { ...profileFields(email), api_key: anon })
      const link = linkIn(await mailbox.next(email, /Confirm/))
      const fields = Object.fromEntries(link.searchParams)
      const res = await post('/api/auth/email-verify', { ...fields, api_key: anon })
      expect(res.status).toBe(200)
      expect(res.body.data.profile).toMatchObject({
        email,
        first_name: 'Jamie',
        email_verified: true,
        temporary_password: false,
      })
      expect(res.body.data.api_key).not.toBe(anon)
      // The anonymous key is gone (no session fixation).
      expect((await ctx.json(`/api/user/access?api_key=${anon}`)).body.errors.api_key).toBeDefined()
      const again = await post('/api/auth/email-verify', { ...fields, api_key: await ctx.apiKey() })
      expect(again).toMatchObject({ status: 409, body: { message: messages.emailAlreadyVerified } })
    })

    it('a made-up signature answers the same for a verified, an unverified and an unknown address', async () => {
      const verified = await buildUser(ctx, { email: newEmail(), verified: true })
      const unverified = await buildUser(ctx, { email: newEmail(), verified: false })
      const answers = []
      for (const email of [verified.email, unverified.email, newEmail()]) {
        const res = await post('/api/auth/email-verify', {
          email,
          expires: Date.now() + 3_600_000,
          signature: 'a'.repeat(43),
          api_key: await ctx.apiKey(),
        })
        answers.push({ status: res.status, body: res.body })
      }
      expect(answers[0]).toMatchObject({ status: 422, body: { message: messages.verificationFailed } })
      expect(answers[1]).toEqual(answers[0])
      expect(answers[2]).toEqual(answers[0])
    })

    it('refuses a tampered, expired-looking or cross-purpose link', async () => {
      const email = newEmail()
      await post('/api/v2/auth/register', { ...profileFields(email), api_key: await ctx.apiKey() })
      const fields = Object.fromEntries(linkIn(await mailbox.next(email, /Confirm/)).searchParams)
      const attempts = [
        { ...fields, signature: `${fields.signature?.slice(0, -2)}xx` },
        { ...fields, expires: String(Number(fields.expires) + 1000) },
        { ...fields, email: newEmail() },
      ]
      for (const attempt of attempts) {
        const res = await post('/api/auth/email-verify', { ...attempt, api_key: await ctx.apiKey() })
        expect(res).toMatchObject({ status: 422, body: { message: messages.verificationFailed } })
      }
      // A verification token is no reset token.
      const reset = await post('/api/auth/password-reset', {
        email,
        token: fields.signature,
        password: 'new-password-1',
        password_confirmation: 'new-password-1',
        api_key: await ctx.apiKey(),
      })
      expect(reset).toMatchObject({ status: 422, body: { message: messages.resetFailed } })
      // The untouched link still works.
      expect((await post('/api/auth/email-verify', { ...fields, api_key: await ctx.apiKey() })).status).toBe(200)
    })
  })

  describe('sign-in and sign-out', () => {
    it('signs in with a new key and refuses the old one', async () => {
      const { email } = await signUp()
      const anon = await ctx.apiKey()
      const res = await post('/api/v2/auth/login', { email, password: 'goal-line-2026', api_key: anon })
      expect(res.status).toBe(200)
      expect(res.body.data.profile.email).toBe(email)
      expect(res.body.data.api_key).not.toBe(anon)
      expect((await ctx.json(`/api/profile?api_key=${anon}`)).body.errors.api_key).toBeDefined()
      const profile = await ctx.json(`/api/profile?api_key=${res.body.data.api_key}`)
      expect(profile.body.data).toMatchObject({ email, first_name: 'Jamie', last_name: 'Rivera', news: true })
      const twice = await post('/api/v2/auth/login', {
        email,
        password: 'goal-line-2026',
        api_key: res.body.data.api_key,
      })
      expect(twice).toMatchObject({ status: 409, body: { message: messages.alreadyLoggedIn } })
    })

    it('answers a wrong password and an unknown address alike', async () => {
      const { email } = await signUp()
      const wrong = await post('/api/v2/auth/login', {
        email,
        password: 'not-the-password',
        api_key: await ctx.apiKey(),
      })
      const unknown = await post('/api/v2/auth/login', {
        email: newEmail(),
        password: 'whatever-1',
        api_key: await ctx.apiKey(),
      })
      expect(wrong.status).toBe(401)
      expect(wrong.body).toEqual({ message: messages.wrongAuthData, errors: { email: [messages.wrongAuthData] } })
      expect(unknown.body).toEqual(wrong.body)
    })

    it('throttles an account after repeated failures, even with the right password', async () => {
      const { email } = await signUp()
      for (let i = 0; i < 3; i++)
        await post('/api/v2/auth/login', { email, password: 'wrong-wrong', api_key: await ctx.apiKey() })
      const res = await ctx.json('/api/v2/auth/login', {
        method: 'POST',
        body: { email, password: 'goal-line-2026', api_key: await ctx.apiKey() },
      })
      expect(res.status).toBe(429)
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    })

    it('keeps accounts apart per channel', async () => {
      const { email } = await signUp()
      await buildChannel(ctx, `other-${kind}`)
      const res = await post('/api/v2/auth/login', {
        email,
        password: 'goal-line-2026',
        api_key: await ctx.apiKey(`other-${kind}`),
      })
      expect(res.status).toBe(401)
    })

    it('refuses logout until the basic pass is selected, then ends the session (spec §4)', async () => {
      const { apiKey } = await signUp()
      const anon = await post('/api/auth/logout', { api_key: await ctx.apiKey() })
      expect(anon).toMatchObject({ status: 403, body: { message: messages.cannotLogout } })
      const early = await post('/api/auth/logout', { api_key: apiKey })
      expect(early).toMatchObject({ status: 403, body: { message: messages.cannotLogout } })

      const form = await ctx.json(`/api/custom-forms/passes?api_key=${apiKey}`)
      expect(form.body.data).toEqual({ alias: 'passes', fields: [{ name: 'basic_pass', value: '0' }] })
      const chosen = await post('/api/custom-forms/passes', {
        api_key: apiKey,
        fields: [{ name: 'basic_pass', value: '0' }],
      })
      expect(chosen.body.data.fields).toEqual([{ name: 'basic_pass', value: '1' }])

      expect((await post('/api/auth/logout', { api_key: apiKey })).body).toEqual({ data: { status: 'ok' } })
      expect((await ctx.json(`/api/profile?api_key=${apiKey}`)).body.errors.api_key).toBeDefined()
    })
  })

  describe('password reset', () => {
    it('answers alike for known and unknown addresses and mails only the known one', async () => {
      const { email } = await signUp()
      const stranger = newEmail()
      const known = await post('/api/auth/password-reset-request', { email, api_key: await ctx.apiKey() })
      const unknown = await post('/api/auth/password-reset-request', { email: stranger, api_key: await ctx.apiKey() })
      expect(known).toMatchObject({ status: 200, body: { data: { status: 'sent' } } })
      expect(unknown.body).toEqual(known.body)
      const mail = await mailbox.next(email, /Reset your Fieldhouse Demo password/)
      expect(linkIn(mail).pathname).toBe('/password-reset')
      expect(mailbox.to(stranger)).toEqual([])
    })

    it('sets a new password once, ends every session, and refuses the link again', async () => {
      const { email, apiKey } = await signUp()
      await post('/api/auth/password-reset-request', { email, api_key: await ctx.apiKey() })
      const { token } = Object.fromEntries(linkIn(await mailbox.next(email, /Reset/)).searchParams)
      const body = { email, token, password: 'fresh-start-99', password_confirmation: 'fresh-start-99' }
      expect((await post('/api/auth/password-reset', { ...body, api_key: await ctx.apiKey() })).body).toEqual({
        data: { status: 'ok' },
      })
      expect((await ctx.json(`/api/profile?api_key=${apiKey}`)).body.errors.api_key).toBeDefined()
      const reuse = await post('/api/auth/password-reset', { ...body, api_key: await ctx.apiKey() })
      expect(reuse).toMatchObject({ status: 422, body: { message: messages.resetFailed } })
      const old = await post('/api/v2/auth/login', { email, password: 'goal-line-2026', api_key: await ctx.apiKey() })
      expect(old.status).toBe(401)
      const fresh = await post('/api/v2/auth/login', { email, password: 'fresh-start-99', api_key: await ctx.apiKey() })
      expect(fresh.status).toBe(200)
    })

    it('refuses an expired link with the spec words', async () => {
      const { email } = await signUp()
      await post('/api/auth/password-reset-request', { email, api_key: await ctx.apiKey() })
      const { token } = Object.fromEntries(linkIn(await mailbox.next(email, /Reset/)).searchParams)
      await ctx.db.kysely
        .updateTable('auth_tokens')
        .set({ expires_at: 1 })
        .where('token_hash', '=', hashToken(token as string))
        .execute()
      const res = await post('/api/auth/password-reset', {
        email,
        token,
        password: 'fresh-start-99',
        password_confirmation: 'fresh-start-99',
        api_key: await ctx.apiKey(),
      })
      expect(res).toMatchObject({ status: 422, body: { message: messages.resetKeyExpired } })
    })
  })

  describe('profile', () => {
    it('needs a signed-in user', async () => {
      const res = await ctx.json(`/api/profile?api_key=${await ctx.apiKey()}`)
      expect(res).toMatchObject({ status: 401, body: { message: messages.loginRequired } })
    })

    it('changes names and news, and ignores fields a viewer may not set', async () => {
      const { apiKey, profile } = await signUp()
      const res = await post('/api/profile', {
        api_key: apiKey,
        _method: 'patch',
        first_name: 'Sam',
        news: false,
        id: 999,
        email: 'attacker@example.com',
        capabilities: ['watch', 'download'],
        channel_id: 2,
        temporary_password: true,
      })
      expect(res.status).toBe(200)
      expect(res.body.data).toMatchObject({
        id: profile.id,
        email: profile.email,
        first_name: 'Sam',
        last_name: 'Rivera',
        news: false,
        capabilities: [],
      })
      const access = await ctx.json(`/api/user/access?api_key=${apiKey}`)
      expect(access.body.data).toEqual({
        capabilities: {
          watch: false,
          download: false,
          clipping: false,
          download_clip: false,
          no_ads: false,
          vod_media: false,
        },
        featureCount: { clips: 0, downloads: 0 },
        trial_period_used: false,
        is_geo_blocked: false,
      })
    })

    it('changes the password only with the current one, and ends the other sessions', async () => {
      const { email, apiKey } = await signUp()
      const other = (
        await post('/api/v2/auth/login', { email, password: 'goal-line-2026', api_key: await ctx.apiKey() })
      ).body.data.api_key
      const change = { _method: 'patch', password: 'second-half-77', password_confirmation: 'second-half-77' }
      const missing = await post('/api/profile', { ...change, api_key: apiKey })
      expect(missing.body.errors).toEqual({ current_password: [messages.fieldRequired] })
      const wrong = await post('/api/profile', { ...change, current_password: 'nope-nope', api_key: apiKey })
      expect(wrong.body.errors).toEqual({ current_password: [messages.wrongAuthData] })
      const ok = await post('/api/profile', { ...change, current_password: 'goal-line-2026', api_key: apiKey })
      expect(ok.status).toBe(200)
      expect((await ctx.json(`/api/profile?api_key=${apiKey}`)).status).toBe(200)
      expect((await ctx.json(`/api/profile?api_key=${other}`)).body.errors.api_key).toBeDefined()
    })
  })

  describe('account deletion', () => {
    it('deletes the account through the mailed link, once', async () => {
      const { email, apiKey } = await signUp()
      expect((await post('/api/delete-account', { api_key: apiKey })).body).toEqual({ data: { status: 'sent' } })
      const link = linkIn(await mailbox.next(email, /Confirm the deletion/))
      expect(link.pathname).toBe('/confirm-account-deletion')
      const fields = Object.fromEntries(link.searchParams)
      // The confirmation call is exempt from the api key (spec §7): the channel key names the channel.
      const res = await ctx.json('/api/delete-account-confirm?channel_key=demo', { method: 'POST', body: fields })
      expect(res.body).toEqual({ data: { status: 'deleted' } })
      expect((await ctx.json(`/api/profile?api_key=${apiKey}`)).body.errors.api_key).toBeDefined()
      const again = await ctx.json('/api/delete-account-confirm?channel_key=demo', { method: 'POST', body: fields })
      expect(again).toMatchObject({ status: 422, body: { message: messages.verificationFailed } })
      const users = await ctx.db.kysely.selectFrom('users').select('id').where('email', '=', email).execute()
      expect(users).toEqual([])
    })
  })

  describe('custom forms', () => {
    it('shows the passes form to a visitor with its defaults, 404s an unknown one, and takes answers only from users', async () => {
      const anon = await ctx.apiKey()
      expect((await ctx.json(`/api/custom-forms/passes?api_key=${anon}`)).body.data.fields).toEqual([
        { name: 'basic_pass', value: '0' },
      ])
      expect((await ctx.json(`/api/custom-forms/nope?api_key=${anon}`)).status).toBe(404)
      const post401 = await post('/api/custom-forms/passes', { api_key: anon, fields: [] })
      expect(post401).toMatchObject({ status: 401, body: { message: messages.loginRequired } })
    })
  })
})
