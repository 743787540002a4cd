import SwaggerParser from '@apidevtools/swagger-parser'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from './test/context.js'

/**
 * Spec §7's product calls, as method and path under /api (path parameters by position). Calls of
 * features still to come are listed apart: they join the checked list as their routes land.
 */
const specCalls = [
  'POST /api/get_api_key',
  'GET /api/profile',
  'POST /api/profile',
  'GET /api/user/access',
  'POST /api/v2/auth/login',
  'POST /api/auth/logout',
  'POST /api/v2/auth/register',
  'POST /api/v2/auth/social/{}',
  'POST /api/auth/email-verify',
  'POST /api/auth/password-reset-request',
  'POST /api/auth/password-reset',
  'POST /api/auth/add_session',
  'POST /api/delete-account-confirm',
  'GET /api/settings',
  'GET /api/menu',
  'GET /api/slides/web',
  'GET /api/pages',
  'GET /api/pages/{}',
  'GET /api/color-settings/web',
  'GET /api/channel-bootstrap-data',
  'GET /api/faq',
  'GET /api/events',
  'GET /api/events/{}',
  'GET /api/download-event/{}',
  'GET /api/events-categories',
  'GET /api/events-locations',
  'GET /api/events-for-homepage',
  'GET /api/events/favorite',
  'GET /api/participants',
  'GET /api/participant-groups',
  'GET /api/participant-group-properties',
  'POST /api/stripe/buy',
  'POST /api/stripe/buy_bundle',
  'GET /api/packages',
  'GET /api/packages/{}',
  'GET /api/subscriptions',
  'GET /api/subscriptions/{}',
  'GET /api/orders',
  'GET /api/orders/{}',
  'GET /api/apply_coupon',
  'POST /api/stripe/unsubscribe',
  'GET /api/stripe/customer-portal',
  'GET /api/stripe/list-cards',
  'POST /api/stripe/setup-intent',
  'POST /api/stripe/subscription/start_trial',
  'POST /api/stripe/invoice-preview',
  'GET /api/custom-forms/{}',
  'POST /api/custom-forms/{}',
  'GET /api/vod-media-items',
  'GET /api/vod-media-items/{}',
  'GET /api/vod-media-categories',
  'GET /api/vod-media/search',
  'GET /api/vod-media-rails',
  'GET /api/geo',
  'GET /api/favorites',
  'POST /api/favorite',
  'DELETE /api/favorite/{}',
  'GET /api/events/with_clip',
  'POST /api/clip',
  'GET /api/clips/event/{}',
  'GET /api/shared-clip/{}',
  'GET /api/clip/download/{}',
  'DELETE /api/clip/{}',
  'GET /api/clips/user',
  // Ours, beside the spec's: retrying a failed clip and the channel's feed of clips.
  'POST /api/clip/{}/retry',
  'GET /api/clips/moments',
]

const calls = (doc: { paths: Record<string, Record<string, unknown>> }) =>
  new Set(
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`),
    ),
  )

describe('the OpenAPI document', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext('sqlite')
  })
  afterAll(() => ctx.close())

  it('validates against the OpenAPI 3 schema, every $ref resolving', async () => {
    const { status, body } = await ctx.json('/api/docs/json')
    expect(status).toBe(200)
    // validate() dereferences every $ref and checks the document against the official schema.
    await expect(SwaggerParser.validate(structuredClone(body))).resolves.toBeTruthy()
    // The recursive sport tree is one named schema, referred to by the categories call.
    expect(body.components.schemas.EventCategory).toBeTruthy()
    expect(JSON.stringify(body.paths['/api/events-categories'])).toContain('#/components/schemas/EventCategory')
  })

  it('documents every product call of spec §7', async () => {
    const documented = calls((await ctx.json('/api/docs/json')).body)
    expect(specCalls.filter((call) => !documented.has(call))).toEqual([])
  })

  it('serves a static path under /api/events by its own route, not as an event id', async () => {
    // `events/favorite` needs a signed-in viewer: its own answer, not `/events/{id}`'s "id: expected number".
    const res = await ctx.json(`/api/events/favorite?api_key=${await ctx.apiKey()}`)
    expect(res).toMatchObject({ status: 401, body: { message: 'user must be logged in' } })
  })
})

describe('route matching', () => {
  it('a static path wins over a parameter, whatever the order of registration', async () => {
    const app = Fastify()
    app.get('/api/events/:id', async (req) => ({ route: 'one', id: (req.params as { id: string }).id }))
    app.get('/api/events/with_clip', async () => ({ route: 'with_clip' }))
    app.get('/api/events/favorite', async () => ({ route: 'favorite' }))
    expect((await app.inject('/api/events/with_clip')).json()).toEqual({ route: 'with_clip' })
    expect((await app.inject('/api/events/favorite')).json()).toEqual({ route: 'favorite' })
    expect((await app.inject('/api/events/12')).json()).toEqual({ route: 'one', id: '12' })
    await app.close()
  })
})
