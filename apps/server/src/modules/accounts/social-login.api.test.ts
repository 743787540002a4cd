import { messages } from '@fieldhouse/contract'
import { OAuth2Server } from 'oauth2-mock-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, testDatabases } from '../../test/context.js'
import { buildUser } from '../../test/factories.js'

/**
 * Social sign-in end to end against a real OpenID Connect provider on loopback (oauth2-mock-server):
 * discovery, authorization with PKCE and nonce, code exchange, ID token verification.
 */
describe.each(testDatabases())('social sign-in on %s', (kind) => {
  let ctx: TestContext
  let provider: OAuth2Server
  const post = (path: string, body: Record<string, unknown>) => ctx.json(path, { method: 'POST', body })

  /** The identity the provider asserts in the tokens it signs from now on (access and ID token alike). */
  let identity: Record<string, unknown> = {}
  const nextIdentity = (claims: Record<string, unknown>) => {
    identity = claims
  }

  /** Start → provider → callback, as the browser would follow the redirects. Returns where it lands. */
  async function runFlow(apiKey: string, body: Record<string, unknown> = {}) {
    const start = await post('/api/v2/auth/social/google', { api_key: apiKey, ...body })
    expect(start.status).toBe(200)
    const authorize = new URL(start.body.data.url)
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorize.searchParams.get('state')).not.toContain(apiKey)
    const atProvider = await fetch(authorize, { redirect: 'manual' })
    const callback = new URL(atProvider.headers.get('location') as string)
    expect(callback.pathname).toBe('/api/auth/login/google/callback')
    const back = await fetch(callback, { redirect: 'manual' })
    expect(back.status).toBe(302)
    return new URL(back.headers.get('location') as string)
  }

  beforeAll(async () => {
    provider = new OAuth2Server()
    await provider.issuer.keys.generate('RS256')
    provider.service.on('beforeTokenSigning', (token) => {
      Object.assign(token.payload, identity)
    })
    await provider.start(0, '127.0.0.1')
    ctx = await createTestContext(kind, {
      env: {
        GOOGLE_CLIENT_ID: 'fieldhouse-test',
        GOOGLE_CLIENT_SECRET: 'test-secret',
        GOOGLE_ISSUER: provider.issuer.url as string,
      },
    })
  })
  afterAll(async () => {
    await ctx.close()
    await provider.stop()
  })

  it('names the enabled providers in the runtime config', async () => {
    expect((await ctx.json('/runtime-config.json')).body.authProviders).toEqual(['google'])
  })

  it('sends someone without an account to registration with the spec message', async () => {
    nextIdentity({ sub: `g-new-${kind}`, email: `new-${kind}@gmail.example`, email_verified: true })
    const landed = await runFlow(await ctx.apiKey())
    expect(landed.pathname).toBe('/registration')
    expect(Object.fromEntries(landed.searchParams)).toEqual({ social: 'google', error: 'not_registered' })
    expect(messages.socialNotRegistered).toContain('click Register')
  })

  it('creates the account once terms are accepted, signs in with a new key, and recognises it next time', async () => {
    const anon = await ctx.apiKey()
    nextIdentity({
      sub: `g-1-${kind}`,
      email: `Fan-${kind}@Gmail.example`,
      email_verified: true,
      given_name: 'Alex',
      family_name: 'Kim',
    })
    const landed = await runFlow(anon, { terms: true, redirect_path: '/live' })
    expect(landed.pathname).toBe('/login')
    expect(landed.searchParams.get('redirect')).toBe('/live')
    const code = landed.searchParams.get('code') as string
    const session = await post('/api/auth/add_session', { code, api_key: anon })
    expect(session.status).toBe(200)
    expect(session.body.data.profile).toMatchObject({
      email: `fan-${kind}@gmail.example`,
      first_name: 'Alex',
      last_name: 'Kim',
      email_verified: true,
    })
    expect(session.body.data.api_key).not.toBe(anon)
    expect((await ctx.json(`/api/profile?api_key=${session.body.data.api_key}`)).body.data.social).toEqual(['google'])
    // The code works once.
    expect((await post('/api/auth/add_session', { code, api_key: await ctx.apiKey() })).status).toBe(401)

    const again = await ctx.apiKey()
    nextIdentity({ sub: `g-1-${kind}`, email: `fan-${kind}@gmail.example`, email_verified: true })
    const second = await runFlow(again)
    const back = await post('/api/auth/add_session', { code: second.searchParams.get('code'), api_key: again })
    expect(back.body.data.profile.id).toBe(session.body.data.profile.id)
  })

  it('turns a code into a session only for the browser that started the flow', async () => {
    const starter = await ctx.apiKey()
    nextIdentity({ sub: `g-2-${kind}`, email: `two-${kind}@gmail.example`, email_verified: true })
    const landed = await runFlow(starter, { terms: true })
    const thief = await post('/api/auth/add_session', {
      code: landed.searchParams.get('code'),
      api_key: await ctx.apiKey(),
    })
    expect(thief).toMatchObject({ status: 401, body: { message: messages.wrongAuthData } })
    expect(
      (await post('/api/auth/add_session', { code: landed.searchParams.get('code'), api_key: starter })).status,
    ).toBe(200)
  })

  it('never merges into a password account on an unverified email, and links on a verified one', async () => {
    const email = `owner-${kind}@example.com`
    await buildUser(ctx, { email, password: 'owner-pass-1', firstName: 'Olive' })
    nextIdentity({ sub: `g-attacker-${kind}`, email, email_verified: false })
    const refused = await runFlow(await ctx.apiKey(), { terms: true })
    expect(Object.fromEntries(refused.searchParams)).toEqual({ social_error: 'email_taken' })

    const key = await ctx.apiKey()
    nextIdentity({ sub: `g-owner-${kind}`, email, email_verified: true })
    const linked = await runFlow(key)
    const session = await post('/api/auth/add_session', { code: linked.searchParams.get('code'), api_key: key })
    expect(session.body.data.profile).toMatchObject({ email, first_name: 'Olive' })
  })

  it('refuses a replayed or forged callback', async () => {
    const start = await post('/api/v2/auth/social/google', { api_key: await ctx.apiKey() })
    const atProvider = await fetch(new URL(start.body.data.url), { redirect: 'manual' })
    const callback = new URL(atProvider.headers.get('location') as string)
    nextIdentity({ sub: `g-3-${kind}`, email: `three-${kind}@gmail.example`, email_verified: true })
    expect((await fetch(callback, { redirect: 'manual' })).headers.get('location')).toContain('/registration')
    const replay = await fetch(callback, { redirect: 'manual' })
    expect(new URL(replay.headers.get('location') as string).searchParams.get('social_error')).toBe('expired')
    const forged = new URL(callback)
    forged.searchParams.set('state', 'made-up-state-value-that-is-long-enough')
    const res = await fetch(forged, { redirect: 'manual' })
    expect(new URL(res.headers.get('location') as string).searchParams.get('social_error')).toBe('expired')
  })

  it('answers 404 for a provider this deployment has no credentials for', async () => {
    const res = await post('/api/v2/auth/social/facebook', { api_key: await ctx.apiKey() })
    expect(res.status).toBe(404)
  })
})
