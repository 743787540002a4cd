import SwaggerParser from '@apidevtools/swagger-parser'
import { LINK_PATTERN, linkMessage } from '@fieldhouse/contract'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext, testDatabases } from './test/context.js'
import { buildOperator } from './test/operators.js'

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

type JsonSchema = {
  $ref?: string
  type?: string | string[]
  pattern?: string
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  additionalProperties?: JsonSchema | boolean
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
}
type OpenApiDoc = {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>
  components?: { schemas?: Record<string, JsonSchema> }
}
/** A string field of a call's request body: its path (`a.b`, `a[]` an item, `a.*` any key) and schema. */
type BodyField = { method: string; url: string; path: string; schema: JsonSchema }

/** Every string field of every request body the document describes, through references and unions. */
function bodyFields(doc: OpenApiDoc): BodyField[] {
  const out: BodyField[] = []
  const walk = (s: JsonSchema | undefined, path: string, method: string, url: string, depth = 0) => {
    if (!s || depth > 12) return
    if (s.$ref) return walk(doc.components?.schemas?.[s.$ref.split('/').pop() as string], path, method, url, depth + 1)
    for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])])
      walk(branch, path, method, url, depth + 1)
    if (s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string')))
      out.push({ method, url, path, schema: s })
    for (const [k, v] of Object.entries(s.properties ?? {})) walk(v, path ? `${path}.${k}` : k, method, url, depth + 1)
    if (s.items) walk(s.items, `${path}[]`, method, url, depth + 1)
    if (typeof s.additionalProperties === 'object') walk(s.additionalProperties, `${path}.*`, method, url, depth + 1)
  }
  for (const [url, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods))
      for (const content of Object.values(op.requestBody?.content ?? {}))
        walk(content.schema, '', method.toUpperCase(), url)
  return out
}

/** A body holding only `value` at the field's path; and the key its validation error is under. */
function bodyAt(path: string, value: string): { body: unknown; key: string } {
  const steps = path.split('.').flatMap((step) => (step.endsWith('[]') ? [step.slice(0, -2), '[]'] : [step]))
  const build = (i: number): unknown => {
    if (i === steps.length) return value
    const step = steps[i] as string
    if (step === '[]') return [build(i + 1)]
    return { [step === '*' ? 'x' : step]: build(i + 1) }
  }
  return { body: build(0), key: steps.map((s) => (s === '[]' ? '0' : s === '*' ? 'x' : s)).join('.') }
}

/** Body fields named like an address that are not links, and why. */
const notLinks: Record<string, string> = {
  'POST /api/admin/pages url': 'a page’s own path segment, lower-case letters, digits and -',
  'PATCH /api/admin/pages/{id} url': 'a page’s own path segment, lower-case letters, digits and -',
}
const looksLikeLink = (path: string) =>
  /(^|\.)(url|link|href|logo|image|images|redirect|fallback_url|social)(\[\]|\.\*)?$/.test(path)

/**
 * Every link field any call takes (the contract's `LinkSchema`, found in the document by its pattern)
 * refuses what is not an http(s) address or a path of the site, with the field's own error; and every
 * field named like an address is one of them. A call added later is walked too.
 */
describe.each(testDatabases())('link fields on %s', (kind) => {
  let ctx: TestContext
  let owner: string
  let fields: BodyField[]
  beforeAll(async () => {
    ctx = await createTestContext(kind)
    owner = (await buildOperator(ctx, 'demo', 'owner')).key
    fields = bodyFields((await ctx.json('/api/docs/json')).body)
  })
  afterAll(() => ctx.close())

  const isLink = (f: BodyField) => f.schema.pattern === LINK_PATTERN.source
  const callOf = (f: BodyField) => `${f.method} ${f.url} ${f.path}`

  it('finds a link pattern on every field named like an address', () => {
    const links = new Set(fields.filter(isLink).map(callOf))
    expect(links.size).toBeGreaterThanOrEqual(20)
    expect(links).toContain('PATCH /api/admin/settings domain_category.fallback_url')
    const unguarded = [...new Set(fields.filter((f) => looksLikeLink(f.path)).map(callOf))].filter(
      (call) => !links.has(call) && !(call in notLinks),
    )
    expect(unguarded).toEqual([])
  })

  it('refuses javascript:, data:, //host and the like in every link field, and takes http(s) and /paths', async () => {
    // The issue's own case: the fallback the app assigns to window.location.
    const fallback = await ctx.json('/api/admin/settings', {
      method: 'PATCH',
      headers: { authorization: `Bearer ${owner}` },
      body: { domain_category: { alias: 'hockey', fallback_url: 'javascript:alert(document.domain)' } },
    })
    expect(fallback).toMatchObject({ status: 422, body: { errors: { 'domain_category.fallback_url': [linkMessage] } } })
    const failures: string[] = []
    const seen = new Set<string>()
    for (const f of fields.filter(isLink)) {
      if (seen.has(callOf(f))) continue
      seen.add(callOf(f))
      const path = f.url.replace(/\{provider\}/g, 'google').replace(/\{[^}]+\}/g, '1')
      const send = (value: string) => {
        const { body, key } = bodyAt(f.path, value)
        return ctx
          .json(path, { method: f.method, headers: { authorization: `Bearer ${owner}` }, body })
          .then((res) => ({ res, key }))
      }
      for (const bad of [
        'javascript:alert(1)',
        ' JavaScript:alert(1)',
        'data:text/html,x',
        '//evil.example',
        '/\\evil.example',
      ]) {
        const { res, key } = await send(bad)
        if (res.status !== 422 || !res.body?.errors?.[key]?.includes(linkMessage))
          failures.push(`${callOf(f)} took ${JSON.stringify(bad)}: ${res.status} ${JSON.stringify(res.body)}`)
      }
      for (const good of ['https://example.org/a?b=1', '/packages']) {
        const { res, key } = await send(good)
        if (res.status >= 500 || res.body?.errors?.[key])
          failures.push(`${callOf(f)} refused ${good}: ${res.status} ${JSON.stringify(res.body)}`)
      }
    }
    expect(failures).toEqual([])
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
