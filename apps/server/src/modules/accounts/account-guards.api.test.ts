import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { messages } from '@fieldhouse/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildChannel, buildUser } from '../../test/factories.js'

/** A stand-in for Google's siteverify on loopback: same request and answer format. */
async function startSiteverify() {
  const calls: URLSearchParams[] = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c) => {
      body += c
    })
    req.on('end', () => {
      const form = new URLSearchParams(body)
      calls.push(form)
      const success =
        req.method === 'POST' && form.get('secret') === 'test-secret' && form.get('response') === 'human-token'
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify(success ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] }),
      )
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`,
    calls,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

describe.each(testDatabases())('account guards on %s', (kind) => {
  let ctx: TestContext
  let siteverify: Awaited<ReturnType<typeof startSiteverify>>
  const post = (path: string, body: Record<string, unknown>) => ctx.json(path, { method: 'POST', body })

  beforeAll(async () => {
    siteverify = await startSiteverify()
    ctx = await createTestContext(kind, {
      env: { RECAPTCHA_VERIFY_URL: siteverify.url },
    })
    await buildChannel(ctx, 'guarded', { settings: { recaptcha: { site_key: 'site-key', secret: 'test-secret' } } })
  })
  afterAll(async () => {
    await ctx.close()
    await siteverify.close()
  })

  describe('reCAPTCHA', () => {
    const registration = {
      email: 'robot-or-not@example.com',
      password: 'goal-line-2026',
      password_confirmation: 'goal-line-2026',
      first_name: 'R',
      last_name: 'Bot',
      terms: true,
    }

    it('shows the site key, never the secret', async () => {
      const settings = (await ctx.json('/api/settings?channel_key=guarded')).body.data
      expect(settings.recaptcha).toEqual({ site_key: 'site-key' })
      expect(JSON.stringify(settings)).not.toContain('test-secret')
      expect((await ctx.json('/api/settings?channel_key=demo')).body.data.recaptcha).toEqual({ site_key: null })
    })

    it('requires a token where the channel asks for one, and checks it with siteverify', async () => {
      const key = await ctx.apiKey('guarded')
      const missing = await post('/api/v2/auth/register', { ...registration, api_key: key })
      expect(missing).toMatchObject({
        status: 422,
        body: { message: messages.recaptchaRequired, errors: { recaptcha_token: [messages.recaptchaRequired] } },
      })
      const robot = await post('/api/v2/auth/login', {
        email: registration.email,
        password: 'x',
        recaptcha_token: 'bot',
        api_key: key,
      })
      expect(robot).toMatchObject({ status: 422, body: { message: messages.recaptchaInvalid } })
      const human = await post('/api/v2/auth/register', {
        ...registration,
        recaptcha_token: 'human-token',
        api_key: key,
      })
      expect(human.status).toBe(200)
      const last = siteverify.calls.at(-1)
      expect(last?.get('secret')).toBe('test-secret')
      expect(last?.get('remoteip')).toBe('127.0.0.1')
      const reset = await post('/api/auth/password-reset-request', { email: registration.email, api_key: key })
      expect(reset.status).toBe(422)
    })

    it('asks nothing on a channel without it', async () => {
      const before = siteverify.calls.length
      const res = await post('/api/auth/password-reset-request', {
        email: 'a@example.com',
        api_key: await ctx.apiKey('demo'),
      })
      expect(res.status).toBe(200)
      expect(siteverify.calls.length).toBe(before)
    })
  })

  describe('temporary password', () => {
    it('keeps the user to the profile until a new password is chosen', async () => {
      await buildUser(ctx, {
        email: 'coach@example.com',
        password: 'temp-pass-123',
        firstName: 'Pat',
        temporaryPassword: true,
      })
      const login = await post('/api/v2/auth/login', {
        email: 'coach@example.com',
        password: 'temp-pass-123',
        api_key: await ctx.apiKey(),
      })
      expect(login.body.data.profile.temporary_password).toBe(true)
      const key = login.body.data.api_key as string

      const locked = await ctx.json(`/api/custom-forms/passes?api_key=${key}`)
      expect(locked).toMatchObject({ status: 403, body: { message: messages.temporaryPassword } })
      expect((await ctx.json(`/api/settings?api_key=${key}`)).status).toBe(200)
      expect((await ctx.json(`/api/profile?api_key=${key}`)).status).toBe(200)

      const namesOnly = await post('/api/profile', { _method: 'patch', first_name: 'Patricia', api_key: key })
      expect(namesOnly).toMatchObject({ status: 422, body: { errors: { password: [messages.fieldRequired] } } })
      const changed = await post('/api/profile', {
        _method: 'patch',
        current_password: 'temp-pass-123',
        password: 'my-own-pass-1',
        password_confirmation: 'my-own-pass-1',
        api_key: key,
      })
      expect(changed.body.data.temporary_password).toBe(false)
      expect((await ctx.json(`/api/custom-forms/passes?api_key=${key}`)).status).toBe(200)
    })
  })
})
